import type { FastifyInstance } from 'fastify';
import { Stream } from 'node:stream';
import { convertKeys, toCamel, toSnake } from './wire-case';

/**
 * Request bodies arrive snake_case and become camelCase before any guard, interceptor or pipe sees
 * them; answers leave as snake_case. Fastify hooks rather than a Nest interceptor: each interceptor
 * costs every request an AsyncResource bind (docs/benchmarks.md "The request floor"). Strings, buffers
 * and streams (files, the contract document) are sent as they are.
 */
export function useWireCase(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (req, _reply, done) => {
    // A stream is an upload's bytes (PUT /medias/upload), not keys to rename.
    if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) && !(req.body instanceof Stream)) req.body = convertKeys(req.body, toCamel);
    done();
  });
  fastify.addHook('preSerialization', (_req, _reply, payload, done) => done(null, convertKeys(payload, toSnake)));
}
