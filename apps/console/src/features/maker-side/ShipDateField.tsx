import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n';
import { DATE_FORMAT } from '../orders/format';

/** Typed dates are read in the API's forms (Y-m-d, Y/m/d); the first is how the field shows them. */
const TYPED_FORMATS = [DATE_FORMAT, 'YYYY/MM/DD', 'YYYY/M/D'];

interface Props {
  name: string;
  label: ReactNode;
  extra?: ReactNode;
  /** Accepting gives the date (the API refuses an acceptance without one). */
  required: boolean;
  testId: string;
  /** Fields whose change checks the date again (the answer: "undecided" needs no date, clearing its error). */
  dependencies?: string[];
}

/**
 * The estimated ship date, as the API checks it: today or later, required to accept. A date typed
 * in the past stays in the field with the reason under it (no date is ever dropped without a word:
 * the picker greys nothing out, which would make it discard what was typed); Enter confirms what
 * was typed without sending the form.
 */
export function ShipDateField({ name, label, extra, required, testId, dependencies }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      required={required}
      dependencies={dependencies}
      rules={[
        { required, message: t('makerConfirm.form.estimatedShipDateRequired') },
        {
          validator: (_, value: Dayjs | null | undefined) =>
            value && value.isBefore(dayjs(), 'day') ? Promise.reject(new Error(errorMessage('date_not_before_today'))) : Promise.resolve(),
        },
      ]}
    >
      <DatePicker format={TYPED_FORMATS} onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()} data-testid={testId} style={{ width: 200 }} />
    </Form.Item>
  );
}
