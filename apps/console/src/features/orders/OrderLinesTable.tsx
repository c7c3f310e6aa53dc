import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from './api/order';
import { yen } from './format';
import { StatusTag } from './StatusTag';

interface Props {
  lines: OrderLine[];
  /** Ids of the selected lines (of any order); those of these lines show checked. */
  selected?: ReadonlySet<string>;
  /** The selected ids among these lines, after a click; without it the table has no checkboxes. */
  onSelect?: (lines: OrderLine[], selectedIds: string[]) => void;
  showMaker?: boolean;
}

/** An order's lines, with checkboxes to select them for an action. */
export function OrderLinesTable({ lines, selected, onSelect, showMaker = false }: Props) {
  const { t } = useTranslation();
  return (
    <Table<OrderLine>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={lines}
      rowClassName={() => 'order-line'}
      rowSelection={
        onSelect
          ? {
              selectedRowKeys: lines.filter((l) => selected?.has(l.id)).map((l) => l.id),
              onChange: (keys) => onSelect(lines, keys.map(String)),
              getCheckboxProps: (line) => ({ id: `line-check-${line.id}` }),
            }
          : undefined
      }
      columns={[
        { title: t('orders.fields.productCode'), dataIndex: 'productCode', width: 120, render: (v: string | null) => v ?? '—' },
        { title: t('orders.fields.productName'), dataIndex: 'productName' },
        ...(showMaker ? [{ title: t('orders.fields.maker'), dataIndex: 'makerName' }] : []),
        {
          title: t('orders.fields.options'),
          key: 'options',
          render: (_: unknown, l: OrderLine) => [l.option1, l.option2].filter(Boolean).join(' / ') || '—',
        },
        { title: t('orders.fields.amount'), dataIndex: 'amount', align: 'right' as const },
        { title: t('orders.fields.priceWithTax'), dataIndex: 'priceWithTax', align: 'right' as const, render: yen },
        { title: t('orders.fields.taxPercentage'), dataIndex: 'taxPercentage', align: 'right' as const, render: (v: number) => `${v}%` },
        { title: t('orders.fields.subtotal'), key: 'subtotal', align: 'right' as const, render: (_: unknown, l: OrderLine) => yen(l.priceWithTax * l.amount) },
        { title: t('orders.fields.status'), dataIndex: 'status', render: (s: OrderLine['status']) => <StatusTag status={s} /> },
      ]}
    />
  );
}
