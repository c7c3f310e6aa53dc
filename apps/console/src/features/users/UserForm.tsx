import { Alert, Button, Card, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMakerOptions } from '../../common/use-options';
import { EditFormProps, useServerForm } from '../../common/use-server-form';
import { useCurrentUser } from '../../auth/use-current-user';
import { User, UserInput, ROLES, STATUSES, SYSTEM_ADMIN } from './api/user';

/** `version` is set when editing: the one the form was loaded with. */
export type UserFormValues = UserInput & { version?: number };

type Props = EditFormProps<User, UserFormValues>;

/** Create and edit share one form; server field errors land under their fields, rule refusals above the form. */
export function UserForm({ title, initial, submit, successMessage }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<UserFormValues>();
  const role = Form.useWatch('role', form);
  const { user } = useCurrentUser();
  const roles = user?.role === SYSTEM_ADMIN ? ROLES : ROLES.filter((r) => r !== SYSTEM_ADMIN);
  const makers = useMakerOptions(role === 'maker');
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(
    form,
    (values: UserFormValues) => submit({ ...values, companyName: values.companyName || null, makerId: values.role === 'maker' ? values.makerId : null }),
    { message: successMessage, goTo: '/account' },
  );

  return (
    <Card title={title}>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={initial ?? { status: 'valid', allowSocialLogin: true, role: 'operator' }}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        {initial && (
          <Form.Item name="version" hidden>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('accounts.name')} required>
          <Input id="account-name" autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('accounts.email')} required>
          <Input id="account-email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('accounts.role')} required>
          <Select id="account-role" options={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        {role === 'maker' && (
          <Form.Item name="makerId" label={t('accounts.makerId')} required>
            {/* Picked by name or code from the makers (GET /makers/list), never typed as an id. */}
            <Select
              id="account-maker-id"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('accounts.makerSearch')}
              style={{ width: 320 }}
              options={makers.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
            />
          </Form.Item>
        )}
        <Form.Item name="companyName" label={t('accounts.companyName')}>
          <Input id="account-company-name" />
        </Form.Item>
        <Form.Item name="status" label={t('accounts.status')}>
          <Select id="account-status" options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="allowSocialLogin" label={t('accounts.allowSocialLogin')} valuePropName="checked" extra={t('accounts.allowSocialLoginHelp')}>
          <Switch id="account-allow-social-login" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} id="account-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate('/account')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
