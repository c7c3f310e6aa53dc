import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Conversations (issue 15), family NAL-CHAT (SPEC.md §8: 001..010). The console shows them as a toast
 * listing the translated codes (SPEC.md §8 "Chat errors").
 */
export const CONVERSATION_ERRORS = {
  'NAL-CHAT-001': { status: 403, message: 'Only the author of a message may edit or delete it.' },
  'NAL-CHAT-002': { status: 400, message: 'The message can no longer be changed: it was posted more than the edit window ago (params: hours).' },
  'NAL-CHAT-003': { status: 400, message: 'The message was deleted.' },
  'NAL-CHAT-004': { status: 400, message: 'The maker has no part in this order.' },
  'NAL-CHAT-005': { status: 400, message: "A customer's thread has no status." },
  'NAL-CHAT-006': { status: 403, message: "Only staff change a conversation's status." },
  'NAL-CHAT-007': { status: 400, message: 'The conversation was changed by someone else; reload it.' },
  'NAL-CHAT-008': { status: 400, message: 'Give either an order and a maker, or a maker inquiry.' },
} as const satisfies Record<string, CatalogueEntry>;
