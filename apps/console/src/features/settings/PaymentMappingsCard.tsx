import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_CONNECTION_LIMITS } from '@oms/domain';
import { maxLength, printable, required } from '../../common/field-rules';
import { clearServerErrors } from '../../common/form-errors';
import { PATHS, type PaymentMethod, useList } from './api';
import { savePaymentMappings, usePaymentMappings, type PaymentMapping } from './shop-connection';
import { useSettingsSave } from './use-settings-save';

const L = SHOP_CONNECTION_LIMITS;
/** The select's value for a code not mapped to any of our methods (null on the wire). */
const UNMAPPED = 'unmapped';

/** A row of the table; `added` marks one staff typed in (its code is editable), not yet saved. */
type MappingRow = { ecPaymentCode: string; ecPaymentName: string | null; paymentMethodId: number | null; added?: boolean };
type MappingValues = { mappings: MappingRow[] };

/** A saved row's code, as its form item gives it. */
const CodeText = ({ value }: { value?: string }) => (
  <Typography.Text code data-testid="payment-mapping-code">
    {value}
  </Typography.Text>
);

function MappingsForm({ shopId, mappings, methods, canWrite, onSaved }: { shopId: string; mappings: PaymentMapping[]; methods: PaymentMethod[]; canWrite: boolean; onSaved: (saved: PaymentMapping[]) => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<MappingValues>();
  const submit = () => {
    // The list's whole rows (the code of a saved row has no input of its own).
    const rows: MappingRow[] = form.getFieldValue('mappings') ?? [];
    return savePaymentMappings(shopId, {
      mappings: rows.map((r) => ({ ecPaymentCode: r.ecPaymentCode.trim(), ecPaymentName: r.ecPaymentName ?? '', paymentMethodId: r.paymentMethodId ?? null })),
    });
  };
  const { onFinish, saving, refusal } = useSettingsSave(form, submit, onSaved);
  // Codes an import met while the page is open come in, unless staff are editing the table.
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue({ mappings });
  }, [mappings, form]);
  const methodOptions = [
    { value: UNMAPPED, label: t('settings.connection.mappings.unmapped') },
    ...methods.map((m) => ({ value: m.id, label: i18n.language === 'en' ? m.nameEn : m.nameJa })),
  ];
  const unmapped = mappings.filter((m) => m.paymentMethodId === null).length;

  return (
    <Form form={form} initialValues={{ mappings }} onFinish={onFinish} onValuesChange={(changed) => clearServerErrors(form, changed)} disabled={!canWrite} data-testid="payment-mappings">
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="payment-mappings-refusal" />}
      {unmapped > 0 && <Alert type="warning" showIcon title={t('settings.connection.mappings.unmappedCount', { count: unmapped })} style={{ marginBottom: 12 }} data-testid="payment-mappings-unmapped" />}
      <Form.List name="mappings">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Table
              id="payment-mapping-table"
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              locale={{ emptyText: t('settings.connection.mappings.empty') }}
              columns={[
                {
                  title: t('settings.connection.mappings.code'),
                  key: 'code',
                  render: (_: unknown, field) =>
                    form.getFieldValue(['mappings', field.name, 'added']) ? (
                      <Form.Item name={[field.name, 'ecPaymentCode']} rules={[required(), maxLength(L.ecPaymentCodeMax), printable()]} style={{ margin: 0 }}>
                        <Input id={`payment-mapping-${field.name}-code`} />
                      </Form.Item>
                    ) : (
                      // Shown, not edited: still a field, so its own error (a duplicate) shows under it.
                      <Form.Item name={[field.name, 'ecPaymentCode']} style={{ margin: 0 }}>
                        <CodeText />
                      </Form.Item>
                    ),
                },
                {
                  title: t('settings.connection.mappings.name'),
                  key: 'name',
                  render: (_: unknown, field) => (
                    <Form.Item name={[field.name, 'ecPaymentName']} rules={[maxLength(L.ecPaymentNameMax), printable()]} style={{ margin: 0 }}>
                      <Input id={`payment-mapping-${field.name}-name`} />
                    </Form.Item>
                  ),
                },
                {
                  title: t('settings.connection.mappings.method'),
                  key: 'method',
                  render: (_: unknown, field) => (
                    <Form.Item
                      name={[field.name, 'paymentMethodId']}
                      getValueProps={(value: number | null | undefined) => ({ value: value ?? UNMAPPED })}
                      normalize={(value: number | string | undefined) => (value === UNMAPPED || value === undefined ? null : value)}
                      style={{ margin: 0 }}
                    >
                      <Select id={`payment-mapping-${field.name}-method`} options={methodOptions} style={{ minWidth: 200 }} />
                    </Form.Item>
                  ),
                },
                ...(canWrite
                  ? [
                      {
                        title: t('common.actions'),
                        key: 'actions',
                        width: 90,
                        render: (_: unknown, field: { name: number }) => (
                          <Button size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)} data-testid={`payment-mapping-${field.name}-remove`}>
                            {t('settings.connection.mappings.remove')}
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {canWrite && (
              <Space>
                <Button icon={<PlusOutlined />} onClick={() => add({ ecPaymentCode: '', ecPaymentName: '', paymentMethodId: null, added: true })} id="payment-mapping-add">
                  {t('settings.connection.mappings.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving} id="payment-mappings-save">
                  {t('common.save')}
                </Button>
              </Space>
            )}
          </Space>
        )}
      </Form.List>
    </Form>
  );
}

/**
 * The shop's payment codes and our payment method of each (codes an import met come in unmapped; their
 * orders carry an order error): staff map them and save the whole table.
 */
export function PaymentMappingsCard({ shopId, canWrite }: { shopId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { mappings, replace } = usePaymentMappings(shopId);
  const { rows: methods } = useList<PaymentMethod>(PATHS.payments);
  // Each save gives a fresh form on the table as saved.
  const [round, setRound] = useState(0);
  return (
    <Card size="small" title={t('settings.connection.mappings.title')} loading={!mappings}>
      <Typography.Paragraph type="secondary">{t('settings.connection.mappings.help')}</Typography.Paragraph>
      {mappings && <MappingsForm key={round} shopId={shopId} mappings={mappings} methods={methods} canWrite={canWrite} onSaved={(saved) => void replace(saved).then(() => setRound((n) => n + 1))} />}
    </Card>
  );
}
