import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Sections whose screens come in later releases say so plainly. */
export function ComingSoonPage({ section }: { section: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t(`menu.${section}`)} subTitle={<span data-testid="coming-soon">{t('comingSoon.body', { section: t(`menu.${section}`) })}</span>} />;
}
