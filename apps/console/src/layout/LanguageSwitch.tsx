import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Language, setLanguage } from '../i18n';

export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  return (
    <Segmented
      size="small"
      aria-label={t('header.language')}
      value={i18n.language}
      onChange={(value) => setLanguage(value as Language)}
      options={[
        { label: <span data-testid="lang-ja">{t('header.ja')}</span>, value: 'ja' },
        { label: <span data-testid="lang-en">{t('header.en')}</span>, value: 'en' },
      ]}
    />
  );
}
