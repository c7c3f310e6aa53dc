import type { Role } from '../access/role';
import { DomainError } from '../errors';

/**
 * Conversations (SPEC.md §3 "Conversation", §4; issue 15): a thread of messages beside an order
 * (one per order and maker), a maker inquiry (one each), or a customer (staff only: customers are
 * answered by mail from their inquiry).
 */
export const CONVERSATION_KINDS = ['maker', 'customer'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** Who wrote a message: the shop's staff or the maker of the thread. */
export type ChatSide = 'staff' | 'maker';

/**
 * A maker thread's status, shown on the order beside its maker (order_makers.conversation_status) and
 * as a maker inquiry's state (SPEC.md §4: waiting maker, waiting company, processed). `none`: nobody
 * has written yet; a customer thread stays `none`.
 */
export const CONVERSATION_STATUS = { none: 0, waitingMaker: 1, waitingCompany: 2, processed: 3 } as const;
export type ConversationStatus = (typeof CONVERSATION_STATUS)[keyof typeof CONVERSATION_STATUS];
/** What staff may set by hand (PUT /conversations/{id}). */
export const SETTABLE_CONVERSATION_STATUSES: readonly ConversationStatus[] = [
  CONVERSATION_STATUS.waitingMaker,
  CONVERSATION_STATUS.waitingCompany,
  CONVERSATION_STATUS.processed,
];

export const CONVERSATION_LIMITS = {
  /** Characters of one message (docs/decisions.md "Conversations"). */
  contentMax: 2000,
  /** An author may edit or delete a message this long after posting it; later it stands as written. */
  editWindowHours: 24,
  /** Messages of one page (the first, an earlier one, or what changed since a poll). */
  perPageDefault: 50,
  perPageMax: 100,
} as const;

/** The side a message of `author` is for: a maker thread's other side; a customer thread has no other side. */
export function otherSide(kind: ConversationKind, author: ChatSide): ChatSide | null {
  if (kind === 'customer') return null;
  return author === 'staff' ? 'maker' : 'staff';
}

/** The side an account writes on: a maker account for its maker, every other role for the company. */
export function chatSideOf(role: Role): ChatSide {
  return role === 'maker' ? 'maker' : 'staff';
}

/**
 * The status after a message: whoever wrote last is waiting for the other side (a processed thread
 * reopens). Undefined for a customer thread, which has no status to change.
 */
export function statusAfterMessage(kind: ConversationKind, author: ChatSide): ConversationStatus | undefined {
  if (kind === 'customer') return undefined;
  return author === 'staff' ? CONVERSATION_STATUS.waitingMaker : CONVERSATION_STATUS.waitingCompany;
}

/** The status when staff take 'processed' back: who wrote last decides, as if the thread had not been closed. */
export function statusReopened(lastAuthor: ChatSide | null): ConversationStatus {
  return lastAuthor === 'maker' ? CONVERSATION_STATUS.waitingCompany : CONVERSATION_STATUS.waitingMaker;
}

/** A status staff set by hand: maker threads only (NAL-CHAT-005), by staff only (NAL-CHAT-006). */
export function checkStatusChange(kind: ConversationKind, by: ChatSide): void {
  if (by !== 'staff') throw new DomainError('NAL-CHAT-006');
  if (kind === 'customer') throw new DomainError('NAL-CHAT-005');
}

export interface StoredMessage {
  authorId: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

/**
 * Edit and delete: the author only (NAL-CHAT-001), within the edit window of posting (NAL-CHAT-002),
 * and not a deleted message (NAL-CHAT-003; deleting it again is no change and allowed).
 */
export function checkMessageChange(message: StoredMessage, actorId: string, now: Date, change: 'edit' | 'delete'): void {
  if (message.authorId !== actorId) throw new DomainError('NAL-CHAT-001');
  if (message.deletedAt) {
    if (change === 'delete') return;
    throw new DomainError('NAL-CHAT-003');
  }
  const hours = CONVERSATION_LIMITS.editWindowHours;
  if (now.getTime() - message.createdAt.getTime() > hours * 3600_000) throw new DomainError('NAL-CHAT-002', { hours });
}

/** How many seconds the console waits between two refreshes of an open thread (SPEC.md §9: a countdown in seconds). */
export const CHAT_REFRESH_SECONDS = 10;
