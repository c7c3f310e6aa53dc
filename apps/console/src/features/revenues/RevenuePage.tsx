import { ArrowLeftOutlined, DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { countOf, maxLength, moneyWithin } from '../../common/field-rules';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { errorMessage, formatDate, formatMonth } from '../../i18n';
import { orderLabel } from '../deposits/api/deposit';
import { download } from '../deposits/DepositDownloads';
import { yen } from '../orders/format';
import { signedMoney } from './format';
import { Revenue, REVENUE_COSTS, REVENUE_LIMITS, type RevenueCsvEncoding, REVENUES_SCREEN } from './api/revenue';
import { openRevenueLinesCsv, useRevenueChanges } from './api/save-revenue';
import { useRevenue } from './api/use-revenues';
import { EncodingSelect } from './RevenueDownloads';

/** The code of a save made on a record someone else saved since it was read: the page offers a reload. */
const STALE = 'NAL-REVENUE-002';

/** What the order sold and what it cost, as the workers keep them in step with the order. */
const FIGURES = ['productsTotal', 'taxTotal', 'total', 'paymentFee', 'shippingFee', 'otherFee', 'refundFee', 'wholesaleTotal', 'reshipCost'] as const satisfies readonly (keyof Revenue)[];

type CostValues = { actualShipCost: number | null; transferFee: number | null; otherCost: number | null; memo: string | null };

/** The shop's costs and the memo: a form for those with `revenue.write`, the figures otherwise. */
function RevenueCostsForm({ revenue, canWrite, onStale }: { revenue: Revenue; canWrite: boolean; onStale: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CostValues>();
  const changes = useRevenueChanges();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: CostValues) => {
    setSaving(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const result = await changes.update(revenue.id, {
        version: revenue.version,
        actualShipCost: values.actualShipCost ?? 0,
        transferFee: values.transferFee ?? 0,
        otherCost: values.otherCost ?? 0,
        memo: values.memo?.trim() || null,
      });
      if (result.ok) toast.success(t('revenues.saved'));
      else if (result.status === 422 && result.error.errors.length) applyServerErrors(form, result.error.errors);
      else if (result.error.errorCode === STALE) onStale();
      else setRefusal(errorMessage(result.error.errorCode, result.error.params, result.error.message));
    } finally {
      setSaving(false);
    }
  };

  if (!canWrite)
    return (
      <>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="revenue-costs">
          {REVENUE_COSTS.map((cost) => (
            <Descriptions.Item key={cost} label={t(`revenues.fields.${cost}`)}>
              {yen(revenue[cost])}
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('revenues.fields.memo')}>{revenue.memo ?? '—'}</Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">{t('revenues.readOnly')}</Typography.Text>
      </>
    );

  return (
    <Form<CostValues>
      form={form}
      layout="vertical"
      initialValues={{ actualShipCost: revenue.actualShipCost, transferFee: revenue.transferFee, otherCost: revenue.otherCost, memo: revenue.memo }}
      onValuesChange={(changed) => clearServerErrors(form, changed)}
      onFinish={(values) => void save(values)}
      data-testid="revenue-costs"
    >
      <Typography.Paragraph type="secondary">{t('revenues.costsHelp')}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="revenue-refusal" />}
      <Space wrap size="middle">
        {REVENUE_COSTS.map((cost) => (
          <Form.Item key={cost} name={cost} label={t(`revenues.fields.${cost}`)} rules={[moneyWithin(REVENUE_LIMITS.costMax)]}>
            <InputNumber id={`revenue-${cost}`} prefix="¥" style={{ width: 160 }} />
          </Form.Item>
        ))}
      </Space>
      <Form.Item name="memo" label={t('revenues.fields.memo')} rules={[maxLength(REVENUE_LIMITS.memoMax)]}>
        <Input.TextArea id="revenue-memo" rows={3} count={countOf(REVENUE_LIMITS.memoMax)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} id="revenue-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}

/**
 * /revenue/list/:id: a revenue record, every figure with its margin, and the shop's costs and memo,
 * which accountants and admins edit (with the version read: NAL-REVENUE-002 offers a reload); the lines CSV.
 */
export function RevenuePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useCurrentUser();
  const canWrite = !!user?.permissions.includes('revenue.write');
  const { revenue, error } = useRevenue(id);
  const changes = useRevenueChanges();
  const [stale, setStale] = useState(false);
  const [encoding, setEncoding] = useState<RevenueCsvEncoding>('utf8');

  if (!revenue) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;

  const reload = async () => {
    setStale(false);
    await changes.reload();
  };

  return (
    <Card
      size="small"
      data-testid="revenue-page"
      data-version={revenue.version}
      title={
        <Space>
          <Link to={REVENUES_SCREEN} id="revenue-back">
            <ArrowLeftOutlined /> {t('revenues.backToList')}
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="revenue-title">
            {t('revenues.pageTitle', { order: orderLabel(revenue) })}
          </Typography.Title>
        </Space>
      }
      extra={
        <Space>
          <EncodingSelect id="revenue-lines-encoding" value={encoding} onChange={setEncoding} />
          <Button size="small" icon={<DownloadOutlined />} id="revenue-lines" onClick={() => void download(() => openRevenueLinesCsv(revenue.id, encoding))}>
            {t('revenues.csv.lines')}
          </Button>
        </Space>
      }
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="revenue-stale"
          title={errorMessage(STALE)}
          action={
            <Button size="small" type="primary" id="revenue-reload" onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      <Descriptions size="small" title={t('revenues.sections.order')} column={{ xs: 1, md: 3 }} data-testid="revenue-order">
        <Descriptions.Item label={t('revenues.fields.orderNo')}>
          <Link to={`/orders/${revenue.orderId}`} data-testid="revenue-order-link">
            {orderLabel(revenue)}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label={t('revenues.fields.shipDate')}>{formatDate(revenue.shipDate)}</Descriptions.Item>
        <Descriptions.Item label={t('revenues.fields.salesMonth')}>{formatMonth(revenue.salesMonth)}</Descriptions.Item>
        <Descriptions.Item label={t('revenues.fields.shop')}>{revenue.shop.name}</Descriptions.Item>
        <Descriptions.Item label={t('revenues.fields.buyer')}>
          {revenue.buyerName}
          {revenue.buyerKana ? `（${revenue.buyerKana}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('revenues.fields.productName')}>
          {revenue.productName}
          {revenue.productCount > 1 ? ` ${t('revenues.otherProducts', { count: revenue.productCount - 1 })}` : ''}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" bordered title={t('revenues.sections.figures')} column={{ xs: 1, md: 3 }} data-testid="revenue-figures" style={{ marginTop: 12 }}>
        {FIGURES.map((key) => (
          <Descriptions.Item key={key} label={t(`revenues.fields.${key}`)}>
            <span data-testid={`figure-${key}`}>{yen(revenue[key])}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('revenues.fields.margin')}>
          <Typography.Text strong type={revenue.margin < 0 ? 'danger' : undefined} data-testid="figure-margin">
            {signedMoney(revenue.margin)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('revenues.sections.costs')}
      </Typography.Title>
      {/* A new form each time the record is read anew (after a save or a reload): filled from it again. */}
      <RevenueCostsForm key={revenue.version} revenue={revenue} canWrite={canWrite} onStale={() => setStale(true)} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
        {t('revenues.fields.updatedAt')}: {formatDate(revenue.updatedAt, true)}
      </Typography.Text>
    </Card>
  );
}
