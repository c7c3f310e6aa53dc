import { Controller, Get, Inject, Res } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { TokensService } from '../auth/tokens.service';
import { ADMIN_QUEUES_PATH, QUEUES_SESSION_COOKIE } from './admin-queues.middleware';

/**
 * The console opens the dashboard in a new tab with a media token (its bearer token stays in memory):
 * the token becomes a half-hour session cookie scoped to the dashboard, and the tab goes on without it.
 */
@Controller('admin/queues')
export class AdminQueuesController {
  constructor(
    private readonly tokens: TokensService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Download('operations.admin')
  async open(@CurrentUser() caller: SignedInUser, @Res() res: FastifyReply): Promise<void> {
    // The guard checked the caller's account as it stands now; the middleware checks it again on every request.
    const session = this.tokens.signQueuesSession(caller);
    void res.setCookie(QUEUES_SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.COOKIE_SECURE,
      path: ADMIN_QUEUES_PATH,
      maxAge: session.expiresIn, // seconds
    });
    void res.redirect(ADMIN_QUEUES_PATH, 302);
  }
}
