import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Spin, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OPTION_LIMITS, TRANSFER_FEE_MAX, TRANSFER_FEES_MAX } from '@oms/domain';
import { api } from '../../api/client';
import { uploadMedia } from '../../api/media-upload';
import { UploadButton } from '../../common/UploadButton';
import { countOf, maxLength, phoneNumber, postcode, printable, wholeNumber } from '../../common/field-rules';
import { clearServerErrors } from '../../common/form-errors';
import { formatDate } from '../../i18n';
import { PATHS, saveOption, SettingsOption, TimeShipment, useOption } from './api';
import { CrudSection } from './CrudSection';
import { useSettingsSave } from './use-settings-save';

function OptionForm({ option, canWrite }: { option: SettingsOption; canWrite: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsOption>();
  const { onFinish, saving, refusal } = useSettingsSave(form, saveOption);

  const text = (name: keyof SettingsOption, max: number, rules: FormRule[] = []) => (
    <Form.Item name={name} label={t(`settings.option.${name}`)} rules={[...rules, maxLength(max)]}>
      <Input id={`option-${name}`} />
    </Form.Item>
  );
  return (
    <Card title={t('settings.option.title')} size="small">
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      <Form form={form} id="option-form" layout="vertical" style={{ maxWidth: 640 }} initialValues={option} onFinish={onFinish} disabled={!canWrite} onValuesChange={(c) => clearServerErrors(form, c)}>
        <Form.Item name="version" hidden>
          <Input />
        </Form.Item>
        {text('companyName', OPTION_LIMITS.companyNameMax, [printable()])}
        {text('zip', OPTION_LIMITS.zipMax, [postcode()])}
        {text('address', OPTION_LIMITS.addressMax, [printable()])}
        {text('phone', OPTION_LIMITS.phoneMax, [phoneNumber()])}
        {text('invoiceRegistrationNumber', OPTION_LIMITS.invoiceRegistrationNumberMax)}
        <Form.Item name="defaultTaxPercent" label={t('settings.option.defaultTaxPercent')} rules={[wholeNumber(OPTION_LIMITS.taxPercentMin, OPTION_LIMITS.taxPercentMax)]}>
          <InputNumber id="option-defaultTaxPercent" />
        </Form.Item>
        <Form.Item name="bankAccount" label={t('settings.option.bankAccount')} rules={[maxLength(OPTION_LIMITS.bankAccountMax)]}>
          <Input.TextArea id="option-bankAccount" rows={2} count={countOf(OPTION_LIMITS.bankAccountMax)} />
        </Form.Item>
        {/* Typed as tags (Enter after each); sent as whole numbers, which the server keeps sorted. */}
        <Form.Item
          name="transferFees"
          label={t('settings.option.transferFees')}
          extra={t('settings.option.transferFeesHelp')}
          getValueProps={(fees?: number[]) => ({ value: (fees ?? []).map(String) })}
          normalize={(tags: string[]) => tags.map((tag) => Number(tag.replace(/[,円¥\s]/g, '')))}
          rules={[
            {
              validator: (_, fees: number[] = []) =>
                fees.length <= TRANSFER_FEES_MAX && fees.every((fee) => Number.isInteger(fee) && fee >= 1 && fee <= TRANSFER_FEE_MAX)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('settings.option.transferFeesInvalid', { max: TRANSFER_FEES_MAX, feeMax: TRANSFER_FEE_MAX.toLocaleString() }))),
            },
          ]}
        >
          <Select id="option-transferFees" mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', '、']} />
        </Form.Item>
        <Form.Item label={t('settings.option.seal')}>
          <Space wrap>
            {/* Readers may look at the seal: not disabled with the form. */}
            {option.hasSeal ? (
              <Button onClick={() => void api.download(`${PATHS.option}/seal`)} id="option-seal-view" disabled={false}>
                {t('settings.option.sealView')}
              </Button>
            ) : (
              <span id="option-seal-default">{t('settings.option.sealDefault')}</span>
            )}
            {canWrite && (
              <UploadButton
                id="option-seal-upload"
                accept="image/png,image/jpeg"
                label={t('settings.option.sealUpload')}
                done={t('settings.option.sealSaved')}
                upload={(file, onProgress) =>
                  uploadMedia(file, onProgress, async (s3Path) => {
                    const saved = await saveOption({ version: form.getFieldValue('version'), sealS3Path: s3Path });
                    // The form keeps editing the other fields: on the seal's new version.
                    if (saved.ok) form.setFieldValue('version', saved.data.version);
                    return saved;
                  })
                }
              />
            )}
          </Space>
        </Form.Item>
        {canWrite && (
          <Button type="primary" htmlType="submit" loading={saving} id="option-save">
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}

type TimelineForm = { month?: Dayjs; startDate?: Dayjs; finishDate?: Dayjs; version?: number };

export function OrderTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const option = useOption();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      {option ? <OptionForm option={option} canWrite={canWrite} /> : <Spin />}
      <CrudSection<TimeShipment>
        id="timeline"
        path={PATHS.timeShipments}
        title={t('settings.timeline.title')}
        createTitle={t('settings.timeline.createTitle')}
        editTitle={t('settings.timeline.editTitle')}
        canWrite={canWrite}
        rowLabel={(r) => r.month}
        columns={[
          { title: t('settings.timeline.month'), dataIndex: 'month' },
          { title: t('settings.timeline.startDate'), dataIndex: 'startDate', render: (v: string) => formatDate(v) },
          { title: t('settings.timeline.finishDate'), dataIndex: 'finishDate', render: (v: string) => formatDate(v) },
        ]}
        toForm={(r): TimelineForm => ({ month: dayjs(`${r.month}-01`), startDate: dayjs(r.startDate), finishDate: dayjs(r.finishDate), version: r.version })}
        toBody={(v) => {
          const values = v as TimelineForm;
          return { month: values.month?.format('YYYY-MM'), startDate: values.startDate?.format('YYYY-MM-DD'), finishDate: values.finishDate?.format('YYYY-MM-DD'), version: values.version };
        }}
        fields={
          <>
            <Form.Item name="month" label={t('settings.timeline.month')} required>
              <DatePicker picker="month" id="timeline-month" format="YYYY-MM" />
            </Form.Item>
            <Form.Item name="startDate" label={t('settings.timeline.startDate')} required>
              <DatePicker id="timeline-startDate" format="YYYY-MM-DD" />
            </Form.Item>
            <Form.Item name="finishDate" label={t('settings.timeline.finishDate')} required>
              <DatePicker id="timeline-finishDate" format="YYYY-MM-DD" />
            </Form.Item>
          </>
        }
      />
    </Space>
  );
}
