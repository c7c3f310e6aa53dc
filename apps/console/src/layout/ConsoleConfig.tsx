import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * antd as the console sets it up: the locale of the chosen language, and buttons as written, without
 * the space antd puts between two CJK characters (返 品 → 返品).
 */
export function ConsoleConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : jaJP} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
