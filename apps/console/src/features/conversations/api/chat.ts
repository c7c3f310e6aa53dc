import { api, ApiError, type ApiResult } from '../../../api/client';
import { toast } from '../../../common/toast';
import { errorMessage } from '../../../i18n';
import {
  attachmentPath,
  Conversation,
  conversationPath,
  ConversationStatusInput,
  CONVERSATIONS_PATH,
  Message,
  MessagePage,
  messagePath,
  messagesPath,
  OpenMakerConversationInput,
} from './conversation';

type Params = Readonly<Record<string, string | number>>;

/** Why a chat call failed: the codes the API gave (the refusal's, or each field error's, with what they name), or what stood for no answer. */
export type ChatFailure = { ok: false; codes: string[]; items: { code: string; params?: Params }[]; message: string };
export type ChatResult<T> = { ok: true; status: number; data: T; extras?: Record<string, unknown> } | ChatFailure;

const failure = (items: { code: string; params?: Params }[], message: string): ChatFailure => ({ ok: false, codes: items.map((i) => i.code), items, message });

/**
 * A chat call: every failure comes back to the panel (SPEC.md §8 "Chat errors show a toast listing
 * the translated codes"), a 403 (NAL-CHAT-001, -006) or 404 too, rather than leaving the screen.
 */
async function chatCall<T>(call: () => Promise<ApiResult<T>>): Promise<ChatResult<T>> {
  try {
    const result = await call();
    if (result.ok) return result;
    const { error } = result;
    return failure(error.errors.length ? error.errors.map((e) => ({ code: e.errorCode, params: e.params })) : [{ code: error.errorCode, params: error.params }], error.message);
  } catch (err) {
    if (err instanceof ApiError) return failure([{ code: err.errorCode ?? (err.status ? `ERR-0${err.status}` : 'ERR-ANOTHER'), params: err.params }], err.message);
    throw err;
  }
}

/** The toast's text: each code translated (with what it names) and named, one after the other. */
export const chatFailureText = (f: ChatFailure) => f.items.map(({ code, params }) => `${errorMessage(code, params, f.message)} (${code})`).join(' / ');

const quiet = { routeErrors: false } as const;

/** A page of a thread's messages: the latest (no query), the one before `cursor`, or what changed after `since` (`undefined` data on 304). */
export async function readMessages(conversationId: number, query: { cursor?: string; since?: string }, signal?: AbortSignal): Promise<ChatResult<MessagePage | undefined>> {
  const result = await chatCall(() => api.get<Message[]>(messagesPath(conversationId), { ...quiet, query, signal }));
  if (!result.ok) return result;
  if (result.status === 304) return { ...result, data: undefined };
  const extras = (result.extras ?? {}) as Partial<Omit<MessagePage, 'data'>>;
  return {
    ...result,
    data: { data: result.data, nextCursor: extras.nextCursor ?? null, sinceCursor: extras.sinceCursor ?? '', moreChanges: extras.moreChanges ?? false, status: extras.status ?? 0, version: extras.version ?? 0 },
  };
}

export const postMessage = (conversationId: number, content: string) => chatCall(() => api.post<Message>(messagesPath(conversationId), { content }, quiet));
/** A file sent with a message (and the text written so far, if any): the area's claim of uploadMedia. */
export const postAttachment = (conversationId: number, s3Path: string, content: string) =>
  chatCall(() => api.post<Message>(messagesPath(conversationId), { content: content.trim() || null, attachmentS3Path: s3Path }, quiet));
/** Opens a message's file (a download with the media token); a failure is toasted (no token: signed out, or no answer). */
export async function openAttachment(conversationId: number, messageId: number): Promise<void> {
  const result = await chatCall(async () => ({ ok: true as const, status: 200, data: await api.download(attachmentPath(conversationId, messageId)) }));
  if (!result.ok) toast.error(chatFailureText(result));
}
export const editMessage = (conversationId: number, messageId: number, content: string) => chatCall(() => api.put<Message>(messagePath(conversationId, messageId), { content }, quiet));
export const deleteMessage = (conversationId: number, messageId: number) => chatCall(() => api.delete<Message>(messagePath(conversationId, messageId), quiet));

/** Opens (or finds) the thread of an order and one of its makers, or of a maker inquiry. */
export const openMakerConversation = (input: OpenMakerConversationInput) => chatCall(() => api.post<Conversation>(`${CONVERSATIONS_PATH}/maker`, input, quiet));
export const readConversation = (id: number) => chatCall(() => api.get<Conversation>(conversationPath(id), quiet));
/** A customer's staff-only thread (made the first time it is opened). */
export const readCustomerConversation = (customerId: number) => chatCall(() => api.get<Conversation>(`${CONVERSATIONS_PATH}/customer/${customerId}`, quiet));
/** Staff set a maker thread's status, at the version they read (NAL-CHAT-007 when someone changed it since). */
export const setConversationStatus = (id: number, input: ConversationStatusInput) => chatCall(() => api.put<Conversation>(conversationPath(id), input, quiet));
