import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { formatDate } from '../../i18n';
import { useCustomer } from '../customers/api/use-customers';
import { estimateScreen, newEstimateScreen, type EstimateHistoryItem } from './api/estimate';
import { openEstimateTemplate } from './api/save-estimate';
import { useEstimateHistory } from './api/use-estimates';
import { RevisionsTable } from './EstimatePages';
import { yen } from './EstimateSummary';

/** /customers/:customerId/estimates: the customer's estimates, each with every revision and its PDF. */
export function EstimateHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { customerId = '' } = useParams();
  const { customer } = useCustomer(customerId);
  const { user } = useCurrentUser();
  const [page, setPage] = useState({ page: 1, perPage: 20 as const });
  const { estimates, pagination, isLoading } = useEstimateHistory(customerId, page);
  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('estimates.historyTitle', { name: customer?.name ?? '' })}</Typography.Title>}
      extra={
        <Space>
          <Button icon={<FilePdfOutlined />} onClick={() => void openEstimateTemplate()} id="estimate-template">
            {t('estimates.template')}
          </Button>
          {user?.permissions.includes('estimates.edit') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(newEstimateScreen(customerId))} id="estimate-create">
              {t('estimates.make')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<EstimateHistoryItem>
        rowKey="id"
        loading={isLoading}
        dataSource={estimates}
        locale={{ emptyText: t('estimates.empty') }}
        data-testid="estimate-history"
        pagination={{ current: page.page, pageSize: page.perPage, total: pagination?.total ?? 0, onChange: (p) => setPage({ ...page, page: p }) }}
        expandable={{ expandedRowRender: (e) => <RevisionsTable estimateId={e.id} revisions={e.revisions} />, rowExpandable: (e) => e.revisions.length > 0 }}
        columns={[
          { title: t('estimates.estimateNo'), dataIndex: 'estimateNoLabel', render: (v: string, e) => <Link to={estimateScreen(e.id)}>{v}</Link> },
          { title: t('estimates.status'), dataIndex: 'status', render: (s: number) => t(`estimates.statuses.${s}`) },
          { title: t('estimates.personInCharge'), dataIndex: 'personInCharge' },
          { title: t('estimates.issuedAt'), dataIndex: 'issuedAt', render: (v: string) => formatDate(v) },
          { title: t('estimates.validUntil'), dataIndex: 'validUntil', render: (v: string) => formatDate(v) },
          { title: t('estimates.total'), dataIndex: 'total', align: 'right', render: yen },
        ]}
      />
    </Card>
  );
}
