import type { DynamicModule, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { takesIdempotencyKey } from './idempotent-route';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule>;

/**
 * Puts `IdempotencyInterceptor` on every route that takes an `Idempotency-Key` (every mutation that
 * answers JSON: `takesIdempotencyKey`) of these modules and the modules they import, before Nest builds
 * its router. Not a global interceptor: a read would then pay for it, since each interceptor in Nest's
 * chain costs every request an AsyncResource bind (docs/benchmarks.md "The request floor"). A new
 * area's mutations get it by being in API_MODULES, without a line of their own.
 */
export function keyMutationsOf(modules: readonly ModuleRef[], seen = new Set<unknown>()): void {
  for (const ref of modules) {
    if (ref instanceof Promise || seen.has(ref)) continue;
    seen.add(ref);
    const dynamic = 'module' in ref ? ref : undefined;
    const type = dynamic ? dynamic.module : (ref as Type<unknown>);
    const controllers = [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Type<unknown>[]) ?? []), ...(dynamic?.controllers ?? [])];
    for (const controller of controllers) keyMutations(controller);
    keyMutationsOf([...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) as ModuleRef[]) ?? []), ...((dynamic?.imports as ModuleRef[]) ?? [])], seen);
  }
}

function keyMutations(controller: Type<unknown>): void {
  const proto = controller.prototype as Record<string, object>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || typeof proto[name] !== 'function' || !takesIdempotencyKey(controller, name)) continue;
    const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, proto[name]) as unknown[]) ?? [];
    // First, as it ran when it was global; once, however often this is called.
    if (!interceptors.includes(IdempotencyInterceptor)) Reflect.defineMetadata(INTERCEPTORS_METADATA, [IdempotencyInterceptor, ...interceptors], proto[name]);
  }
}
