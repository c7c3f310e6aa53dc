import { act, renderHook } from '@testing-library/react';
import { useSharedPoll } from './use-shared-poll';

/**
 * The Web Locks API as browsers give it (jsdom has none): an exclusive lock per name, granted in
 * the order asked, held until the callback's promise settles; a request still waiting gives up
 * when its signal aborts.
 */
class FakeLocks {
  private held = new Map<string, Promise<unknown>>();
  private queues = new Map<string, (() => void)[]>();

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  request(name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        const done = Promise.resolve(callback());
        this.held.set(name, done);
        void done.then(resolve, reject).finally(() => {
          this.held.delete(name);
          this.queues.get(name)?.shift()?.();
        });
      };
      if (!this.held.has(name) && !this.queues.get(name)?.length) return grant();
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const waiting = () => {
        options.signal?.removeEventListener('abort', abort);
        grant();
      };
      const abort = () => {
        queue.splice(queue.indexOf(waiting), 1);
        reject(new DOMException('aborted', 'AbortError'));
      };
      options.signal?.addEventListener('abort', abort);
      queue.push(waiting);
    });
  }
}

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};

/** Lets the lock grants, polls and channel messages (all promise or message based) run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => await new Promise((r) => setImmediate(r)));
};
const tick = async (seconds: number) => {
  for (let i = 0; i < seconds; i++) {
    await act(async () => await vi.advanceTimersByTimeAsync(1000));
    await settle();
  }
};

describe('useSharedPoll: one tab polls a thread, the others follow', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: new FakeLocks() });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    visibility = 'visible';
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (navigator as { locks?: unknown }).locks;
  });

  /** A "tab" showing the thread: its polls counted, the results it applied kept. */
  function tab(name = 'chat:7', answer: () => string | undefined = () => undefined) {
    const polls = vi.fn(async () => answer());
    const applied: string[] = [];
    const hook = renderHook(() => useSharedPoll<string>({ name, seconds: 10, poll: polls, onResult: (r) => applied.push(r) }));
    return { polls, applied, hook };
  }

  it('the leader polls at once, counts down in seconds and polls again at 0; the other tab never polls but gets each result and the countdown', async () => {
    let n = 0;
    const first = tab('chat:7', () => `change ${++n}`);
    await settle();
    const second = tab('chat:7', () => 'never');
    await settle();

    expect(first.hook.result.current.leading).toBe(true);
    expect(second.hook.result.current.leading).toBe(false);
    expect(first.polls).toHaveBeenCalledTimes(1);
    expect(first.hook.result.current.secondsLeft).toBe(10);

    await tick(3);
    expect(first.hook.result.current.secondsLeft).toBe(7);
    expect(second.hook.result.current.secondsLeft).toBe(7);

    await tick(7);
    expect(first.polls).toHaveBeenCalledTimes(2);
    expect(first.hook.result.current.secondsLeft).toBe(10);
    expect(second.polls).not.toHaveBeenCalled();
    expect(first.applied).toEqual(['change 1', 'change 2']);
    // The follower was not yet listening when the first poll ran; it gets the second.
    expect(second.applied).toEqual(['change 2']);

    // What a tab posts itself reaches the other without a poll.
    act(() => second.hook.result.current.share('posted in the second tab'));
    await settle();
    expect(first.applied).toContain('posted in the second tab');
    first.hook.unmount();
    second.hook.unmount();
  });

  it('a thread of another name is polled by its own leader', async () => {
    const a = tab('chat:7');
    const b = tab('chat:8');
    await settle();
    expect(a.hook.result.current.leading).toBe(true);
    expect(b.hook.result.current.leading).toBe(true);
    expect(a.polls).toHaveBeenCalledTimes(1);
    expect(b.polls).toHaveBeenCalledTimes(1);
    a.hook.unmount();
    b.hook.unmount();
  });

  it('when the leader closes, the waiting tab takes the lock and polls at once', async () => {
    const first = tab();
    await settle();
    const second = tab();
    await settle();
    expect(second.polls).not.toHaveBeenCalled();

    first.hook.unmount();
    await settle();
    expect(second.hook.result.current.leading).toBe(true);
    expect(second.polls).toHaveBeenCalledTimes(1);
    await tick(10);
    expect(second.polls).toHaveBeenCalledTimes(2);
    second.hook.unmount();
  });

  it('a hidden tab stops polling and lets the lock go; shown again it polls at once and counts down anew', async () => {
    const only = tab();
    await settle();
    expect(only.polls).toHaveBeenCalledTimes(1);
    expect((navigator.locks as unknown as FakeLocks).isHeld('oms-poll:chat:7')).toBe(true);
    await tick(4);

    act(() => setVisibility('hidden'));
    await settle();
    expect(only.hook.result.current.leading).toBe(false);
    await tick(60);
    expect(only.polls).toHaveBeenCalledTimes(1);

    // Hidden, it holds no lock: another (visible) tab of the thread may lead meanwhile.
    expect((navigator.locks as unknown as FakeLocks).isHeld('oms-poll:chat:7')).toBe(false);

    act(() => setVisibility('visible'));
    await settle();
    expect(only.hook.result.current.leading).toBe(true);
    expect(only.polls).toHaveBeenCalledTimes(2);
    expect(only.hook.result.current.secondsLeft).toBe(10);
    await tick(10);
    expect(only.polls).toHaveBeenCalledTimes(3);
    only.hook.unmount();
  });

  it('polls nothing without a name (the thread is not loaded yet)', async () => {
    const none = tab(null as unknown as string);
    await tick(20);
    expect(none.polls).not.toHaveBeenCalled();
    none.hook.unmount();
  });
});
