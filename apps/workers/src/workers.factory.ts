import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig, createLogger, JsonNestLogger, Logger } from '@oms/infra';
import { Clock, systemClock } from './worker-runtime';
import { WorkersModule } from './workers.module';

/** The workers as a NestJS application context (no HTTP). */
export async function createWorkers(
  config: AppConfig,
  log: Logger = createLogger(config.LOG_LEVEL, 'workers'),
  clock: Clock = systemClock,
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config, log, clock), { logger: new JsonNestLogger(log) });
  app.enableShutdownHooks();
  return app;
}
