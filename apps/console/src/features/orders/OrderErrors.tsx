import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import type { OrderError } from './api/order';
import { useOrderCommands } from './api/use-order-commands';

interface Props {
  orderId: string;
  errors: OrderError[];
  canDelete: boolean;
}

/**
 * What went wrong in the reader's language, and under it what was recorded when it differs: the record
 * carries the particulars (which product an import could not find, what the platform changed).
 */
function OrderErrorMessage({ error }: { error: OrderError }) {
  const text = errorMessage(error.code, undefined, error.message);
  return (
    <>
      {text}
      {error.message && error.message !== text && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="order-error-detail">
          {error.message}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** An order's errors (EDI stop, deferred-payment limit, mail or fax failure, a shop import's problem), each deletable by staff. */
export function OrderErrors({ orderId, errors, canDelete }: Props) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<string | null>(null);
  const { deleteError } = useOrderCommands();

  const remove = async (error: OrderError) => {
    setDeleting(error.id);
    try {
      const result = await deleteError(orderId, error.id);
      if (result.ok) toast.success(t('orders.errors.deleted'));
      else toast.error(errorMessage(result.error.errorCode, undefined, result.error.message));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Table<OrderError>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={errors}
      locale={{ emptyText: t('orders.errors.empty') }}
      onRow={(error) => ({ 'data-testid': `order-error-${error.id}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('orders.errors.code'), dataIndex: 'code', width: 130, render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
        { title: t('orders.errors.message'), key: 'message', render: (_: unknown, e: OrderError) => <OrderErrorMessage error={e} /> },
        { title: t('orders.errors.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDate(v, true) },
        ...(canDelete
          ? [
              {
                title: t('common.actions'),
                key: 'delete',
                width: 110,
                render: (_: unknown, e: OrderError) => (
                  <Popconfirm title={t('orders.errors.confirmDelete')} onConfirm={() => remove(e)} okButtonProps={{ id: `order-error-delete-ok-${e.id}` }}>
                    <Button size="small" danger icon={<DeleteOutlined />} loading={deleting === e.id} id={`order-error-delete-${e.id}`}>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
