import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../auth/use-current-user';
import { TodayWork } from '../features/dashboard/TodayWork';
import { formatDate } from '../i18n';
import { allowedSections } from '../sections';

/** After sign-in: who is signed in, the day's work in numbers, and the sections the role may open. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div data-testid="dashboard">
      <Typography.Title level={3}>{t('menu.dashboard')}</Typography.Title>
      <Typography.Paragraph>{t('dashboard.welcome', { name: user.name })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('dashboard.role', { role: t(`roles.${user.role}`) })} ·{' '}
        <span data-testid="previous-login">{t('dashboard.lastLogin', { date: formatDate(user.previousLogin, true) })}</span>
      </Typography.Paragraph>
      <TodayWork />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('dashboard.sections')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {allowedSections(user.permissions).map((s) => (
          <Col key={s.key} xs={24} sm={12} md={8}>
            <Link to={s.path}>
              <Card hoverable size="small">
                {t(`menu.${s.key}`)}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
