import { Alert } from 'antd';
import type { ApiError } from '../api/client';
import { errorMessage } from '../i18n';

/** Why a list could not be read (a filter the API refuses): every field error, or the refusal's message. */
export function ListRefusalAlert({ error, title, testId }: { error: ApiError; title: string; testId: string }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error.errors.length ? error.errors.map((e) => errorMessage(e.errorCode, e.params)).join(' / ') : errorMessage(error.errorCode, error.params, error.message)}
      style={{ marginBottom: 12 }}
      data-testid={testId}
    />
  );
}
