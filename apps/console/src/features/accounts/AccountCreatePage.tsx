import { useTranslation } from 'react-i18next';
import { AccountForm } from './AccountForm';
import { createAccount } from './api/save-account';

export function AccountCreatePage() {
  const { t } = useTranslation();
  return <AccountForm title={t('accounts.createTitle')} submit={createAccount} successMessage={t('accounts.created')} />;
}
