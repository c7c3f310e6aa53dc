import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@oms/domain';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { REDIS } from './queues.module';

/**
 * Fixed windows counted in Redis (rebuildable state). When Redis is down requests go through rather
 * than locking everybody out, and the log says so.
 */
abstract class WindowedLimit implements CanActivate {
  private readonly log = new Logger(this.constructor.name);

  constructor(
    protected readonly redis: Redis,
    protected readonly config: AppConfig,
  ) {}

  abstract canActivate(context: ExecutionContext): Promise<boolean>;

  /** Counts one request of `subject` in its window; NAL-429 past `limit`. */
  protected async count(subject: string, limit: number, windowSeconds: number): Promise<void> {
    const window = Math.floor(Date.now() / (windowSeconds * 1000));
    const key = `${this.config.QUEUE_PREFIX}:rate:${subject}:${window}`;
    let count: number;
    try {
      count = await this.redis.incr(key);
      if (count === 1) await this.redis.expire(key, windowSeconds + 1);
    } catch (error) {
      this.log.warn(`rate limit not counted: ${(error as Error).message}`);
      return;
    }
    if (count > limit) throw new DomainError('NAL-429');
  }
}

/** Sign-in routes: a one-minute window per client address. */
@Injectable()
export class RateLimitGuard extends WindowedLimit {
  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis, config);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await this.count(`${context.getClass().name}:${req.ip}`, this.config.AUTH_RATE_LIMIT_PER_MINUTE, 60);
    return true;
  }
}

/**
 * Public forms (no sign-in): one-hour windows per client address and per e-mail address given, so that
 * neither one machine nor one address floods staff. Counted before the body is checked: a refused
 * request counts too.
 */
@Injectable()
export class PublicFormRateLimitGuard extends WindowedLimit {
  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    super(redis, config);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await this.count(`form:${req.ip}`, this.config.PUBLIC_FORM_LIMIT_PER_ADDRESS, 3600);
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim()) await this.count(`form-email:${email.trim().toLowerCase()}`, this.config.PUBLIC_FORM_LIMIT_PER_EMAIL, 3600);
    return true;
  }
}
