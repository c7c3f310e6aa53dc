import { Alert, Checkbox, Col, Divider, Form, Input, Row, type FormRule } from 'antd';
import {
  addDays,
  BANK_ACCOUNT_TYPES,
  CUSTOMER_INQUIRY_LIMITS as L,
  halfWidthNumber,
  japanToday,
  parseDate,
  RETURN_METHOD,
  RETURN_METHODS,
  RETURN_REQUEST,
  RETURN_REQUESTS,
  returnWindowIssues,
  type DateText,
  type FieldIssue,
} from '@oms/domain';
import { useTranslation } from 'react-i18next';
import { Field } from '../../common/Field';
import { accountHolderKana, chosen, countOf, dateText, maxLength, postcode, required } from '../../common/field-rules';
import { errorMessage, formatDate } from '../../i18n';
import type { FormOptions, ReturnFormBody } from './api/inquiry-forms';
import { Choices, HALF, type ContactValues } from './ContactFields';
import { contactBody, orNull, PublicInquiryForm, type FormLanguage } from './PublicInquiryForm';

interface ReturnValues extends ContactValues {
  orderNo?: string;
  product?: string;
  purchaseDate?: string;
  deliveryDate?: string;
  returnRequest?: ReturnFormBody['returnRequest'];
  returnMethod?: ReturnFormBody['returnMethod'];
  content?: string;
  desiredDates?: string;
  pickupDate?: string;
  pickupSlot?: NonNullable<ReturnFormBody['pickupSlot']>;
  returnZip?: string;
  returnAddress?: string;
  bankName?: string;
  bankBranch?: string;
  bankAccountType?: NonNullable<ReturnFormBody['bankAccountType']>;
  bankAccountNumber?: string;
  bankAccountHolder?: string;
  agreement?: boolean;
}

/** A pickup's date and slot go with a pickup only, the bank account with a return (a refund) only. */
function toBody(v: ReturnValues, language: FormLanguage): ReturnFormBody {
  const pickup = v.returnMethod === RETURN_METHOD.pickup;
  const refund = v.returnRequest === RETURN_REQUEST.return;
  return {
    ...contactBody(v, language),
    orderNo: v.orderNo ?? '',
    product: orNull(v.product),
    purchaseDate: orNull(v.purchaseDate),
    deliveryDate: v.deliveryDate ?? '',
    returnRequest: v.returnRequest!,
    returnMethod: v.returnMethod!,
    content: v.content ?? '',
    desiredDates: orNull(v.desiredDates),
    pickupDate: pickup ? orNull(v.pickupDate) : null,
    pickupSlot: pickup ? (v.pickupSlot ?? null) : null,
    returnZip: v.returnZip ?? '',
    returnAddress: v.returnAddress ?? '',
    bankName: refund ? orNull(v.bankName) : null,
    bankBranch: refund ? orNull(v.bankBranch) : null,
    bankAccountType: refund ? (v.bankAccountType ?? null) : null,
    bankAccountNumber: refund && v.bankAccountNumber ? halfWidthNumber(v.bankAccountNumber.trim()) : null,
    bankAccountHolder: refund ? orNull(v.bankAccountHolder) : null,
    agreement: v.agreement === true,
  };
}

/** A date field's own rule from the domain's (the API's) rules: the first issue, in the API's words. A date not typed in full is left to `dateText`. */
const dateIssues =
  (issuesOf: (date: DateText, valueOf: (name: string) => unknown) => FieldIssue[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const date = typeof value === 'string' ? parseDate(value) : null;
      const [issue] = date ? issuesOf(date, getFieldValue) : [];
      if (issue) throw new Error(errorMessage(issue.errorCode, issue.params));
    },
  });

/** Arrived after the purchase, not after today, and at most 7 days ago (NAL-INQ-004). */
const deliveryRule = dateIssues((date, valueOf) => {
  const purchase = parseDate(String(valueOf('purchaseDate') ?? ''));
  if (purchase && date < purchase) return [{ field: 'delivery_date', errorCode: 'date_after', params: { other: 'purchase_date' } }];
  return returnWindowIssues(date, japanToday());
});

/**
 * From the first date the API takes today (form-options: 4 business days ahead, which needs the shop's
 * calendar) to 60 days ahead; a date typed before the picker's first one gets the API's NAL-INQ-005.
 */
const pickupRule = (earliest: DateText) =>
  dateIssues((date) => {
    if (date < earliest) return [{ field: 'pickup_date', errorCode: 'NAL-INQ-005', params: { min: earliest, days: L.pickupLeadBusinessDays } }];
    const latest = addDays(japanToday(), L.pickupHorizonDays);
    return date > latest ? [{ field: 'pickup_date', errorCode: 'NAL-INQ-006', params: { max: latest } }] : [];
  });

/** Seven digits; full-width ones, as a Japanese input method types them, count (they are sent half-width). */
const accountNumber = (): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || !value.trim()) return;
    if (!new RegExp(`^\\d{${L.accountNumberDigits}}$`).test(halfWidthNumber(value.trim()))) throw new Error(errorMessage('digits'));
  },
});

/**
 * A date: the phone's or browser's own picker, which greys out the days before `min` but, unlike a
 * picker that refuses them, keeps a date typed there, so the rule beside it can say why. Its Field gives the id.
 */
function DateInput(props: { id?: string; min?: string; max?: string }) {
  return <Input type="date" {...props} style={{ maxWidth: 240 }} />;
}

/** The return/exchange form's own fields (SPEC.md §2 "return form for care shoes", §5, §9). */
function ReturnFields({ options }: { options: FormOptions }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ReturnValues>();
  const pickup = Form.useWatch('returnMethod', form) === RETURN_METHOD.pickup;
  const refund = Form.useWatch('returnRequest', form) === RETURN_REQUEST.return;
  const today = japanToday();
  const label = (name: string) => t(`customerInquiries.form.fields.${name}`);
  return (
    <>
      <Divider titlePlacement="start">{t('customerInquiries.form.sections.order')}</Divider>
      <Row gutter={16}>
        <Col {...HALF}>
          <Field id="return-order-no" name="orderNo" label={label('orderNo')} extra={t('customerInquiries.form.help.orderNo')} rules={[required(), maxLength(L.orderNoMax)]}>
            <Input autoComplete="off" />
          </Field>
        </Col>
        <Col {...HALF}>
          <Field id="return-product" name="product" label={label('product')} rules={[maxLength(L.productMax)]}>
            <Input />
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col {...HALF}>
          <Field id="return-purchase-date" name="purchaseDate" label={label('purchaseDate')} rules={[dateText()]}>
            <DateInput max={today} />
          </Field>
        </Col>
        <Col {...HALF}>
          <Field
            id="return-delivery-date"
            name="deliveryDate"
            label={label('deliveryDate')}
            extra={t('customerInquiries.form.help.deliveryDate', { days: L.returnWindowDays })}
            dependencies={['purchaseDate']}
            validateFirst
            rules={[required(), dateText(), deliveryRule]}
          >
            <DateInput max={today} />
          </Field>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('customerInquiries.form.sections.request')}</Divider>
      <Row gutter={16}>
        <Col {...HALF}>
          <Field id="return-request" name="returnRequest" label={label('returnRequest')} rules={[chosen()]}>
            <Choices options={RETURN_REQUESTS.map((r) => ({ value: r, label: t(`customerInquiries.form.returnRequests.${r}`) }))} />
          </Field>
        </Col>
        <Col {...HALF}>
          <Field id="return-method" name="returnMethod" label={label('returnMethod')} rules={[chosen()]}>
            <Choices options={RETURN_METHODS.map((m) => ({ value: m, label: t(`customerInquiries.form.returnMethods.${m}`) }))} />
          </Field>
        </Col>
      </Row>
      <Field id="return-content" name="content" label={label('reason')} rules={[required(), maxLength(L.contentMax)]}>
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} count={countOf(L.contentMax)} />
      </Field>
      <Field id="return-desired-dates" name="desiredDates" label={label('desiredDates')} extra={t('customerInquiries.form.help.desiredDates')} rules={[maxLength(L.desiredDatesMax)]}>
        <Input />
      </Field>
      {pickup && (
        <div data-testid="return-pickup">
          <Field
            id="return-pickup-date"
            name="pickupDate"
            label={label('pickupDate')}
            extra={t('customerInquiries.form.help.pickupDate', { date: formatDate(options.earliestPickupDate), days: L.pickupLeadBusinessDays })}
            validateFirst
            rules={[required(), dateText(), pickupRule(options.earliestPickupDate)]}
          >
            <DateInput min={options.earliestPickupDate} max={addDays(today, L.pickupHorizonDays)} />
          </Field>
          <Field id="return-pickup-slot" name="pickupSlot" label={label('pickupSlot')} rules={[chosen()]}>
            <Choices options={options.pickupSlots} />
          </Field>
        </div>
      )}

      <Divider titlePlacement="start">{t('customerInquiries.form.sections.address')}</Divider>
      <Field id="return-zip" name="returnZip" label={label('returnZip')} rules={[required(), maxLength(L.zipMax), postcode()]}>
        <Input inputMode="numeric" autoComplete="postal-code" style={{ maxWidth: 240 }} />
      </Field>
      <Field id="return-address" name="returnAddress" label={label('returnAddress')} rules={[required(), maxLength(L.addressMax)]}>
        <Input autoComplete="street-address" />
      </Field>

      {refund && (
        <div data-testid="return-refund">
          <Divider titlePlacement="start">{t('customerInquiries.form.sections.refund')}</Divider>
          <Row gutter={16}>
            <Col {...HALF}>
              <Field id="return-bank-name" name="bankName" label={label('bankName')} rules={[required(), maxLength(L.bankNameMax)]}>
                <Input />
              </Field>
            </Col>
            <Col {...HALF}>
              <Field id="return-bank-branch" name="bankBranch" label={label('bankBranch')} rules={[required(), maxLength(L.branchNameMax)]}>
                <Input />
              </Field>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col {...HALF}>
              <Field id="return-bank-account-type" name="bankAccountType" label={label('bankAccountType')} rules={[chosen()]}>
                <Choices options={BANK_ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`customerInquiries.form.accountTypes.${a}`) }))} />
              </Field>
            </Col>
            <Col {...HALF}>
              <Field id="return-bank-account-number" name="bankAccountNumber" label={label('bankAccountNumber')} extra={t('customerInquiries.form.help.bankAccountNumber', { digits: L.accountNumberDigits })} rules={[required(), accountNumber()]}>
                <Input inputMode="numeric" autoComplete="off" style={{ maxWidth: 240 }} />
              </Field>
            </Col>
          </Row>
          <Field id="return-bank-account-holder" name="bankAccountHolder" label={label('bankAccountHolder')} extra={t('customerInquiries.form.help.bankAccountHolder')} rules={[required(), maxLength(L.accountHolderMax), accountHolderKana()]}>
            <Input autoComplete="off" />
          </Field>
        </div>
      )}

      <Divider titlePlacement="start">{t('customerInquiries.form.sections.conditions')}</Divider>
      <Alert
        type="info"
        style={{ marginBottom: 16 }}
        data-testid="return-conditions"
        title={t('customerInquiries.form.conditions.title')}
        description={
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            <li>{t('customerInquiries.form.conditions.window', { days: L.returnWindowDays })}</li>
            <li>{t('customerInquiries.form.conditions.pickup', { days: L.pickupLeadBusinessDays })}</li>
          </ul>
        }
      />
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[{ validator: async (_rule, value: unknown) => (value === true ? undefined : Promise.reject(new Error(t('customerInquiries.form.agreementRequired')))) }]}
      >
        <Checkbox id="return-agreement" style={{ padding: '6px 0' }}>
          {t('customerInquiries.form.fields.agreement')}
        </Checkbox>
      </Form.Item>
    </>
  );
}

/** `/return-form` (public): a return or exchange request for an order bought with the given e-mail or phone. */
export function ReturnFormPage() {
  return (
    <PublicInquiryForm<'return', ReturnValues> kind="return" toBody={toBody} initialValues={{ agreement: false }}>
      {(options) => <ReturnFields options={options} />}
    </PublicInquiryForm>
  );
}
