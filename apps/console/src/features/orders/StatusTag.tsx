import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LINE_STATUS as S, type LineStatus } from './api/line-status';
import { statusLabel } from './messages';

const COLORS: Partial<Record<LineStatus, string>> = {
  [S.unpaid]: 'default',
  [S.paid]: 'blue',
  [S.ordered]: 'cyan',
  [S.orderReceived]: 'geekblue',
  [S.shipped]: 'green',
  [S.delivered]: 'success',
  [S.refunded]: 'purple',
  [S.cancel]: 'red',
  [S.returned]: 'orange',
  [S.reordered]: 'cyan',
  [S.reorderReceived]: 'geekblue',
  [S.reshipped]: 'green',
};

/** A line (or order summary) status as a coloured tag. */
export function StatusTag({ status }: { status: LineStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {statusLabel(t, status)}
    </Tag>
  );
}
