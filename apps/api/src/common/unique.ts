import { FieldValidationError } from '@oms/domain';

interface PgError {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

/**
 * Runs a write and turns the database's refusals into field errors: a clash on a named unique index
 * becomes `unique` on its field, a missing row behind a named foreign key becomes `exists`
 * on its field. The database decides, so two concurrent writes cannot both pass a look-up.
 */
export async function constrainedWrite<T>(
  fields: { unique?: Record<string, string>; references?: Record<string, string> },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pg = (error as PgError).driverError ?? (error as PgError);
    const constraint = pg?.constraint ?? '';
    if (pg?.code === '23505' && fields.unique?.[constraint]) throw new FieldValidationError([{ field: fields.unique[constraint], errorCode: 'unique' }]);
    if (pg?.code === '23503' && fields.references?.[constraint]) throw new FieldValidationError([{ field: fields.references[constraint], errorCode: 'exists' }]);
    throw error;
  }
}
