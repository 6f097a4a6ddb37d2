import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import type { TDb } from './client.ts';
import { crossTenant } from './db-scope.ts';
import { analyzeDatabase, analyzeSoon, BULK_ROWS, DATABASE_ANALYZE_JOB } from './maintenance.ts';
import { query } from './raw-query.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const reltuples = async (db: TDb, table: string) => {
  const rows = await query<{ n: number }>(
    db,
    sql`select reltuples::float8 as n from pg_class where relname = ${table}`,
  );
  return Number(rows[0].n);
};

describe('the embedded database ANALYZE job', () => {
  it('refreshes the planner statistics of the embedded database when it runs', async (ctx) => {
    if (t.platform.database.kind !== 'pglite') ctx.skip();
    const db = t.platform.db;
    await crossTenant('test: a table the planner has never seen', async () => {
      await db.execute(sql`create table maintenance_probe (id int primary key, note text)`);
      await db.execute(sql`insert into maintenance_probe select g, 'n' || g from generate_series(1, 5000) g`);
    });
    // Never analyzed (no autovacuum in PGlite): the planner knows no row count.
    expect(await crossTenant('test', () => reltuples(db, 'maintenance_probe'))).toBeLessThan(1);
    await t.platform.jobs.requestRun(DATABASE_ANALYZE_JOB);
    const outcome = await t.platform.jobs.runDue(DATABASE_ANALYZE_JOB);
    expect(outcome).toMatchObject({ status: 'ran', result: { analyzed: true } });
    expect(await crossTenant('test', () => reltuples(db, 'maintenance_probe'))).toBe(5000);
    // Not due again before the hour is up.
    expect((await t.platform.jobs.runDue(DATABASE_ANALYZE_JOB)).status).toBe('skipped');
  });

  it('runs hourly, and a bulk import makes it due at once; a small one does not', async (ctx) => {
    if (t.platform.database.kind !== 'pglite') ctx.skip();
    const [row] = await crossTenant('test', () =>
      t.platform.db.select().from(jobs).where(sql`${jobs.name} = ${DATABASE_ANALYZE_JOB}`),
    );
    expect(row.everySeconds).toBe(3600);
    expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(await analyzeSoon(t.platform, BULK_ROWS - 1)).toBe(false);
    expect((await t.platform.jobs.runDue(DATABASE_ANALYZE_JOB)).status).toBe('skipped');
    expect(await analyzeSoon(t.platform, BULK_ROWS)).toBe(true);
    expect(await t.platform.jobs.runDue(DATABASE_ANALYZE_JOB)).toMatchObject({
      status: 'ran',
      result: { analyzed: true },
    });
  });

  it('leaves PostgreSQL to its autovacuum: no query, and no job defined there', async () => {
    const untouched = new Proxy({} as TDb, {
      get: () => {
        throw new Error('PostgreSQL must not be analyzed by the job');
      },
    });
    expect(await analyzeDatabase({ kind: 'postgres', db: untouched })).toEqual({ analyzed: false, ms: 0 });
    const postgres = { ...t.platform, database: { ...t.platform.database, kind: 'postgres' as const } };
    expect(await analyzeSoon(postgres)).toBe(false);
    if (t.platform.database.kind === 'postgres')
      await expect(t.platform.jobs.runDue(DATABASE_ANALYZE_JOB)).rejects.toThrow(/Unknown job/);
  });
});

describe('the PostgreSQL connections', () => {
  it('run without JIT, which priced a ten-row list walk as the whole scope and compiled it (decision 0022)', async (ctx) => {
    if (t.platform.database.kind !== 'postgres') ctx.skip();
    const [row] = await crossTenant('test', () => query<{ jit: string }>(t.platform.db, sql`show jit`));
    expect(row.jit).toBe('off');
  });
});
