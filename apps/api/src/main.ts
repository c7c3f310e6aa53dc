import 'reflect-metadata';
import { networkInterfaces } from 'node:os';
import { createLogger, loadConfigOrExit } from '@oms/infra';
import { createApp } from './app.factory';

function hasIpv6(): boolean {
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((a) => a.family === 'IPv6'));
}

async function main() {
  const config = loadConfigOrExit('api');
  const log = createLogger(config.LOG_LEVEL, 'api');
  const app = await createApp(config, log);
  // Every interface, as Express did (Fastify alone would listen on localhost only: unreachable in a container):
  // IPv6 and IPv4 where the host has IPv6, else IPv4.
  await app.listen(config.PORT, hasIpv6() ? '::' : '0.0.0.0');
  log.info({ port: config.PORT }, `API listening on http://localhost:${config.PORT}/api/v1`);
}

main().catch((error) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
