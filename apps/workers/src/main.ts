import 'reflect-metadata';
import { createLogger, loadConfigOrExit, QUEUE_NAMES } from '@oms/infra';
import { createWorkers } from './workers.factory';

async function main() {
  const config = loadConfigOrExit('workers');
  const log = createLogger(config.LOG_LEVEL, 'workers');
  await createWorkers(config, log);
  log.info({ queues: QUEUE_NAMES }, 'workers started');
}

main().catch((error) => {
  process.stderr.write(`Workers failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
