import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { yen } from '../orders/format';
import type { MakerConfirmationLine } from './api';

/** A line's amount at the wholesale price; unknown while the price is. */
const lineAmount = (l: MakerConfirmationLine) => (l.wholesalePrice === null ? null : l.wholesalePrice * l.amount);

/** The maker's lines at wholesale prices, with their total. */
export function ConfirmLinesTable({ lines }: { lines: MakerConfirmationLine[] }) {
  const { t } = useTranslation();
  const total = lines.reduce((sum, l) => sum + (lineAmount(l) ?? 0), 0);
  return (
    <Table<MakerConfirmationLine>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={lines}
      title={() => <strong>{t('makerConfirm.lines.title')}</strong>}
      data-testid="confirm-lines"
      onRow={(line) => ({ 'data-testid': `confirm-line-${line.id}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('makerConfirm.lines.productName'), dataIndex: 'productName' },
        {
          title: t('makerConfirm.lines.options'),
          key: 'options',
          render: (_: unknown, l: MakerConfirmationLine) => [l.option1, l.option2].filter(Boolean).join(' / ') || '—',
        },
        { title: t('makerConfirm.lines.amount'), dataIndex: 'amount', align: 'right' },
        { title: t('makerConfirm.lines.wholesalePrice'), dataIndex: 'wholesalePrice', align: 'right', render: yen },
        { title: t('makerConfirm.lines.lineAmount'), key: 'lineAmount', align: 'right', render: (_: unknown, l: MakerConfirmationLine) => yen(lineAmount(l)) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={4} align="right">
            <strong>{t('makerConfirm.lines.total')}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <strong data-testid="confirm-total">{yen(total)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
