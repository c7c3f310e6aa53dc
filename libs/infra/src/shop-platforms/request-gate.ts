import type { PlatformLimits, ShopType } from '@oms/domain';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/**
 * One request to a platform at a time, spaced by its rate, across every process (a key in Redis).
 * BullMQ's limiter paces the jobs' starts; what a job does before its request (reading the shop) takes
 * varying time, so two requests could still come closer than the platform allows (MakeShop blocks a
 * shop for that). The gate is held while the request runs (MakeShop: serial calls only) and for the
 * spacing after it ends.
 */
export class PlatformRequestGate {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async run<T>(platform: ShopType, limits: PlatformLimits, longestRequestMs: number, call: () => Promise<T>): Promise<T> {
    const key = `${this.prefix}:shop-platform-gate:${platform}`;
    const token = randomUUID();
    const spacingMs = Math.ceil(limits.intervalMs / limits.requestsPerInterval);
    // Held at most as long as a request may take: a process that dies holding it frees it by then.
    while ((await this.redis.set(key, token, 'PX', longestRequestMs + spacingMs, 'NX')) !== 'OK') {
      const left = await this.redis.pttl(key);
      await new Promise((r) => setTimeout(r, Math.min(Math.max(left, 10), 1000)));
    }
    try {
      return await call();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token, String(spacingMs));
    }
  }
}
