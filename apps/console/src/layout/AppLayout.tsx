import {
  AppstoreOutlined,
  BankOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DownOutlined,
  LogoutOutlined,
  MessageOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
  CustomerServiceOutlined,
  LineChartOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, Layout, Menu, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../auth/sign-out';
import { useCurrentUser } from '../auth/use-current-user';
import { allowedSections } from '../sections';
import { LanguageSwitch } from './LanguageSwitch';
import { openQueueDashboard, QUEUE_DASHBOARD_PERMISSION } from './queue-dashboard';

const ICONS: Record<string, ReactNode> = {
  orders: <ShoppingCartOutlined />,
  products: <AppstoreOutlined />,
  customers: <TeamOutlined />,
  makers: <ShopOutlined />,
  revenue: <LineChartOutlined />,
  accounts: <UserOutlined />,
  customerInquiries: <CustomerServiceOutlined />,
  makerInquiries: <MessageOutlined />,
  settings: <SettingOutlined />,
};

const COLLAPSED_KEY = 'oms.sidebarCollapsed';
/** A menu entry that opens a tab instead of a route. */
const QUEUES_KEY = 'queues';

/** The shell: a collapsible side menu of the sections the role may use, and a top bar with language and profile. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const sections = allowedSections(user?.permissions ?? []);
  const canSeeQueues = user?.permissions.includes(QUEUE_DASHBOARD_PERMISSION) ?? false;
  const selected = sections.find((s) => location.pathname.startsWith(s.path))?.path ?? '/dashboard';

  const collapse = (value: boolean) => {
    setCollapsed(value);
    localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
  };

  const logout = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={collapse} width={220} data-testid="sidebar">
        <div style={{ color: '#fff', padding: '16px', fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? t('app.shortTitle') : t('app.title')}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          // A failed token is shown by the API client's handlers.
          onClick={({ key }) => (key === QUEUES_KEY ? void openQueueDashboard().catch(() => undefined) : navigate(key))}
          items={[
            { key: '/dashboard', icon: <DashboardOutlined />, label: t('menu.dashboard') },
            ...sections.map((s) => ({ key: s.path, icon: ICONS[s.key], label: <span data-section={s.key}>{t(`menu.${s.key}`)}</span> })),
            ...(canSeeQueues ? [{ key: QUEUES_KEY, icon: <DatabaseOutlined />, label: <span data-testid="menu-queues">{t('menu.queues')}</span> }] : []),
          ]}
        />
      </Layout.Sider>
      <Layout>
        {/* A low top bar and narrow margins leave a 1366×768 screen to the work. */}
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16, paddingInline: 24, height: 48, lineHeight: '48px' }}>
          <LanguageSwitch />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'profile', icon: <BankOutlined />, label: `${user?.email ?? ''}`, disabled: true },
                { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('header.logout')}</span>, onClick: () => void logout() },
              ],
            }}
          >
            <a onClick={(e) => e.preventDefault()} data-testid="profile-menu">
              <Space>
                <Avatar size="small" src={user?.avatar ?? undefined} icon={<UserOutlined />} />
                <Typography.Text>{user?.name}</Typography.Text>
                <DownOutlined />
              </Space>
            </a>
          </Dropdown>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
