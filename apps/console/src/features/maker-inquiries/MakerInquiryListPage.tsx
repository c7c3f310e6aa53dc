import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { ClippedText } from '../../common/ClippedText';
import { CursorPagination } from '../../common/CursorPagination';
import { ListRefusalAlert } from '../../common/ListRefusalAlert';
import { FilterActions } from '../../common/FilterActions';
import { useMakerOptions } from '../../common/use-options';
import { formatDate } from '../../i18n';
import { ConversationStatusTag } from '../conversations/MakerThread';
import { listRefusal, useBadCursorReset, useCursorList } from '../../common/paging';
import { MAKER_INQUIRIES_SCREEN, MAKER_INQUIRY_FILTERS, MAKER_INQUIRY_LIMITS, MAKER_INQUIRY_METHODS, MAKER_INQUIRY_STATES, MakerInquiry, MakerInquiryFilters, makerInquiryScreen } from './api/maker-inquiry';
import { useMakerInquiries } from './api/use-maker-inquiries';

/** The list's filter form: state, processed or not, method, maker (staff), keyword. */
function MakerInquiryFilterForm({ filters, staff, onSearch, onReset }: { filters: MakerInquiryFilters; staff: boolean; onSearch: (f: MakerInquiryFilters) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MakerInquiryFilters>();
  const makers = useMakerOptions(staff);
  const select = (name: keyof MakerInquiryFilters, options: { value: string; label: string }[]) => (
    <Form.Item name={name} label={t(`makerInquiries.filters.${name}`)}>
      <Select id={`filter-${name}`} allowClear showSearch={{ optionFilterProp: 'label' }} style={{ minWidth: 150 }} options={options} />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="inline"
      size="small"
      initialValues={filters}
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() || undefined })}
      style={{ marginBottom: 12, rowGap: 8 }}
    >
      {select('state', MAKER_INQUIRY_STATES.map((s) => ({ value: String(s), label: t(`chat.status.${s}`) })))}
      {select('processed', ['0', '1'].map((v) => ({ value: v, label: t(`makerInquiries.processedFilter.${v}`) })))}
      {staff && select('method', MAKER_INQUIRY_METHODS.map((m) => ({ value: String(m), label: t(`makerInquiries.method.${m}`) })))}
      {staff && makers.length > 0 && select('makerId', makers.map((m) => ({ value: String(m.id), label: m.name })))}
      <Form.Item name="keyword" label={t('makerInquiries.filters.keyword')}>
        <Input allowClear id="filter-keyword" maxLength={MAKER_INQUIRY_LIMITS.keywordMax} style={{ width: 200 }} />
      </Form.Item>
      <FilterActions form={form} onReset={onReset} />
    </Form>
  );
}

/**
 * /maker-inquiries: the inquiries between the shop and its makers, newest first, paged by cursor,
 * filters in the URL; a maker account sees its own maker's. Each opens its page with the chat.
 */
export function MakerInquiryListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user } = useCurrentUser();
  const staff = !!user && user.role !== 'maker';
  const { params, query, setParams, move, atCursor } = useCursorList(MAKER_INQUIRY_FILTERS);
  const { records: inquiries, pagination, isLoading, error } = useMakerInquiries(query);
  useBadCursorReset(error, atCursor, () => setParams({ ...params, page: 1 }));
  const refusal = listRefusal(error, atCursor);
  const filters: MakerInquiryFilters = Object.fromEntries(MAKER_INQUIRY_FILTERS.map((key) => [key, params[key]]));

  return (
    <Card
      size="small"
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('makerInquiries.title')}</Typography.Title>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} id="maker-inquiry-create" onClick={() => navigate(`${MAKER_INQUIRIES_SCREEN}/create`)}>
          {t('makerInquiries.create')}
        </Button>
      }
    >
      <MakerInquiryFilterForm
        key={search.toString()}
        filters={filters}
        staff={staff}
        onSearch={(next) => setParams({ ...next, page: 1, perPage: params.perPage })}
        onReset={() => setParams({ page: 1, perPage: params.perPage })}
      />
      {refusal && <ListRefusalAlert error={refusal} title={t('makerInquiries.loadFailed')} testId="maker-inquiry-list-error" />}
      <Table<MakerInquiry>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={inquiries}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('makerInquiries.empty') }}
        columns={[
          {
            title: t('makerInquiries.fields.id'),
            dataIndex: 'id',
            render: (id: number) => (
              <Link to={makerInquiryScreen(id)} id={`maker-inquiry-link-${id}`}>
                #{id}
              </Link>
            ),
          },
          { title: t('makerInquiries.fields.state'), dataIndex: 'state', render: (s: number) => <ConversationStatusTag status={s} /> },
          { title: t('makerInquiries.fields.method'), dataIndex: 'method', render: (m: number) => <Tag>{t(`makerInquiries.method.${m}`)}</Tag> },
          { title: t('makerInquiries.fields.maker'), key: 'maker', render: (_: unknown, r) => r.maker.name },
          ...(staff ? [{ title: t('makerInquiries.fields.customer'), key: 'customer', render: (_: unknown, r: MakerInquiry) => r.customer?.name ?? '—' }] : []),
          { title: t('makerInquiries.fields.lastMessage'), key: 'lastMessage', render: (_: unknown, r) => <ClippedText text={r.lastMessage} /> },
          { title: t('makerInquiries.fields.lastMessageAt'), dataIndex: 'lastMessageAt', render: (v: string | null) => formatDate(v, true) },
          { title: t('makerInquiries.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v, true) },
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
