import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { UserForm } from './UserForm';
import { useUser } from './api/use-user';
import { updateUser } from './api/save-user';

export function UserEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { account } = useUser(id);
  if (!account) return <Spin />;
  return (
    <UserForm
      title={t('accounts.editTitle')}
      initial={account}
      // The version the form was loaded with, not the one SWR may have revalidated since: a change
      // someone else made meanwhile must be refused by the server (NAL-USER-006), not overwritten.
      submit={({ version, ...values }) => updateUser(account.id, { ...values, version: version! })}
      successMessage={t('accounts.updated')}
    />
  );
}
