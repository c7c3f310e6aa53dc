import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/use-current-user';
import { Field } from '../../common/Field';
import { FilterActions } from '../../common/FilterActions';
import { useShopOptions } from '../../common/use-options';
import { DATE_FORMAT } from '../orders/format';
import {
  CUSTOMER_INQUIRY_KINDS,
  CUSTOMER_INQUIRY_LIMITS,
  CUSTOMER_INQUIRY_METHODS,
  CUSTOMER_INQUIRY_STATES,
  type CustomerInquiryFilters,
} from './api/customer-inquiry';
import { usePersonInChargeOptions } from './InquiryParts';

/** The filters the form edits (the order is the sort switch's, beside the table). */
export type InquiryFilterValues = Omit<CustomerInquiryFilters, 'sort'>;

type FormValues = Omit<InquiryFilterValues, 'from' | 'to' | 'overdue'> & {
  received?: [Dayjs | null, Dayjs | null] | null;
  overdue?: boolean;
};

/** A date of the URL as the picker takes it; none for one that is not a real date (the API says why). */
const date = (v: string | undefined) => (v && dayjs(v).format(DATE_FORMAT) === v ? dayjs(v) : null);

const toFormValues = ({ from, to, overdue, ...rest }: InquiryFilterValues): FormValues => ({
  ...rest,
  received: from || to ? [date(from), date(to)] : null,
  overdue: overdue === '1',
});

const toFilters = ({ received, overdue, keyword, ...rest }: FormValues): InquiryFilterValues => ({
  ...rest,
  from: received?.[0]?.format(DATE_FORMAT),
  to: received?.[1]?.format(DATE_FORMAT),
  overdue: overdue ? '1' : undefined,
  keyword: keyword?.trim() || undefined,
});

/** The list's filter form (GET /customer-inquiries' query): state, method, kind, shop, person in charge, received dates, keyword, overdue only. */
export function CustomerInquiryFilterForm({ filters, onSearch, onReset }: { filters: InquiryFilterValues; onSearch: (f: InquiryFilterValues) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<FormValues>();
  const shops = useShopOptions(!!user?.permissions.includes('settings.read'));
  const people = usePersonInChargeOptions();
  const select = (name: keyof FormValues, options: { value: string; label: string }[]) => (
    <Field id={`filter-${name}`} name={name} label={t(`customerInquiries.filters.${name}`)}>
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: 140 }} options={options} />
    </Field>
  );
  return (
    <Form form={form} layout="inline" size="small" initialValues={toFormValues(filters)} onFinish={(values) => onSearch(toFilters(values))} style={{ marginBottom: 12, rowGap: 8 }}>
      {select('state', CUSTOMER_INQUIRY_STATES.map((s) => ({ value: String(s), label: t(`customerInquiries.state.${s}`) })))}
      {select('method', CUSTOMER_INQUIRY_METHODS.map((m) => ({ value: String(m), label: t(`customerInquiries.method.${m}`) })))}
      {select('kind', CUSTOMER_INQUIRY_KINDS.map((k) => ({ value: k, label: t(`customerInquiries.kind.${k}`) })))}
      {shops.length > 0 && select('shopId', shops.map((s) => ({ value: String(s.id), label: s.name })))}
      {select('personInChargeId', people.map((p) => ({ value: String(p.value), label: p.label })))}
      <Field id="filter-received" name="received" label={t('customerInquiries.filters.received')}>
        <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} style={{ width: 240 }} />
      </Field>
      <Field id="filter-keyword" name="keyword" label={t('customerInquiries.filters.keyword')} tooltip={t('customerInquiries.filters.keywordHelp')}>
        <Input allowClear maxLength={CUSTOMER_INQUIRY_LIMITS.keywordMax} style={{ width: 200 }} />
      </Field>
      <Form.Item name="overdue" valuePropName="checked">
        <Checkbox id="filter-overdue">{t('customerInquiries.filters.overdue')}</Checkbox>
      </Form.Item>
      <FilterActions form={form} onReset={onReset} />
    </Form>
  );
}
