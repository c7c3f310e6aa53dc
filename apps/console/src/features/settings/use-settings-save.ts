import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../api/client';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { errorMessage } from '../../i18n';

/**
 * Saving a settings form: a toast on success, then `onSaved` (by default the form keeps the new
 * version, for a form saved in place); each field's message under its field on 422; any other
 * refusal (a stale version…) above the form.
 */
export function useSettingsSave<V extends object, R>(form: FormInstance<V>, save: (values: V) => Promise<ApiResult<R>>, onSaved?: (saved: R) => void) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onFinish = async (values: V) => {
    setSaving(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const result = await save(values);
      if (result.ok) {
        toast.success(t('settings.saved'));
        if (onSaved) onSaved(result.data);
        else form.setFieldsValue({ version: (result.data as { version: number }).version } as never);
      } else if (result.status === 422 && result.error.errors.length) applyServerErrors(form, result.error.errors);
      else setRefusal(errorMessage(result.error.errorCode, undefined, result.error.message));
    } finally {
      setSaving(false);
    }
  };

  return { onFinish, saving, refusal, setRefusal };
}
