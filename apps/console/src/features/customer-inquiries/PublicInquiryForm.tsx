import { Alert, Button, Divider, Form, Grid, Result, Spin, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerForm } from '../../common/use-server-form';
import { formatDate } from '../../i18n';
import { PublicFrame } from '../../layout/PublicFrame';
import { failureMessage } from '../../common/failure-message';
import { sendInquiryForm, useFormOptions, type FormBodies, type FormOptions, type InquiryFormBody, type InquiryFormKind, type InquiryReceipt } from './api/inquiry-forms';
import { ContactFields, Honeypot, type ContactValues } from './ContactFields';

/** Blank or spaces only: sent as null, as the API stores an optional text left empty. */
export const orNull = (text: string | null | undefined): string | null => (text && text.trim() ? text : null);

/** The language the page is shown in, which the acknowledgement mail is written in. */
export type FormLanguage = NonNullable<InquiryFormBody['language']>;

/** What both routes take besides the form's own fields: the contact, the page's language, and the honeypot as it was typed (empty for people). */
export const contactBody = (v: ContactValues, language: FormLanguage) => ({
  company: orNull(v.company),
  position: orNull(v.position),
  name: v.name ?? '',
  phone: orNull(v.phone),
  email: v.email ?? '',
  confirmEmail: v.confirmEmail ?? '',
  shopId: v.shopId ?? null,
  language,
  website: v.website ?? '',
});

interface Props<K extends InquiryFormKind, V extends ContactValues> {
  kind: K;
  /** The form's values as its route takes them (`contactBody` and its own). */
  toBody: (values: V, language: FormLanguage) => FormBodies[K];
  /** The form's own fields, after the contact's. */
  children: (options: FormOptions) => ReactNode;
  /** What the return form starts with (its agreement unchecked, say). */
  initialValues?: Partial<V>;
}

/**
 * A public form of customers (SPEC.md §2; no sign-in, Japanese unless the customer switches): the
 * contact fields, the form's own, the honeypot, sent in the page's language. A 422 puts its messages on
 * the fields, a 429 says to wait; once received, a toast and a thank-you panel with the reference
 * replace the form.
 */
export function PublicInquiryForm<K extends InquiryFormKind, V extends ContactValues>({ kind, toBody, children, initialValues }: Props<K, V>) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<V>();
  const { options, error, isLoading, reload } = useFormOptions();
  const [receipt, setReceipt] = useState<InquiryReceipt | null>(null);
  // The address the acknowledgement goes to, for the thank-you panel.
  const [sentTo, setSentTo] = useState('');

  const submit = (values: V) => {
    setSentTo(values.email ?? '');
    return sendInquiryForm(kind, toBody(values, i18n.language === 'en' ? 'en' : 'ja'));
  };
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(
    form,
    submit,
    {
      message: (sent) => t('customerInquiries.form.sent', { reference: sent.reference }),
      onSaved: (sent) => {
        form.resetFields();
        setReceipt(sent);
      },
    },
    (failure) => (failure.status === 429 ? t('customerInquiries.form.tooMany') : failureMessage(failure)),
  );

  const title = t(`customerInquiries.form.${kind}.title`);
  if (receipt) {
    return (
      <PublicFrame title={title} maxWidth={760}>
        <Receipt kind={kind} receipt={receipt} email={sentTo} onAgain={() => setReceipt(null)} />
      </PublicFrame>
    );
  }
  // A failed first read; one that fails on reading again (a later day) keeps the form and what was typed.
  if (error && !options) {
    return (
      <PublicFrame title={title} maxWidth={760}>
        <Result
          status="warning"
          title={t('customerInquiries.form.loadFailed')}
          subTitle={<span data-testid="inquiry-form-load-failed">{failureMessage(error)}</span>}
          extra={<Button onClick={() => void reload()}>{t('customerInquiries.form.retry')}</Button>}
        />
      </PublicFrame>
    );
  }
  return (
    <PublicFrame title={title} maxWidth={760}>
      {isLoading || !options ? (
        <Spin />
      ) : (
        <Form<V>
          form={form}
          name={`${kind}-form`}
          layout="vertical"
          size="large"
          // The browser's own checks would stop a typed date before the picker's first one, with its own words.
          noValidate
          scrollToFirstError={{ block: 'center' }}
          initialValues={initialValues}
          onFinish={onFinish}
          onValuesChange={onValuesChange}
          data-testid={`${kind}-form`}
        >
          <Typography.Paragraph>{t(`customerInquiries.form.${kind}.lead`)}</Typography.Paragraph>
          <Divider titlePlacement="start">{t('customerInquiries.form.sections.contact')}</Divider>
          <ContactFields options={options} idPrefix={kind} />
          {children(options)}
          <Honeypot idPrefix={kind} />
          {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
          <Button type="primary" htmlType="submit" block loading={saving} id={`${kind}-submit`}>
            {t('customerInquiries.form.submit')}
          </Button>
        </Form>
      )}
    </PublicFrame>
  );
}

/**
 * The thank-you panel: the reference, large and on one line (smaller on a phone), to quote in any later
 * contact, where the acknowledgement went, and then the way to send another.
 */
function Receipt({ kind, receipt, email, onAgain }: { kind: InquiryFormKind; receipt: InquiryReceipt; email: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().sm;
  return (
    <div data-testid="inquiry-receipt">
      <Result status="success" title={t(`customerInquiries.form.${kind}.done`)} subTitle={t(`customerInquiries.form.${kind}.thanks`)} style={narrow ? { padding: '24px 0 8px' } : undefined} />
      <div style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary">{t('customerInquiries.form.thanks.reference')}</Typography.Text>
        <Typography.Title level={narrow ? 3 : 2} copyable={{ text: receipt.reference }} style={{ marginTop: 4, letterSpacing: narrow ? 0 : 1, whiteSpace: 'nowrap' }}>
          <span data-testid="inquiry-reference">{receipt.reference}</span>
        </Typography.Title>
        <Typography.Paragraph>{t('customerInquiries.form.thanks.mail', { email })}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('customerInquiries.form.thanks.receivedAt', { date: formatDate(receipt.receivedAt, true) })}</Typography.Paragraph>
        <Button onClick={onAgain} id="inquiry-again">
          {t(`customerInquiries.form.${kind}.again`)}
        </Button>
      </div>
    </div>
  );
}
