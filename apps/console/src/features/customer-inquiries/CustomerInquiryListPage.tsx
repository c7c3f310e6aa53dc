import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { ClippedText } from '../../common/ClippedText';
import { CursorPagination } from '../../common/CursorPagination';
import { ListRefusalAlert } from '../../common/ListRefusalAlert';
import { formatDate } from '../../i18n';
import { listRefusal, useBadCursorReset, useCursorList } from '../../common/paging';
import {
  CUSTOMER_INQUIRY_CREATE_SCREEN,
  CUSTOMER_INQUIRY_FILTERS,
  CUSTOMER_INQUIRY_SORTS,
  CustomerInquiry,
  CustomerInquiryFilters,
  customerInquiryScreen,
} from './api/customer-inquiry';
import { useCustomerInquiries } from './api/use-customer-inquiries';
import { CustomerInquiryFilterForm } from './CustomerInquiryFilters';
import { InquiryStateTag, ReplyDue } from './InquiryParts';

/**
 * /customer-inquiries: the inquiries customers sent through the forms or staff recorded, newest first
 * or by reply deadline, paged by cursor, filters and order in the URL. Those waiting past their reply
 * deadline are flagged; a row opens the inquiry.
 */
export function CustomerInquiryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user } = useCurrentUser();
  const { params, query, setParams, move, atCursor } = useCursorList(CUSTOMER_INQUIRY_FILTERS);
  const { records: inquiries, pagination, isLoading, error } = useCustomerInquiries(query);
  useBadCursorReset(error, atCursor, () => setParams({ ...params, page: 1 }));
  const refusal = listRefusal(error, atCursor);
  const filters: CustomerInquiryFilters = Object.fromEntries(CUSTOMER_INQUIRY_FILTERS.map((key) => [key, params[key]]));
  const { sort, ...formFilters } = filters;

  return (
    <Card
      size="small"
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('customerInquiries.title')}</Typography.Title>}
      extra={
        user?.permissions.includes('customers.write') && (
          <Button type="primary" icon={<PlusOutlined />} id="customer-inquiry-create" onClick={() => navigate(CUSTOMER_INQUIRY_CREATE_SCREEN)}>
            {t('customerInquiries.create')}
          </Button>
        )
      }
    >
      <CustomerInquiryFilterForm
        key={search.toString()}
        filters={formFilters}
        onSearch={(next) => setParams({ ...next, sort, page: 1, perPage: params.perPage })}
        onReset={() => setParams({ sort, page: 1, perPage: params.perPage })}
      />
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('customerInquiries.sortLabel')}</Typography.Text>
        <Segmented
          id="customer-inquiry-sort"
          size="small"
          value={sort ?? CUSTOMER_INQUIRY_SORTS[0]}
          // Each order has its own cursors: a change starts at the first page.
          onChange={(value) => setParams({ ...formFilters, sort: value === CUSTOMER_INQUIRY_SORTS[0] ? undefined : value, page: 1, perPage: params.perPage })}
          options={CUSTOMER_INQUIRY_SORTS.map((s) => ({ value: s, label: <span data-testid={`customer-inquiry-sort-${s}`}>{t(`customerInquiries.sort.${s}`)}</span> }))}
        />
      </Space>
      {refusal && <ListRefusalAlert error={refusal} title={t('customerInquiries.loadFailed')} testId="customer-inquiry-list-error" />}
      <Table<CustomerInquiry>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={inquiries}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('customerInquiries.empty') }}
        rowClassName={(r) => (r.overdue ? 'customer-inquiry-row customer-inquiry-overdue' : 'customer-inquiry-row')}
        onRow={(r) => ({ onClick: () => navigate(customerInquiryScreen(r.id)), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: t('customerInquiries.fields.reference'),
            dataIndex: 'reference',
            render: (reference: string, r) => (
              <Link to={customerInquiryScreen(r.id)} id={`customer-inquiry-link-${r.id}`} onClick={(e) => e.stopPropagation()}>
                {reference}
              </Link>
            ),
          },
          { title: t('customerInquiries.fields.receivedAt'), dataIndex: 'receivedAt', render: (v: string) => formatDate(v, true) },
          { title: t('customerInquiries.fields.replyDueAt'), key: 'replyDueAt', render: (_: unknown, r) => <ReplyDue dueAt={r.replyDueAt} overdue={r.overdue} testId={`customer-inquiry-due-${r.id}`} /> },
          { title: t('customerInquiries.fields.state'), dataIndex: 'state', render: (s: number) => <InquiryStateTag state={s} /> },
          { title: t('customerInquiries.fields.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{t(`customerInquiries.kind.${k}`)}</Tag> },
          { title: t('customerInquiries.fields.name'), dataIndex: 'name' },
          { title: t('customerInquiries.fields.title'), dataIndex: 'title', render: (v: string) => <ClippedText text={v} /> },
          { title: t('customerInquiries.fields.shop'), key: 'shop', render: (_: unknown, r) => r.shop?.name ?? '—' },
          { title: t('customerInquiries.fields.personInCharge'), key: 'personInCharge', render: (_: unknown, r) => r.personInCharge?.name ?? '—' },
        ]}
      />
      <CursorPagination
        pagination={pagination}
        onMove={move}
        onPerPage={(perPage) => setParams({ ...params, page: 1, perPage })}
        showTotal={(total, [from, to]) => t('common.total', { total, from, to })}
      />
    </Card>
  );
}
