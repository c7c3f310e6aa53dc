import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/use-current-user';
import { FilterActions } from '../../common/FilterActions';
import { useMakerOptions, useShopOptions } from '../../common/use-options';
import i18n from '../../i18n';
import { useProductQuietly } from '../products/api/use-products';
import { HIDDEN_FROM_MAKER_STATUSES, LINE_STATUSES } from './api/line-status';
import { useCustomerOptions, usePaymentMethods } from './api/use-orders';
import { ORDER_TODOS } from '@oms/domain';
import type { QueryOf } from '../../api/wire';
import { DATE_FORMAT } from './format';
import { preferredPeriodLabel, statusLabel } from './messages';
import { PREFERRED_PERIODS } from './api/preferred-period';

/** The list's single-value filters, in the URL under these names (and sent camel → snake). */
export const ORDER_LIST_FILTERS = [
  'status',
  'orderDateFrom',
  'orderDateTo',
  'makerReceiveDateFrom',
  'makerReceiveDateTo',
  'shipDateFrom',
  'shipDateTo',
  'shopId',
  'makerId',
  'customerId',
  'productId',
  'paymentMethodId',
  'deliveryInfo',
  'preferredPeriod',
  'hasErrors',
  'todo',
  'keyword',
  'sort',
] as const satisfies readonly (keyof QueryOf<'/orders', 'get'>)[];

/** What waits on staff (the dashboard's links): `GET /orders?todo=`. */
const TODOS = ORDER_TODOS;

export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
type Filters = Partial<Record<OrderListFilter, string>>;

/** The three date ranges, each one picker for two URL params. */
const RANGES = ['orderDate', 'makerReceiveDate', 'shipDate'] as const;
/** The filters behind "more filters": the list keeps the others on one line, so more orders fit the screen. */
const SECONDARY: readonly string[] = ['makerReceiveDate', 'shipDate', 'shopId', 'makerId', 'customerId', 'paymentMethodId', 'deliveryInfo', 'preferredPeriod', 'hasErrors', 'todo'];
type RangeValue = [Dayjs | null, Dayjs | null] | null | undefined;
type FormValues = Record<string, string | RangeValue | undefined>;

function toFormValues(filters: Filters): FormValues {
  const values: FormValues = { ...filters };
  for (const range of RANGES) {
    const from = filters[`${range}From`];
    const to = filters[`${range}To`];
    values[range] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
    delete values[`${range}From`];
    delete values[`${range}To`];
  }
  return values;
}

function toFilters(values: FormValues): Filters {
  const filters: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    if ((RANGES as readonly string[]).includes(key)) {
      const [from, to] = (value as RangeValue) ?? [];
      filters[`${key}From`] = from?.format(DATE_FORMAT);
      filters[`${key}To`] = to?.format(DATE_FORMAT);
    } else if (value !== undefined && value !== null && value !== '') filters[key] = String(value);
  }
  return filters;
}

/** The product the list is filtered by (opened from the product's page), by code and name once read. */
function ProductFilterTag({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { product } = useProductQuietly(productId);
  return (
    <Tag closable onClose={onClose} data-testid="filter-product">
      {product ? `${product.productCode} ${product.productName}` : `#${productId}`}
    </Tag>
  );
}

interface Props {
  filters: Filters;
  /** New filters from the form (page back to 1 is the caller's). */
  onSearch: (filters: Filters) => void;
  onReset: () => void;
}

/** The order list's filter form (docs/orders-api.md "GET /orders" query). */
export function OrderListFilters({ filters, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<FormValues>();
  const permissions = user?.permissions ?? [];
  const canReadSettings = permissions.includes('settings.read');
  const shops = useShopOptions(canReadSettings);
  const makers = useMakerOptions();
  const customers = useCustomerOptions(permissions.includes('customers.read'));
  const payments = usePaymentMethods(canReadSettings);
  // A maker user filters its own lines: never unpaid or paid, no order errors (the staff's), no buyer to search for.
  const maker = user?.role === 'maker';
  const sort = filters.sort;
  const initialValues = toFormValues(filters);
  // Open when one of them is in use, so a filter never applies out of sight.
  const [more, setMore] = useState(() => SECONDARY.some((name) => initialValues[name] !== undefined));
  // Hidden, not unmounted: a hidden filter keeps its value in the search.
  const hidden = (name: string) => !more && SECONDARY.includes(name);

  const select = (name: OrderListFilter, options: { value: string; label: string }[], width = 160, label = t(`orders.filters.${name}`)) => (
    <Form.Item name={name} label={label} hidden={hidden(name)}>
      <Select id={`filter-${name}`} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: width }} options={options} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="inline"
      size="small"
      initialValues={initialValues}
      onFinish={(values) => onSearch({ ...toFilters(values), sort })}
      style={{ marginBottom: 8, rowGap: 8 }}
    >
      <Form.Item name="keyword" label={t('orders.filters.keyword')} tooltip={t(maker ? 'orders.filters.keywordHelpMaker' : 'orders.filters.keywordHelp')}>
        <Input allowClear id="filter-keyword" style={{ width: 200 }} />
      </Form.Item>
      {select(
        'status',
        LINE_STATUSES.filter((s) => !maker || !(HIDDEN_FROM_MAKER_STATUSES as readonly number[]).includes(s)).map((s) => ({ value: String(s), label: statusLabel(t, s) })),
        140,
      )}
      {RANGES.map((range) => (
        <Form.Item key={range} name={range} label={t(`orders.filters.${range}`)} hidden={hidden(range)}>
          <DatePicker.RangePicker id={`filter-${range}`} format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
      ))}
      {shops.length > 0 && select('shopId', shops.map((s) => ({ value: String(s.id), label: s.name })))}
      {makers.length > 1 && select('makerId', makers.map((m) => ({ value: String(m.id), label: m.name })))}
      {customers.length > 0 && select('customerId', customers.map((c) => ({ value: String(c.id), label: c.name })), 200)}
      {/* No picker (a catalogue is too long for one): the product's page links here with it, and the tag clears it. */}
      <Form.Item name="productId" hidden>
        <Input />
      </Form.Item>
      {filters.productId && (
        <Form.Item label={t('orders.filters.productId')}>
          <ProductFilterTag
            productId={filters.productId}
            onClose={() => {
              form.setFieldValue('productId', undefined);
              form.submit();
            }}
          />
        </Form.Item>
      )}
      {payments.length > 0 &&
        select(
          'paymentMethodId',
          payments.map((p) => ({ value: String(p.id), label: i18n.language === 'en' ? p.nameEn : p.nameJa })),
        )}
      {select(
        'deliveryInfo',
        ['0', '1'].map((v) => ({ value: v, label: t(`orders.filters.deliveryInfoValues.${v}`) })),
        120,
      )}
      {select(
        'preferredPeriod',
        PREFERRED_PERIODS.map((p) => ({ value: String(p), label: preferredPeriodLabel(t, p) })),
        140,
      )}
      {!maker &&
        select(
          'hasErrors',
          ['0', '1'].map((v) => ({ value: v, label: t(`orders.filters.hasErrorsValues.${v}`) })),
          120,
        )}
      {select(
        'todo',
        TODOS.map((v) => ({ value: v, label: t(`todayWork.counts.${v}`) })),
        220,
        t('todayWork.todo'),
      )}
      <FilterActions form={form} onReset={onReset} />
      <Button type="link" id="filter-more" icon={more ? <UpOutlined /> : <DownOutlined />} iconPlacement="end" onClick={() => setMore(!more)}>
        {t(more ? 'orders.filters.fewer' : 'orders.filters.more')}
      </Button>
    </Form>
  );
}
