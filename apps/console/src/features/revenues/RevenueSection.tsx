import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { DEPOSITS_SCREEN } from '../deposits/api/deposit';
import { REVENUES_SCREEN } from './api/revenue';

/** The section's two parts, each behind its permission (the same roles today, DESIGN.md §8). */
const PARTS = [
  { key: 'revenues', path: REVENUES_SCREEN, permission: 'revenue.read' },
  { key: 'deposits', path: DEPOSITS_SCREEN, permission: 'deposits.read' },
] as const;

/** The revenue section's sub-navigation (売上一覧 / 入金) over its screens. */
export function RevenueSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const parts = PARTS.filter((p) => user?.permissions.includes(p.permission));
  const active = pathname.startsWith(DEPOSITS_SCREEN) ? 'deposits' : 'revenues';
  return (
    <>
      {parts.length > 1 && (
        <Tabs
          size="small"
          data-testid="revenue-section-nav"
          activeKey={active}
          onChange={(key) => navigate(PARTS.find((p) => p.key === key)!.path)}
          items={parts.map((p) => ({ key: p.key, label: <span id={`revenue-nav-${p.key}`}>{t(`revenues.nav.${p.key}`)}</span> }))}
          style={{ marginBottom: 4 }}
        />
      )}
      <Outlet />
    </>
  );
}
