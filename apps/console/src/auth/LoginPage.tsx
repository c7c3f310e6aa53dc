import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { api } from '../api/client';
import { hasSession } from '../api/session';
import { errorMessage } from '../i18n';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import type { AnswerOf } from '../api/wire';

type Provider = 'google' | 'microsoft';

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [error, setError] = useState<string | null>((location.state as { error?: string } | null)?.error ?? null);
  const [busy, setBusy] = useState<Provider | null>(null);

  if (hasSession() && !error) return <Navigate to="/dashboard" replace />;

  const signIn = async (provider: Provider) => {
    setBusy(provider);
    const result = await api.get<AnswerOf<'/auth/{provider}/login-url', 'get'>>(`/auth/${provider}/login-url`, { auth: false }).catch(() => null);
    if (result?.ok && result.data) {
      window.location.assign(result.data.url);
      return;
    }
    setBusy(null);
    setError(result && !result.ok ? result.error.errorCode : 'ERR-ANOTHER');
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 400 }} title={t('app.title')} extra={<LanguageSwitch />}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.lead')}</Typography.Text>
          {error && <Alert type="error" showIcon message={t('login.failed')} description={errorMessage(error)} data-testid="login-error" />}
          <Button block size="large" id="sign-in-google" loading={busy === 'google'} onClick={() => void signIn('google')}>
            {t('login.google')}
          </Button>
          <Button block size="large" id="sign-in-microsoft" loading={busy === 'microsoft'} onClick={() => void signIn('microsoft')}>
            {t('login.microsoft')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
