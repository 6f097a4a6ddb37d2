import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../features/users/users.tables.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { tenants } from '../tenancy/tenancy.tables.ts';
import type { TDb } from './client.ts';
import { APP_ROLE, crossTenant, withTenant } from './db-scope.ts';

// Runs on PGlite and, in CI's second pass, on PostgreSQL (DATABASE_URL): the same policies, the
// same role switch; only the way the scope reaches the connection differs (client.ts).
let t: TTestApp;
/** The app's own handle: row-level security follows the scope of the calling code. */
let db: TDb;
let demo: string;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  db = t.platform.database.db;
  const rows = await t.platform.db.select({ id: tenants.id, code: tenants.code }).from(tenants);
  demo = rows.find((row) => row.code === 'demo')!.id;
  acme = rows.find((row) => row.code === 'acme')!.id;
});
afterAll(() => t?.close());

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const tenantIdsOf = (rows: { tenantId: string }[]) => [...new Set(rows.map((row) => row.tenantId))];

describe('row-level security', () => {
  it('is enabled and forced, with a policy, on every table that has tenant_id', async () => {
    const result = await t.platform.db.execute(sql`
      select c.relname as "table", c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
       where c.relkind = 'r'
       order by 1`);
    const rows = rowsOf<{ table: string; enabled: boolean; forced: boolean; policies: number }>(result);
    expect(rows.length).toBeGreaterThanOrEqual(26);
    expect(rows.filter((row) => !row.enabled || !row.forced || row.policies < 1)).toEqual([]);
  });

  it('runs tenant work as a role that is neither superuser nor BYPASSRLS', async () => {
    const result = await withTenant(demo, () =>
      db.execute(sql`
        select current_user as who, r.rolsuper as superuser, r.rolbypassrls as bypass,
               current_setting('app.tenant_id', true) as tenant
          from pg_roles r where r.rolname = current_user`),
    );
    expect(rowsOf(result)[0]).toEqual({ who: APP_ROLE, superuser: false, bypass: false, tenant: demo });
  });

  it('shows demo no acme row in a transaction, even with no tenant filter in the query', async () => {
    const seen = await withTenant(demo, () =>
      db.transaction(async (tx) => {
        const all = await tx.select({ tenantId: users.tenantId }).from(users);
        // A write aimed at acme's rows touches nothing: they are not there for this tenant.
        const updated = await tx
          .update(users)
          .set({ name: 'changed by demo' })
          .where(eq(users.tenantId, acme))
          .returning({ id: users.id });
        return { all, updated };
      }),
    );
    expect(seen.all.length).toBeGreaterThan(0);
    expect(tenantIdsOf(seen.all)).toEqual([demo]);
    expect(seen.updated).toEqual([]);
    // Statements outside a transaction are scoped the same way.
    const standalone = await withTenant(acme, () => db.select({ tenantId: users.tenantId }).from(users));
    expect(tenantIdsOf(standalone)).toEqual([acme]);
    const untouched = await t.platform.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.tenantId, acme));
    expect(untouched.some((row) => row.name === 'changed by demo')).toBe(false);
  });

  it('refuses to insert a row for another tenant', async () => {
    const attempt = withTenant(demo, () =>
      db.transaction((tx) =>
        tx.insert(users).values({
          tenantId: acme,
          account: 'intruder',
          name: 'intruder',
          nameEn: 'Intruder',
          passwordHash: 'x',
          userType: '01',
        }),
      ),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: '42501' } });
    const found = await t.platform.db.select().from(users).where(eq(users.account, 'intruder'));
    expect(found).toEqual([]);
  });

  it('shows no tenant rows at all to code that entered no scope, and all of them across tenants', async () => {
    expect(await db.select({ tenantId: users.tenantId }).from(users)).toEqual([]);
    const all = await crossTenant('test: both tenants', () =>
      db.select({ tenantId: users.tenantId }).from(users),
    );
    expect(tenantIdsOf(all).sort()).toEqual([demo, acme].sort());
  });

  it("serves the task lists' text lookup only for the request's own tenant (migrations 0014, 0049)", async () => {
    const lookup = (tenant: string) =>
      sql`select * from hospital_task_ids_like(${tenant}::uuid, ${null}, ${'task_no,provider_id'}, ${'%'})`;
    await withTenant(demo, () =>
      db.execute(
        sql`insert into hospital_tasks (tenant_id, task_no, task_type, provider_id, status)
            values (${demo}::uuid, 'HTRLS0001', '03', 'P10001', '08')`,
      ),
    );
    const demoTasks = await crossTenant('test: count demo tasks', () =>
      db.execute(sql`select count(*)::int as n from hospital_tasks where tenant_id = ${demo}::uuid`),
    );
    const expected = rowsOf<{ n: number }>(demoTasks)[0].n;
    expect(expected).toBeGreaterThan(0);
    const own = await withTenant(demo, () => db.execute(lookup(demo)));
    expect(rowsOf(own)).toHaveLength(expected);
    const foreign = await withTenant(acme, () => db.execute(lookup(demo)));
    expect(rowsOf(foreign)).toEqual([]);
  });

  it("estimates the task lists' text matches only for the request's own tenant (migration 0039)", async () => {
    const estimate = (tenant: string) =>
      sql`select scope_rows, matching_rows from hospital_task_like_estimate(${tenant}::uuid, ${null}, ${'task_no'}, ${'%HT%'})`;
    const own = rowsOf<{ scope_rows: number | null }>(
      await withTenant(demo, () => db.execute(estimate(demo))),
    );
    expect(Number(own[0].scope_rows)).toBeGreaterThan(0);
    const foreign = rowsOf<{ scope_rows: number | null }>(
      await withTenant(acme, () => db.execute(estimate(demo))),
    );
    expect(foreign.map((r) => r.scope_rows)).toEqual([null]);
  });
});
