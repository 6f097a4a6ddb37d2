import type { SQL } from 'drizzle-orm';
import type { TDbOrTx } from './client.ts';

/** Runs a raw SQL query and gives its rows (PGlite and node-postgres answer the same shape). */
export async function query<T extends Record<string, unknown>>(db: TDbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
