import { FieldValidationError, LISTED_ERRORS_MAX } from '@oms/domain';
import { errorAnswer } from './error.filter';

/** What the filter answers for an exception: its status and JSON body. */
function answer(exception: unknown): { status: number; body: { error: Record<string, unknown> & { errors: unknown[] } } } {
  return errorAnswer(exception, null) as never;
}

describe('error answers are bounded', () => {
  it('lists the first 1,000 field errors and says how many there were', () => {
    const issues = Array.from({ length: 2000 }, (_, i) => ({ field: `rows.${i + 2}.税率`, errorCode: 'max', params: { max: 100 } }));
    const { status, body } = answer(new FieldValidationError(issues));
    expect(status).toBe(422);
    expect(body.error.errors).toHaveLength(LISTED_ERRORS_MAX);
    expect(body.error.errors[999]).toEqual({ field: 'rows.1001.税率', error_code: 'max', params: { max: 100 } });
    expect(body.error.errors_total).toBe(2000);
  });

  it('keeps the usual envelope when the list is short', () => {
    const { body } = answer(new FieldValidationError([{ field: 'file', errorCode: 'required' }]));
    expect(Object.keys(body.error).sort()).toEqual(['error_code', 'errors', 'message', 'request_id']);
  });
});
