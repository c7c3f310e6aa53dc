import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { convertKeys, toCamel, toSnake } from './wire-case';

/** Request bodies arrive snake_case and become camelCase; answers leave as snake_case. */
@Injectable()
export class WireCaseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) req.body = convertKeys(req.body, toCamel);
    return next.handle().pipe(map((body) => convertKeys(body, toSnake)));
  }
}
