import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/error_message.json';
import jaCommon from './locales/ja/common.json';
import jaErrors from './locales/ja/error_message.json';
import jaProductsCommon from './locales/ja/areas/products.common.json';
import jaProductsErrors from './locales/ja/areas/products.errors.json';
import jaCustomersCommon from './locales/ja/areas/customers.common.json';
import jaCustomersErrors from './locales/ja/areas/customers.errors.json';
import jaSettingsCommon from './locales/ja/areas/settings.common.json';
import jaSettingsErrors from './locales/ja/areas/settings.errors.json';
import enProductsCommon from './locales/en/areas/products.common.json';
import enProductsErrors from './locales/en/areas/products.errors.json';
import enCustomersCommon from './locales/en/areas/customers.common.json';
import enCustomersErrors from './locales/en/areas/customers.errors.json';
import enSettingsCommon from './locales/en/areas/settings.common.json';
import enSettingsErrors from './locales/en/areas/settings.errors.json';
import jaOrdersCommon from './locales/ja/areas/orders.common.json';
import jaOrdersErrors from './locales/ja/areas/orders.errors.json';
import enOrdersCommon from './locales/en/areas/orders.common.json';
import enOrdersErrors from './locales/en/areas/orders.errors.json';
import jaMakerConfirmCommon from './locales/ja/areas/makerConfirm.common.json';
import enMakerConfirmCommon from './locales/en/areas/makerConfirm.common.json';
import jaMailTemplatesCommon from './locales/ja/areas/mailTemplates.common.json';
import jaMailTemplatesErrors from './locales/ja/areas/mailTemplates.errors.json';
import enMailTemplatesCommon from './locales/en/areas/mailTemplates.common.json';
import enMailTemplatesErrors from './locales/en/areas/mailTemplates.errors.json';
import jaDashboardCommon from './locales/ja/areas/dashboard.common.json';
import enDashboardCommon from './locales/en/areas/dashboard.common.json';

/** Japanese by default and as the fallback; English on request; the choice kept in localStorage. */
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'oms.language';

// Each area keeps its texts in locales/<lang>/areas/<area>.{common,errors}.json, merged here.
export const resources = {
  ja: {
    common: { ...jaCommon, ...jaProductsCommon, ...jaCustomersCommon, ...jaSettingsCommon, ...jaOrdersCommon, ...jaMakerConfirmCommon, ...jaMailTemplatesCommon, ...jaDashboardCommon },
    error_message: { ...jaErrors, ...jaProductsErrors, ...jaCustomersErrors, ...jaSettingsErrors, ...jaOrdersErrors, ...jaMailTemplatesErrors },
  },
  en: {
    common: { ...enCommon, ...enProductsCommon, ...enCustomersCommon, ...enSettingsCommon, ...enOrdersCommon, ...enMakerConfirmCommon, ...enMailTemplatesCommon, ...enDashboardCommon },
    error_message: { ...enErrors, ...enProductsErrors, ...enCustomersErrors, ...enSettingsErrors, ...enOrdersErrors, ...enMailTemplatesErrors },
  },
} as const;

export function storedLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'ja';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'ja',
  defaultNS: 'common',
  ns: ['common', 'error_message'],
  interpolation: { escapeValue: false },
});
dayjs.locale(storedLanguage());

export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  dayjs.locale(language);
  void i18n.changeLanguage(language);
}

/** Dates as the console shows them: yyyy年MM月dd日 in Japanese, YYYY-MM-DD in English. */
export function formatDate(value: string | Date | null | undefined, withTime = false): string {
  if (!value) return '—';
  const ja = i18n.language === 'ja';
  const pattern = ja ? 'YYYY年MM月DD日' : 'YYYY-MM-DD';
  return dayjs(value).format(withTime ? `${pattern} HH:mm` : pattern);
}

/** The translated message of an error code (catalogue code, field rule or ERR- code); the server's English message otherwise. */
export function errorMessage(code: string | undefined, params?: Record<string, unknown>, fallback?: string): string {
  // `other` names the field a rule compares with (date_after: order_date, start_date…), by its label.
  const other = params?.other;
  const otherLabel = i18n.t(`fieldNames.${typeof other === 'string' ? other : 'start_date'}`, { defaultValue: i18n.t('fieldNames.start_date') });
  if (code && i18n.exists(code, { ns: 'error_message' })) return i18n.t(code, { ns: 'error_message', otherLabel, ...params });
  if (code?.startsWith('ERR-0')) return i18n.t('network_error', { ns: 'error_message', code });
  return fallback ?? i18n.t('invalid', { ns: 'error_message' });
}

export default i18n;
