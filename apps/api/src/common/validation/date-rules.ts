import { japanToday, parseDate } from '@oms/domain';
import { ValidateBy, ValidationArguments } from 'class-validator';

/**
 * A date check against today or another field, answered with its rule key. Asynchronous, as
 * settings.rules does: class-validator attaches the rule key of a failing custom check only then.
 * A date that does not parse passes here (DateText reports it).
 */
function dateCheck(name: string, errorCode: string, fails: (date: string, args: ValidationArguments) => boolean, params?: Record<string, string>) {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const date = typeof value === 'string' ? parseDate(value) : null;
          return Promise.resolve(!date || !fails(date, args!));
        },
      },
    },
    { context: { errorCode, params } },
  );
}

/** A date not after today (Japan). */
export const NotAfterToday = () => dateCheck('notAfterToday', 'date_before_today', (date) => date > japanToday());

/** A date not before the date in the field `other`. */
export const NotBefore = (other: string, wireName: string) =>
  dateCheck(
    'notBefore',
    'date_after',
    (date, args) => {
      const start = (args.object as Record<string, unknown>)[other];
      const startDate = typeof start === 'string' ? parseDate(start) : null;
      return !!startDate && date < startDate;
    },
    { other: wireName },
  );
