import { createLogger } from '../../src/logging/logger';

/** Quiet unless a test run asks for logs with TEST_LOG_LEVEL. */
export const testLogger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test');
