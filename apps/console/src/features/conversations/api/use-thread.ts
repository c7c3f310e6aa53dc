import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { uploadMedia } from '../../../api/media-upload';
import { toast } from '../../../common/toast';
import { ChatFailure, chatFailureText, ChatResult, deleteMessage, editMessage, postAttachment, postMessage, readMessages } from './chat';
import { CHAT_REFRESH_SECONDS, Message, mergeMessages } from './conversation';
import { useSharedPoll } from './use-shared-poll';

/**
 * What one tab hands the others: messages to merge and, after a poll, the cursor it polled from, the
 * cursor to poll from next and the thread's version.
 */
export type ThreadChange = { data: Message[]; from?: string; sinceCursor?: string; version?: number };

/** A request that has not answered in two refreshes is given up (a half-open connection after sleep): the countdown goes on. */
const POLL_TIMEOUT_MS = 2 * CHAT_REFRESH_SECONDS * 1000;

/** The poll's cursor was refused (another thread's, or one the server no longer reads): start again from the latest page. */
const cursorRefused = (f: ChatFailure) => f.codes.includes('cursor_invalid');

/**
 * A thread's messages in one tab: the latest page, earlier pages by cursor ("load earlier"), and
 * what changed since, polled every CHAT_REFRESH_SECONDS by one tab of all that show the thread
 * (useSharedPoll). A failure is toasted with its translated codes and kept to show (SPEC.md §8).
 * `onChange` runs when the thread changed (the order shows its status: read it again).
 */
export function useThread(conversationId: number | null, onChange?: () => void) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [earlierCursor, setEarlierCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  /** The thread this tab shows now: an answer for another (a poll still in flight when it changed) is dropped. */
  const thread = useRef(conversationId);
  thread.current = conversationId;
  const since = useRef<string | null>(null);
  /** The thread's version as last read: a poll with another one (a status set by hand, a maker's message) is a change of the thread. */
  const version = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The failure the polls last toasted: a poll failing the same way every few seconds toasts it once. */
  const pollFailure = useRef<string | null>(null);
  /** Reads the latest page again (the first read, a retry of it, or after a refused cursor). */
  const reload = useRef<() => void>(() => undefined);

  const fail = (result: ChatFailure) => {
    setFailure(result);
    toast.error(chatFailureText(result));
  };

  useEffect(() => {
    setMessages([]);
    setLoaded(false);
    setEarlierCursor(null);
    setFailure(null);
    since.current = null;
    version.current = null;
    pollFailure.current = null;
    if (conversationId === null) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      clearTimeout(retry);
      void readMessages(conversationId, {}).then((result) => {
        if (!current) return;
        // A first read that failed is tried again after a refresh's time: the panel does not stay dead.
        if (!result.ok) {
          fail(result);
          retry = setTimeout(load, CHAT_REFRESH_SECONDS * 1000);
          return;
        }
        const page = result.data!;
        setFailure(null);
        setMessages((shown) => mergeMessages(shown, page.data));
        setEarlierCursor(page.nextCursor);
        since.current = page.sinceCursor;
        version.current = page.version;
        setLoaded(true);
      });
    };
    reload.current = load;
    load();
    return () => {
      current = false;
      clearTimeout(retry);
      reload.current = () => undefined;
    };
  }, [conversationId]);

  /** What changed after this tab's cursor: every page of it (more_changes), or undefined when nothing did (304). */
  const poll = async (): Promise<ThreadChange | undefined> => {
    const id = conversationId;
    const from = since.current;
    if (id === null || !from) return undefined;
    const data: Message[] = [];
    let cursor = from;
    let seen: number | undefined;
    for (;;) {
      const stop = new AbortController();
      const timer = setTimeout(() => stop.abort(), POLL_TIMEOUT_MS);
      let result: Awaited<ReturnType<typeof readMessages>>;
      try {
        result = await readMessages(id, { since: cursor }, stop.signal);
      } catch (error) {
        // Given up (the timeout) or no answer at all: the next refresh tries again.
        if (!(error instanceof ApiError) && (error as Error)?.name !== 'AbortError') throw error;
        return undefined;
      } finally {
        clearTimeout(timer);
      }
      if (thread.current !== id) return undefined;
      if (!result.ok) {
        const text = chatFailureText(result);
        if (pollFailure.current !== text) fail(result);
        pollFailure.current = text;
        if (cursorRefused(result)) reload.current();
        return undefined;
      }
      pollFailure.current = null;
      if (!result.data) break;
      data.push(...result.data.data);
      cursor = result.data.sinceCursor;
      seen = result.data.version;
      if (!result.data.moreChanges) break;
    }
    if (!data.length && cursor === from && (seen === undefined || seen === version.current)) return undefined;
    return { data, from, sinceCursor: cursor, version: seen };
  };

  /** A poll of this tab's own, applied here only: after a result polled from another cursor than this tab's. */
  const catchUp = async () => {
    const change = await poll();
    if (change) apply(change);
  };

  const apply = (change: ThreadChange) => {
    if (change.from !== undefined && change.from !== since.current) {
      // Polled (by another tab) from another cursor than this tab's: what it brings is merged, and this
      // tab reads what lies between from its own cursor rather than jump over it.
      if (change.data.length) setMessages((current) => mergeMessages(current, change.data));
      if (since.current) void catchUp();
      return;
    }
    if (change.sinceCursor) since.current = change.sinceCursor;
    const moved = change.version !== undefined && change.version !== version.current;
    if (change.version !== undefined) version.current = change.version;
    if (!change.data.length && !moved) return;
    if (change.data.length) setMessages((current) => mergeMessages(current, change.data));
    onChangeRef.current?.();
  };

  const shared = useSharedPoll<ThreadChange>({ name: loaded && conversationId !== null ? `chat:${conversationId}` : null, seconds: CHAT_REFRESH_SECONDS, poll, onResult: apply });

  /** A change this tab made: merged here and handed to the other tabs at once. */
  const settle = (result: ChatResult<Message>): boolean => {
    if (!result.ok) {
      fail(result);
      return false;
    }
    setFailure(null);
    apply({ data: [result.data] });
    shared.share({ data: [result.data] });
    return true;
  };

  return {
    messages,
    loaded,
    failure,
    dismissFailure: () => setFailure(null),
    secondsLeft: shared.secondsLeft,
    hasEarlier: earlierCursor !== null,
    loadingEarlier,
    loadEarlier: async () => {
      if (conversationId === null || !earlierCursor) return;
      setLoadingEarlier(true);
      const result = await readMessages(conversationId, { cursor: earlierCursor });
      setLoadingEarlier(false);
      if (!result.ok) return fail(result);
      setMessages((current) => mergeMessages(current, result.data!.data));
      setEarlierCursor(result.data!.nextCursor);
    },
    post: async (content: string) => conversationId !== null && settle(await postMessage(conversationId, content)),
    edit: async (messageId: number, content: string) => conversationId !== null && settle(await editMessage(conversationId, messageId, content)),
    remove: async (messageId: number) => conversationId !== null && settle(await deleteMessage(conversationId, messageId)),
    /**
     * Sends a file (with the text written so far) through the shared upload; the button shows its
     * progress. A refusal of the message is toasted here with its translated codes (SPEC.md §8) and
     * answered to the button as handled.
     */
    attach: (file: File, onProgress: (percent: number) => void, content: string) =>
      uploadMedia(file, onProgress, async (s3Path) => {
        const result = await postAttachment(conversationId!, s3Path, content);
        settle(result);
        return result.ok ? result : { ok: false as const, status: 'handled' as const };
      }),
  };
}
