import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../common/toast';
import { uploadMedia } from '../../../api/media-upload';
import { ChatFailure, chatFailureText, ChatResult, deleteMessage, editMessage, postAttachment, postMessage, readMessages } from './chat';
import { CHAT_REFRESH_SECONDS, Message, mergeMessages } from './conversation';
import { useSharedPoll } from './use-shared-poll';

/** What one tab hands the others: messages to merge and, after a poll, the cursor to poll from next and the thread's status and version. */
export type ThreadChange = { data: Message[]; sinceCursor?: string; version?: number };

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
  const since = useRef<string | null>(null);
  /** The thread's version as last read: a poll with another one (a status set by hand, a maker's message) is a change of the thread. */
  const version = useRef<number | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  /** The failure the polls last toasted: a poll failing the same way every few seconds toasts it once. */
  const pollFailure = useRef<string | null>(null);

  const fail = (result: ChatFailure) => {
    setFailure(result);
    toast.error(chatFailureText(result));
  };

  useEffect(() => {
    setMessages([]);
    setLoaded(false);
    setEarlierCursor(null);
    since.current = null;
    if (conversationId === null) return;
    let current = true;
    void readMessages(conversationId, {}).then((result) => {
      if (!current) return;
      if (!result.ok) return fail(result);
      const page = result.data!;
      setMessages(page.data);
      setEarlierCursor(page.nextCursor);
      since.current = page.sinceCursor;
      version.current = page.version;
      setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, [conversationId]);

  const apply = (change: ThreadChange) => {
    if (change.sinceCursor) since.current = change.sinceCursor;
    const moved = change.version !== undefined && change.version !== version.current;
    if (change.version !== undefined) version.current = change.version;
    if (!change.data.length && !moved) return;
    if (change.data.length) setMessages((current) => mergeMessages(current, change.data));
    onChangeRef.current?.();
  };

  /** What changed since the last poll: every page of it (more_changes), or undefined when nothing did (304). */
  const poll = async (): Promise<ThreadChange | undefined> => {
    if (conversationId === null || !since.current) return undefined;
    const data: Message[] = [];
    let seen: number | undefined;
    for (;;) {
      const result = await readMessages(conversationId, { since: since.current });
      if (!result.ok) {
        const text = chatFailureText(result);
        if (pollFailure.current !== text) fail(result);
        pollFailure.current = text;
        return undefined;
      }
      pollFailure.current = null;
      if (!result.data) break;
      data.push(...result.data.data);
      since.current = result.data.sinceCursor;
      seen = result.data.version;
      if (!result.data.moreChanges) break;
    }
    return data.length || (seen !== undefined && seen !== version.current) ? { data, sinceCursor: since.current, version: seen } : undefined;
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
    /** Sends a file (with the text written so far) through the shared upload; the button shows progress and refusals. */
    attach: (file: File, onProgress: (percent: number) => void, content: string) =>
      uploadMedia(file, onProgress, async (s3Path) => {
        const result = await postAttachment(conversationId!, s3Path, content);
        if (result.ok) settle(result);
        return result;
      }),
    edit: async (messageId: number, content: string) => conversationId !== null && settle(await editMessage(conversationId, messageId, content)),
    remove: async (messageId: number) => conversationId !== null && settle(await deleteMessage(conversationId, messageId)),
  };
}
