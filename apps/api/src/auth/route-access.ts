import { Injectable, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_RULE, AccessRule } from './access.decorators';
import { routePath } from '../common/http/route-path';

export interface RouteAccess {
  method: string;
  path: string;
  access: AccessRule | undefined;
  handler: string;
}

/** Every route of the application with its declared access rule. */
@Injectable()
export class RouteAccessCatalogue implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): RouteAccess[] {
    const routes: RouteAccess[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const base = routePath(this.reflector.get<string | string[]>(PATH_METADATA, metatype));
      const prototype = Object.getPrototypeOf(instance);
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        if (method === undefined) continue;
        const sub = routePath(this.reflector.get<string | string[]>(PATH_METADATA, handler));
        routes.push({
          method: RequestMethod[method],
          path: `/${[base, sub].filter(Boolean).join('/')}`,
          access: this.reflector.getAllAndOverride<AccessRule>(ACCESS_RULE, [handler, metatype]),
          handler: `${metatype.name}.${name}`,
        });
      }
    }
    return routes;
  }

  /** Like Immich refusing a job without a handler: a route without an access rule stops the start. */
  onApplicationBootstrap(): void {
    const undeclared = this.routes().filter((r) => !r.access);
    if (undeclared.length) {
      throw new Error(`Routes without an access rule (@Public, @SignedIn, @Allow or @Download): ${undeclared.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    }
  }
}
