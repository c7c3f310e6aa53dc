import { PlusOutlined } from '@ant-design/icons';
import { FilterActions } from '../../common/FilterActions';
import { Alert, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useListParams } from '../../common/list-params';
import { toast } from '../../common/toast';
import { useCurrentUser } from '../../auth/use-current-user';
import { errorMessage, formatDate } from '../../i18n';
import { User, ROLES, STATUSES, SYSTEM_ADMIN } from './api/user';
import { deleteUser } from './api/save-user';
import { UserListParams, useUsers } from './api/use-users';

export function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const { params, setParams, pagination: tablePagination } = useListParams(['name', 'email'] as const, ['role', 'status'] as const);
  const { accounts, pagination, isLoading } = useUsers(params as UserListParams);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const canWrite = user?.permissions.includes('accounts.write');
  // The server refuses with 403 (NAL-USER-003), which would land on the forbidden screen.
  const mayManage = (a: User) => canWrite && (a.role !== SYSTEM_ADMIN || user?.role === SYSTEM_ADMIN);

  const remove = async (account: User) => {
    setDeleteError(null);
    const result = await deleteUser(account.id);
    if (result.ok) toast.success(t('accounts.deleted'));
    // The server's message stays on screen until the next attempt (SPEC.md §8).
    else setDeleteError(errorMessage(result.error.errorCode, undefined, result.error.message));
  };

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('accounts.listTitle')}</Typography.Title>}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/account/create')} id="account-create">
            {t('common.create')}
          </Button>
        )
      }
    >
      <Form
        form={form}
        layout="inline"
        initialValues={params}
        onFinish={(values) => setParams({ ...values, page: 1, perPage: params.perPage })}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('accounts.name')}>
          <Input allowClear id="filter-name" />
        </Form.Item>
        <Form.Item name="email" label={t('accounts.email')}>
          <Input allowClear id="filter-email" />
        </Form.Item>
        <Form.Item name="role" label={t('accounts.role')}>
          <Select mode="multiple" allowClear style={{ minWidth: 200 }} options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('accounts.status')}>
          <Select mode="multiple" allowClear style={{ minWidth: 120 }} options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
        </Form.Item>
        <FilterActions form={form} onReset={() => setParams({ perPage: params.perPage })} />
      </Form>
      {deleteError && <Alert type="error" showIcon closable message={deleteError} style={{ marginBottom: 16 }} data-testid="delete-error" onClose={() => setDeleteError(null)} />}
      <Table<User>
        rowKey="id"
        loading={isLoading}
        dataSource={accounts}
        locale={{ emptyText: t('accounts.empty') }}
        pagination={tablePagination(pagination?.total ?? 0, (total, [from, to]) => t('common.total', { total, from, to }))}
        columns={[
          { title: t('accounts.name'), dataIndex: 'name', render: (name: string, a) => (mayManage(a) ? <Link to={`/account/${a.id}/edit`}>{name}</Link> : name) },
          { title: t('accounts.email'), dataIndex: 'email' },
          { title: t('accounts.role'), dataIndex: 'role', render: (role: string) => t(`roles.${role}`) },
          {
            title: t('accounts.status'),
            dataIndex: 'status',
            render: (status: string) => <Tag color={status === 'valid' ? 'green' : 'default'}>{t(`statuses.${status}`)}</Tag>,
          },
          { title: t('accounts.lastLogin'), dataIndex: 'lastLogin', render: (v: string | null) => formatDate(v, true) },
          { title: t('accounts.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDate(v, true) },
          ...(canWrite
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 140,
                  render: (_: unknown, a: User) =>
                    mayManage(a) && (
                      <Space wrap={false}>
                        <Link to={`/account/${a.id}/edit`}>{t('common.edit')}</Link>
                        <Popconfirm title={t('accounts.confirmDelete', { name: a.name })} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => remove(a)}>
                          <a data-testid={`delete-${a.id}`}>{t('common.delete')}</a>
                        </Popconfirm>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
