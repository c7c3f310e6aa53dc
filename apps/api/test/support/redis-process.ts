import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { startProcess, stopProcess } from './child-process';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A throwaway redis-server of the test's own, so a test can kill Redis without touching anyone else's. */
export class RedisProcess {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.child = await startProcess(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      /Ready to accept connections/,
      {},
      10_000,
    );
  }

  async down(): Promise<void> {
    await stopProcess(this.child, 'SIGKILL');
    this.child = null;
  }
}
