import { Col, Form, Input, Radio, Row, Select, type RadioGroupProps } from 'antd';
import { CUSTOMER_INQUIRY_LIMITS as L } from '@oms/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, labelIdOf } from '../../common/Field';
import { email, maxLength, phoneNumber, printable, required, sameAs } from '../../common/field-rules';
import type { FormOptions } from './api/inquiry-forms';

/** Who writes, as both forms ask it (SPEC.md §3 "Contact"). */
export interface ContactValues {
  company?: string;
  position?: string;
  name?: string;
  phone?: string;
  email?: string;
  confirmEmail?: string;
  shopId?: number;
  /** The honeypot: empty unless a bot filled it. */
  website?: string;
}

/** One column on a phone, two side by side from antd's `sm` (576 px) up. */
export const HALF = { xs: 24, sm: 12 } as const;

/**
 * Radio choices, one per line: each label is a wide target for a thumb. Inside a Field, which gives it
 * `id` (each choice's is `id-value`) and whose label names the group; Form.Item gives `value` and `onChange`.
 */
export function Choices({ id, options, ...control }: Omit<RadioGroupProps, 'options' | 'id'> & { id?: string; options: { value: number; label: string }[] }) {
  return (
    <Radio.Group {...control} id={id} vertical aria-labelledby={id && labelIdOf(id)}>
      {options.map((o) => (
        <Radio key={o.value} value={o.value} id={`${id}-${o.value}`} style={{ padding: '6px 0' }}>
          {o.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/**
 * The contact part of both forms: company, position, name, phone, the e-mail twice (the second checked
 * against the first as the customer types, as the API's `email_not_match`), and the shop.
 */
export function ContactFields({ options, idPrefix }: { options: FormOptions; idPrefix: string }) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Row gutter={16}>
        <Col {...HALF}>
          <Field id={id('company')} name="company" label={t('customerInquiries.form.fields.company')} rules={[maxLength(L.companyMax), printable()]}>
            <Input autoComplete="organization" />
          </Field>
        </Col>
        <Col {...HALF}>
          <Field id={id('position')} name="position" label={t('customerInquiries.form.fields.position')} rules={[maxLength(L.positionMax), printable()]}>
            <Input autoComplete="organization-title" />
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col {...HALF}>
          <Field id={id('name')} name="name" label={t('customerInquiries.form.fields.name')} rules={[required(), maxLength(L.nameMax), printable()]}>
            <Input autoComplete="name" />
          </Field>
        </Col>
        <Col {...HALF}>
          <Field id={id('phone')} name="phone" label={t('customerInquiries.form.fields.phone')} rules={[maxLength(L.phoneMax), phoneNumber()]}>
            <Input type="tel" inputMode="tel" autoComplete="tel" />
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col {...HALF}>
          <Field id={id('email')} name="email" label={t('customerInquiries.form.fields.email')} rules={[required(), email(), maxLength(L.emailMax)]}>
            <Input type="email" inputMode="email" autoComplete="email" />
          </Field>
        </Col>
        <Col {...HALF}>
          <Field
            id={id('confirm-email')}
            name="confirmEmail"
            label={t('customerInquiries.form.fields.confirmEmail')}
            dependencies={['email']}
            rules={[required(), maxLength(L.emailMax), sameAs('email', 'email_not_match')]}
          >
            <Input type="email" inputMode="email" autoComplete="email" />
          </Field>
        </Col>
      </Row>
      <Field id={id('shop')} name="shopId" label={t('customerInquiries.form.fields.shop')}>
        <Select allowClear placeholder={t('customerInquiries.form.shopPlaceholder')} options={options.shops.map((s) => ({ value: s.id, label: s.name }))} />
      </Field>
    </>
  );
}

/** Off the screen but not `display: none`: people never see or reach it, bots that fill every input do. */
const OFF_SCREEN: CSSProperties = { position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' };

/**
 * The honeypot (`website`): hidden from people, from screen readers and from the tab order, with no
 * autofill; the API answers a request that fills it as a success and keeps nothing.
 */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div aria-hidden="true" style={OFF_SCREEN} data-testid="honeypot">
      <label htmlFor={`${idPrefix}-website`}>Website</label>
      <Form.Item name="website" noStyle>
        <Input id={`${idPrefix}-website`} tabIndex={-1} autoComplete="off" />
      </Form.Item>
    </div>
  );
}
