import { ArrowLeftOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { Field } from '../../common/Field';
import { chosen, countOf, maxLength } from '../../common/field-rules';
import { clearServerErrors } from '../../common/form-errors';
import { StaleAlert, useVersionedSave } from '../../common/versioned-save';
import { formatDate } from '../../i18n';
import { CustomerThread } from '../conversations/CustomerThread';
import type { LineStatus } from '../orders/api/line-status';
import { orderNumber } from '../orders/api/order';
import { yen } from '../orders/format';
import { StatusTag } from '../orders/StatusTag';
import {
  CUSTOMER_INQUIRIES_SCREEN,
  CUSTOMER_INQUIRY_LIMITS,
  CUSTOMER_INQUIRY_STATES,
  CustomerInquiryDetail,
  CustomerInquiryUpdate,
  customerInquiryScreen,
  PICKUP_SLOTS,
} from './api/customer-inquiry';
import { useCustomerInquiry, useCustomerInquiryChanges } from './api/use-customer-inquiries';
import { InquiryStateTag, PersonInChargeSelect, ReplyDue } from './InquiryParts';

/** The code of a save made on an inquiry someone else saved since it was read: the page offers a reload. */
const STALE = 'NAL-INQ-001';

type HandlingValues = Pick<CustomerInquiryUpdate, 'personInChargeId' | 'csMemo' | 'state'>;

const handlingOf = (i: CustomerInquiryDetail): HandlingValues => ({ personInChargeId: i.personInCharge?.id ?? null, csMemo: i.csMemo ?? '', state: i.state });

/** A value or a dash. */
const shown = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);

/** Who wrote and how to answer them, what about, and (a return form) the return or exchange asked for. */
function InquiryDetails({ inquiry }: { inquiry: CustomerInquiryDetail }) {
  const { t } = useTranslation();
  const r = inquiry.returnRequest;
  return (
    <>
      <Descriptions title={t('customerInquiries.sections.contact')} size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }} data-testid="customer-inquiry-contact">
        <Descriptions.Item label={t('customerInquiries.fields.name')}>{inquiry.name}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.customer')}>
          {inquiry.customer ? (
            <Link to={`/customers/${inquiry.customer.id}`} id="customer-inquiry-customer-link">
              {inquiry.customer.name ?? `#${inquiry.customer.id}`}
            </Link>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.company')}>{shown(inquiry.company)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.position')}>{shown(inquiry.position)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.phone')}>{shown(inquiry.phone)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.email')}>{inquiry.email ? <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a> : '—'}</Descriptions.Item>
      </Descriptions>
      <Descriptions title={t('customerInquiries.sections.subject')} size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }} data-testid="customer-inquiry-subject">
        <Descriptions.Item label={t('customerInquiries.fields.method')}>{t(`customerInquiries.method.${inquiry.method}`)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.inquiryType')}>{t(`customerInquiries.inquiryType.${inquiry.inquiryType}`)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.shop')}>{shown(inquiry.shop?.name)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.orderNo')}>
          {inquiry.order ? (
            <Link to={`/orders/${inquiry.order.id}`} id="customer-inquiry-order-link">
              {inquiry.orderNo ?? `#${inquiry.order.id}`}
            </Link>
          ) : (
            shown(inquiry.orderNo)
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.product')}>{shown(inquiry.product)}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.createdBy')}>{inquiry.createdByName ?? t('customerInquiries.byForm')}</Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.title')} span="filled">
          {inquiry.title}
        </Descriptions.Item>
        <Descriptions.Item label={t('customerInquiries.fields.content')} span="filled">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="customer-inquiry-content">
            {inquiry.content}
          </Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
      {r && (
        <Descriptions title={t('customerInquiries.sections.return')} size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }} data-testid="customer-inquiry-return">
          <Descriptions.Item label={t('customerInquiries.fields.returnRequest')}>{r.returnRequest ? t(`customerInquiries.returnRequest.${r.returnRequest}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.returnMethod')}>{r.returnMethod ? t(`customerInquiries.returnMethod.${r.returnMethod}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.purchaseDate')}>{formatDate(r.purchaseDate)}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.deliveryDate')}>{formatDate(r.deliveryDate)}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.pickup')}>
            <span data-testid="customer-inquiry-pickup">
              {r.pickupDate ? `${formatDate(r.pickupDate)} ${r.pickupSlot ? (PICKUP_SLOTS[r.pickupSlot as keyof typeof PICKUP_SLOTS] ?? r.pickupSlot) : ''}`.trim() : '—'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.desiredDates')}>{shown(r.desiredDates)}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.returnAddress')} span="filled">
            {[r.returnZip && `〒${r.returnZip}`, r.returnAddress].filter(Boolean).join(' ') || '—'}
          </Descriptions.Item>
          {r.bankName && (
            <Descriptions.Item label={t('customerInquiries.fields.bankAccount')} span="filled">
              <span data-testid="customer-inquiry-bank">
                {[r.bankName, r.bankBranch, r.bankAccountType ? t(`customerInquiries.bankAccountType.${r.bankAccountType}`) : null, r.bankAccountNumber, r.bankAccountHolder].filter(Boolean).join(' / ')}
              </span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('customerInquiries.fields.agreedAt')}>{formatDate(r.agreedAt, true)}</Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}

/**
 * Staff's handling at the version read (SPEC.md §3 "Handling"): person in charge, CS memo and state;
 * 'take it' puts the signed-in user in charge and saves. NAL-INQ-001 (saved by someone since) offers a reload.
 */
function HandlingForm({ inquiry, onStale, onSaved }: { inquiry: CustomerInquiryDetail; onStale: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<HandlingValues>();
  const { update } = useCustomerInquiryChanges();
  // At the version read: a save on what someone saved since is refused rather than overwriting it. The
  // inquiry is read again (a return to the tab): an untouched form follows it.
  const { save, saving, refusal } = useVersionedSave<HandlingValues, 'save' | 'take'>(form, { version: inquiry.version, values: handlingOf(inquiry) }, STALE, { onStale, onSaved });
  const send = (values: HandlingValues, version: number) => update(inquiry.id, { version, state: values.state, personInChargeId: values.personInChargeId ?? null, csMemo: values.csMemo || null });
  const take = () => {
    if (user) form.setFieldValue('personInChargeId', user.id);
    void save('take', send, t('customerInquiries.taken'));
  };
  const mine = !!user && inquiry.personInCharge?.id === user.id;
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={handlingOf(inquiry)} onValuesChange={(changed) => clearServerErrors(form, changed)} data-testid="customer-inquiry-handling">
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Space align="end" wrap>
        <Field id="customer-inquiry-person" name="personInChargeId" label={t('customerInquiries.fields.personInCharge')}>
          <PersonInChargeSelect current={inquiry.personInCharge} />
        </Field>
        <Field id="customer-inquiry-state-select" name="state" label={t('customerInquiries.fields.state')} rules={[chosen()]}>
          <Select style={{ minWidth: 140 }} options={CUSTOMER_INQUIRY_STATES.map((s) => ({ value: s, label: t(`customerInquiries.state.${s}`) }))} />
        </Field>
      </Space>
      <Field id="customer-inquiry-cs-memo" name="csMemo" label={t('customerInquiries.fields.csMemo')} rules={[maxLength(CUSTOMER_INQUIRY_LIMITS.csMemoMax)]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} count={countOf(CUSTOMER_INQUIRY_LIMITS.csMemoMax)} />
      </Field>
      <Space>
        <Button type="primary" id="customer-inquiry-save" loading={saving === 'save'} disabled={!!saving} onClick={() => void save('save', send, t('customerInquiries.saved'))}>
          {t('common.save')}
        </Button>
        {!mine && (
          <Button icon={<UserAddOutlined />} id="customer-inquiry-take" loading={saving === 'take'} disabled={!!saving} onClick={take}>
            {t('customerInquiries.takeIt')}
          </Button>
        )}
      </Space>
    </Form>
  );
}

/** The handling as read, for those who may not change it. */
function HandlingView({ inquiry }: { inquiry: CustomerInquiryDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" bordered column={1} data-testid="customer-inquiry-handling">
      <Descriptions.Item label={t('customerInquiries.fields.personInCharge')}>{shown(inquiry.personInCharge?.name)}</Descriptions.Item>
      <Descriptions.Item label={t('customerInquiries.fields.csMemo')}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{shown(inquiry.csMemo)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The customer's other inquiries (links to them) and orders (links to the order pages), the newest 20 of each. */
function CustomerHistory({ inquiry }: { inquiry: CustomerInquiryDetail }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={inquiry.customer?.name ? t('customerInquiries.sections.history', { name: inquiry.customer.name }) : t('customerInquiries.sections.historyUnnamed')}
      data-testid="customer-inquiry-history"
    >
      <Typography.Title level={5}>{t('customerInquiries.otherInquiries')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={inquiry.otherInquiries}
        locale={{ emptyText: t('customerInquiries.noOtherInquiries') }}
        columns={[
          {
            title: t('customerInquiries.fields.reference'),
            dataIndex: 'reference',
            render: (reference: string, o) => (
              <Link to={customerInquiryScreen(o.id)} id={`customer-inquiry-other-${o.id}`}>
                {reference}
              </Link>
            ),
          },
          { title: t('customerInquiries.fields.receivedAt'), dataIndex: 'receivedAt', render: (v: string) => formatDate(v, true) },
          { title: t('customerInquiries.fields.state'), dataIndex: 'state', render: (s: number) => <InquiryStateTag state={s} /> },
          { title: t('customerInquiries.fields.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{t(`customerInquiries.kind.${k}`)}</Tag> },
          { title: t('customerInquiries.fields.title'), dataIndex: 'title' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('customerInquiries.orders')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={inquiry.orders}
        locale={{ emptyText: t('customerInquiries.noOrders') }}
        columns={[
          {
            title: t('customerInquiries.fields.orderNo'),
            key: 'orderNo',
            render: (_: unknown, o) => (
              <Link to={`/orders/${o.id}`} data-testid={`order-link-${o.id}`}>
                {orderNumber(o)}
              </Link>
            ),
          },
          { title: t('customerInquiries.fields.orderDate'), dataIndex: 'orderDate', render: (v: string) => formatDate(v) },
          { title: t('customerInquiries.fields.total'), dataIndex: 'total', align: 'right' as const, render: yen },
          {
            title: t('customerInquiries.fields.lineStatuses'),
            dataIndex: 'lineStatuses',
            render: (statuses: number[]) => [...new Set(statuses)].map((s) => <StatusTag key={s} status={s as LineStatus} />),
          },
        ]}
      />
    </Card>
  );
}

/**
 * /customer-inquiries/:id: the inquiry (contact, subject, a return's details), its reply deadline,
 * staff's handling, the customer's other inquiries and orders, and the customer's staff-only thread.
 */
export function CustomerInquiryPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { record: inquiry, error, reload } = useCustomerInquiry(id);
  const [stale, setStale] = useState(false);
  // Counts saves and reloads: each gives a fresh form on the inquiry as read again.
  const [formRound, setFormRound] = useState(0);
  if (!inquiry) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;
  const canWrite = !!user?.permissions.includes('customers.write');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="customer-inquiry-page" data-version={inquiry.version}>
      <Card
        title={
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('customerInquiries.detailTitle', { reference: inquiry.reference })}
            </Typography.Title>
            <InquiryStateTag state={inquiry.state} testId="customer-inquiry-state" />
            <Tag>{t(`customerInquiries.kind.${inquiry.kind}`)}</Tag>
          </Space>
        }
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(CUSTOMER_INQUIRIES_SCREEN)}>
            {t('customerInquiries.backToList')}
          </Button>
        }
      >
        {stale && (
          <StaleAlert
            code={STALE}
            testId="customer-inquiry-stale"
            reloadId="customer-inquiry-reload"
            onReload={() => {
              setStale(false);
              void reload().then(() => setFormRound((n) => n + 1));
            }}
          />
        )}
        <Descriptions size="small" column={{ xs: 1, md: 4 }} style={{ marginBottom: 16 }} data-testid="customer-inquiry-header">
          <Descriptions.Item label={t('customerInquiries.fields.receivedAt')}>{formatDate(inquiry.receivedAt, true)}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.replyDueAt')}>
            <ReplyDue dueAt={inquiry.replyDueAt} overdue={inquiry.overdue} testId="customer-inquiry-due" />
          </Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.repliedAt')}>{formatDate(inquiry.repliedAt, true)}</Descriptions.Item>
          <Descriptions.Item label={t('customerInquiries.fields.completedAt')}>{formatDate(inquiry.completedAt, true)}</Descriptions.Item>
        </Descriptions>
        <InquiryDetails inquiry={inquiry} />
        <Typography.Title level={5}>{t('customerInquiries.sections.handling')}</Typography.Title>
        {/* A new form after a save or a reload, filled from the inquiry as read again. */}
        {canWrite ? (
          <HandlingForm key={`${inquiry.id}-${formRound}`} inquiry={inquiry} onStale={() => setStale(true)} onSaved={() => setFormRound((n) => n + 1)} />
        ) : (
          <HandlingView inquiry={inquiry} />
        )}
      </Card>
      {inquiry.customer && <CustomerHistory inquiry={inquiry} />}
      {inquiry.customer && user?.permissions.includes('customer-chat') && <CustomerThread customerId={inquiry.customer.id} />}
    </Space>
  );
}
