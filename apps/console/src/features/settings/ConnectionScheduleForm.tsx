import { Alert, Button, DatePicker, Form, InputNumber, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHOP_CONNECTION_LIMITS } from '@oms/domain';
import { Field } from '../../common/Field';
import { chosen, wholeNumber } from '../../common/field-rules';
import { clearServerErrors } from '../../common/form-errors';
import { useVersionedSave } from '../../common/versioned-save';
import { saveShopConnection, type ShopConnection } from './shop-connection';

/** Someone saved the connection since it was read. */
export const CONNECTION_STALE = 'NAL-SHOP-003';
const DATE_FORMAT = 'YYYY-MM-DD';
/** Typed dates are read in the API's forms (Y-m-d, Y/m/d); the first is how the field shows them. */
const TYPED_FORMATS = [DATE_FORMAT, 'YYYY/MM/DD', 'YYYY/M/D'];
const L = SHOP_CONNECTION_LIMITS;

type ScheduleValues = { importEnabled: boolean; importIntervalMinutes: number | null; importFrom: Dayjs | null };

const scheduleOf = (c: ShopConnection): ScheduleValues => ({
  importEnabled: c.importEnabled,
  importIntervalMinutes: c.importIntervalMinutes,
  importFrom: c.importFrom ? dayjs(c.importFrom) : null,
});

/**
 * The import's schedule at the version read: on or off, every how many minutes, and from which date the
 * first run imports. Turning it on without the platform's credentials is refused (NAL-SHOP-004, above the form).
 */
export function ConnectionScheduleForm({ connection, canWrite, onStale, onSaved }: { connection: ShopConnection; canWrite: boolean; onStale: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScheduleValues>();
  const { save, saving, refusal } = useVersionedSave<ScheduleValues, 'save'>(form, { version: connection.version, values: scheduleOf(connection) }, CONNECTION_STALE, { onStale, onSaved });
  const send = (values: ScheduleValues, version: number) =>
    saveShopConnection(String(connection.shopId), {
      importEnabled: values.importEnabled,
      importIntervalMinutes: Number(values.importIntervalMinutes),
      importFrom: values.importFrom ? values.importFrom.format(DATE_FORMAT) : null,
      version,
    });
  return (
    <Form form={form} layout="vertical" initialValues={scheduleOf(connection)} onValuesChange={(changed) => clearServerErrors(form, changed)} disabled={!canWrite} data-testid="connection-schedule">
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="connection-schedule-refusal" />}
      <Field id="connection-import-enabled" name="importEnabled" label={t('settings.connection.schedule.importEnabled')} valuePropName="checked">
        <Switch />
      </Field>
      <Space align="start" wrap size="large">
        <Field
          id="connection-import-interval"
          name="importIntervalMinutes"
          label={t('settings.connection.schedule.interval')}
          extra={t('settings.connection.schedule.intervalHelp', { min: L.importIntervalMin, max: L.importIntervalMax })}
          rules={[chosen(), wholeNumber(L.importIntervalMin, L.importIntervalMax)]}
        >
          <InputNumber style={{ width: 160 }} />
        </Field>
        <Field id="connection-import-from" name="importFrom" label={t('settings.connection.schedule.importFrom')} extra={t('settings.connection.schedule.importFromHelp')} style={{ maxWidth: 420 }}>
          <DatePicker format={TYPED_FORMATS} onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()} style={{ width: 200 }} />
        </Field>
      </Space>
      {canWrite && (
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" id="connection-schedule-save" loading={saving === 'save'} onClick={() => void save('save', send, t('settings.saved'))}>
            {t('common.save')}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}
