import { useEffect, useRef, useState } from 'react';

/** What the polling tab tells the others of the same name: a result to apply, or where its countdown is. */
type SharedMessage<T> = { kind: 'result'; result: T } | { kind: 'tick'; secondsLeft: number };

export type SharedPollOptions<T> = {
  /** One name per polled thing (a thread): one lock, one channel. */
  name: string | null;
  /** Seconds between two polls, counted down visibly. */
  seconds: number;
  /** Reads what changed; undefined when nothing did. */
  poll: () => Promise<T | undefined>;
  /** Applies a result: this tab's own, or one another tab of the same name polled. */
  onResult: (result: T) => void;
};

export type SharedPoll<T> = {
  /** Seconds until the next poll (the polling tab's, mirrored in the others). */
  secondsLeft: number;
  /** This tab polls (holds the lock). */
  leading: boolean;
  /** Hands a result of this tab (a message it posted) to the other tabs, without polling. */
  share: (result: T) => void;
};

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Polls every `seconds` with a visible countdown, in one tab only: the tabs showing the same `name`
 * elect a leader with a Web Lock (`navigator.locks`, one lock per name); the leader polls and posts
 * each result (and its countdown) on a BroadcastChannel of the name, the others apply what it posts.
 * A hidden tab neither polls nor holds the lock (another visible tab takes over); when it is shown
 * again it asks for the lock again and, once leader, polls at once. Without Web Locks (old browsers,
 * jsdom) every visible tab polls for itself.
 */
export function useSharedPoll<T>({ name, seconds, poll, onResult }: SharedPollOptions<T>): SharedPoll<T> {
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  const [leading, setLeading] = useState(false);
  const pollRef = useRef(poll);
  const onResultRef = useRef(onResult);
  pollRef.current = poll;
  onResultRef.current = onResult;
  const channelRef = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (!name) return;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`oms-poll:${name}`);
    channelRef.current = channel;
    const post = (message: SharedMessage<T>) => channel?.postMessage(message);
    if (channel) {
      channel.onmessage = (event: MessageEvent<SharedMessage<T>>) => {
        const message = event.data;
        if (message.kind === 'result') onResultRef.current(message.result);
        else setSecondsLeft(message.secondsLeft);
      };
    }

    let closed = false;
    /** Ends this tab's turn as leader (releases the lock, stops the countdown); null while not leading. */
    let stopLeading: (() => void) | null = null;
    /** Gives up a lock request still waiting in the queue. */
    let abortWaiting: AbortController | null = null;

    /** The leader's turn: poll now, then count down and poll again at 0, until stopped. */
    const lead = (): Promise<void> =>
      new Promise<void>((release) => {
        let left = seconds;
        let polling = false;
        const runPoll = async () => {
          polling = true;
          try {
            const result = await pollRef.current();
            if (result !== undefined && !closed) {
              onResultRef.current(result);
              post({ kind: 'result', result });
            }
          } catch {
            // The poll reports its own failure; the countdown goes on.
          } finally {
            polling = false;
          }
        };
        const show = (value: number) => {
          setSecondsLeft(value);
          post({ kind: 'tick', secondsLeft: value });
        };
        const timer = setInterval(() => {
          if (polling) return;
          left -= 1;
          if (left <= 0) {
            left = seconds;
            void runPoll();
          }
          show(left);
        }, 1000);
        stopLeading = () => {
          clearInterval(timer);
          stopLeading = null;
          setLeading(false);
          release();
        };
        setLeading(true);
        show(left);
        void runPoll();
      });

    const stop = () => {
      abortWaiting?.abort();
      abortWaiting = null;
      stopLeading?.();
    };

    const start = () => {
      if (closed || stopLeading || abortWaiting || !isVisible()) return;
      const locks: LockManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks;
      if (!locks) {
        void lead();
        return;
      }
      const waiting = new AbortController();
      abortWaiting = waiting;
      locks
        .request(`oms-poll:${name}`, { signal: waiting.signal }, () => {
          if (abortWaiting === waiting) abortWaiting = null;
          if (closed || !isVisible()) return undefined;
          return lead();
        })
        .catch(() => undefined); // aborted while waiting
    };

    const onVisibility = () => (isVisible() ? start() : stop());
    document.addEventListener('visibilitychange', onVisibility);
    setSecondsLeft(seconds);
    start();
    return () => {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
      channel?.close();
      channelRef.current = null;
    };
  }, [name, seconds]);

  return { secondsLeft, leading, share: (result: T) => channelRef.current?.postMessage({ kind: 'result', result } satisfies SharedMessage<T>) };
}
