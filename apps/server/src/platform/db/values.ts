/** Small checks and escapes for values that go into SQL. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a uuid (a malformed id is answered as not found, not as a database error). */
export const isUuid = (value: string) => UUID.test(value);

/** Escapes LIKE/ILIKE wildcards so that a user's text matches as typed. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A PostgreSQL array literal of the values (quoted, so commas, braces and quotes are safe). */
export function pgArray(values: readonly (string | boolean | null)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) parts[i] = 'NULL';
    else if (typeof v === 'boolean') parts[i] = v ? 't' : 'f';
    else parts[i] = `"${v.replace(/["\\]/g, '\\$&')}"`;
  }
  return `{${parts.join(',')}}`;
}
