import { useTranslation } from 'react-i18next';
import { UserForm } from './UserForm';
import { createUser } from './api/save-user';

export function UserCreatePage() {
  const { t } = useTranslation();
  return <UserForm title={t('accounts.createTitle')} submit={createUser} successMessage={t('accounts.created')} />;
}
