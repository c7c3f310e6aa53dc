import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { formatDate } from '../../i18n';
import { countLink, useDashboard } from './api/use-dashboard';

/**
 * The day's work as numbers, each opening the filtered list it counts. The API decides which
 * counts the role sees; a count the console has no label for yet shows its key.
 */
export function TodayWork() {
  const { t } = useTranslation();
  const { dashboard, isLoading } = useDashboard();
  // A maker's counts are over its own lines: what it does about them is not what staff do.
  const hints = useCurrentUser().user?.role === 'maker' ? 'todayWork.makerHints' : 'todayWork.hints';
  if (isLoading || !dashboard) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (dashboard.counts.length === 0) return null;
  return (
    <section data-testid="today-work">
      <Typography.Title level={5}>
        {t('todayWork.title')} <Typography.Text type="secondary">{t('todayWork.asOf', { date: formatDate(dashboard.today) })}</Typography.Text>
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {dashboard.counts.map((c) => (
          <Col key={c.key} xs={24} sm={12} lg={8} xl={6}>
            <Link to={countLink(c)} data-testid={`count-${c.key}`} aria-label={`${t(`todayWork.counts.${c.key}`, { defaultValue: c.key })}: ${c.count}`}>
              <Card hoverable size="small" style={{ height: '100%', borderColor: c.count > 0 ? '#faad14' : undefined }}>
                <Statistic
                  title={t(`todayWork.counts.${c.key}`, { defaultValue: c.key })}
                  value={c.count}
                  suffix={t('todayWork.unit')}
                  // 2件, not 2 件: no space between a number and its counter in Japanese.
                  styles={{ content: { color: c.count > 0 ? '#d46b08' : undefined }, suffix: { marginInlineStart: 0 } }}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t(`${hints}.${c.key}`, { defaultValue: '' })}
                </Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
