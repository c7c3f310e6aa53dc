import { DynamicModule, ForwardReference, RequestMethod, Type } from '@nestjs/common';
import { GUARDS_METADATA, MODULE_METADATA, RESPONSE_PASSTHROUGH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ACCESS_RULE, AccessRule } from '../auth/access.decorators';
import { takesIdempotencyKey } from '../common/http/idempotency/idempotent-route';
import { declaredRoute, declaredStatus } from '../common/http/route-path';
import { ALSO_ANSWERS, ERROR_ANSWERS, FILE_ANSWER, FileAnswerMeta } from './file-answer';

type Dto = abstract new () => object;

/** What a handler takes from the request, as its parameter decorators say. */
export type RouteInput =
  | { from: 'body' | 'query' | 'path'; dto: Dto }
  | { from: 'path'; name: string; type: unknown }
  | { from: 'file' };

/** One route of the API, read from Nest's decorator metadata without starting the application. */
export interface RouteEntry {
  controller: string;
  handler: string;
  method: string;
  /** Below the global prefix, OpenAPI style: `/orders/{id}`. */
  path: string;
  access: AccessRule | undefined;
  /** `@HttpCode`, else Nest's default (201 for POST, 200 otherwise). */
  status: number;
  inputs: RouteInput[];
  /** The handler writes the answer itself (`@Res()` without passthrough): a file, a redirect. */
  writesOwnAnswer: boolean;
  /** It takes an `Idempotency-Key` (common/http/idempotency). */
  idempotent: boolean;
  /** What such a handler sends, when it says (FileAnswer). */
  fileAnswer: FileAnswerMeta | undefined;
  /** Error statuses the route declares beyond what its shape shows (ErrorAnswers). */
  errorAnswers: number[];
  /** Another status answered with the usual body (AlsoAnswers). */
  alsoAnswers: { status: number; description: string } | undefined;
  guards: string[];
}

type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule>;

/** Every controller reachable from these modules, in import order, each once. */
export function controllersOf(modules: readonly ModuleRef[]): Type[] {
  const seen = new Set<unknown>();
  const controllers: Type[] = [];
  const visit = (ref: ModuleRef | undefined) => {
    if (!ref || ref instanceof Promise) return;
    const resolved = 'forwardRef' in ref ? ref.forwardRef() : ref;
    const dynamic = 'module' in resolved ? (resolved as DynamicModule) : undefined;
    const moduleClass = (dynamic?.module ?? resolved) as Type;
    const key = dynamic ?? moduleClass;
    if (seen.has(key)) return;
    seen.add(key);
    const own = (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) ?? []) as Type[];
    for (const controller of [...own, ...((dynamic?.controllers ?? []) as Type[])]) if (!controllers.includes(controller)) controllers.push(controller);
    for (const child of [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) ?? []) as ModuleRef[]), ...((dynamic?.imports ?? []) as ModuleRef[])]) visit(child);
  };
  modules.forEach(visit);
  return controllers;
}

/** The routes of these controllers, as the router would register them. */
export function routesOf(controllers: readonly Type[]): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const controller of controllers) {
    for (const handler of methodNames(controller.prototype)) {
      const fn = controller.prototype[handler];
      const declared = declaredRoute(controller, fn);
      const method = declared.method;
      if (method === undefined) continue;
      const path = declared.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, { index: number; data?: unknown }>;
      const paramTypes = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler) ?? []) as unknown[];
      const inputs: RouteInput[] = [];
      let writesOwnAnswer = false;
      for (const [key, arg] of Object.entries(args).sort(([, a], [, b]) => a.index - b.index)) {
        const kind = Number(key.split(':')[0]);
        const type = paramTypes[arg.index];
        if (kind === RouteParamtypes.RESPONSE) writesOwnAnswer = !Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, handler);
        else if (kind === RouteParamtypes.FILE) inputs.push({ from: 'file' });
        else if (kind === RouteParamtypes.PARAM && typeof arg.data === 'string') inputs.push({ from: 'path', name: arg.data, type });
        else if (kind === RouteParamtypes.BODY || kind === RouteParamtypes.QUERY || kind === RouteParamtypes.PARAM) {
          if (typeof type !== 'function' || [Object, String, Number].includes(type as never)) throw new Error(`${controller.name}.${handler}: @${RouteParamtypes[kind]}() needs a DTO class to be described`);
          inputs.push({ from: kind === RouteParamtypes.BODY ? 'body' : kind === RouteParamtypes.QUERY ? 'query' : 'path', dto: type as Dto });
        }
      }
      routes.push({
        controller: controller.name,
        handler,
        method: RequestMethod[method],
        path,
        access: (Reflect.getMetadata(ACCESS_RULE, fn) ?? Reflect.getMetadata(ACCESS_RULE, controller)) as AccessRule | undefined,
        status: declaredStatus(fn, method),
        inputs,
        writesOwnAnswer,
        idempotent: takesIdempotencyKey(controller, handler),
        fileAnswer: Reflect.getMetadata(FILE_ANSWER, fn) as FileAnswerMeta | undefined,
        errorAnswers: (Reflect.getMetadata(ERROR_ANSWERS, fn) as number[] | undefined) ?? [],
        alsoAnswers: Reflect.getMetadata(ALSO_ANSWERS, fn) as { status: number; description: string } | undefined,
        guards: [...((Reflect.getMetadata(GUARDS_METADATA, controller) ?? []) as Type[]), ...((Reflect.getMetadata(GUARDS_METADATA, fn) ?? []) as Type[])].map((g) => g.name),
      });
    }
  }
  return routes;
}

function methodNames(prototype: object): string[] {
  const names: string[] = [];
  for (let p = prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor' && !names.includes(name)) names.push(name);
  }
  return names;
}
