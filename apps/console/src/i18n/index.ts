import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/error_message.json';
import jaCommon from './locales/ja/common.json';
import jaErrors from './locales/ja/error_message.json';

/** Japanese by default and as the fallback; English on request; the choice kept in localStorage. */
export const LANGUAGES = ['ja', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'oms.language';

/**
 * The texts of every area, each kept in its feature's folder: features/<area>/i18n/<lang>.{common,errors}.json,
 * found by that name (Vite resolves the pattern at build time), so an area's texts need no registration
 * and this module imports no screen.
 */
const AREA_TEXTS = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', { eager: true, import: 'default' });
const areaTexts = (language: Language, namespace: 'common' | 'errors') =>
  Object.assign(
    {},
    ...Object.entries(AREA_TEXTS)
      .filter(([path]) => path.endsWith(`/${language}.${namespace}.json`))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, texts]) => texts),
  ) as Record<string, unknown>;

// The console's own texts, then the areas'.
export const resources = {
  ja: {
    common: { ...jaCommon, ...areaTexts('ja', 'common') },
    error_message: { ...jaErrors, ...areaTexts('ja', 'errors') },
  },
  en: {
    common: { ...enCommon, ...areaTexts('en', 'common') },
    error_message: { ...enErrors, ...areaTexts('en', 'errors') },
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
/** The page's language for the browser and screen readers (index.html says Japanese). */
const markPageLanguage = (language: Language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
markPageLanguage(storedLanguage());

export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  dayjs.locale(language);
  markPageLanguage(language);
  void i18n.changeLanguage(language);
}

/** Dates as the console shows them: yyyy年MM月dd日 in Japanese, YYYY-MM-DD in English. */
dayjs.extend(utc);
dayjs.extend(timezone);

/** Business dates and times are Japan's (DESIGN.md §11), wherever the browser is. */
export const BUSINESS_TIME_ZONE = 'Asia/Tokyo';

/**
 * A date as the console shows it (yyyy年MM月dd日 in Japanese): a date (`YYYY-MM-DD`) as it is, a
 * moment as Japan's date (and time), so the issue date of an estimate made at 08:00 in Tokyo is that
 * day even in a browser set to UTC.
 */
export function formatDate(value: string | Date | null | undefined, withTime = false): string {
  if (!value) return '—';
  const ja = i18n.language === 'ja';
  const pattern = ja ? 'YYYY年MM月DD日' : 'YYYY-MM-DD';
  const format = withTime ? `${pattern} HH:mm` : pattern;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value).format(format);
  return dayjs(value).tz(BUSINESS_TIME_ZONE).format(format);
}

/** A month (`YYYY-MM`, a sales month) as the console shows it: yyyy年MM月 in Japanese, YYYY-MM in English. */
export function formatMonth(value: string | null | undefined): string {
  if (!value) return '—';
  return i18n.language === 'ja' ? value.replace(/^(\d{4})-(\d{2})$/, '$1年$2月') : value;
}

/** A message's values as the page shows them: a date (`YYYY-MM-DD`, NAL-INQ-005's first pickup date…) as formatDate writes it. */
const shownParams = (params: Record<string, unknown> | undefined) =>
  params && Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value]));

/** The translated message of an error code (catalogue code, field rule or ERR- code); the server's English message otherwise. */
export function errorMessage(code: string | undefined, params?: Record<string, unknown>, fallback?: string): string {
  // `other` names the field a rule compares with (date_after: order_date, start_date…), by its label.
  const other = params?.other;
  const otherLabel = i18n.t(`fieldNames.${typeof other === 'string' ? other : 'start_date'}`, { defaultValue: i18n.t('fieldNames.start_date') });
  if (code && i18n.exists(code, { ns: 'error_message' })) return i18n.t(code, { ns: 'error_message', otherLabel, ...shownParams(params) });
  if (code?.startsWith('ERR-0')) return i18n.t('network_error', { ns: 'error_message', code });
  return fallback ?? i18n.t('invalid', { ns: 'error_message' });
}

export default i18n;
