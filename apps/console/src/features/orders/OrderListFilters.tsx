import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/use-current-user';
import { FilterActions } from '../../common/FilterActions';
import { useMakerOptions, useShopOptions } from '../../common/use-options';
import i18n from '../../i18n';
import { HIDDEN_FROM_MAKER_STATUSES, LINE_STATUSES } from './api/line-status';
import { useCustomerOptions, usePaymentMethods } from './api/use-orders';
import { DATE_FORMAT } from './format';
import { statusLabel } from './messages';

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
  'paymentMethodId',
  'deliveryInfo',
  'hasErrors',
  'keyword',
  'sort',
] as const;

export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
type Filters = Partial<Record<OrderListFilter, string>>;

/** The three date ranges, each one picker for two URL params. */
const RANGES = ['orderDate', 'makerReceiveDate', 'shipDate'] as const;
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

  const select = (name: OrderListFilter, options: { value: string; label: string }[], width = 160) => (
    <Form.Item name={name} label={t(`orders.filters.${name}`)}>
      <Select id={`filter-${name}`} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: width }} options={options} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={toFormValues(filters)}
      onFinish={(values) => onSearch({ ...toFilters(values), sort })}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {select(
        'status',
        LINE_STATUSES.filter((s) => !maker || !(HIDDEN_FROM_MAKER_STATUSES as readonly number[]).includes(s)).map((s) => ({ value: String(s), label: statusLabel(t, s) })),
        140,
      )}
      {RANGES.map((range) => (
        <Form.Item key={range} name={range} label={t(`orders.filters.${range}`)}>
          <DatePicker.RangePicker id={`filter-${range}`} format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: 260 }} />
        </Form.Item>
      ))}
      {shops.length > 0 && select('shopId', shops.map((s) => ({ value: String(s.id), label: s.name })))}
      {makers.length > 1 && select('makerId', makers.map((m) => ({ value: String(m.id), label: m.name })))}
      {customers.length > 0 && select('customerId', customers.map((c) => ({ value: String(c.id), label: c.name })), 200)}
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
      {!maker &&
        select(
          'hasErrors',
          ['0', '1'].map((v) => ({ value: v, label: t(`orders.filters.hasErrorsValues.${v}`) })),
          120,
        )}
      <Form.Item name="keyword" label={t('orders.filters.keyword')} tooltip={t(maker ? 'orders.filters.keywordHelpMaker' : 'orders.filters.keywordHelp')}>
        <Input allowClear id="filter-keyword" style={{ width: 200 }} />
      </Form.Item>
      <FilterActions form={form} onReset={onReset} />
    </Form>
  );
}
