import { CallHandler, ExecutionContext, Logger, NestInterceptor } from '@nestjs/common';
import { Observable, of } from 'rxjs';

/**
 * A public form's honeypot: a field its page hides from people (`field`), which bots fill. Such a
 * request is answered at once with `decoy()`, the same shape and status a real success has, before the
 * body is checked, and nothing is stored: the bot learns nothing, not even that it was caught.
 */
export class HoneypotInterceptor implements NestInterceptor {
  private readonly log = new Logger(HoneypotInterceptor.name);

  constructor(
    private readonly field: string,
    private readonly decoy: () => unknown,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const body = context.switchToHttp().getRequest<{ body?: Record<string, unknown>; ip?: string }>().body;
    const bait = body && typeof body === 'object' ? body[this.field] : undefined;
    if (bait === undefined || bait === null || bait === '') return next.handle();
    this.log.warn(`honeypot filled on ${context.getClass().name}.${context.getHandler().name}: not stored`);
    return of(this.decoy());
  }
}
