import { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source';
import { CUSTOMERS_SHOP_EMAIL_UNIQUE } from '../src/customers/customer.repository';
import { createTestDatabase } from './support/test-database';

/** Migration 1763930000000 (one customer per e-mail and shop) on a database that already holds duplicates. */
describe('migration CustomerEmailPerShop1763930000000', () => {
  // Cloning databases and undoing migrations takes a few seconds on a shared machine.
  jest.setTimeout(60_000);

  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 1);
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const customer = async (name: string, email: string | null, shopId: string | null): Promise<string> => {
    const [row] = await ds.query(`INSERT INTO customers (same_person_id, name, email, email_normalized, shop_id) VALUES (0, $1, $2::varchar, lower(trim($2::varchar)), $3::bigint) RETURNING id::text AS id`, [
      name,
      email,
      shopId,
    ]);
    return row.id;
  };
  const marks = async (): Promise<Record<string, string | null>> =>
    Object.fromEntries((await ds.query(`SELECT id::text AS id, email_duplicate_of::text AS mark FROM customers`)).map((r: { id: string; mark: string | null }) => [r.id, r.mark]));

  it('marks the customers that already shared their shop and e-mail, reports them, and refuses every new clash', async () => {
    // The database as the previous release left it: this migration (and any later one) undone.
    while ((await ds.query(`SELECT timestamp FROM migrations ORDER BY id DESC LIMIT 1`))[0].timestamp >= 1763930000000) await ds.undoLastMigration();
    const [shop1] = await ds.query(`INSERT INTO shops (name, code, type) VALUES ('店1', 'MIG-1', 'platform_1') RETURNING id::text AS id`);
    const [shop2] = await ds.query(`INSERT INTO shops (name, code, type) VALUES ('店2', 'MIG-2', 'platform_1') RETURNING id::text AS id`);
    const a = await customer('一', 'dup@example.jp', shop1.id);
    const b = await customer('二', ' DUP@Example.jp', shop1.id);
    const c = await customer('三', 'dup@example.jp', shop1.id);
    const otherShop = await customer('四', 'dup@example.jp', shop2.id);
    const noShop = await customer('五', 'dup@example.jp', null);
    const noShopAgain = await customer('六', 'Dup@example.jp', null);
    const alone = await customer('七', 'alone@example.jp', shop1.id);
    const noEmail = await customer('八', null, shop1.id);
    const noEmailEither = await customer('九', null, shop1.id);

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await ds.runMigrations();
      expect(await ds.showMigrations()).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      const report = String(warn.mock.calls[0][0]);
      expect(report).toContain('3 customer(s)');
      for (const pair of [`${b}→${a} (shop ${shop1.id})`, `${c}→${a} (shop ${shop1.id})`, `${noShopAgain}→${noShop} (shop none)`]) expect(report).toContain(pair);
      expect(report).not.toContain('dup@example.jp');
    } finally {
      warn.mockRestore();
    }

    // The oldest of each shop and e-mail keeps it unmarked; the later ones point at it.
    expect(await marks()).toEqual({
      [a]: null,
      [b]: a,
      [c]: a,
      [otherShop]: null,
      [noShop]: null,
      [noShopAgain]: noShop,
      [alone]: null,
      [noEmail]: null,
      [noEmailEither]: null,
    });

    // New data is protected: a clash with the kept customer, in a shop or without one, is refused by the index.
    for (const shopId of [shop1.id, null]) {
      await expect(customer('新', 'dup@example.jp', shopId)).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '23505', constraint: CUSTOMERS_SHOP_EMAIL_UNIQUE }) });
    }
    await expect(customer('新', 'alone@example.jp', shop1.id)).rejects.toMatchObject({ driverError: expect.objectContaining({ constraint: CUSTOMERS_SHOP_EMAIL_UNIQUE }) });
    // Another shop, or another address, is fine.
    await customer('新', 'alone@example.jp', shop2.id);
    await customer('新', 'new@example.jp', shop1.id);

    // Reverting takes the mark and the index away, and applying again finds the same pairs.
    while ((await ds.query(`SELECT timestamp FROM migrations ORDER BY id DESC LIMIT 1`))[0].timestamp >= 1763930000000) await ds.undoLastMigration();
    const columns = await ds.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'customers' AND column_name = 'email_duplicate_of'`);
    expect(columns).toEqual([]);
    const quiet = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await ds.runMigrations();
      expect(String(quiet.mock.calls[0][0])).toContain('3 customer(s)');
    } finally {
      quiet.mockRestore();
    }
  });

  it('says nothing on a database without duplicates', async () => {
    const clean = await createTestDatabase();
    const cleanDs = createDataSource(clean.url, 1);
    await cleanDs.initialize();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      while ((await cleanDs.query(`SELECT timestamp FROM migrations ORDER BY id DESC LIMIT 1`))[0].timestamp >= 1763930000000) await cleanDs.undoLastMigration();
      await cleanDs.query(`INSERT INTO customers (same_person_id, name, email, email_normalized) VALUES (0, '一', 'a@example.jp', 'a@example.jp'), (0, '二', 'b@example.jp', 'b@example.jp')`);
      await cleanDs.runMigrations();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      await cleanDs.destroy();
      await clean.drop();
    }
  });
});
