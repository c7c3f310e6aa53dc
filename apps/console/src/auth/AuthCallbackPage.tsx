import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { api } from '../api/client';
import { clearSession, saveSession } from '../api/session';
import { takeReturnPath } from './return-path';
import { ME_KEY } from './use-current-user';

// A provider's code can be exchanged once; React's development double effects must not try twice.
const exchanged = new Set<string>();

/** The provider sends the browser here; the API exchanges the code, then the user goes to the page asked for before signing in, or the Dashboard. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const { provider } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    const search = window.location.search;
    if (exchanged.has(search)) return;
    exchanged.add(search);
    const query = Object.fromEntries(new URLSearchParams(search));
    api
      .get<{ accessToken: string; expiresIn: number }>(`/auth/${provider}/callback`, { query, auth: false })
      .then(async (result) => {
        if (!result.ok || !result.data) throw new Error(result.ok ? 'NAL-LO-04' : result.error.errorCode);
        saveSession(result.data.accessToken, result.data.expiresIn);
        await mutate(ME_KEY);
        navigate(takeReturnPath(), { replace: true });
      })
      .catch((error: Error & { errorCode?: string }) => {
        clearSession();
        navigate('/login', { replace: true, state: { error: error.errorCode ?? error.message } });
      });
  }, [provider, navigate]);

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" tip={t('login.signingIn')}>
        <div style={{ width: 200, height: 80 }} />
      </Spin>
    </div>
  );
}
