/*
 * Optional texts sent blank are stored as null, so "no fax" is one thing. Blank means '': the DTOs'
 * Text rule trims first, so spaces alone arrive as ''. A field left out (undefined) means "unchanged"
 * in a partial update, and "empty" in a write that sets every column; hence two helpers.
 */

/** '' becomes null; a field left out stays undefined (a partial update keeps it), null stays null. */
export function blankToNull<T>(value: T | '' | null | undefined): T | null | undefined {
  return value === '' ? null : value;
}

/** '' and a field left out both become null: for a write that sets every column (create, replace). */
export function blankOrMissingToNull<T>(value: T | '' | null | undefined): T | null {
  return value === '' || value === undefined ? null : value;
}

/** Only the keys the body gave (not undefined): an update keeps what it leaves out. */
export function given<T extends object>(write: T): Partial<T> {
  return Object.fromEntries(Object.entries(write).filter(([, v]) => v !== undefined)) as Partial<T>;
}
