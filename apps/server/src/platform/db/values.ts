/** Small checks and escapes for values that go into SQL. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a uuid (a malformed id is answered as not found, not as a database error). */
export const isUuid = (value: string) => UUID.test(value);

/** Escapes LIKE/ILIKE wildcards so that a user's text matches as typed. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
