import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CONVERSATION_LIMITS } from '@oms/domain';
import { useCurrentUser } from '../../auth/use-current-user';
import { countOf, maxLength } from '../../common/field-rules';
import { clearServerErrors } from '../../common/form-errors';
import { useMakerOptions } from '../../common/use-options';
import { useServerForm } from '../../common/use-server-form';
import { StaleAlert, useVersionedSave } from '../../common/versioned-save';
import { errorMessage, formatDate } from '../../i18n';
import { ChatPanel } from '../conversations/ChatPanel';
import { ConversationStatusTag } from '../conversations/MakerThread';
import { useCustomerOptions } from '../orders/api/use-orders';
import { MAKER_INQUIRIES_SCREEN, MAKER_INQUIRY_LIMITS, MAKER_INQUIRY_METHOD, MAKER_INQUIRY_METHODS, MakerInquiry, MakerInquiryInput, makerInquiryScreen } from './api/maker-inquiry';
import { useMakerInquiry, useMakerInquiryChanges } from './api/use-maker-inquiries';

/** The code of a save made on an inquiry someone else saved since it was read: the page offers a reload. */
const STALE = 'NAL-INQ-001';

type FieldValues = Pick<MakerInquiryInput, 'method' | 'makerId' | 'customerId' | 'memo'>;

/** The staff's fields of an inquiry: how it came in, the maker, the customer it is about (optional) and the staff memo. */
function StaffFields() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const makers = useMakerOptions();
  const customers = useCustomerOptions(!!user?.permissions.includes('customers.read'));
  return (
    <>
      <Form.Item name="method" label={t('makerInquiries.fields.method')} rules={[{ required: true, message: errorMessage('required') }]}>
        <Select id="maker-inquiry-method" options={MAKER_INQUIRY_METHODS.map((m) => ({ value: m, label: t(`makerInquiries.method.${m}`) }))} />
      </Form.Item>
      <Form.Item name="makerId" label={t('makerInquiries.fields.maker')} rules={[{ required: true, message: errorMessage('required') }]}>
        <Select id="maker-inquiry-maker" showSearch={{ optionFilterProp: 'label' }} options={makers.map((m) => ({ value: Number(m.id), label: m.name }))} />
      </Form.Item>
      <Form.Item name="customerId" label={t('makerInquiries.fields.customer')}>
        <Select id="maker-inquiry-customer" allowClear showSearch={{ optionFilterProp: 'label' }} options={customers.map((c) => ({ value: Number(c.id), label: c.name }))} />
      </Form.Item>
      <Form.Item name="memo" label={t('makerInquiries.fields.memo')} rules={[maxLength(MAKER_INQUIRY_LIMITS.memoMax)]}>
        <Input.TextArea id="maker-inquiry-memo" autoSize={{ minRows: 2, maxRows: 6 }} count={countOf(MAKER_INQUIRY_LIMITS.memoMax)} />
      </Form.Item>
    </>
  );
}

/**
 * /maker-inquiries/create: staff ask a maker (method, maker, customer, memo and the first message);
 * a maker account asks the company with its first message only (the API sets the rest).
 */
export function MakerInquiryCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [form] = Form.useForm<MakerInquiryInput>();
  const { create } = useMakerInquiryChanges();
  const staff = !!user && user.role !== 'maker';
  const submit = (values: MakerInquiryInput) =>
    create(staff ? { ...values, customerId: values.customerId ?? null, memo: values.memo || null } : { message: values.message });
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(form, submit, { message: t('makerInquiries.created'), goTo: (saved) => makerInquiryScreen(saved.id) });
  if (!user) return <Spin />;
  return (
    <Card
      title={t('makerInquiries.createTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MAKER_INQUIRIES_SCREEN)}>
          {t('makerInquiries.backToList')}
        </Button>
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={{ method: MAKER_INQUIRY_METHOD.system }} onFinish={onFinish} onValuesChange={onValuesChange}>
        {staff && <StaffFields />}
        <Form.Item
          name="message"
          label={t('makerInquiries.fields.message')}
          rules={[{ required: true, whitespace: true, message: errorMessage('required') }, maxLength(CONVERSATION_LIMITS.contentMax)]}
        >
          <Input.TextArea id="maker-inquiry-message" autoSize={{ minRows: 4, maxRows: 12 }} count={countOf(CONVERSATION_LIMITS.contentMax)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" id="maker-inquiry-submit" loading={saving}>
          {t('makerInquiries.send')}
        </Button>
      </Form>
    </Card>
  );
}

const fieldsOf = (inquiry: MakerInquiry): FieldValues => ({ method: inquiry.method, makerId: inquiry.maker.id, customerId: inquiry.customer?.id, memo: inquiry.memo ?? '' });

/**
 * The staff's form of an inquiry, at the version read: save, or 'processed and save' (SPEC.md §2;
 * `processed: true`), or reopen a processed one. NAL-INQ-001 (saved by someone since) offers a reload.
 */
function MakerInquiryForm({ inquiry, onStale, onSaved }: { inquiry: MakerInquiry; onStale: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FieldValues>();
  const { update } = useMakerInquiryChanges();
  // At the version read. The inquiry is read again when its thread changes (a maker's message moves its
  // version): an untouched form follows it; one being edited keeps what was typed and its version, so its
  // save is refused (NAL-INQ-001, with the reload offer) rather than overwrite or close on what was not read.
  const { save, saving, refusal } = useVersionedSave<FieldValues, 'save' | 'processed'>(form, { version: inquiry.version, values: fieldsOf(inquiry) }, STALE, { onStale, onSaved });
  const saveWith = (processed?: boolean) =>
    save(
      processed === undefined ? 'save' : 'processed',
      (values, version) =>
        update(inquiry.id, {
          version,
          method: values.method!,
          makerId: values.makerId!,
          customerId: values.customerId ?? null,
          memo: values.memo || null,
          ...(processed === undefined ? {} : { processed }),
        }),
      t(processed ? 'makerInquiries.processedSaved' : 'makerInquiries.saved'),
    );
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={fieldsOf(inquiry)}
      onValuesChange={(changed) => clearServerErrors(form, changed)}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      {/* The maker stays changeable until it has written (the API answers NAL-INQ-002 after that). */}
      <StaffFields />
      <Space>
        <Button id="maker-inquiry-save" loading={saving === 'save'} disabled={!!saving} onClick={() => void saveWith()}>
          {t('common.save')}
        </Button>
        {inquiry.processed ? (
          <Button id="maker-inquiry-reopen" loading={saving === 'processed'} disabled={!!saving} onClick={() => void saveWith(false)}>
            {t('makerInquiries.reopenAndSave')}
          </Button>
        ) : (
          <Button type="primary" icon={<CheckOutlined />} id="maker-inquiry-processed" loading={saving === 'processed'} disabled={!!saving} onClick={() => void saveWith(true)}>
            {t('makerInquiries.processedAndSave')}
          </Button>
        )}
      </Space>
    </Form>
  );
}

/** /maker-inquiries/:id: the inquiry's fields (staff edit them), its state, and its chat with the maker. */
export function MakerInquiryPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { record: inquiry, error, reload } = useMakerInquiry(id);
  const [stale, setStale] = useState(false);
  // Counts saves and reloads: each gives a fresh form.
  const [formRound, setFormRound] = useState(0);
  if (!inquiry) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;
  const canWrite = !!user?.permissions.includes('maker-inquiries.write');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="maker-inquiry-page" data-version={inquiry.version}>
      <Card
        title={
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('makerInquiries.detailTitle', { id: inquiry.id })}
            </Typography.Title>
            <ConversationStatusTag status={inquiry.state} testId="maker-inquiry-state" />
          </Space>
        }
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MAKER_INQUIRIES_SCREEN)}>
            {t('makerInquiries.backToList')}
          </Button>
        }
      >
        {stale && (
          <StaleAlert
            code={STALE}
            testId="maker-inquiry-stale"
            reloadId="maker-inquiry-reload"
            onReload={() => {
              setStale(false);
              void reload().then(() => setFormRound((n) => n + 1));
            }}
          />
        )}
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }} data-testid="maker-inquiry-header">
          <Descriptions.Item label={t('makerInquiries.fields.maker')}>{inquiry.maker.name}</Descriptions.Item>
          <Descriptions.Item label={t('makerInquiries.fields.method')}>{t(`makerInquiries.method.${inquiry.method}`)}</Descriptions.Item>
          <Descriptions.Item label={t('makerInquiries.fields.createdBy')}>{inquiry.createdByName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('makerInquiries.fields.createdAt')}>{formatDate(inquiry.createdAt, true)}</Descriptions.Item>
          <Descriptions.Item label={t('makerInquiries.fields.lastMessageAt')}>{formatDate(inquiry.lastMessageAt, true)}</Descriptions.Item>
          {inquiry.personInCharge && <Descriptions.Item label={t('makerInquiries.fields.personInCharge')}>{inquiry.personInCharge.name ?? '—'}</Descriptions.Item>}
        </Descriptions>
        {/* A new form after a save or a reload (filled from the inquiry again); a chat change keeps it (see MakerInquiryForm). */}
        {canWrite && <MakerInquiryForm key={`${inquiry.id}-${formRound}`} inquiry={inquiry} onStale={() => setStale(true)} onSaved={() => setFormRound((n) => n + 1)} />}
      </Card>
      <ChatPanel conversationId={inquiry.conversationId} onChange={() => void reload()} canAttach={!!user?.permissions.includes('medias.upload')} />
    </Space>
  );
}
