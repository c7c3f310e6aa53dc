import { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source';
import { doOnce } from '../src/outbox/job-effects';
import { createTestDatabase } from './support/test-database';

describe('doOnce: a job run twice has its effect once', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 4);
    await ds.initialize();
  });

  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('runs the effect once when two runs of one key overlap, and never again after', async () => {
    let runs = 0;
    const effect = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 100));
      return { messageId: `m${runs}` };
    };
    const [a, b] = await Promise.all([doOnce(ds, 'mail:1', effect), doOnce(ds, 'mail:1', effect)]);
    expect(runs).toBe(1);
    expect([a.done, b.done].sort()).toEqual(['before', 'now']);
    expect((await doOnce(ds, 'mail:1', effect)).detail).toEqual({ messageId: 'm1' });
    expect(runs).toBe(1);
  });

  it('records nothing when the effect fails, so a retry tries again', async () => {
    await expect(doOnce(ds, 'mail:2', async () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down');
    expect((await doOnce(ds, 'mail:2', async () => ({ ok: true }))).done).toBe('now');
  });
});
