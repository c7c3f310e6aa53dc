import { Alert, Button, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { errorMessage } from '../../i18n';
import { DATE_FORMAT } from '../orders/format';
import { changeShipDate, isLinkProblem } from './api';
import { failureMessage } from '../../common/failure-message';
import { ShipDateField } from './ShipDateField';

interface Props {
  token: string;
  version: number;
  estimatedShipDate: string | null;
  /** The date was changed: read the order again. */
  onChanged: () => void;
  onLinkProblem: (code: string) => void;
  onStale: () => void;
}

/** After answering, until the lines ship: a new estimated ship date (today or later), recorded in the order's history. */
export function ShipDateChangeForm({ token, version, estimatedShipDate, onChanged, onLinkProblem, onStale }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ estimatedShipDate?: Dayjs | null }>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const send = async (values: { estimatedShipDate?: Dayjs | null }) => {
    setSending(true);
    setOutcome(null);
    clearServerErrors(form);
    try {
      const result = await changeShipDate(token, { version, estimatedShipDate: values.estimatedShipDate!.format(DATE_FORMAT) });
      if (result.ok) {
        setOutcome({ type: 'success', text: t('makerConfirm.change.done') });
        onChanged();
        return;
      }
      const code = result.error.errorCode;
      if (isLinkProblem(code)) onLinkProblem(code);
      else if (code === 'NAL_ORD-193') onStale();
      else if (result.status === 422 && result.error.errors.length) applyServerErrors(form, result.error.errors);
      else setOutcome({ type: 'error', text: errorMessage(code, undefined, result.error.message) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (isLinkProblem(err.errorCode)) onLinkProblem(err.errorCode!);
      else setOutcome({ type: 'error', text: failureMessage(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      form={form}
      name="ship-date-change"
      layout="vertical"
      initialValues={{ estimatedShipDate: estimatedShipDate ? dayjs(estimatedShipDate) : null }}
      onFinish={send}
      onValuesChange={(changed) => clearServerErrors(form, changed)}
      data-testid="ship-date-change-form"
    >
      {outcome && <Alert type={outcome.type} showIcon title={outcome.text} style={{ marginBottom: 16 }} data-testid="ship-date-change-outcome" />}
      <ShipDateField name="estimatedShipDate" label={t('makerConfirm.change.estimatedShipDate')} extra={t('makerConfirm.change.help')} required testId="change-estimated-ship-date" />
      <Button type="primary" htmlType="submit" loading={sending} id="ship-date-change-submit" data-testid="ship-date-change-submit">
        {t('makerConfirm.change.submit')}
      </Button>
    </Form>
  );
}
