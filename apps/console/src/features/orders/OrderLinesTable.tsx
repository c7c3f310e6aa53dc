import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { AnyOrderLine, isMakerLine } from './api/order';
import { yen } from './format';
import { StatusTag } from './StatusTag';

interface Props {
  /** The staff's lines, or a maker user's (at wholesale, without the shop's prices). */
  lines: AnyOrderLine[];
  /** Ids of the selected lines (of any order); those of these lines show checked. */
  selected?: ReadonlySet<string>;
  /** The selected ids among these lines, after a click; without it the table has no checkboxes. */
  onSelect?: (lines: AnyOrderLine[], selectedIds: string[]) => void;
  showMaker?: boolean;
}

/** An order's lines, with checkboxes to select them for an action. */
export function OrderLinesTable({ lines, selected, onSelect, showMaker = false }: Props) {
  const { t } = useTranslation();
  // A maker user's lines carry no retail price: they show the wholesale price and amount instead.
  const prices = lines.length > 0 && lines.every(isMakerLine)
    ? [
        { title: t('orders.fields.wholesalePrice'), dataIndex: 'wholesalePrice', align: 'right' as const, render: yen },
        {
          title: t('orders.fields.wholesaleSubtotal'),
          key: 'subtotal',
          align: 'right' as const,
          render: (_: unknown, l: AnyOrderLine) => yen(l.wholesalePrice === null ? null : l.wholesalePrice * l.amount),
        },
      ]
    : [
        { title: t('orders.fields.priceWithTax'), dataIndex: 'priceWithTax', align: 'right' as const, render: yen },
        { title: t('orders.fields.taxPercentage'), dataIndex: 'taxPercentage', align: 'right' as const, render: (v: number) => `${v}%` },
        { title: t('orders.fields.subtotal'), key: 'subtotal', align: 'right' as const, render: (_: unknown, l: AnyOrderLine) => ('priceWithTax' in l ? yen(l.priceWithTax * l.amount) : '—') },
      ];
  return (
    <Table<AnyOrderLine>
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
          render: (_: unknown, l: AnyOrderLine) => [l.option1, l.option2].filter(Boolean).join(' / ') || '—',
        },
        { title: t('orders.fields.amount'), dataIndex: 'amount', align: 'right' as const },
        ...prices,
        { title: t('orders.fields.status'), dataIndex: 'status', render: (s: AnyOrderLine['status']) => <StatusTag status={s} /> },
      ]}
    />
  );
}
