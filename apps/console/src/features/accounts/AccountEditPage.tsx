import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AccountForm } from './AccountForm';
import { useAccount } from './api/use-account';
import { updateAccount } from './api/save-account';

export function AccountEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { account } = useAccount(id);
  if (!account) return <Spin />;
  return (
    <AccountForm
      title={t('accounts.editTitle')}
      initial={account}
      // The version the form was loaded with, not the one SWR may have revalidated since: a change
      // someone else made meanwhile must be refused by the server (NAL-USER-006), not overwritten.
      submit={({ version, ...values }) => updateAccount(account.id, { ...values, version: version! })}
      successMessage={t('accounts.updated')}
    />
  );
}
