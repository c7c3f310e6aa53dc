import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, DatePicker, Dropdown, Select, Space, Typography } from 'antd';
import { japanToday } from '@oms/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';
import { DATE_FORMAT } from '../orders/format';
import { CSV_ENCODINGS, type CsvEncoding } from './api/deposit';
import { openAdvancePayments, openDepositReport, openDepositResult } from './api/save-deposit';

/** Opens a download (the browser follows the URL with its media token); a refusal is a toast. */
export async function download(open: () => Promise<string>) {
  try {
    await open();
  } catch (err) {
    toast.error(errorMessage(err instanceof ApiError ? err.errorCode : undefined));
  }
}

/** An upload's result CSV, in UTF-8 or Shift_JIS as picked. */
export function ResultCsvButton({ depositId, size }: { depositId: number; size?: 'small' }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      menu={{
        items: CSV_ENCODINGS.map((encoding) => ({ key: encoding, label: t(`deposits.csv.encodings.${encoding}`), id: `result-csv-${depositId}-${encoding}` })),
        onClick: ({ key }) => void download(() => openDepositResult(depositId, key as CsvEncoding)),
      }}
    >
      <Button size={size} icon={<DownloadOutlined />} id={`result-csv-${depositId}`}>
        {t('deposits.csv.result')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * The accountant's period files: the deposit history of a period (by paid date) and the advance
 * payments (前受金) at a cut-off date, each in UTF-8 or Shift_JIS.
 */
export function DepositDownloads() {
  const { t } = useTranslation();
  // Japan's today (DESIGN.md §11), wherever the browser is.
  const today = dayjs(japanToday());
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([today.startOf('month'), today]);
  const [cutOff, setCutOff] = useState<Dayjs>(today);
  const [encoding, setEncoding] = useState<CsvEncoding>('utf8');
  return (
    <Space wrap size="middle" data-testid="deposit-downloads">
      <Space size="small">
        <Typography.Text>{t('deposits.csv.report')}</Typography.Text>
        <DatePicker.RangePicker
          size="small"
          id="deposit-report-period"
          format={DATE_FORMAT}
          allowClear={false}
          value={period}
          onChange={(range) => range?.[0] && range[1] && setPeriod([range[0], range[1]])}
        />
        <Button size="small" icon={<DownloadOutlined />} id="deposit-report" onClick={() => void download(() => openDepositReport(period[0].format(DATE_FORMAT), period[1].format(DATE_FORMAT), encoding))}>
          {t('deposits.csv.download')}
        </Button>
      </Space>
      <Space size="small">
        <Typography.Text>{t('deposits.csv.advance')}</Typography.Text>
        <DatePicker size="small" id="deposit-advance-date" format={DATE_FORMAT} allowClear={false} value={cutOff} onChange={(date) => date && setCutOff(date)} />
        <Button size="small" icon={<DownloadOutlined />} id="deposit-advance" onClick={() => void download(() => openAdvancePayments(cutOff.format(DATE_FORMAT), encoding))}>
          {t('deposits.csv.download')}
        </Button>
      </Space>
      <Space size="small">
        <Typography.Text type="secondary">{t('deposits.csv.encoding')}</Typography.Text>
        <Select
          size="small"
          id="deposit-csv-encoding"
          value={encoding}
          onChange={setEncoding}
          style={{ width: 170 }}
          options={CSV_ENCODINGS.map((e) => ({ value: e, label: t(`deposits.csv.encodings.${e}`) }))}
        />
      </Space>
    </Space>
  );
}
