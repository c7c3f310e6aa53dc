import 'reflect-metadata';
import { createLogger, loadConfigOrExit } from '@oms/infra';
import { createApp } from './app.factory';

async function main() {
  const config = loadConfigOrExit('api');
  const log = createLogger(config.LOG_LEVEL, 'api');
  const app = await createApp(config, log);
  // Every interface, IPv6 and IPv4 (Fastify alone would listen on localhost only: unreachable in a container).
  await app.listen(config.PORT, '::');
  log.info({ port: config.PORT }, `API listening on http://localhost:${config.PORT}/api/v1`);
}

main().catch((error) => {
  process.stderr.write(`API failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
