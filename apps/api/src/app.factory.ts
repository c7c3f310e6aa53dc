import fastifyCookie from '@fastify/cookie';
import fastifyFormBody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainError, IDEMPOTENT_REPLAYED_HEADER } from '@oms/domain';
import { AppConfig, createLogger, JsonNestLogger, Logger } from '@oms/infra';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppModule } from './app.module';
import { BODY_LIMITS, bodyLimitOf } from './common/http/body-limits';
import { useJsonBodies, useMediaUploadBodies } from './common/http/body-parsers';
import { ErrorFilter } from './common/http/error.filter';
import { inRequestContext, requestIdFor } from './common/http/request-context';
import { API_PREFIX } from './common/http/route-path';
import { SECURITY_HEADERS } from './common/http/security-headers';
import { parseWireQuery } from './common/http/wire-case';
import { useWireCase } from './common/http/wire-case.hooks';
import { createValidationPipe } from './common/validation/validation.pipe';
import { referencePage } from './contract/reference-page';

/**
 * The HTTP server under Nest: Fastify, not Express. The profile of a signed-in request put most of its
 * time in Express's router and middleware chain (docs/benchmarks.md "Where a request's time goes").
 */
export function httpAdapter(config: AppConfig): FastifyAdapter {
  const errors = new ErrorFilter(createLogger(config.LOG_LEVEL, 'api'));
  return new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    // The largest body any route takes; each route narrows it to its kind's (configureApp, body-limits.ts).
    bodyLimit: Math.max(...Object.values(BODY_LIMITS)),
    genReqId: requestIdFor,
    requestIdHeader: false,
    // A request must arrive whole within five minutes, as Node's own server had it (Fastify's default is none):
    // a body trickled a byte at a time must not hold its socket and buffer for ever.
    requestTimeout: 300_000,
    // Tokens travel in paths (the maker's confirmation link): longer than Fastify's default of 100.
    routerOptions: {
      querystringParser: parseWireQuery,
      ignoreTrailingSlash: true,
      maxParamLength: 1000,
      onBadUrl: refuseUrl(errors),
      onMaxParamLength: refuseUrl(errors),
    },
    // Request logs are ours (pino through the Nest logger), not Fastify's.
    logger: false,
  });
}

export { API_PREFIX };

/**
 * The router refuses a path it cannot decode (`%ud800`) or a parameter past maxParamLength before any
 * hook runs, with Fastify's own JSON: answered here in the envelope, with the headers every answer has.
 */
function refuseUrl(errors: ErrorFilter) {
  return (_path: string, req: IncomingMessage, res: ServerResponse): void => {
    const id = requestIdFor(req);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('X-Request-Id', id);
    errors.answer(new DomainError('NAL-400'), { id, url: req.url }, res);
  };
}

/** Builds the HTTP application; `main.ts` listens, tests drive it through supertest. */
export async function createApp(config: AppConfig, log: Logger = createLogger(config.LOG_LEVEL, 'api')): Promise<INestApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), httpAdapter(config), {
    logger: new JsonNestLogger(log),
    bodyParser: false,
  });
  await configureApp(app, config, log);
  return app;
}

/** The wire contract every API process applies (DESIGN.md §4); tests apply it to their own modules too. */
export async function configureApp(app: NestFastifyApplication, config: AppConfig, log: Logger): Promise<void> {
  // Also what fails before a route runs (a malformed or oversized body, a content type the API does not
  // take): Nest hands Fastify's errors to the global filters.
  const errors = new ErrorFilter(log);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('X-Request-Id', req.id);
    done();
  });
  fastify.addHook('preHandler', inRequestContext);
  // Body size limits by route kind (common/http/body-limits.ts), set on each route as Nest registers it.
  fastify.addHook('onRoute', (route) => {
    route.bodyLimit = bodyLimitOf([route.method].flat()[0], route.url);
  });
  useJsonBodies(fastify);
  useWireCase(fastify);
  // The API takes JSON, forms and multipart uploads; plain text is refused (415 → NAL-400), not handed to a DTO as a string.
  fastify.removeContentTypeParser('text/plain');
  useMediaUploadBodies(fastify);
  await app.register(fastifyFormBody);
  await app.register(fastifyCookie);
  // Limits are per route (common/uploads): here only what holds for any multipart body.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true, limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  // The contract as a page (/api/v1/reference); the contract itself is GET /api/v1/openapi.json everywhere.
  if (config.NODE_ENV === 'development') referencePage(fastify);
  // Every method the API takes (@fastify/cors allows GET, HEAD and POST unless told), and the headers the console reads.
  app.enableCors({
    origin: config.CONSOLE_URL,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['X-Request-Id', IDEMPOTENT_REPLAYED_HEADER, 'Content-Disposition'],
  });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(errors);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
}

/** Initialises the application and waits for Fastify's plugins, so supertest can use its server. */
export async function readyApp(app: INestApplication): Promise<void> {
  await app.init();
  await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
}
