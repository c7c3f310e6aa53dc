import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import type { StatusHistoryEntry } from './api/order';
import { useOrderHistory } from './api/use-orders';
import { statusLabel } from './messages';

/** What became of a mail to the buyer, as the history says it. */
function mailOutcome(t: TFunction, mail: NonNullable<StatusHistoryEntry['mail']>): string {
  if (mail.status === 'sent') return t('mailTemplates.history.sent', { recipient: mail.recipient });
  if (mail.status === 'skipped') return t(`mailTemplates.history.skipped.${mail.skipReason}`);
  return t('mailTemplates.history.failed');
}

/** What a maker does through its confirmation link, without an account: answer, refuse, change its ship date. */
const BY_MAKER_LINK = ['maker_receive', 'maker_refused', 'maker_ship_date_changed'];

/** Every status change of the order's lines and every mail to its buyer, oldest first: from, to, by which command, the note, who, when. */
export function OrderHistoryTable({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { history } = useOrderHistory(orderId);
  return (
    <Table<StatusHistoryEntry>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={history}
      locale={{ emptyText: t('orders.history.empty') }}
      data-testid="status-history"
      columns={[
        { title: t('orders.history.changedAt'), dataIndex: 'changedAt', width: 170, render: (v: string) => formatDate(v, true) },
        { title: t('orders.fields.productName'), dataIndex: 'productName' },
        { title: t('orders.history.from'), dataIndex: 'fromStatus', render: (s: StatusHistoryEntry['fromStatus']) => statusLabel(t, s) },
        { title: t('orders.history.to'), dataIndex: 'toStatus', render: (s: StatusHistoryEntry['toStatus']) => statusLabel(t, s) },
        {
          title: t('orders.history.command'),
          dataIndex: 'command',
          render: (c: string, entry: StatusHistoryEntry) =>
            entry.mail ? <span data-mail-status={entry.mail.status}>{mailOutcome(t, entry.mail)}</span> : t(`orders.history.commands.${c}`, { defaultValue: c }),
        },
        {
          title: t('orders.history.note'),
          dataIndex: 'note',
          // A refusal's reason (free text) or a changed ship date; long text wraps.
          render: (v: string | null) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{v ?? ''}</span>,
        },
        {
          title: t('orders.history.changedBy'),
          dataIndex: 'changedByName',
          // A maker answering through the confirmation link acts without an account; mails are the system's.
          render: (v: string | null, entry: StatusHistoryEntry) =>
            v ?? (BY_MAKER_LINK.includes(entry.command) ? t('orders.history.byMakerLink') : entry.mail ? t('mailTemplates.history.by') : '—'),
        },
      ]}
    />
  );
}
