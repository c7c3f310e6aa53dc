/** Lets timers and I/O run (requests waiting to be answered) before going on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Long work done on the event loop in slices: call `await slice.check()` after each small unit of work
 * (a row), and it lets the loop run once the slice has lasted `budgetMs`. A job of seconds then holds
 * the loop a few milliseconds at a time, and requests are answered in between.
 */
export class TimeSlice {
  private started = performance.now();

  constructor(private readonly budgetMs = 8) {}

  async check(): Promise<void> {
    if (performance.now() - this.started >= this.budgetMs) await this.yield();
  }

  async yield(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
  }
}
