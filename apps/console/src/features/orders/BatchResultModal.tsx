import { Alert, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n';
import type { BatchOrderResult } from './api/order';
import { joinCodes } from './messages';
import type { OrderAction } from './order-actions';

interface Props {
  action: OrderAction | null;
  results: BatchOrderResult[];
  /** Order numbers to show instead of ids, where known. */
  numbers: Record<string, string>;
  onClose: () => void;
}

/** What a batch command did to each order: done, or refused with the translated code. */
export function BatchResultModal({ action, results, numbers, onClose }: Props) {
  const { t } = useTranslation();
  const refused = results.filter((r) => !r.ok);
  const done = results.length - refused.length;
  return (
    <Modal open={action !== null && results.length > 0} title={action ? t(`orders.action.${action}`) : undefined} onCancel={onClose} onOk={onClose} cancelButtonProps={{ style: { display: 'none' } }} data-testid="batch-results">
      <Alert
        type={refused.length ? 'warning' : 'success'}
        showIcon
        title={t(refused.length ? 'orders.batch.summary' : 'orders.batch.allDone', { done, refused: refused.length })}
        description={
          action && refused.length ? (
            <span style={{ whiteSpace: 'pre-line' }} data-testid="batch-refusals">
              {joinCodes(t, action, refused.map((r) => r.errorCode ?? 'NAL-400'))}
            </span>
          ) : undefined
        }
        style={{ marginBottom: 16 }}
      />
      <Table<BatchOrderResult>
        rowKey="orderId"
        size="small"
        pagination={false}
        dataSource={results}
        columns={[
          { title: t('orders.fields.orderNo'), dataIndex: 'orderId', render: (id: string) => numbers[id] ?? id },
          {
            title: t('orders.batch.result'),
            dataIndex: 'ok',
            render: (ok: boolean, r) =>
              ok ? (
                <Tag color="success">{t('orders.batch.done')}</Tag>
              ) : (
                <span data-testid={`batch-refused-${r.orderId}`}>
                  <Tag color="error">{t('orders.batch.refused')}</Tag>
                  {!r.ok && errorMessage(r.errorCode)}
                </span>
              ),
          },
        ]}
      />
    </Modal>
  );
}
