import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's one account: what its SigV4 check verifies signatures against. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server for the S3 driver's tests: @20minutes/s3rver (an npm package; it checks
 * SigV4 signatures, presigned ones and their expiry included) on a free loopback port, its objects in
 * a temporary folder, with one empty bucket.
 */
export async function startTestS3Server(bucket = 'oms-test', options: { checkSignatures?: boolean } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'oms-s3-'));
  const S3rver = require('@20minutes/s3rver') as S3rverClass;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }], allowMismatchedSignatures: options.checkSignatures === false });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
