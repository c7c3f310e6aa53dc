import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, type ApiResult } from '../api/client';
import { toNamePath } from '../api/field-errors';
import { errorMessage } from '../i18n';
import { applyServerErrors, clearServerErrors, unplacedRefusal } from './form-errors';
import { toast } from './toast';

/** What a saved form does: a toast, then `goTo` (the list, or a page of what was saved), or `onSaved` (a page that stays, showing what was saved). */
export type FormSuccess<R> = { message: string | ((saved: R) => string) } & ({ goTo: string | ((saved: R) => string) } | { onSaved: (saved: R) => void });

/**
 * Saving a create or edit form: on success a toast and `goTo` or `onSaved`; a 422 puts each field's message
 * under its field and scrolls to the first, and shows those for no field of the form above it; any other
 * refusal (400) is shown above the form. Editing a field
 * clears its error. `failed` is for a public page, whose calls (`routeErrors: false`) throw their 429, 5xx
 * and no answer instead of reporting them through the client's handlers: its message is shown as a refusal.
 */
export function useServerForm<V, R>(form: FormInstance<V>, submit: (values: V) => Promise<ApiResult<R>>, success: FormSuccess<R>, failed?: (error: ApiError) => string) {
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
        toast.success(typeof success.message === 'string' ? success.message : success.message(result.data));
        if ('onSaved' in success) success.onSaved(result.data);
        else navigate(typeof success.goTo === 'string' ? success.goTo : success.goTo(result.data));
      } else if (result.status === 422 && result.error.errors.length) {
        // Those on a field go under it (the first scrolled to); those on none are the refusal above the form.
        const unplaced = applyServerErrors(form, result.error.errors);
        const first = result.error.errors.find((e) => !unplaced.includes(e));
        if (first) form.scrollToField(toNamePath(first.field), { block: 'center' });
        setRefusal(unplacedRefusal(unplaced));
      } else {
        setRefusal(errorMessage(result.error.errorCode, undefined, result.error.message));
      }
    } catch (err) {
      if (!failed || !(err instanceof ApiError)) throw err;
      setRefusal(failed(err));
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
