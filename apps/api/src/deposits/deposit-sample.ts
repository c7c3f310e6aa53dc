import { bankKana, japanToday } from '@oms/domain';
import { writeZenginFile, ZenginFileRecord } from '@oms/infra';
import { DataSource } from 'typeorm';

/**
 * A 全銀 振込入金通知 paying the database's unpaid bank-transfer orders (up to ten), dated today, to try
 * the deposit upload with (`npm run -s cli -- deposit-sample > 入金.txt`): the first names its order
 * number, the others their buyer's name as a bank writes it, the last pays a little more; one more
 * record matches nothing.
 */
export async function depositSample(ds: DataSource, now = new Date()): Promise<Buffer> {
  const orders: { order_no: string; buyer_kana: string | null; total: number }[] = await ds.query(
    `SELECT o.order_no, o.buyer_kana, o.total FROM orders o JOIN payment_methods pm ON pm.id = o.payment_method_id
      WHERE o.line_statuses @> '{1}'::smallint[] AND pm.code = 'bank_transfer' AND o.total > 0
        AND NOT EXISTS (SELECT 1 FROM deposit_payments p WHERE p.order_id = o.id AND p.reverted_at IS NULL)
      ORDER BY o.id DESC LIMIT 10`,
  );
  const today = japanToday(now);
  const stamp = now.getTime() % 1_000_000;
  const records: ZenginFileRecord[] = orders.map((o, i) => ({
    inquiryNo: String((stamp + i) % 1_000_000).padStart(6, '0'),
    accountDate: today,
    amount: i === orders.length - 1 && i > 0 ? o.total + 500 : o.total,
    payerName: i === 0 || !o.buyer_kana ? `${o.order_no.replace('-', '')} ${bankKana(o.buyer_kana ?? '')}`.trim().slice(0, 48) : bankKana(o.buyer_kana).slice(0, 48),
  }));
  records.push({ inquiryNo: String((stamp + records.length) % 1_000_000).padStart(6, '0'), accountDate: today, amount: 3210, payerName: 'ﾀﾞﾚｶ ｼﾗﾅｲﾋﾄ' });
  return writeZenginFile({
    kind: 'transfer',
    account: { bankCode: '0001', bankName: 'ﾃﾞﾓｷﾞﾝｺｳ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ﾃﾞﾓｼﾖｯﾌﾟ' },
    records,
  });
}
