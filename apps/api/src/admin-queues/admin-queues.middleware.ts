import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import fastifyCookie from '@fastify/cookie';
import { Injectable, NestMiddleware } from '@nestjs/common';
import { DomainError, isAllowed } from '@oms/domain';
import { QUEUE_NAMES, QueueRegistry } from '@oms/infra';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignedInUser } from '../auth/access.decorators';
import { bearerOf } from '../auth/access.guard';
import { AccountAccess } from '../auth/account-access';
import { TokensService } from '../auth/tokens.service';
import { SECURITY_HEADERS } from '../common/http/security-headers';

/**
 * Bull Board's Express app runs on Node's own request and response (Nest hands middleware those under
 * Fastify), so this file speaks Node's types; Express augments them inside the board only.
 */
type NextFunction = (error?: unknown) => void;
type BoardRequest = IncomingMessage & { originalUrl?: string; baseUrl?: string };
type RequestHandler = (req: BoardRequest, res: ServerResponse, next: NextFunction) => void;

/** Where the dashboard lives, global prefix included (the cookie's path and Bull Board's base path). */
export const ADMIN_QUEUES_PATH = '/api/v1/admin/queues';
export const QUEUES_SESSION_COOKIE = 'oms_queues';

const BOARD_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'self'; frame-ancestors 'none'";

/**
 * Bull Board over every queue, for system administrators. Runs before the routes: requests with the
 * dashboard's session cookie (or a bearer token) are served here; the entry without either, or
 * carrying `?token=`, goes on to AdminQueuesController, which trades the media token for the cookie.
 */
@Injectable()
export class AdminQueuesMiddleware implements NestMiddleware {
  private readonly board: RequestHandler;

  constructor(
    private readonly tokens: TokensService,
    private readonly accounts: AccountAccess,
    queues: QueueRegistry,
  ) {
    const serverAdapter = new ExpressAdapter().setBasePath(ADMIN_QUEUES_PATH);
    createBullBoard({
      queues: QUEUE_NAMES.map((name) => new BullMQAdapter(queues.get(name))),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'OMS queues', hideDocsLink: true } },
    });
    const app = serverAdapter.getRouter() as RequestHandler & { disable(setting: string): void };
    app.disable('x-powered-by');
    this.board = mountedAt(ADMIN_QUEUES_PATH, app);
  }

  async use(req: BoardRequest, res: ServerResponse, next: NextFunction): Promise<void> {
    const url = new URL(req.originalUrl ?? req.url ?? '/', 'http://board');
    const session = fastifyCookie.parse(req.headers.cookie ?? '')[QUEUES_SESSION_COOKIE];
    if (isTokenExchange(req, url, session)) return next();
    // Every request of the dashboard acts with the account as it stands now (a demoted or disabled admin is out).
    const caller = await this.callerOf(req, session);
    if (!isAllowed(caller.role, 'operations.admin')) throw new DomainError('NAL-403');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // Bull Board's page links Google's fonts: the browser may load only what this server serves.
    res.setHeader('Content-Security-Policy', BOARD_CSP);
    this.board(req, res, next);
  }

  private callerOf(req: BoardRequest, session: string | undefined): Promise<SignedInUser> {
    return this.accounts.caller(session ? this.tokens.verifyQueuesSession(session) : this.tokens.verifyAccess(bearerOf(req)));
  }
}

/** The entry with a media token, or with nothing at all (the controller then asks for the media token). */
function isTokenExchange(req: BoardRequest, url: URL, session: string | undefined): boolean {
  if (req.method !== 'GET' || url.pathname.replace(/\/$/, '') !== ADMIN_QUEUES_PATH) return false;
  return url.searchParams.has('token') || (!session && !req.headers.authorization);
}

/**
 * What Express's `app.use(base, subApp)` does, without a runtime dependency on express itself: Nest
 * registers this middleware as a route (full `req.url`), and Bull Board's app routes from its base.
 */
function mountedAt(base: string, app: RequestHandler): RequestHandler {
  return (req, res, next) => {
    // Under Fastify's middleware engine `url` may already be cut at the route; `originalUrl` is whole.
    const url = req.originalUrl ?? req.url ?? '/';
    const { url: givenUrl, baseUrl } = req;
    const [reqProto, resProto] = [Object.getPrototypeOf(req), Object.getPrototypeOf(res)];
    const rest = url.slice(base.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    req.baseUrl = base;
    app(req, res, (err?: unknown) => {
      // Bull Board had nothing for this path: hand the request back as it came (Nest answers 404).
      Object.setPrototypeOf(req, reqProto);
      Object.setPrototypeOf(res, resProto);
      req.url = givenUrl;
      req.baseUrl = baseUrl;
      next(err);
    });
  };
}
