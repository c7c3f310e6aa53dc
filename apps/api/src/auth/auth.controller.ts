import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { DomainError, isAllowed, NotFoundError, PERMISSIONS } from '@oms/domain';
import { APP_CONFIG, AppConfig, UserRepository } from '@oms/infra';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { one } from '../common/http/envelope';
import { RateLimitGuard } from '../common/rate-limit.guard';
import { Required, Text } from '../common/validation/rules';
import { userView } from '../users/user.view';
import { CurrentUser, Public, SignedIn, SignedInUser } from './access.decorators';
import { Session, SignInService } from './sign-in.service';
import { GoogleStrategy } from './strategies/google.strategy';
import { MicrosoftStrategy } from './strategies/microsoft.strategy';
import { AuthStrategy, authorizationUrlOf, identityFromCallback } from './strategies/run-strategy';

export const REFRESH_COOKIE = 'oms_refresh';
export const AUTH_COOKIE_PATH = '/api/v1/auth';

class LoginWithTokenBody {
  @Required()
  @Text(200)
  token!: string;
}

/**
 * DESIGN.md §9: social sign-in, refresh rotation, logout, one-time token sign-in. Only the sign-in
 * routes are rate limited: a refused refresh would sign a whole office behind one address out.
 */
@Controller('auth')
export class AuthController {
  private readonly strategies: Record<string, AuthStrategy>;

  constructor(
    private readonly signIn: SignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    google: GoogleStrategy,
    microsoft: MicrosoftStrategy,
  ) {
    this.strategies = { google, microsoft } as unknown as Record<string, AuthStrategy>;
  }

  @Get(':provider/login-url')
  @Public()
  @UseGuards(RateLimitGuard)
  async loginUrl(@Param('provider') provider: string, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    return one({ url: await authorizationUrlOf(this.strategy(provider), req, res) });
  }

  @Get(':provider/callback')
  @Public()
  @UseGuards(RateLimitGuard)
  async callback(@Param('provider') provider: string, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const identity = await identityFromCallback(this.strategy(provider), req, res);
    return this.answer(res, await this.signIn.withProvider(identity));
  }

  @Post('login-with-token')
  @HttpCode(200)
  @Public()
  @UseGuards(RateLimitGuard)
  async loginWithToken(@Body() body: LoginWithTokenBody, @Res({ passthrough: true }) res: FastifyReply) {
    return this.answer(res, await this.signIn.withSignInToken(body.token));
  }

  @Post('refresh')
  @HttpCode(200)
  @Public()
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    try {
      return this.answer(res, await this.signIn.refresh(req.cookies?.[REFRESH_COOKIE]));
    } catch (error) {
      void res.clearCookie(REFRESH_COOKIE, this.cookieOptions());
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(204)
  @Public()
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    await this.signIn.logout(req.cookies?.[REFRESH_COOKIE]);
    void res.clearCookie(REFRESH_COOKIE, this.cookieOptions());
  }

  private strategy(provider: string): AuthStrategy {
    const strategy = Object.prototype.hasOwnProperty.call(this.strategies, provider) ? this.strategies[provider] : undefined;
    if (!strategy) throw new NotFoundError('provider');
    return strategy;
  }

  private answer(res: FastifyReply, session: Session) {
    // @fastify/cookie's maxAge is in seconds.
    void res.setCookie(REFRESH_COOKIE, session.refreshToken, { ...this.cookieOptions(), maxAge: this.config.REFRESH_TOKEN_TTL });
    return one({ accessToken: session.accessToken, expiresIn: session.expiresIn });
  }

  private cookieOptions(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'strict', secure: this.config.COOKIE_SECURE, path: AUTH_COOKIE_PATH };
  }
}

/** The signed-in user's own account, with what the role matrix lets them do (the console shows only those sections). */
@Controller('me')
export class MeController {
  constructor(private readonly users: UserRepository) {}

  @Get()
  @SignedIn()
  async me(@CurrentUser() user: SignedInUser) {
    const account = await this.users.findById(user.id);
    if (!account || account.status !== 'valid') throw new DomainError('NAL-401');
    // previousLogin: the sign-in before this session's (lastLogin is the one that started it).
    return one({ ...userView(account), previousLogin: account.previousLoginAt, permissions: PERMISSIONS.filter((p) => isAllowed(account.role, p)) });
  }
}
