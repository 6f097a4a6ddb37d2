/**
 * Statistics of the embedded database (decision 0022, issue 10). PostgreSQL's autovacuum
 * ANALYZEs tables as they change; PGlite runs no autovacuum, so its planner keeps the statistics
 * of whenever a table was last analyzed (often: never, or when it was nearly empty) and a plan
 * made on them gets slow at volume (a payment-batch build once took 113 s that way). This job
 * ANALYZEs the embedded database every hour, once after each start (after the seed), and soon
 * after a bulk import; on PostgreSQL it is not defined at all.
 */
import { sql } from 'drizzle-orm';
import type { TPlatform } from '../platform.ts';
import type { TDatabase } from './client.ts';

export const DATABASE_ANALYZE_JOB = 'database-analyze';
/** Every hour: ANALYZE samples at most 30,000 rows of a table, a few seconds at most. */
const EVERY_SECONDS = 3600;
/** An import writing at least this many rows asks for an ANALYZE at the next poll. */
export const BULK_ROWS = 1000;

/** ANALYZE of every table of the embedded database; PostgreSQL is left to its autovacuum. */
export async function analyzeDatabase(
  database: Pick<TDatabase, 'kind' | 'db'>,
): Promise<{ analyzed: boolean; ms: number }> {
  if (database.kind !== 'pglite') return { analyzed: false, ms: 0 };
  const started = performance.now();
  await database.db.execute(sql`analyze`);
  return { analyzed: true, ms: Math.round(performance.now() - started) };
}

/** Defines the hourly ANALYZE on the embedded database (nothing on PostgreSQL). */
export function defineDatabaseMaintenanceJob(p: TPlatform): void {
  if (p.database.kind !== 'pglite') return;
  p.jobs.define({
    name: DATABASE_ANALYZE_JOB,
    everySeconds: EVERY_SECONDS,
    run: async () => ({ ...(await analyzeDatabase(p.database)) }),
  });
}

/**
 * After a bulk write (the seed, an import of `rows` rows): makes the ANALYZE due now on the
 * embedded database, so the next poll of the jobs runner refreshes the statistics. A failure
 * here never fails the import that asked.
 */
export async function analyzeSoon(p: TPlatform, rows = BULK_ROWS): Promise<boolean> {
  if (p.database.kind !== 'pglite' || rows < BULK_ROWS) return false;
  try {
    await p.jobs.requestRun(DATABASE_ANALYZE_JOB);
    return true;
  } catch (error) {
    p.log.warn({ err: error }, 'could not ask for an ANALYZE after a bulk write');
    return false;
  }
}
