import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { api } from './api/client';
import { ToastBridge } from './common/ToastBridge';
import { toast } from './common/toast';
import i18n, { errorMessage } from './i18n';
import { router } from './routes';

// What the API client does with answers no screen handles itself (SPEC.md §7).
api.setHandlers({
  onUnauthenticated: () => void router.navigate('/login', { replace: true }),
  onForbidden: () => void router.navigate('/forbidden', { replace: true }),
  onNotFound: () => void router.navigate('/not-found', { replace: true }),
  onNetworkError: (code: string) => toast.error(errorMessage(code)),
});

function Root() {
  const { i18n: current } = useTranslation();
  return (
    <ConfigProvider locale={current.language === 'en' ? enUS : jaJP}>
      <AntApp>
        <ToastBridge />
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <RouterProvider router={router} />
        </SWRConfig>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Root />
    </I18nextProvider>
  </StrictMode>,
);
