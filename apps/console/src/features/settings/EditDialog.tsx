import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client';
import { clearServerErrors } from '../../common/form-errors';
import { useSettingsSave } from './use-settings-save';

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
  const { onFinish, saving, refusal } = useSettingsSave(form, submit, onClose);

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
