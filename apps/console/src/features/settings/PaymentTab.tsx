import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS, PaymentMethod, useList } from './api';

/** Payment methods: reference data, read-only for everyone. */
export function PaymentTab() {
  const { t, i18n } = useTranslation();
  const { rows, isLoading } = useList<PaymentMethod>(PATHS.payments);
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const yen = (v: number | null) => (v === null ? '' : `${v.toLocaleString()}`);
  return (
    <Table<PaymentMethod>
      rowKey="id"
      id="payment-table"
      loading={isLoading}
      dataSource={rows}
      pagination={false}
      columns={[
        { title: t('settings.payment.id'), dataIndex: 'id', width: 60 },
        { title: t('settings.payment.code'), dataIndex: 'code' },
        { title: t('settings.payment.name'), key: 'name', render: (_: unknown, p) => (i18n.language === 'en' ? p.nameEn : p.nameJa) },
        { title: t('settings.payment.isPostpaid'), dataIndex: 'isPostpaid', render: yesNo },
        { title: t('settings.payment.businessOnly'), dataIndex: 'businessOnly', render: yesNo },
        { title: t('settings.payment.feeWithTax'), dataIndex: 'feeWithTax', render: yen },
        { title: t('settings.payment.limitAmount'), dataIndex: 'limitAmount', render: yen },
      ]}
    />
  );
}
