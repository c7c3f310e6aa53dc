import { DownloadOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { downloadOrderSheet, requestOrderSheet, type OrderSheet, type OrderSheetStatus, type SheetFileType } from './api/order-sheets';

const STATUS_COLORS: Record<OrderSheetStatus, string> = { pending: 'processing', held: 'warning', sent: 'success', failed: 'error' };

interface Props {
  orderId: string;
  /** The order's version as read: a resend is refused (NAL_ORD-193) when the order changed since. */
  version: number;
  makerId: string;
  makerName: string;
  /** This maker's sheets, any order. */
  sheets: OrderSheet[];
  /** Staff allowed to order from makers may resend, or release a held sheet; makers only read and download. */
  canResend: boolean;
  /** The sheet holds the maker's live link: only those who may record a maker's answer download it (orders.maker). */
  canDownload: boolean;
  /** A resend or release was accepted: the caller follows the worker sending it. */
  onRequested: () => void;
  onStale: () => void;
}

/** A sheet's status, with why it is held or what went wrong last. */
function SheetStatus({ sheet }: { sheet: OrderSheet }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATUS_COLORS[sheet.status]} data-testid={`sheet-status-${sheet.id}`} data-status={sheet.status}>
        {t(`orders.sheets.statuses.${sheet.status}`)}
      </Tag>
      {sheet.status === 'held' && sheet.holdCode && (
        <Typography.Text type="warning" data-testid={`sheet-hold-${sheet.id}`}>
          {t('orders.sheets.holdReason', { reason: errorMessage(sheet.holdCode) })}
        </Typography.Text>
      )}
      {sheet.lastError && sheet.status !== 'sent' && (
        <Typography.Text type="danger" data-testid={`sheet-error-${sheet.id}`}>
          {t('orders.sheets.lastError', { error: sheet.lastError })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** One maker's order sheets on the order detail: every revision as sent, its PDF and CSV, and the resend. */
export function MakerOrderSheets({ orderId, version, makerId, makerName, sheets, canResend, canDownload, onRequested, onStale }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const revisions = [...sheets].sort((a, b) => b.revision - a.revision);
  const latest = revisions[0];
  const release = latest?.status === 'held';

  const download = (sheet: OrderSheet, fileType: SheetFileType) =>
    void downloadOrderSheet(orderId, sheet, fileType).catch((err: unknown) => {
      // 400s are not toasted by the client's handlers; the rest already were.
      if (err instanceof ApiError && err.status === 400) toast.error(errorMessage(err.errorCode, undefined, err.message));
    });

  const request = async () => {
    const result = await requestOrderSheet(orderId, makerId, version);
    if (result.ok) {
      toast.success(t('orders.sheets.requested'));
      onRequested();
    } else if (result.error.errorCode === 'NAL_ORD-193') onStale();
    else toast.error(errorMessage(result.error.errorCode, undefined, result.error.message));
  };

  const confirm = () =>
    modal.confirm({
      title: t(release ? 'orders.sheets.confirmRelease' : 'orders.sheets.confirmResend', { maker: makerName }),
      content: t('orders.sheets.confirmBody', { method: t(`orderMethods.${latest?.method ?? 'email'}`) }),
      okText: t('orders.sheets.send'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `sheet-request-ok-${makerId}` },
      // A refusal the client routes itself (404, network) has been shown; the dialog just closes.
      onOk: () => request().catch(() => undefined),
    });

  return (
    <div style={{ marginTop: 12 }} data-testid={`order-sheets-${makerId}`}>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('orders.sheets.title')}</Typography.Text>
        {canResend && latest && (
          <Button
            size="small"
            icon={<SendOutlined />}
            danger={release}
            disabled={latest.status === 'pending'}
            onClick={confirm}
            id={`sheet-request-${makerId}`}
          >
            {t(release ? 'orders.sheets.release' : 'orders.sheets.resend')}
          </Button>
        )}
      </Space>
      <Table<OrderSheet>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={revisions}
        locale={{ emptyText: t('orders.sheets.empty') }}
        onRow={(sheet) => ({ 'data-testid': `sheet-${sheet.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('orders.sheets.revision'),
            key: 'revision',
            width: 130,
            // Held sheets were never made; a failed one may still be faxed by hand.
            render: (_: unknown, s: OrderSheet) =>
              canDownload && (s.status === 'sent' || s.status === 'failed') && (
              <Space size={4}>
                {t('orders.sheets.revisionValue', { revision: s.revision })}
                {s.resent && <Tag color="blue">{t('orders.sheets.resent')}</Tag>}
              </Space>
            ),
          },
          { title: t('orders.sheets.method'), dataIndex: 'method', width: 90, render: (m: OrderSheet['method']) => t(`orderMethods.${m}`) },
          { title: t('orders.sheets.recipient'), dataIndex: 'recipient', render: (v: string | null) => v || '—' },
          { title: t('orders.sheets.status'), key: 'status', render: (_: unknown, s: OrderSheet) => <SheetStatus sheet={s} /> },
          { title: t('orders.sheets.sentAt'), dataIndex: 'sentAt', width: 170, render: (v: string | null) => formatDate(v, true) },
          {
            title: t('orders.sheets.download'),
            key: 'download',
            width: 150,
            // Held sheets were never made; a failed one may still be faxed by hand.
            render: (_: unknown, s: OrderSheet) =>
              canDownload && (s.status === 'sent' || s.status === 'failed') && (
              <Space size={4}>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => download(s, 'pdf')} id={`sheet-pdf-${s.id}`}>
                  {t('orders.sheets.pdf')}
                </Button>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => download(s, 'csv')} id={`sheet-csv-${s.id}`}>
                  {t('orders.sheets.csv')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
