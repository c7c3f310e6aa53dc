import { DownloadOutlined, FileTextOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { FilterActions } from '../../common/FilterActions';
import { Button, Card, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { useListParams } from '../../common/list-params';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { Customer, CUSTOMER_TEXT_FILTERS } from './api/customer';
import { exportCustomers } from './api/save-customer';
import { useCustomers } from './api/use-customers';
import { estimateHistoryScreen, newEstimateScreen } from '../estimates/api/estimate';
import { SamePersonDrawer } from './SamePersonDrawer';

/** Opens the export's URL; the window is opened in the click itself, or pop-up blockers refuse it. */
async function exportSelection(ids: number[]) {
  if (!ids.length) {
    toast.error(errorMessage('NAL-CTM-001'));
    return;
  }
  const win = window.open('', '_blank');
  try {
    const result = await exportCustomers(ids);
    if (!result.ok) {
      win?.close();
      toast.error(errorMessage(result.error.errors[0]?.errorCode ?? result.error.errorCode, undefined, result.error.message));
      return;
    }
    if (win) win.location.href = result.data;
    else window.location.assign(result.data);
  } catch (err) {
    win?.close();
    throw err;
  }
}

/** SPEC.md §5: an estimate is made for exactly one selected customer (§8's messages otherwise). */
function estimateCustomerOf(ids: number[]): number | null {
  if (ids.length !== 1) {
    toast.error(errorMessage(ids.length ? 'NAL-CTM-002' : 'NAL-CTM-001'));
    return null;
  }
  return ids[0];
}

export function CustomerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { params, setParams, pagination } = useListParams(CUSTOMER_TEXT_FILTERS, [] as const);
  const { customers, pagination: page, isLoading } = useCustomers(params);
  const [form] = Form.useForm();
  const [selected, setSelected] = useState<number[]>([]);
  const [samePersonOf, setSamePersonOf] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const canWrite = user?.permissions.includes('customers.write');
  const canEstimate = user?.permissions.includes('estimates.edit');

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('customers.listTitle')}</Typography.Title>}
      extra={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            id="customer-export"
            loading={exporting}
            onClick={async () => {
              setExporting(true);
              try {
                await exportSelection(selected);
              } finally {
                setExporting(false);
              }
            }}
          >
            {t('customers.export')}
          </Button>
          {canEstimate && (
            <Button
              icon={<FileTextOutlined />}
              id="customer-make-estimate"
              onClick={() => {
                const customerId = estimateCustomerOf(selected);
                if (customerId !== null) navigate(newEstimateScreen(customerId));
              }}
            >
              {t('estimates.make')}
            </Button>
          )}
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/customers/create')} id="customer-create">
              {t('common.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Form form={form} layout="inline" initialValues={params} onFinish={(values) => setParams({ ...values, page: 1, perPage: params.perPage })} style={{ marginBottom: 16, rowGap: 8 }}>
        {CUSTOMER_TEXT_FILTERS.map((name) => (
          <Form.Item key={name} name={name} label={t(`customers.${name}`)}>
            <Input allowClear id={`filter-${name}`} style={{ width: 160 }} />
          </Form.Item>
        ))}
        <FilterActions form={form} onReset={() => setParams({ perPage: params.perPage })} />
      </Form>
      <Table<Customer>
        rowKey="id"
        loading={isLoading}
        dataSource={customers}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }}
        locale={{ emptyText: t('customers.empty') }}
        pagination={pagination(page?.total ?? 0, (total, [from, to]) => t('common.total', { total, from, to }))}
        columns={[
          { title: t('customers.id'), dataIndex: 'id', width: 80 },
          { title: t('customers.name'), dataIndex: 'name', render: (name: string, c) => <Link to={`/customers/${c.id}`}>{name}</Link> },
          { title: t('customers.nameKana'), dataIndex: 'nameKana' },
          { title: t('customers.companyName'), dataIndex: 'companyName' },
          { title: t('customers.phone'), dataIndex: 'phone' },
          { title: t('customers.email'), dataIndex: 'email' },
          { title: t('customers.shop'), dataIndex: 'shopName' },
          { title: t('customers.orderCount'), dataIndex: 'orderCount', align: 'right' },
          {
            title: t('customers.samePerson'),
            dataIndex: 'samePersonCount',
            render: (count: number, c) =>
              count > 1 ? (
                <Button size="small" icon={<TeamOutlined />} onClick={() => setSamePersonOf(c.id)} data-testid={`same-person-${c.id}`}>
                  {t('customers.samePersonCount', { count })}
                </Button>
              ) : (
                '—'
              ),
          },
          { title: t('estimates.history'), key: 'estimates', render: (_, c) => <Link to={estimateHistoryScreen(c.id)} id={`customer-estimates-${c.id}`}>{t('estimates.history')}</Link> },
          { title: t('customers.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDate(v, true) },
        ]}
      />
      <SamePersonDrawer customerId={samePersonOf} onClose={() => setSamePersonOf(null)} />
    </Card>
  );
}
