import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@oms/domain';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { REDIS } from './queues.module';

/**
 * A fixed one-minute window per client address, counted in Redis (rebuildable state).
 * Used on sign-in routes and public forms; when Redis is down it lets requests through rather
 * than locking everybody out, and says so in the log.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly log = new Logger(RateLimitGuard.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const window = Math.floor(Date.now() / 60_000);
    const key = `${this.config.QUEUE_PREFIX}:rate:${context.getClass().name}:${req.ip}:${window}`;
    let count: number;
    try {
      count = await this.redis.incr(key);
      if (count === 1) await this.redis.expire(key, 61);
    } catch (error) {
      this.log.warn(`rate limit not counted: ${(error as Error).message}`);
      return true;
    }
    if (count > this.config.AUTH_RATE_LIMIT_PER_MINUTE) throw new DomainError('NAL-429');
    return true;
  }
}
