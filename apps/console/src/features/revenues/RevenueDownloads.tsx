import { DownloadOutlined } from '@ant-design/icons';
import { japanToday } from '@oms/domain';
import { Button, DatePicker, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../deposits/DepositDownloads';
import { DATE_FORMAT } from '../orders/format';
import type { RevenueCsvEncoding, RevenueFilters } from './api/revenue';
import { openPrepaysCsv, openReceivablesCsv, openSsCsv } from './api/save-revenue';

/** UTF-8 with BOM (the API's default) or Shift_JIS for Excel. */
export const REVENUE_CSV_ENCODINGS = ['utf8', 'sjis'] as const satisfies readonly RevenueCsvEncoding[];

/** The encoding picker the revenue CSVs share. */
export function EncodingSelect({ id, value, onChange }: { id: string; value: RevenueCsvEncoding; onChange: (encoding: RevenueCsvEncoding) => void }) {
  const { t } = useTranslation();
  return (
    <Space size="small">
      <Typography.Text type="secondary">{t('revenues.csv.encoding')}</Typography.Text>
      <Select size="small" id={id} value={value} onChange={onChange} style={{ width: 170 }} options={REVENUE_CSV_ENCODINGS.map((e) => ({ value: e, label: t(`revenues.csv.encodings.${e}`) }))} />
    </Space>
  );
}

/**
 * The accountant's files of the list: the SS journal of the chosen sales month (none without a month),
 * the receivables of the same filter, and the advance payments (前受金) at a cut-off date.
 */
export function RevenueDownloads({ filters }: { filters: RevenueFilters }) {
  const { t } = useTranslation();
  // Japan's today (DESIGN.md §11), wherever the browser is.
  const [cutOff, setCutOff] = useState<Dayjs>(dayjs(japanToday()));
  const [encoding, setEncoding] = useState<RevenueCsvEncoding>('utf8');
  const { salesMonth } = filters;
  return (
    <Space wrap size="middle" data-testid="revenue-downloads">
      <Tooltip title={salesMonth ? undefined : t('revenues.csv.ssHelp')}>
        <Button size="small" icon={<DownloadOutlined />} id="revenue-ss" disabled={!salesMonth} onClick={() => salesMonth && void download(() => openSsCsv({ ...filters, salesMonth }, encoding))}>
          {t('revenues.csv.ss')}
        </Button>
      </Tooltip>
      <Button size="small" icon={<DownloadOutlined />} id="revenue-receivables" onClick={() => void download(() => openReceivablesCsv(filters, encoding))}>
        {t('revenues.csv.receivables')}
      </Button>
      <Space size="small">
        <Typography.Text>{t('revenues.csv.prepays')}</Typography.Text>
        <DatePicker size="small" id="revenue-prepays-date" format={DATE_FORMAT} allowClear={false} value={cutOff} onChange={(date) => date && setCutOff(date)} />
        <Button size="small" icon={<DownloadOutlined />} id="revenue-prepays" onClick={() => void download(() => openPrepaysCsv(cutOff.format(DATE_FORMAT), encoding))}>
          {t('revenues.csv.download')}
        </Button>
      </Space>
      <EncodingSelect id="revenue-csv-encoding" value={encoding} onChange={setEncoding} />
    </Space>
  );
}
