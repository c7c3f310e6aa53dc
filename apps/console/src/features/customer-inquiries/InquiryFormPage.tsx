import { Divider, Input } from 'antd';
import { CUSTOMER_INQUIRY_LIMITS as L, CUSTOMER_INQUIRY_TYPES, type CustomerInquiryType } from '@oms/domain';
import { useTranslation } from 'react-i18next';
import { Field } from '../../common/Field';
import { chosen, countOf, maxLength, required } from '../../common/field-rules';
import { Choices, type ContactValues } from './ContactFields';
import type { InquiryFormBody } from './api/inquiry-forms';
import { contactBody, orNull, PublicInquiryForm, type FormLanguage } from './PublicInquiryForm';

interface InquiryValues extends ContactValues {
  inquiryType?: CustomerInquiryType;
  title?: string;
  content?: string;
  product?: string;
  orderNo?: string;
}

const toBody = (v: InquiryValues, language: FormLanguage): InquiryFormBody => ({
  ...contactBody(v, language),
  inquiryType: v.inquiryType!,
  title: v.title ?? '',
  content: v.content ?? '',
  product: orNull(v.product),
  orderNo: orNull(v.orderNo),
});

/** `/inquiry-form` (public): a general inquiry, about a product, an order and its delivery, a return, or anything else. */
export function InquiryFormPage() {
  const { t } = useTranslation();
  return (
    <PublicInquiryForm<'inquiry', InquiryValues> kind="inquiry" toBody={toBody}>
      {() => (
        <>
          <Divider titlePlacement="start">{t('customerInquiries.form.sections.inquiry')}</Divider>
          <Field id="inquiry-type" name="inquiryType" label={t('customerInquiries.form.fields.inquiryType')} rules={[chosen()]}>
            <Choices options={CUSTOMER_INQUIRY_TYPES.map((type) => ({ value: type, label: t(`customerInquiries.form.inquiryTypes.${type}`) }))} />
          </Field>
          <Field id="inquiry-title" name="title" label={t('customerInquiries.form.fields.title')} rules={[required(), maxLength(L.titleMax)]}>
            <Input />
          </Field>
          <Field id="inquiry-content" name="content" label={t('customerInquiries.form.fields.content')} rules={[required(), maxLength(L.contentMax)]}>
            <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} count={countOf(L.contentMax)} />
          </Field>
          <Field id="inquiry-product" name="product" label={t('customerInquiries.form.fields.product')} rules={[maxLength(L.productMax)]}>
            <Input />
          </Field>
          <Field id="inquiry-order-no" name="orderNo" label={t('customerInquiries.form.fields.orderNo')} extra={t('customerInquiries.form.help.orderNo')} rules={[maxLength(L.orderNoMax)]}>
            <Input autoComplete="off" />
          </Field>
        </>
      )}
    </PublicInquiryForm>
  );
}
