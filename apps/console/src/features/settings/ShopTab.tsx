import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Divider, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SHOP_LIMITS } from '@oms/domain';
import { maxLength, MONEY_LIMITS, phoneNumber, printable, wholeNumber } from '../../common/field-rules';
import { toast } from '../../common/toast';
import { PATHS, remove, save, Shop, SHOP_SECRETS, SHOP_TYPES, ShopSecret, useList } from './api';
import { EditDialog } from './EditDialog';
import { connectionScreen } from './shop-connection';

type ShopValues = Omit<Shop, 'id' | `${ShopSecret}Set` | `${ShopSecret}Masked`> &
  Partial<Record<ShopSecret, string>> &
  Partial<Record<`${ShopSecret}Clear`, boolean>>;

/** The shop's contact for makers (SPEC.md §5 limits of a maker's own name, phone and e-mail). */
const CONTACT_FIELDS = [
  { name: 'contactCompany', id: 'shop-contact-company', max: SHOP_LIMITS.contactCompanyMax, span: 12, rules: [printable()] },
  { name: 'contactPerson', id: 'shop-contact-person', max: SHOP_LIMITS.contactPersonMax, span: 12, rules: [printable()] },
  { name: 'contactPhone', id: 'shop-contact-phone', max: SHOP_LIMITS.contactPhoneMax, span: 12, rules: [phoneNumber()] },
  { name: 'contactFax', id: 'shop-contact-fax', max: SHOP_LIMITS.contactPhoneMax, span: 12, rules: [phoneNumber()] },
  { name: 'contactEmail', id: 'shop-contact-email', max: SHOP_LIMITS.contactEmailMax, span: 24, rules: [] },
];

/** Secrets: blank keeps the stored one (left out of the body), "remove" sends '' to clear it. */
function toBody(values: ShopValues): object {
  const body: Record<string, unknown> = { ...values };
  for (const secret of SHOP_SECRETS) {
    const clear = body[`${secret}Clear`];
    delete body[`${secret}Clear`];
    if (clear) body[secret] = '';
    else if (!body[secret]) delete body[secret];
  }
  return body;
}

function ShopDialog({ shop, onClose }: { shop?: Shop; onClose: () => void }) {
  const { t } = useTranslation();
  const { rows: users } = useList<{ id: number; name: string; email: string }>('/users');
  const n = (name: keyof ShopValues, label: string, min: number, max: number) => (
    <Form.Item name={name} label={t(label)} rules={[wholeNumber(min, max)]}>
      <InputNumber id={`shop-${String(name)}`} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <EditDialog<ShopValues>
      id="shop-form"
      title={t(shop ? 'settings.shop.editTitle' : 'settings.shop.createTitle')}
      initialValues={shop ?? { type: 'platform_1' }}
      onClose={onClose}
      submit={(values) => save(PATHS.shops, shop?.id, toBody(values))}
    >
      {shop && (
        <Form.Item name="version" hidden>
          <Input />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('settings.shop.name')} required rules={[maxLength(SHOP_LIMITS.nameMax), printable()]}>
            <Input id="shop-name" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="code" label={t('settings.shop.code')} required rules={[maxLength(SHOP_LIMITS.codeMax)]}>
            <Input id="shop-code" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label={t('settings.shop.type')} required>
            <Select id="shop-type" options={SHOP_TYPES.map((v) => ({ value: v, label: t(`settings.shopTypes.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ecShopId" label={t('settings.shop.ecShopId')} rules={[maxLength(SHOP_LIMITS.ecShopIdMax)]}>
            <Input id="shop-ec-shop-id" />
          </Form.Item>
        </Col>
        {SHOP_SECRETS.map((secret) => (
          <Col span={12} key={secret}>
            <Form.Item
              name={secret}
              label={t(`settings.shop.${secret}`)}
              extra={shop?.[`${secret}Set`] ? t('settings.shop.secretHelp', { masked: shop[`${secret}Masked`] }) : undefined}
              rules={[maxLength(SHOP_LIMITS.secretMax)]}
            >
              <Input.Password id={`shop-${secret}`} autoComplete="new-password" />
            </Form.Item>
            {shop?.[`${secret}Set`] && (
              <Form.Item name={`${secret}Clear`} valuePropName="checked" style={{ marginTop: -16 }}>
                <Checkbox>{t('settings.shop.clearSecret')}</Checkbox>
              </Form.Item>
            )}
          </Col>
        ))}
        <Col span={24}>
          <Form.Item name="adminUrl" label={t('settings.shop.adminUrl')} rules={[maxLength(SHOP_LIMITS.adminUrlMax)]}>
            <Input id="shop-admin-url" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="ownerUserId" label={t('settings.shop.ownerUserId')}>
            <Select id="shop-owner" allowClear showSearch optionFilterProp="label" options={users.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))} />
          </Form.Item>
        </Col>
        <Col span={12}>{n('npLimitAmount', 'settings.shop.npLimitAmount', 0, MONEY_LIMITS.totalMax)}</Col>
        <Col span={12}>{n('ediStopAmount', 'settings.shop.ediStopAmount', SHOP_LIMITS.ediStopAmountMin, SHOP_LIMITS.ediStopAmountMax)}</Col>
        <Col span={12} />
        <Col span={12}>{n('orderReminderDays', 'settings.shop.orderReminderDays', SHOP_LIMITS.reminderDaysMin, SHOP_LIMITS.reminderDaysMax)}</Col>
        <Col span={12}>{n('orderReminderHour', 'settings.shop.orderReminderHour', SHOP_LIMITS.reminderHourMin, SHOP_LIMITS.reminderHourMax)}</Col>
        <Col span={12}>{n('shipReminderDays', 'settings.shop.shipReminderDays', SHOP_LIMITS.reminderDaysMin, SHOP_LIMITS.reminderDaysMax)}</Col>
        <Col span={12}>{n('shipReminderHour', 'settings.shop.shipReminderHour', SHOP_LIMITS.reminderHourMin, SHOP_LIMITS.reminderHourMax)}</Col>
      </Row>
      {/* How makers reach the shop: printed on its order sheets; the e-mail is where their replies go. */}
      <Divider titlePlacement="start" plain>
        {t('settings.shop.contact')}
      </Divider>
      <Row gutter={16}>
        {CONTACT_FIELDS.map(({ name, id, max, span, rules }) => (
          <Col span={span} key={name}>
            <Form.Item name={name} label={t(`settings.shop.${name}`)} rules={[...rules, maxLength(max)]} extra={name === 'contactEmail' ? t('settings.shop.contactEmailHelp') : undefined}>
              <Input id={id} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </EditDialog>
  );
}

export function ShopTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { rows, isLoading } = useList<Shop>(PATHS.shops);
  const [editing, setEditing] = useState<Shop | 'new' | null>(null);
  const reminder = (days: number | null, hour: number | null) => (days === null ? '' : t('settings.shop.daysHours', { days, hour: hour ?? 0 }));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canWrite && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} id="shop-create">
          {t('common.create')}
        </Button>
      )}
      <Table<Shop>
        rowKey="id"
        id="shop-table"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('settings.empty') }}
        columns={[
          { title: t('settings.shop.code'), dataIndex: 'code' },
          { title: t('settings.shop.name'), dataIndex: 'name' },
          { title: t('settings.shop.type'), dataIndex: 'type', render: (v: string) => t(`settings.shopTypes.${v}`) },
          { title: t('settings.shop.ecShopId'), dataIndex: 'ecShopId' },
          {
            title: t('settings.shop.ediStopAmount'),
            dataIndex: 'ediStopAmount',
            render: (v: number | null) => (v === null ? '' : <span data-testid="edi-stop-amount">{t('settings.shop.manYen', { value: v })}</span>),
          },
          {
            title: t('settings.shop.reminder'),
            key: 'reminder',
            render: (_: unknown, s) => (
              <span data-testid="reminders">
                {reminder(s.orderReminderDays, s.orderReminderHour)} / {reminder(s.shipReminderDays, s.shipReminderHour)}
              </span>
            ),
          },
          {
            title: t('settings.connection.link'),
            key: 'connection',
            render: (_: unknown, s: Shop) => (
              <Link to={connectionScreen(s.id)} data-testid={`shop-connection-${s.code}`}>
                <ApiOutlined /> {t('settings.connection.link')}
              </Link>
            ),
          },
          ...(canWrite
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, s: Shop) => (
                    <Space>
                      <Button size="small" onClick={() => setEditing(s)} data-testid={`shop-edit-${s.code}`}>
                        {t('common.edit')}
                      </Button>
                      <Popconfirm
                        title={t('settings.confirmDelete')}
                        onConfirm={async () => {
                          if ((await remove(PATHS.shops, s.id)).ok) toast.success(t('settings.deleted'));
                        }}
                      >
                        <Button size="small" danger data-testid={`shop-delete-${s.code}`}>
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && <ShopDialog shop={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}
