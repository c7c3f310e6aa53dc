import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { logContext } from '@oms/infra';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, else a fresh one. */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
}

/**
 * A `preHandler` hook: the rest of the request (guards, handler, the queries it makes) runs inside a
 * log context carrying its id. Not `onRequest`: the body is read from stream events, which would
 * leave the context behind.
 */
export function inRequestContext(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  logContext.run({ requestId: req.id }, done);
}

/** The request's id (Fastify's `req.id`, from `requestIdFor`). */
export function requestIdOf(req: { id?: unknown }): string | undefined {
  return typeof req.id === 'string' ? req.id : undefined;
}
