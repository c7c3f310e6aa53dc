import type { CatalogueEntry } from '../catalogue-entry';

/**
 * The `Idempotency-Key` header of a mutation (NAL-IDEM-…; docs/decisions.md "Idempotency-Key"): the
 * statuses of the IETF draft "The Idempotency-Key HTTP Header Field" (400 a malformed key, 422 the
 * key with another request, 409 the first request with the key still running).
 */
export const IDEMPOTENCY_ERRORS = {
  'NAL-IDEM-001': { status: 422, message: 'This Idempotency-Key was used for another request (method, path or body); send a new key with a new request.' },
  'NAL-IDEM-002': { status: 400, message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.' },
  'NAL-IDEM-003': { status: 409, message: 'The first request with this Idempotency-Key is still running; send it again in a moment.' },
} as const satisfies Record<string, CatalogueEntry>;
