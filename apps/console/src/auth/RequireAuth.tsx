import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { hasSession } from '../api/session';
import { ForbiddenPage } from '../pages/StatusPage';
import { rememberReturnPath } from './return-path';
import { useCurrentUser, type Permission } from './use-current-user';

/**
 * Signed-in users only: without a stored session straight to Login, before anything is fetched; the
 * page asked for is where the user lands after signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, error, mutate } = useCurrentUser();
  if (!hasSession()) {
    rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  // A failed sign-in is routed to Login by the API client; anything else (server down) offers a retry.
  if (!user && error) {
    return <Result status="warning" title={t('common.loadFailed')} extra={<Button onClick={() => void mutate()}>{t('common.reload')}</Button>} />;
  }
  if (!user) return <Spin fullscreen />;
  return <>{children}</>;
}

/** A section the role matrix must allow; a direct URL to another one shows the forbidden screen. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return user.permissions.includes(permission) ? <>{children}</> : <ForbiddenPage />;
}
