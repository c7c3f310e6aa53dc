import { App as AntApp } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { api } from './api/client';
import { rememberReturnPath } from './auth/return-path';
import { ToastBridge } from './common/ToastBridge';
import { toast } from './common/toast';
import i18n, { errorMessage } from './i18n';
import { ConsoleConfig } from './layout/ConsoleConfig';
import { router } from './routes';

// What the API client does with answers no screen handles itself (SPEC.md §7).
api.setHandlers({
  // A session that ended (expired, revoked) comes back to the page it was on after signing in again.
  onUnauthenticated: () => {
    rememberReturnPath(`${window.location.pathname}${window.location.search}${window.location.hash}`);
    void router.navigate('/login', { replace: true });
  },
  onForbidden: () => void router.navigate('/forbidden', { replace: true }),
  onNotFound: () => void router.navigate('/not-found', { replace: true }),
  onNetworkError: (code: string) => toast.error(errorMessage(code)),
});

function Root() {
  return (
    <ConsoleConfig>
      <AntApp>
        <ToastBridge />
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <RouterProvider router={router} />
        </SWRConfig>
      </AntApp>
    </ConsoleConfig>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Root />
    </I18nextProvider>
  </StrictMode>,
);
