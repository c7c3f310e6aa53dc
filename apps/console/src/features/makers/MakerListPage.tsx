import { PlusOutlined } from '@ant-design/icons';
import { FilterActions } from '../../common/FilterActions';
import { Button, Card, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { ClippedText } from '../../common/ClippedText';
import { useListParams } from '../../common/list-params';
import { formatDate } from '../../i18n';
import { Maker, MAKER_STATUSES, ORDER_METHODS } from './api/maker';
import { useMakers } from './api/use-makers';

const dash = (v: string | null) => v || '—';

export function MakerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { params, setParams, pagination } = useListParams(['keyword'] as const, ['status', 'orderMethod'] as const);
  const { makers, pagination: page, isLoading } = useMakers(params);
  const [form] = Form.useForm();
  const canWrite = user?.permissions.includes('catalogue.write');

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('makers.listTitle')}</Typography.Title>}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/makers/create')} id="maker-create">
            {t('common.create')}
          </Button>
        )
      }
    >
      <Form form={form} layout="inline" initialValues={params} onFinish={(values) => setParams({ ...values, page: 1, perPage: params.perPage })} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="keyword" label={t('makers.keyword')} tooltip={t('makers.keywordHelp')}>
          <Input allowClear id="filter-keyword" />
        </Form.Item>
        <Form.Item name="orderMethod" label={t('makers.orderMethod')}>
          <Select mode="multiple" allowClear style={{ minWidth: 140 }} options={ORDER_METHODS.map((m) => ({ value: m, label: t(`orderMethods.${m}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('makers.status')}>
          <Select mode="multiple" allowClear style={{ minWidth: 120 }} options={MAKER_STATUSES.map((s) => ({ value: s, label: t(`makerStatuses.${s}`) }))} />
        </Form.Item>
        <FilterActions form={form} onReset={() => setParams({ perPage: params.perPage })} />
      </Form>
      <Table<Maker>
        rowKey="id"
        loading={isLoading}
        dataSource={makers}
        scroll={{ x: true }}
        locale={{ emptyText: t('makers.empty') }}
        pagination={pagination(page?.total ?? 0, (total, [from, to]) => t('common.total', { total, from, to }))}
        // Every field of a maker (SPEC.md §2); the long free texts cut short, whole on hover.
        columns={[
          { title: t('makers.id'), dataIndex: 'id', width: 70 },
          { title: t('makers.code'), dataIndex: 'code', width: 120 },
          { title: t('makers.name'), dataIndex: 'name', render: (name: string, m) => (canWrite ? <Link to={`/makers/${m.id}/edit`}>{name}</Link> : name) },
          { title: t('makers.productCodes'), dataIndex: 'productCodes', render: (v: string | null, m) => <ClippedText text={v} testId={`maker-product-codes-${m.id}`} /> },
          { title: t('makers.phone'), dataIndex: 'phone', render: dash },
          { title: t('makers.fax'), dataIndex: 'fax', render: dash },
          { title: t('makers.email'), dataIndex: 'email', render: dash },
          { title: t('makers.address'), dataIndex: 'address', render: dash },
          { title: t('makers.orderMethod'), dataIndex: 'orderMethod', render: (v: string) => t(`orderMethods.${v}`) },
          { title: t('makers.status'), dataIndex: 'status', render: (s: string) => <Tag color={s === 'enabled' ? 'green' : 'default'}>{t(`makerStatuses.${s}`)}</Tag> },
          // The shop's staff memo: the API sends none to a maker's own users, who see no column for it.
          ...(user?.role === 'maker' ? [] : [{ title: t('makers.memo'), dataIndex: 'memo', render: (v: string | null, m: Maker) => <ClippedText text={v} testId={`maker-memo-${m.id}`} /> }]),
          { title: t('makers.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDate(v, true) },
        ]}
      />
    </Card>
  );
}
