import helmet from 'helmet';

/**
 * Headers on every answer (helmet's choice of them): no framing, no sniffing, no Referer (the maker's
 * confirmation link carries its token in the path), nothing that names the server. The answers are
 * JSON and files, never pages to run: `default-src 'none'`. Bull Board and the reference page set
 * their own policy over this one.
 *
 * Answers carry names, addresses, phones and prices: no browser or proxy may keep them
 * (`Cache-Control: no-store`); a route whose answer may be cached sets its own.
 *
 * helmet's headers do not depend on the request, so they are worked out once here and set on every
 * reply as one object: running its dozen middlewares per request was part of the per-request floor
 * (docs/benchmarks.md).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { ...headersOf(
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Only this host: an API served at an apex domain must not force HTTPS on every sibling subdomain.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    xPoweredBy: false,
  }),
), 'Cache-Control': 'no-store' };

// helmet's middleware reads nothing of the request and only sets headers on the response.
type Middleware = (req: never, res: never, next: (error?: unknown) => void) => void;

/** The headers a request-independent middleware sets, captured by running it once on a stand-in response. */
function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  let failed: unknown;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, (error) => (failed = error));
  if (failed) throw failed;
  return headers;
}
