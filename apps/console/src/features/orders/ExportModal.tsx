import { DatePicker, Form, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyOf } from '../../api/wire';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';
import { exportOrders } from './api/order-commands';
import { DATE_FORMAT } from './format';

type ExportBody = BodyOf<'/orders/export', 'post'>;

/** The form's values: the body's period kind and encoding, its dates as pickers hold them. */
interface Values {
  dateKind: ExportBody['dateKind'];
  from: Dayjs;
  to: Dayjs;
  encoding: NonNullable<ExportBody['encoding']>;
}

/**
 * CSV export of a period by order date, maker receive date or ship date. The API checks the
 * period too (`date_before_today`, `date_after`); the same rules here answer before the call.
 */
export function ExportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [exporting, setExporting] = useState(false);

  const submit = async () => {
    // Invalid fields show their messages; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    clearServerErrors(form);
    setExporting(true);
    // Opened in the click itself, or pop-up blockers refuse it.
    const win = window.open('', '_blank');
    try {
      const result = await exportOrders({
        dateKind: values.dateKind,
        from: values.from.format(DATE_FORMAT),
        to: values.to.format(DATE_FORMAT),
        encoding: values.encoding,
      });
      if (result.ok) {
        if (win) win.location.href = result.data;
        else window.location.assign(result.data);
        onClose();
        return;
      }
      win?.close();
      if (result.status === 422 && result.error.errors.length) applyServerErrors(form, result.error.errors);
      else toast.error(errorMessage(result.error.errorCode, undefined, result.error.message));
    } catch (err) {
      win?.close();
      throw err;
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('orders.export.title')}
      okText={t('orders.export.run')}
      okButtonProps={{ id: 'export-submit', loading: exporting }}
      onOk={submit}
      onCancel={onClose}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ dateKind: 1, from: dayjs().startOf('month'), to: dayjs(), encoding: 'utf8' }}
        onValuesChange={(changed) => clearServerErrors(form, changed)}
      >
        <Form.Item name="dateKind" label={t('orders.export.dateKind')} rules={[{ required: true, message: errorMessage('required') }]}>
          <Radio.Group id="export-dateKind" options={[1, 2, 3].map((v) => ({ value: v, label: t(`orders.export.dateKinds.${v}`) }))} />
        </Form.Item>
        <Form.Item
          name="from"
          label={t('orders.export.from')}
          rules={[
            { required: true, message: errorMessage('required') },
            { validator: (_, v: Dayjs | undefined) => (v && v.isAfter(dayjs(), 'day') ? Promise.reject(new Error(errorMessage('date_before_today'))) : Promise.resolve()) },
          ]}
        >
          <DatePicker id="export-from" format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item
          name="to"
          label={t('orders.export.to')}
          dependencies={['from']}
          rules={[
            { required: true, message: errorMessage('required') },
            ({ getFieldValue }) => ({
              validator: (_, v: Dayjs | undefined) => {
                const from = getFieldValue('from') as Dayjs | undefined;
                return v && from && v.isBefore(from, 'day') ? Promise.reject(new Error(errorMessage('date_after'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker id="export-to" format={DATE_FORMAT} />
        </Form.Item>
        <Form.Item name="encoding" label={t('orders.export.encoding')}>
          <Select
            id="export-encoding"
            style={{ width: 200 }}
            options={[
              { value: 'utf8', label: t('orders.export.encodings.utf8') },
              { value: 'sjis', label: t('orders.export.encodings.sjis') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
