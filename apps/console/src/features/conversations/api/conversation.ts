import { CHAT_REFRESH_SECONDS, CONVERSATION_LIMITS, CONVERSATION_STATUS, SETTABLE_CONVERSATION_STATUSES } from '@oms/domain';
import type { BodyOf, QueryOf, Wire } from '../../../api/wire';

export { CHAT_REFRESH_SECONDS, CONVERSATION_LIMITS, CONVERSATION_STATUS, SETTABLE_CONVERSATION_STATUSES };

/** A thread (SPEC.md §3 "Conversation"): what it is about, its status and version. */
export type Conversation = Wire<'ConversationView'>;
/** A message: plain text; a deleted one keeps its place with no content. */
export type Message = Wire<'MessageView'>;
/** A page of messages (oldest first) with its cursors: `nextCursor` the page before, `sinceCursor` to poll from. */
export type MessagePage = Wire<'MessagePage'>;
export type MessageQuery = QueryOf<'/conversations/{id}/message', 'get'>;
export type OpenMakerConversationInput = BodyOf<'/conversations/maker', 'post'>;
export type ConversationStatusInput = BodyOf<'/conversations/{id}', 'put'>;

export const CONVERSATIONS_PATH = '/conversations';
export const conversationPath = (id: number | string) => `${CONVERSATIONS_PATH}/${id}`;
export const messagesPath = (id: number | string) => `${conversationPath(id)}/message`;
export const messagePath = (id: number | string, messageId: number | string) => `${messagesPath(id)}/${messageId}`;
export const attachmentPath = (id: number | string, messageId: number | string) => `${messagePath(id, messageId)}/attachment`;

/** Whether the reader may still edit or delete a message: their own, not deleted, within the edit window of posting. */
export function changeable(message: Pick<Message, 'mine' | 'deleted' | 'createdAt'>, now: Date = new Date()): boolean {
  if (!message.mine || message.deleted) return false;
  return now.getTime() - new Date(message.createdAt).getTime() <= CONVERSATION_LIMITS.editWindowHours * 3600_000;
}

/**
 * Messages merged by id, oldest first: a changed message (edited, deleted) replaces its old self,
 * a new one takes its place by posting time (then id).
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (!incoming.length) return current as Message[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}
