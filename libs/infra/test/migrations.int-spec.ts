import { fileNameKey, PREFERRED_PERIOD_LABELS_JA, PreferredPeriod, readPreferredPeriod } from '@oms/domain';
import { createDataSource } from '../src/database/data-source';
import { databaseUrl, uniqueName, withAdmin } from './support/test-database';

describe('migrations', () => {
  const name = uniqueName('oms_migrations').toLowerCase();

  afterAll(() => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));

  it('apply on an empty database, revert cleanly, and apply again', async () => {
    await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
    const ds = createDataSource(databaseUrl(name), 1);
    await ds.initialize();
    try {
      const tables = async () =>
        (await ds.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1`)).map(
          (r: { table_name: string }) => r.table_name,
        );
      expect((await ds.runMigrations()).length).toBeGreaterThan(0);
      expect(await tables()).toEqual(expect.arrayContaining(['job_effects', 'makers', 'outbox_events', 'refresh_tokens', 'shops', 'sign_in_tokens', 'users']));
      expect(await ds.showMigrations()).toBe(false);
      while ((await ds.query(`SELECT count(*)::int AS n FROM migrations`))[0].n > 0) await ds.undoLastMigration();
      expect(await tables()).toEqual([]);
      await ds.runMigrations();
      expect((await tables()).length).toBeGreaterThanOrEqual(7);
    } finally {
      await ds.destroy();
    }
  });

  it('marks when each line was first ordered from its maker, from the status history, and takes refusals’ receive dates away', async () => {
    const ds = createDataSource(databaseUrl(name), 1);
    await ds.initialize();
    try {
      // The database as the previous release left it: every migration before this one undone back to it.
      while (!(await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name.startsWith('MakersScopeAndShopContact')) await ds.undoLastMigration();
      await ds.undoLastMigration();
      const [shop] = await ds.query(`INSERT INTO shops (name, code, type) VALUES ('店', 'MIG', 'platform_1') RETURNING id`);
      const [maker] = await ds.query(`INSERT INTO makers (code, name, order_method, email) VALUES ('MIG', 'メーカー', 'email', 'm@example.jp') RETURNING id`);
      await ds.query(`INSERT INTO order_numbers (order_no) VALUES ('MIG-1')`);
      const [order] = await ds.query(
        `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, delivery_name, status, line_statuses, maker_ids)
         VALUES ('MIG-1', 'NAL-OMS', $1, 2, '2026-01-10', '買', '届', 1, '{}', '{}') RETURNING id`,
        [shop.id],
      );
      await ds.query(`INSERT INTO order_makers (order_id, maker_id, maker_order_date, maker_receive_date, confirm_status) VALUES ($1, $2, '2026-01-12', '2026-01-13', 3)`, [order.id, maker.id]);
      const line = async (status: number, history: [number | null, number, string][]) => {
        const [row] = await ds.query(
          `INSERT INTO order_lines (order_id, maker_id, product_name, amount, price_with_tax, tax_percentage, tax, status) VALUES ($1, $2, 'x', 1, 100, 10, 9, $3) RETURNING id`,
          [order.id, maker.id, status],
        );
        for (const [from, to, at] of history) {
          await ds.query(`INSERT INTO order_status_history (order_id, order_line_id, from_status, to_status, command, changed_at) VALUES ($1, $2, $3, $4, 'x', $5)`, [order.id, row.id, from, to, at]);
        }
        return String(row.id);
      };
      const ids = {
        orderedTwice: await line(3, [[2, 3, '2026-01-11T10:00:00Z'], [3, 2, '2026-01-11T11:00:00Z'], [2, 3, '2026-01-12T10:00:00Z']]),
        cancelledAfter: await line(8, [[2, 3, '2026-01-11T10:00:00Z'], [3, 8, '2026-01-15T10:00:00Z']]),
        cancelledBefore: await line(8, [[1, 8, '2026-01-11T10:00:00Z']]),
        paid: await line(2, [[1, 2, '2026-01-11T09:00:00Z']]),
        loadedByHand: await line(4, []),
      };
      await ds.runMigrations();
      const rows: { id: string; first: Date | null }[] = await ds.query(`SELECT id::text, first_ordered_at AS first FROM order_lines WHERE order_id = $1`, [order.id]);
      const first = Object.fromEntries(rows.map((r) => [r.id, r.first?.toISOString() ?? null]));
      expect(first[ids.orderedTwice]).toBe('2026-01-11T10:00:00.000Z');
      expect(first[ids.cancelledAfter]).toBe('2026-01-11T10:00:00.000Z');
      expect(first[ids.cancelledBefore]).toBeNull();
      expect(first[ids.paid]).toBeNull();
      // No history: the maker part's order date (a line past ordered was ordered).
      expect(first[ids.loadedByHand]).not.toBeNull();
      const [part] = await ds.query(`SELECT maker_receive_date FROM order_makers WHERE order_id = $1`, [order.id]);
      expect(part.maker_receive_date).toBeNull();
    } finally {
      await ds.destroy();
    }
  });
  it('counts the product files applied before as imported, by their names compared as the domain compares them', async () => {
    const ds = createDataSource(databaseUrl(name), 1);
    await ds.initialize();
    try {
      while (!(await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name.startsWith('ImportedFiles')) await ds.undoLastMigration();
      await ds.undoLastMigration();
      const [user] = await ds.query(`INSERT INTO users (email, name, role) VALUES ('mig.importer@example.com', '取込 太郎', 'operator') RETURNING id`);
      const insert = async (fileName: string, status: string) =>
        (
          await ds.query(
            `INSERT INTO product_imports (status, file_name, file_key, file_size, created_by, applied_by, applied_at)
             VALUES ($1, $2, 'product-imports/' || md5(random()::text) || '.csv', 10, $3, $4, $5) RETURNING id`,
            [status, fileName, user.id, status === 'applied' ? user.id : null, status === 'applied' ? '2026-03-01T09:00:00Z' : null],
          )
        )[0].id as string;
      const applied = await insert('ＳＡＭＰＬＥ_データ.CSV'.normalize('NFD'), 'applied');
      await insert('discarded.csv', 'discarded');
      await ds.runMigrations();
      const rows = await ds.query(`SELECT area, file_name, name_key, record_id::text, imported_by::text, imported_at, content_sha256 FROM imported_files ORDER BY id`);
      expect(rows).toEqual([
        {
          area: 'products',
          file_name: 'ＳＡＭＰＬＥ_データ.CSV'.normalize('NFD'),
          name_key: fileNameKey('ＳＡＭＰＬＥ_データ.CSV'),
          record_id: String(applied),
          imported_by: String(user.id),
          imported_at: new Date('2026-03-01T09:00:00Z'),
          content_sha256: null,
        },
      ]);
    } finally {
      await ds.destroy();
    }
  });

  it('takes out the outbox rows of the event types no worker consumed, and nothing else', async () => {
    const ds = createDataSource(databaseUrl(name), 1);
    await ds.initialize();
    try {
      while (!(await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name.startsWith('EventRetention')) await ds.undoLastMigration();
      await ds.undoLastMigration();
      await ds.query(
        `INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, published_at) VALUES
           ('order.created', 'order', '1', '{}', NULL), ('order.payment_confirmed', 'order', '1', '{}', NULL),
           ('order.revenue_changed', 'order', '1', '{}', NULL), ('order.sent_to_maker', 'order', '1', '{}', NULL),
           ('order.shipped', 'order', '1', '{}', now()), ('from.a.newer.release', 'x', '1', '{}', NULL)`,
      );
      await ds.runMigrations();
      expect((await ds.query(`SELECT type FROM outbox_events ORDER BY type`)).map((r: { type: string }) => r.type)).toEqual([
        'from.a.newer.release',
        'order.sent_to_maker',
        'order.shipped',
      ]);
    } finally {
      await ds.destroy();
    }
  });

  // Migrations down to this one and up again, twice: more than jest's default 5 s on a loaded machine.
  it('turns preferred periods into codes as the domain reads them, and keeps every text that names no slot in the memo', async () => {
    const ds = createDataSource(databaseUrl(name), 1);
    await ds.initialize();
    try {
      while (!(await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name.startsWith('PreferredPeriodCodes')) await ds.undoLastMigration();
      await ds.undoLastMigration();
      const [shop] = await ds.query(`INSERT INTO shops (name, code, type) VALUES ('店', 'MIG-P', 'platform_1') RETURNING id`);
      const slots = ['14-16', '14～16', '14時-16時', '１４時～１６時', ' 14 - 16 ', '14:00–16:00', '14時から16時', '16時～18時', '18-20', '19-21', '19時～21時', '20-', '20時以降', '２０時以降', '20～'];
      const none = ['', '   ', '指定なし', 'NONE'];
      const unread = ['午前中', '午後', '14-15', '20-21', '夜間（21時まで）', 'constructor', "O'Reilly", 'x'.repeat(50)];
      const longMemo = 'メ'.repeat(1000);
      const cases: { text: string | null; memo: string | null }[] = [
        { text: null, memo: null },
        { text: null, memo: 'のし希望' },
        ...[...slots, ...none].map((text) => ({ text, memo: 'のし希望' })),
        ...unread.map((text) => ({ text, memo: null })),
        { text: '午前中', memo: 'のし希望\n領収書希望' },
        // A memo already at its limit, and the longest legacy text: nothing may overflow or be cut.
        { text: 'y'.repeat(50), memo: longMemo },
        { text: '午前中', memo: '' },
      ];
      const ids: string[] = [];
      for (const [i, c] of cases.entries()) {
        await ds.query(`INSERT INTO order_numbers (order_no) VALUES ($1)`, [`MIG-P-${i}`]);
        const [order] = await ds.query(
          `INSERT INTO orders (order_no, origin, shop_id, payment_method_id, order_date, buyer_name, delivery_name, status, line_statuses, maker_ids, preferred_period, memo)
           VALUES ($1, 'NAL-OMS', $2, 2, '2026-01-10', '買', '届', 1, '{}', '{}', $3, $4) RETURNING id`,
          [`MIG-P-${i}`, shop.id, c.text, c.memo],
        );
        ids.push(String(order.id));
      }
      const read = async () =>
        new Map<string, { code: unknown; memo: string | null }>(
          (await ds.query(`SELECT id::text, preferred_period AS code, memo FROM orders WHERE id = ANY($1::bigint[])`, [ids])).map((r: { id: string; code: unknown; memo: string | null }) => [r.id, r]),
        );

      await ds.runMigrations();
      const after = await read();
      let memoEntries = 0;
      cases.forEach((c, i) => {
        const row = after.get(ids[i])!;
        const reading = readPreferredPeriod(c.text);
        expect({ text: c.text, code: row.code }).toEqual({ text: c.text, code: reading ?? 0 });
        if (reading === null) {
          // The text as it was, on a line of its own after the memo (or as the memo).
          const line = `希望時間帯: ${c.text}`;
          expect(row.memo).toBe(c.memo ? `${c.memo}\n${line}` : line);
          memoEntries++;
        } else {
          expect(row.memo).toBe(c.memo);
        }
      });
      expect(memoEntries).toBe(unread.length + 3);
      const [written] = await ds.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::bigint[]) AND memo LIKE '%希望時間帯: %'`, [ids]);
      expect(written.n).toBe(memoEntries);
      expect([...after.values()].find((r) => r.memo?.startsWith(longMemo))!.memo).toHaveLength(1000 + 1 + '希望時間帯: '.length + 50);
      await expect(ds.query(`UPDATE orders SET preferred_period = 5 WHERE id = $1`, [ids[0]])).rejects.toThrow(/orders_preferred_period_check/);
      const [column] = await ds.query(`SELECT column_default, is_nullable FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'preferred_period'`);
      expect(column).toEqual({ column_default: '0', is_nullable: 'NO' });
      expect(await ds.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'orders_preferred_period_by_date'`)).toHaveLength(1);

      // Down: codes back to their labels, the texts moved to memos back where they were.
      while (!(await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`))[0].name.startsWith('PreferredPeriodCodes')) await ds.undoLastMigration();
      await ds.undoLastMigration();
      const undone = await read();
      cases.forEach((c, i) => {
        const row = undone.get(ids[i])!;
        const reading = readPreferredPeriod(c.text);
        if (reading === null) expect(row).toEqual({ id: ids[i], code: c.text, memo: c.memo || null });
        else expect(row).toEqual({ id: ids[i], code: reading === 0 ? null : PREFERRED_PERIOD_LABELS_JA[reading as PreferredPeriod], memo: c.memo });
      });
      await ds.runMigrations();
      expect([...(await read()).values()].map((r) => r.code)).toEqual([...after.values()].map((r) => r.code));
    } finally {
      await ds.destroy();
    }
  }, 60_000);
});
