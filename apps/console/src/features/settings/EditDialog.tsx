import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';

interface Props<V> {
  id: string;
  title: string;
  initialValues: Partial<V>;
  onClose: () => void;
  submit: (values: V) => Promise<ApiResult<unknown>>;
  children: ReactNode;
  form?: FormInstance<V>;
}

/**
 * A new/edit dialog (antd Modal + Form): a 422 puts each server message under its field, any other
 * refusal (400) shows above the form; on success a toast, and the dialog closes (the list reloads).
 */
export function EditDialog<V extends object>({ id, title, initialValues, onClose, submit, children, form: given }: Props<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onFinish = async (values: V) => {
    setSaving(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const result = await submit(values);
      if (result.ok) {
        toast.success(t('settings.saved'));
        onClose();
      } else if (result.status === 422 && result.error.errors.length) {
        applyServerErrors(form, result.error.errors);
      } else {
        setRefusal(errorMessage(result.error.errorCode, undefined, result.error.message));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ id: `${id}-save` }}
      destroyOnHidden
      width={640}
    >
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="dialog-refusal" />}
      <Form
        id={id}
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={(changed) => clearServerErrors(form, changed)}
      >
        {children}
      </Form>
    </Modal>
  );
}
