import { FilePdfOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { formatDate } from '../../i18n';
import { useCustomer } from '../customers/api/use-customers';
import { estimateHistoryScreen, estimateScreen, type EstimateDetail, type EstimateRevision } from './api/estimate';
import { answerEstimate, createEstimate, openEstimatePdf, requestApprove, updateEstimate } from './api/save-estimate';
import { useEstimate } from './api/use-estimates';
import { AnswerButtons, RequestApproveButton } from './EstimateActions';
import { EstimateFile } from './EstimateFile';
import { EstimateForm } from './EstimateForm';
import { EstimateSummary, yen } from './EstimateSummary';

/** /customers/:customerId/estimates/new: a new estimate for the customer chosen on the list. */
export function EstimateCreatePage() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const { customer } = useCustomer(customerId);
  return (
    <EstimateForm
      title={customer ? `${t('estimates.createTitle')}：${customer.name}` : t('estimates.createTitle')}
      submit={(values) => createEstimate({ ...values, customerId: Number(customerId) })}
      successMessage={t('estimates.created')}
      back="/customers"
      goTo={(saved) => estimateScreen(saved.id)}
    />
  );
}

/** A revision's PDF, opened with the media token (the earlier ones as they were issued). */
export function RevisionPdfButton({ estimateId, revision }: { estimateId: string; revision: EstimateRevision }) {
  const { t } = useTranslation();
  return (
    <Button size="small" icon={<FilePdfOutlined />} onClick={() => void openEstimatePdf(estimateId, revision.current ? undefined : revision.revision)} id={`estimate-${estimateId}-pdf-${revision.revision}`}>
      {t('estimates.pdf')}
    </Button>
  );
}

export function RevisionsTable({ estimateId, revisions }: { estimateId: string; revisions: EstimateRevision[] }) {
  const { t } = useTranslation();
  return (
    <Table<EstimateRevision>
      size="small"
      rowKey="revision"
      pagination={false}
      dataSource={revisions}
      data-testid={`estimate-revisions-${estimateId}`}
      columns={[
        { title: t('estimates.estimateNo'), dataIndex: 'estimateNoLabel', render: (v: string, r) => (r.current ? <Space>{v}<Tag color="blue">{t('estimates.current')}</Tag></Space> : v) },
        { title: t('estimates.status'), dataIndex: 'status', render: (s: number) => t(`estimates.statuses.${s}`) },
        { title: t('estimates.issuedAt'), dataIndex: 'issuedAt', render: (v: string) => formatDate(v) },
        { title: t('estimates.approvedDate'), dataIndex: 'approvedDate', render: (v: string | null) => formatDate(v) },
        { title: t('estimates.sealApprovedDate'), dataIndex: 'sealApprovedDate', render: (v: string | null) => formatDate(v) },
        { title: t('estimates.total'), dataIndex: 'total', align: 'right', render: yen },
        { title: '', key: 'pdf', render: (_, r) => <RevisionPdfButton estimateId={estimateId} revision={r} /> },
      ]}
    />
  );
}

/** /customers/estimates/:id: the estimate, what the user may do with it now (`actions`), its file, revisions and steps; edit in place. */
export function EstimateDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { estimate, reload } = useEstimate(id);
  const { user } = useCurrentUser();
  const { customer } = useCustomer(estimate?.customerId);
  const [editing, setEditing] = useState(false);
  if (!estimate) return <Spin />;
  const canEdit = !!user?.permissions.includes('estimates.edit');

  if (editing) {
    return (
      <EstimateForm
        key={`${estimate.id}:${estimate.version}`}
        title={`${t('estimates.editTitle')}：${estimate.estimateNoLabel}`}
        initial={estimate}
        submit={async (values) => {
          const result = await updateEstimate(estimate.id, { ...values, version: estimate.version });
          if (result.ok) setEditing(false);
          return result;
        }}
        successMessage={t('estimates.updated')}
        back={estimateScreen(estimate.id)}
        goTo={(saved) => estimateScreen(saved.id)}
      />
    );
  }

  const answers = estimate.actions.filter((a) => a !== 'request_approve');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="estimate-page" data-version={estimate.version}>
      <Card
        title={t('estimates.detailTitle', { no: estimate.estimateNoLabel })}
        extra={
          <Space wrap>
            <Button icon={<HistoryOutlined />} onClick={() => navigate(estimateHistoryScreen(estimate.customerId))} id="estimate-history">
              {t('estimates.history')}
            </Button>
            <Button icon={<FilePdfOutlined />} onClick={() => void openEstimatePdf(estimate.id)} id="estimate-preview">
              {t('estimates.preview')}
            </Button>
            {canEdit && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} id="estimate-edit">
                {t('estimates.edit')}
              </Button>
            )}
          </Space>
        }
      >
        <EstimateSummary estimate={estimate} customerName={customer?.name ?? ''} />
        <Space style={{ marginTop: 16 }} wrap>
          {estimate.actions.includes('request_approve') && <RequestApproveButton onRequest={(flags) => requestApprove(estimate.id, { version: estimate.version, ...flags })} />}
          {answers.length > 0 && (
            <AnswerButtons
              answers={answers}
              send={(action, comment) => answerEstimate({ id: Number(estimate.id), version: estimate.version, action, comment })}
              onDone={(_, result) => {
                if (!result.ok) void reload();
              }}
            />
          )}
        </Space>
      </Card>
      <EstimateFile estimate={estimate} canEdit={canEdit} />
      <Card title={t('estimates.revisions')} size="small">
        <RevisionsTable estimateId={estimate.id} revisions={estimate.revisions} />
      </Card>
      <StepsCard estimate={estimate} />
    </Space>
  );
}

function StepsCard({ estimate }: { estimate: EstimateDetail }) {
  const { t } = useTranslation();
  return (
    <Card title={t('estimates.steps')} size="small" data-testid="estimate-steps">
      <Timeline
        items={estimate.steps.map((s) => ({
          children: (
            <>
              <Typography.Text strong>{t(`estimates.stepActions.${s.action}`)}</Typography.Text> <Typography.Text type="secondary">{formatDate(s.createdAt, true)}</Typography.Text>{' '}
              {s.actorName ?? ''}
              {s.viaLink && <Typography.Text type="secondary">（{t('estimates.viaLink')}）</Typography.Text>}
              {s.revision > 1 && <Tag style={{ marginLeft: 8 }}>R{s.revision}</Tag>}
              {s.comment && <div style={{ whiteSpace: 'pre-wrap' }}>{s.comment}</div>}
            </>
          ),
        }))}
      />
      <Link to={estimateHistoryScreen(estimate.customerId)}>{t('estimates.history')}</Link>
    </Card>
  );
}
