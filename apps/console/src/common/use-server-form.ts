import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ApiResult } from '../api/client';
import { errorMessage } from '../i18n';
import { applyServerErrors, clearServerErrors } from './form-errors';
import { toast } from './toast';

/**
 * Saving a create or edit form: on success a toast and `goTo` (the list, or a page of what was saved); a 422 puts each field's message
 * under its field; any other refusal (400) is shown above the form. Editing a field clears its error.
 */
export function useServerForm<V, R>(form: FormInstance<V>, submit: (values: V) => Promise<ApiResult<R>>, success: { message: string; goTo: string | ((saved: R) => string) }) {
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: V) => {
    setSaving(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const result = await submit(values);
      if (result.ok) {
        toast.success(success.message);
        navigate(typeof success.goTo === 'string' ? success.goTo : success.goTo(result.data));
      } else if (result.status === 422 && result.error.errors.length) {
        applyServerErrors(form, result.error.errors);
      } else {
        setRefusal(errorMessage(result.error.errorCode, undefined, result.error.message));
      }
    } finally {
      setSaving(false);
    }
  };

  const onValuesChange = (changed: Record<string, unknown>) => clearServerErrors(form, changed);

  return { onFinish, onValuesChange, saving, refusal };
}

/** What every create/edit form takes: `initial` when editing, and the call that saves. */
export interface EditFormProps<R, V> {
  title: string;
  initial?: R;
  submit: (values: V) => Promise<ApiResult<R>>;
  successMessage: string;
}
