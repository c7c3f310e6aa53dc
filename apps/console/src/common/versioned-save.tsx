import { Alert, Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../api/client';
import { errorMessage } from '../i18n';
import { applyServerErrors, clearServerErrors, unplacedRefusal } from './form-errors';
import { toast } from './toast';

/** The record a form edits, as last read: its version, and the form's values from it. */
export interface ReadRecord<V> {
  version: number;
  values: V;
}

/**
 * Saving a form on its own page at the version read (an inquiry's handling), by one of its buttons
 * (`action`, for that button's spinner): the fields checked, then `send` with the values and the version
 * the form stands on; on success a toast and `onSaved`; the area's stale code (someone saved since) calls
 * `onStale`, for the page's StaleAlert; a 422 goes on the fields (those for no field above the form); any
 * other refusal is `refusal`, shown above the form.
 *
 * The record may be read again while the form is open (a return to the tab, a message in its thread):
 * an untouched form follows it (its values and version); one being edited keeps what was typed and the
 * version it was read at, so its save is refused as stale rather than overwrite what was not read.
 */
export function useVersionedSave<V, A extends string>(form: FormInstance<V>, record: ReadRecord<V>, staleCode: string, on: { onStale: () => void; onSaved: () => void }) {
  const [saving, setSaving] = useState<A | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [readVersion, setReadVersion] = useState(record.version);
  useEffect(() => {
    if (record.version === readVersion || form.isFieldsTouched()) return;
    form.setFieldsValue(record.values);
    setReadVersion(record.version);
    // `record.values` is this render's, read with the version that changed.
  }, [record.version, readVersion, form]);
  const save = async (action: A, send: (values: V, version: number) => Promise<ApiResult<unknown>>, successMessage: string) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(action);
    setRefusal(null);
    clearServerErrors(form);
    const result = await send(values, readVersion);
    setSaving(null);
    if (result.ok) {
      toast.success(successMessage);
      on.onSaved();
    } else if (result.error.errorCode === staleCode) {
      on.onStale();
    } else if (result.status === 422 && result.error.errors.length) {
      setRefusal(unplacedRefusal(applyServerErrors(form, result.error.errors)));
    } else {
      setRefusal(errorMessage(result.error.errorCode, result.error.params, result.error.message));
    }
  };
  return { save, saving, refusal };
}

/** A save refused as stale: the code's message and a reload of the record as it is now. */
export function StaleAlert({ code, testId, reloadId, onReload }: { code: string; testId: string; reloadId: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={testId}
      title={errorMessage(code)}
      action={
        <Button size="small" type="primary" id={reloadId} onClick={onReload}>
          {t('common.reload')}
        </Button>
      }
      style={{ marginBottom: 12 }}
    />
  );
}
