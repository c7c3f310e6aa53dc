import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The forbidden (403) and not-found (404) screens: what happened, and the way back. */
export function StatusPage({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = status === 403 ? 'forbidden' : 'notFound';
  return (
    <Result
      status={status === 403 ? '403' : '404'}
      title={<span data-testid={status === 403 ? 'forbidden' : 'not-found'}>{t(`${key}.title`)}</span>}
      subTitle={t(`${key}.body`)}
      extra={<Button onClick={() => navigate('/dashboard')}>{t(`${key}.back`)}</Button>}
    />
  );
}

export const ForbiddenPage = () => <StatusPage status={403} />;
export const NotFoundPage = () => <StatusPage status={404} />;
