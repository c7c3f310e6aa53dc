import { useTranslation } from 'react-i18next';
import type { DeliveryCompany } from '../settings/api';
import { trackingLink } from '../settings/tracking-link';

/** A tracking code, linked to its delivery company's tracking page when the company has a template. */
export function TrackingCode({ code, company, testId }: { code: string | null; company?: Pick<DeliveryCompany, 'trackingUrl'>; testId?: string }) {
  const { t } = useTranslation();
  if (!code) return <span data-testid={testId}>—</span>;
  const href = trackingLink(company?.trackingUrl, code);
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" title={t('mailTemplates.trackingLinkTitle')} data-testid={testId}>
      {code}
    </a>
  ) : (
    <span data-testid={testId}>{code}</span>
  );
}
