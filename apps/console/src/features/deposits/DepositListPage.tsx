import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import type { FieldError } from '../../api/field-errors';
import { useCurrentUser } from '../../auth/use-current-user';
import { CursorPagination } from '../../common/CursorPagination';
import { ReimportPrompt } from '../../common/ReimportPrompt';
import { reimportRefusalOf } from '../../common/reimport-refusal';
import { toast } from '../../common/toast';
import { formatDate } from '../../i18n';
import { Deposit, DEPOSIT_FILE_ACCEPT, depositScreen } from './api/deposit';
import { openDepositFile, useDepositChanges } from './api/save-deposit';
import { useDepositHistory } from './api/use-deposits';
import { DepositDownloads, download, ResultCsvButton } from './DepositDownloads';
import { depositFileErrorLine } from './file-errors';
import { DEPOSIT_STATE_COLORS, yen } from './format';
import { useBadCursorReset, useCursorList } from '../../common/paging';

/** The four SPEC.md §4 statuses, as the upload's counts name them. */
const STATUS_COUNTS = [
  ['notPaid', 1],
  ['exact', 2],
  ['over', 3],
  ['under', 4],
] as const;

/** An upload's state; in the list, while it is matched, how far (its own page has the big bar). */
export function DepositStateTag({ deposit, progress = true }: { deposit: Deposit; progress?: boolean }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={DEPOSIT_STATE_COLORS[deposit.state]} data-testid={`deposit-state-${deposit.id}`} data-state={deposit.state}>
      {t(`deposits.states.${deposit.state}`)}
    </Tag>
  );
  if (deposit.state !== 'matching' || !progress) return tag;
  const { decided, total } = deposit.progress;
  return (
    <Space size={4}>
      {tag}
      <Progress size="small" style={{ width: 80, margin: 0 }} percent={total ? Math.floor((decided / total) * 100) : 0} />
    </Space>
  );
}

/**
 * /revenue/deposits: a bank file's upload (then its own page shows the matching and its result), the
 * uploads before, newest first, with their counts and files, and the period CSVs.
 */
export function DepositListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const canWrite = !!user?.permissions.includes('deposits.write');
  const { params, query, setParams, move, atCursor } = useCursorList([] as const);
  const { deposits, pagination, isLoading, error } = useDepositHistory(query);
  useBadCursorReset(error, atCursor, () => setParams({ ...params, page: 1 }));
  const changes = useDepositChanges();
  const [uploading, setUploading] = useState(false);
  const [fileErrors, setFileErrors] = useState<FieldError[]>([]);
  /** An upload refused as uploaded before: the file, to send again if staff confirm. */
  const [reimport, setReimport] = useState<{ file: File; refusal: FieldError } | null>(null);

  /** The file goes up and is read at once (a malformed file is refused whole); 202: its page shows the matching. */
  const upload = async (file: File, confirmReimport = false) => {
    setUploading(true);
    setFileErrors([]);
    try {
      const result = await changes.upload(file, confirmReimport);
      const refusal = result.ok ? undefined : reimportRefusalOf(result.error.errors);
      setReimport(refusal ? { file, refusal } : null);
      if (result.ok) {
        toast.success(t('deposits.uploaded', { name: result.data.fileName }));
        navigate(depositScreen(result.data.id));
      } else if (!refusal) setFileErrors(result.error.errors.length ? result.error.errors : [{ field: 'file', errorCode: result.error.errorCode }]);
    } catch (err) {
      // 413 (over 10 MB) is routed as a failure by the client; say what it was.
      setFileErrors([{ field: 'file', errorCode: err instanceof ApiError && err.status === 413 ? 'NAL-413' : 'invalid' }]);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card
      size="small"
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('deposits.title')}</Typography.Title>}
      extra={
        canWrite && (
          <Upload
            accept={DEPOSIT_FILE_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={uploading} id="deposit-upload">
              {t('deposits.upload')}
            </Button>
          </Upload>
        )
      }
    >
      {canWrite && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('deposits.uploadHelp')}
        </Typography.Paragraph>
      )}
      {reimport && <ReimportPrompt refusal={reimport.refusal} busy={uploading} onConfirm={() => void upload(reimport.file, true)} onCancel={() => setReimport(null)} />}
      {fileErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setFileErrors([])}
          style={{ marginBottom: 16 }}
          data-testid="deposit-file-errors"
          title={t('deposits.uploadFailed', { count: fileErrors.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 240, overflowY: 'auto' }}>
              {fileErrors.map((e, i) => (
                <li key={i}>{depositFileErrorLine(e, t)}</li>
              ))}
            </ul>
          }
        />
      )}
      <DepositDownloads />
      <Divider style={{ margin: '12px 0' }} />
      <Table<Deposit>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={deposits}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('deposits.history.empty') }}
        columns={[
          { title: t('deposits.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v, true) },
          {
            title: t('deposits.fields.fileName'),
            dataIndex: 'fileName',
            // The format under the name: one column fewer, so the counts and files fit a laptop's width.
            render: (name: string, d) => (
              <>
                <Link to={depositScreen(d.id)} id={`deposit-link-${d.id}`}>
                  {name}
                </Link>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`deposits.formats.${d.format}`)}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          { title: t('deposits.fields.createdBy'), key: 'createdBy', render: (_: unknown, d) => d.createdBy.name },
          { title: t('deposits.fields.state'), key: 'state', render: (_: unknown, d) => <DepositStateTag deposit={d} /> },
          { title: t('deposits.fields.recordCount'), dataIndex: 'recordCount', align: 'right' },
          { title: t('deposits.fields.totalAmount'), dataIndex: 'totalAmount', align: 'right', render: yen },
          {
            title: t('deposits.fields.status'),
            children: STATUS_COUNTS.map(([key, status]) => ({
              title: t(`deposits.statuses.${status}`),
              key,
              align: 'right' as const,
              render: (_: unknown, d: Deposit) => <span data-testid={`history-${d.id}-${key}`}>{d.counts[key]}</span>,
            })),
          },
          {
            title: t('deposits.fields.review'),
            key: 'review',
            align: 'right',
            render: (_: unknown, d) => (d.counts.review > 0 ? <Tag color="orange" data-testid={`history-${d.id}-review`}>{d.counts.review}</Tag> : <span data-testid={`history-${d.id}-review`}>0</span>),
          },
          {
            title: t('deposits.fields.downloads'),
            key: 'downloads',
            render: (_: unknown, d) => (
              <Space size={4}>
                <Button size="small" type="link" id={`original-${d.id}`} onClick={() => void download(() => openDepositFile(d.id))}>
                  {t('deposits.csv.original')}
                </Button>
                <ResultCsvButton depositId={d.id} size="small" />
              </Space>
            ),
          },
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
