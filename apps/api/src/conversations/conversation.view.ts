import type { ConversationStatus } from '@oms/domain';
import type { ConversationRow, MessageRow } from '@oms/infra';

/** A thread (SPEC.md §3 "Conversation"): what it is about and its status; its messages page apart. */
export function conversationView(c: ConversationRow) {
  return {
    id: Number(c.id),
    kind: c.kind,
    /** 0 nobody wrote yet, 1 waiting for the maker, 2 waiting for the company, 3 processed. */
    status: c.status,
    orderId: c.orderId === null ? null : Number(c.orderId),
    makerId: c.makerId === null ? null : Number(c.makerId),
    makerName: c.makerName,
    makerInquiryId: c.makerInquiryId === null ? null : Number(c.makerInquiryId),
    customerId: c.customerId === null ? null : Number(c.customerId),
    lastMessageAt: c.lastMessageAt,
    lastAuthorSide: c.lastAuthorSide,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    version: c.version,
  };
}
export type ConversationView = ReturnType<typeof conversationView>;

/** A message: plain text (the console shows it as text); a deleted one keeps its place with no content. */
export function messageView(m: MessageRow, viewerId: string) {
  return {
    id: Number(m.id),
    conversationId: Number(m.conversationId),
    content: m.content,
    /** A file sent with it: downloaded from …/message/{id}/attachment with a media token. */
    attachment: m.attachment ? { name: m.attachment.name, contentType: m.attachment.contentType, size: m.attachment.size } : null,
    authorId: m.authorId === null ? null : Number(m.authorId),
    authorName: m.authorName,
    authorSide: m.authorSide,
    /** Written by the reader: theirs to edit or delete (within the edit window). */
    mine: m.authorId === viewerId,
    createdAt: m.createdAt,
    editedAt: m.editedAt,
    deleted: m.deletedAt !== null,
  };
}
export type MessageView = ReturnType<typeof messageView>;

/** A page of messages, oldest first: `next_cursor` reads the page before it (null at the start); `since_cursor` polls for what changes after it. */
export interface MessagePage {
  data: MessageView[];
  nextCursor: string | null;
  sinceCursor: string;
  /** More changes than one page since the poll's cursor: ask again with the new `since_cursor`. */
  moreChanges: boolean;
  /** The thread's status and version as the page was read (a poll brings a status changed by hand with no message). */
  status: ConversationStatus;
  version: number;
}
