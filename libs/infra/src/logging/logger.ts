import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { Logger } from 'pino';

/** Per-request (or per-job) context; every log line written inside it carries its ids. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
}

export const logContext = new AsyncLocalStorage<LogContext>();

/** Structured JSON logs on stdout, one object a line, with the request or job id when there is one. */
export function createLogger(level: string, name: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    name,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => ({ ...logContext.getStore() }),
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
