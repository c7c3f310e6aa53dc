import { randomUUID } from 'node:crypto';
import { logContext } from '@oms/infra';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane), returns it on the
 * response and runs the rest of the request inside a log context carrying it.
 */
export function requestContext(req: Request, res: Response, next: NextFunction): void {
  const given = req.header(REQUEST_ID_HEADER);
  const requestId = given && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
  (req as Request & { id: string }).id = requestId;
  res.setHeader('X-Request-Id', requestId);
  logContext.run({ requestId }, next);
}

export function requestIdOf(req: Request): string | undefined {
  return (req as Request & { id?: string }).id;
}
