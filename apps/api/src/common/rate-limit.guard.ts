import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, normalizePhone } from '@oms/domain';
import { APP_CONFIG, AppConfig } from '@oms/infra';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { REDIS } from './queues.module';

/**
 * Fixed windows counted in Redis (rebuildable state). When Redis is down requests go through rather
 * than locking everybody out, and the log says so.
 */
@Injectable()
abstract class WindowedLimit implements CanActivate {
  private readonly log = new Logger(this.constructor.name);

  // The guards below inherit this constructor and its tokens (Nest reads them through the prototype chain).
  constructor(
    @Inject(REDIS) protected readonly redis: Redis,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
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
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await this.count(`${context.getClass().name}:${req.ip}`, this.config.AUTH_RATE_LIMIT_PER_MINUTE, 60);
    return true;
  }
}

/**
 * The client as rate limits count it: an IPv4 address, or an IPv6 address's /64 network (one host
 * usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function clientBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The mailbox as rate limits count it: lower-cased, without a `+tag`, and for Gmail without dots, so
 * that the variants one mailbox receives count as one.
 */
export function mailboxOf(email: string): string {
  const [local, domain = ''] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0];
  return ['gmail.com', 'googlemail.com'].includes(domain) ? `${untagged.replace(/\./g, '')}@gmail.com` : `${untagged}@${domain}`;
}

/**
 * Public forms (no sign-in): one-hour windows per client address (an IPv6 /64), and per contact given: the
 * mailbox, the phone number, the order number. So neither one machine nor one address floods staff, and an
 * order's owner cannot be guessed by trying phones or numbers beyond a few. Counted before the body is
 * checked: a refused request counts too.
 */
@Injectable()
export class PublicFormRateLimitGuard extends WindowedLimit {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    await this.count(`form:${clientBucket(req.ip)}`, this.config.PUBLIC_FORM_LIMIT_PER_ADDRESS, 3600);
    const body = (req.body ?? {}) as { email?: unknown; phone?: unknown; orderNo?: unknown };
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const contacts = [
      text(body.email) && `form-email:${mailboxOf(text(body.email)!)}`,
      text(body.phone) && `form-phone:${normalizePhone(text(body.phone))?.replace(/[^0-9+]/g, '')}`,
      text(body.orderNo) && `form-order:${text(body.orderNo)!.toUpperCase()}`,
    ];
    for (const subject of contacts) if (subject) await this.count(subject, this.config.PUBLIC_FORM_LIMIT_PER_CONTACT, 3600);
    return true;
  }
}
