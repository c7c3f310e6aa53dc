import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Headers on every answer (helmet): no framing, no sniffing, no Referer (the maker's confirmation
 * link carries its token in the path), nothing that names the server. The answers are JSON and
 * files, never pages to run: `default-src 'none'`. Bull Board sets its own policy over this one.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Only this host: an API served at an apex domain must not force HTTPS on every sibling subdomain.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    xPoweredBy: false,
  });
}

/**
 * Answers carry names, addresses, phones and prices: no browser or proxy may keep them. A route
 * whose answer may be cached sets its own Cache-Control.
 */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
