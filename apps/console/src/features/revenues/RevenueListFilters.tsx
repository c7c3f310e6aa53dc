import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/use-current-user';
import { FilterActions } from '../../common/FilterActions';
import { useMakerOptions, useShopOptions } from '../../common/use-options';
import i18n from '../../i18n';
import { usePaymentMethods } from '../orders/api/use-orders';
import { DATE_FORMAT, MONTH_FORMAT } from '../orders/format';
import { REVENUE_KEYWORD_MAX, type RevenueFilters } from './api/revenue';

type FormValues = {
  salesMonth?: Dayjs | null;
  shipDate?: [Dayjs | null, Dayjs | null] | null;
  shopId?: string;
  makerId?: string;
  paymentMethodId?: string;
  keyword?: string;
};

/** A month or date of the URL as the pickers take it; none for one that is not a real month or date (2026-13, 2026-02-31: the API says why). */
const month = (v: string | undefined) => (v && dayjs(`${v}-01`).format(MONTH_FORMAT) === v ? dayjs(`${v}-01`) : null);
const date = (v: string | undefined) => (v && dayjs(v).format(DATE_FORMAT) === v ? dayjs(v) : null);

const toFormValues = (f: RevenueFilters): FormValues => ({
  salesMonth: month(f.salesMonth),
  shipDate: f.shipDateFrom || f.shipDateTo ? [date(f.shipDateFrom), date(f.shipDateTo)] : null,
  shopId: f.shopId,
  makerId: f.makerId,
  paymentMethodId: f.paymentMethodId,
  keyword: f.keyword,
});

const toFilters = (v: FormValues): RevenueFilters => ({
  salesMonth: v.salesMonth?.format(MONTH_FORMAT),
  shipDateFrom: v.shipDate?.[0]?.format(DATE_FORMAT),
  shipDateTo: v.shipDate?.[1]?.format(DATE_FORMAT),
  shopId: v.shopId,
  makerId: v.makerId,
  paymentMethodId: v.paymentMethodId,
  keyword: v.keyword?.trim() || undefined,
});

/** The revenue list's filter form (GET /revenues' query): sales month, ship dates, shop, maker, payment method, keyword. */
export function RevenueListFilters({ filters, onSearch, onReset }: { filters: RevenueFilters; onSearch: (filters: RevenueFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<FormValues>();
  const canReadSettings = !!user?.permissions.includes('settings.read');
  const shops = useShopOptions(canReadSettings);
  const makers = useMakerOptions();
  const payments = usePaymentMethods(canReadSettings);
  const select = (name: 'shopId' | 'makerId' | 'paymentMethodId', options: { value: string; label: string }[]) => (
    <Form.Item name={name} label={t(`revenues.filters.${name}`)}>
      <Select id={`filter-${name}`} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: 160 }} options={options} />
    </Form.Item>
  );
  return (
    <Form form={form} layout="inline" size="small" initialValues={toFormValues(filters)} onFinish={(values) => onSearch(toFilters(values))} style={{ marginBottom: 12, rowGap: 8 }}>
      <Form.Item name="salesMonth" label={t('revenues.filters.salesMonth')}>
        <DatePicker picker="month" id="filter-salesMonth" format={MONTH_FORMAT} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="shipDate" label={t('revenues.filters.shipDate')}>
        <DatePicker.RangePicker id="filter-shipDate" format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: 240 }} />
      </Form.Item>
      {shops.length > 0 && select('shopId', shops.map((s) => ({ value: String(s.id), label: s.name })))}
      {makers.length > 0 && select('makerId', makers.map((m) => ({ value: String(m.id), label: m.name })))}
      {payments.length > 0 && select('paymentMethodId', payments.map((p) => ({ value: String(p.id), label: i18n.language === 'en' ? p.nameEn : p.nameJa })))}
      <Form.Item name="keyword" label={t('revenues.filters.keyword')} tooltip={t('revenues.filters.keywordHelp')}>
        <Input allowClear id="filter-keyword" maxLength={REVENUE_KEYWORD_MAX} style={{ width: 200 }} />
      </Form.Item>
      <FilterActions form={form} onReset={onReset} />
    </Form>
  );
}
