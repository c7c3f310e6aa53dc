import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig, createLogger, JsonNestLogger, Logger } from '@oms/infra';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module';
import { BODY_KINDS, BODY_LIMITS, takesBody } from './common/http/body-limits';
import { ErrorFilter } from './common/http/error.filter';
import { refuseDeepJson } from './common/http/json-depth';
import { noStore, securityHeaders } from './common/http/security-headers';
import { requestContext } from './common/http/request-context.middleware';
import { API_PREFIX } from './common/http/route-path';
import { parseWireQuery } from './common/http/wire-case';
import { createValidationPipe } from './common/validation/validation.pipe';
import { referencePage } from './contract/reference-page';

export { API_PREFIX };

/** Builds the HTTP application; `main.ts` listens, tests drive it through supertest. */
export async function createApp(config: AppConfig, log: Logger = createLogger(config.LOG_LEVEL, 'api')): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new JsonNestLogger(log),
    bodyParser: false,
  });
  configureApp(app, config, log);
  return app;
}

/** The wire contract every API process applies (DESIGN.md §4); tests apply it to their own modules too. */
export function configureApp(app: NestExpressApplication, config: AppConfig, log: Logger): void {
  app.set('query parser', parseWireQuery);
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(requestContext);
  app.use(securityHeaders());
  app.use(noStore);
  // The contract as a page (/api/v1/reference); the contract itself is GET /api/v1/openapi.json everywhere.
  if (config.NODE_ENV === 'development') app.use(referencePage());
  app.use(cookieParser());
  // Body size limits by route kind (common/http/body-limits.ts): one parser per kind, each taking its routes' requests.
  for (const kind of BODY_KINDS) {
    app.useBodyParser('json', { limit: BODY_LIMITS[kind], verify: refuseDeepJson, type: takesBody(kind, 'application/json') });
    app.useBodyParser('urlencoded', { limit: BODY_LIMITS[kind], extended: false, type: takesBody(kind, 'application/x-www-form-urlencoded') });
  }
  app.enableCors({ origin: config.CONSOLE_URL, credentials: true });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ErrorFilter(log));
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
}
