/** Lets timers and I/O run (requests waiting to be answered) before going on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Long work done on the event loop in slices: call `await slice.check()` after each small unit of work
 * (a row), and once the slice has lasted `budgetMs` it lets the loop run. A job of seconds then holds the
 * loop a few milliseconds at a time; a request in between needs the loop at each of its steps (the query
 * sent, its answer, the response written), so each step waits at most one slice.
 */
export class TimeSlice {
  private started = performance.now();

  constructor(private readonly budgetMs = 2) {}

  async check(): Promise<void> {
    if (performance.now() - this.started >= this.budgetMs) await this.pause();
  }

  async pause(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
  }
}
