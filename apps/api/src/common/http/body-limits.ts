import { mediaMaxBytes } from '@oms/domain';
import { CSV_MAX_BYTES, MEDIA_UPLOAD_PATH } from '@oms/infra';
import { API_PREFIX } from './route-path';

const KB = 1024;

/**
 * How large a request body may be, by the kind of route it goes to (DESIGN.md §4: 413 `NAL-413` past it).
 * Each bound is the largest valid body of its kind with room to spare (every text field at its longest
 * in three-byte characters, as the contract's maxLength and maxItems allow), so a legitimate form never
 * meets it and a hostile one is cut off as it arrives, before anything parses it:
 * - `public`: the routes anyone may call (sign-in, a maker's confirmation link): a token and a few fields (< 1 KB).
 * - `form`: one record's form; the largest, a mail template, is ~16 KB.
 * - `list`: bodies that carry lists: an order with its lines (100 lines, ~190 KB), the line and batch
 *   commands (ids of up to 200 orders), a customer export (10,000 ids, ~180 KB).
 */
export const BODY_LIMITS = {
  public: 16 * KB,
  form: 64 * KB,
  list: 512 * KB,
} as const;

export type BodyKind = keyof typeof BODY_LIMITS;
export const BODY_KINDS = Object.keys(BODY_LIMITS) as BodyKind[];

/**
 * Files sent as multipart, per file (SPEC.md §5: CSV uploads at most 10 MB), cut off as they arrive (common/uploads);
 * a media file PUT to the local driver's signed URL (medias/medias-upload.controller.ts), at most the largest kind's.
 */
export const UPLOAD_LIMITS = { csv: CSV_MAX_BYTES, media: mediaMaxBytes('document') } as const;

/** Public routes by their first path segment; list routes by method and path. Everything else is a form. */
const PUBLIC_AREAS = new Set(['auth', 'maker-confirmations']);
const LIST_ROUTES: readonly RegExp[] = [/^POST \/orders$/, /^PUT \/orders\//, /^POST \/customers\/export$/];

/**
 * The kind of a route's body, from its method and path: the path as the router sees it
 * (`/api/v1/orders/:id`) or as the contract writes it (`/orders/{id}`). The adapter's body
 * sets it on each route as it is registered (Fastify's `onRoute`, app.factory.ts), the contract per operation.
 */
export function bodyKindOf(method: string, path: string): BodyKind {
  const bare = path.split('?')[0].replace(new RegExp(`^/${API_PREFIX}(?=/|$)`), '') || '/';
  if (PUBLIC_AREAS.has(bare.split('/')[1])) return 'public';
  const route = `${method.toUpperCase()} ${bare}`;
  return LIST_ROUTES.some((r) => r.test(route)) ? 'list' : 'form';
}

/** The byte limit of a route's body. */
export function bodyLimitOf(method: string, path: string): number {
  if (isMediaUpload(method, path)) return UPLOAD_LIMITS.media;
  return BODY_LIMITS[bodyKindOf(method, path)];
}

/** The local driver's upload route (`PUT /api/v1/medias/upload`), whose body is a file's bytes of any media type. */
export function isMediaUpload(method: string, path: string): boolean {
  const bare = path.split('?')[0].replace(/\/+$/, '');
  return method.toUpperCase() === 'PUT' && (bare === MEDIA_UPLOAD_PATH || `/${API_PREFIX}${bare}` === MEDIA_UPLOAD_PATH);
}
