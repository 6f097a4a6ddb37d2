import { randomUUID } from 'node:crypto';
import { EMPTY_AUDIT_FILTER } from '@portal/domain/hospital-audit/rules';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/db-scope.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { hospitalTaskTextMatch, type TSearchColumn, walksForText } from './hospital-tasks.queries.ts';
import { searchTasks } from './hospital-tasks.records.ts';
import { hospitalTasks } from './hospital-tasks.tables.ts';

// Substring filters of the task lists (decision 0022, text-search amendment): per search, an
// ILIKE walk of the list's order index or the owner-run trigram lookup, chosen from the
// planner's estimates. Both must find the same tasks.

describe('walksForText', () => {
  const limits = { countCap: 10_000, walkLimit: 20_000 };
  it('walks a wide match: its capped count stops after about cap / share entries', () => {
    // "Scale Hospital" in demo of the scale bench: every one of 200,000 tasks.
    expect(walksForText({ scopeRows: 200_000, matchingRows: 200_000, lookupRows: 200_000 }, limits)).toBe(
      true,
    );
  });
  it("asks the lookup for a narrow match in a large scope: it reads the tenant's matches only", () => {
    // "Hospital 42" in the audit list: 4,440 of demo's 200,001 (22,200 in all tenants, which the
    // tenant-led indexes of migration 0049 no longer read).
    expect(walksForText({ scopeRows: 200_001, matchingRows: 4_440, lookupRows: 4_440 }, limits)).toBe(false);
    // The provider list: 1,110 of P10001's 50,001; the lookup reads demo's 4,440.
    expect(walksForText({ scopeRows: 50_001, matchingRows: 1_110, lookupRows: 4_440 }, limits)).toBe(false);
  });
  it('asks the lookup for a rare match', () => {
    // provider P20007: 300 of demo's tasks.
    expect(walksForText({ scopeRows: 200_001, matchingRows: 300, lookupRows: 300 }, limits)).toBe(false);
    expect(walksForText({ scopeRows: 200_001, matchingRows: 0, lookupRows: 0 }, limits)).toBe(false);
  });
  it('walks any match in a scope no larger than the limit', () => {
    expect(walksForText({ scopeRows: 20_000, matchingRows: 1, lookupRows: 1 }, limits)).toBe(true);
    expect(walksForText({ scopeRows: 0, matchingRows: 0, lookupRows: 0 }, limits)).toBe(true);
    expect(walksForText({ scopeRows: 20_001, matchingRows: 1, lookupRows: 1 }, limits)).toBe(false);
  });
});

let t: TTestApp;
let demoId: string;
const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
  for (let i = 0; i < 12; i += 1) {
    await t.platform.db.insert(hospitalTasks).values({
      tenantId: demoId,
      taskNo: `HT${tag}${i}`,
      taskType: '04',
      providerId: i % 3 === 0 ? `PT${tag}` : 'P10001',
      status: '01',
      providerCnName: i % 2 ? `检索医院${tag}` : '其他医院',
      providerEnName: i % 2 ? `Search Hospital ${tag}` : 'Other Hospital',
      commitDate: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
    });
  }
});
afterAll(async () => {
  await t?.close();
});

/**
 * The task numbers a substring filter selects in its scope, by the walk or by the lookup, read
 * through the app's own handle (the request role under row-level security: call in withTenant),
 * and the filter's condition as SQL text.
 */
async function matchedTaskNos(
  scope: { tenantId: string; providerId?: string | null; lookup: boolean },
  columns: readonly TSearchColumn[],
  text: string,
): Promise<{ taskNos: string[]; condition: string }> {
  const db = t.platform.database.db;
  const { tenantId, providerId, lookup } = scope;
  const match = await hospitalTaskTextMatch(
    db,
    {
      tenantId,
      providerId,
      countCap: 10_000,
      walkLimit: lookup ? 0 : Number.MAX_SAFE_INTEGER,
      lookupCostPerMatch: lookup ? 0 : undefined,
    },
    columns,
    text,
  );
  const rows = await db
    .select({ taskNo: hospitalTasks.taskNo })
    .from(hospitalTasks)
    .where(
      and(
        eq(hospitalTasks.tenantId, tenantId),
        providerId ? eq(hospitalTasks.providerId, providerId) : undefined,
        match.where,
      ),
    );
  return {
    taskNos: rows.map((r) => r.taskNo).sort(),
    condition: new PgDialect().sqlToQuery(match.where).sql,
  };
}

describe('substring filters of the task lists', () => {
  const rendered = (condition: Parameters<PgDialect['sqlToQuery']>[0]) =>
    new PgDialect().sqlToQuery(condition).sql;
  const scope = (walkLimit: number) => ({
    tenantId: demoId,
    countCap: 10_000,
    walkLimit,
    lookupCostPerMatch: 0,
  });

  it('walk a small tenant, and ask the lookup when the walk would be too long', async () => {
    const walked = await hospitalTaskTextMatch(t.platform.db, scope(50_000), ['task_no'], tag);
    expect([rendered(walked.where).includes('ilike'), walked.matches]).toEqual([true, null]);
    // The lookup's ids go into the condition as values, and their number is the scope's matches.
    const looked = await hospitalTaskTextMatch(t.platform.db, scope(0), ['task_no'], tag);
    expect([rendered(looked.where).includes('any('), looked.matches]).toEqual([true, 12]);
    const none = await hospitalTaskTextMatch(t.platform.db, scope(0), ['task_no'], `${tag}none`);
    expect([rendered(none.where), none.matches]).toEqual(['false', 0]);
    // Two characters have no trigram: always the walk.
    expect(
      rendered((await hospitalTaskTextMatch(t.platform.db, scope(0), ['task_no'], 'HT')).where),
    ).toContain('ilike');
  });

  it('find the same tasks by the walk and by the lookup, for every text filter', async () => {
    const filters = [
      { title: `hospital ${tag.toLowerCase()}` },
      { title: tag },
      { taskNo: `HT${tag}1` },
      { providerId: `pt${tag.toLowerCase()}` },
      { providerName: `检索医院${tag}` },
      { providerName: `Search Hospital ${tag}`, providerId: `PT${tag}` },
    ];
    for (const filter of filters) {
      const search = (walk: boolean) =>
        searchTasks(t.platform.db, {
          tenantId: demoId,
          filter: { ...EMPTY_AUDIT_FILTER, ...filter },
          current: 1,
          size: 20,
          sort: 'commitDate',
          order: 'desc',
          countCap: 10_000,
          textWalkLimit: walk ? Number.MAX_SAFE_INTEGER : 0,
          textLookupCost: walk ? undefined : 0,
        });
      const walked = await search(true);
      const looked = await search(false);
      expect(walked.total, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(looked.records.map((r) => r.taskNo)).toEqual(walked.records.map((r) => r.taskNo));
      expect(looked.total).toBe(walked.total);
    }
  });

  it("find a provider's own matches by the lookup, and nothing of another tenant (migration 0049)", async () => {
    const acmeId = (await findTenantByCode(t.platform.db, 'acme'))!.id;
    await t.platform.db.insert(hospitalTasks).values({
      tenantId: acmeId,
      taskNo: `HT${tag}acme`,
      taskType: '04',
      providerId: 'P10001',
      status: '01',
      providerCnName: `检索医院${tag}`,
      providerEnName: `Search Hospital ${tag}`,
    });
    // The app's own handle, which runs as the request role in withTenant (row-level security).
    const db = t.platform.database.db;
    const taskNos = async (tenantId: string, providerId: string | null, lookup: boolean, text: string) => {
      const match = await matchedTaskNos(
        { tenantId, providerId, lookup },
        ['task_no', 'provider_cn_name', 'provider_en_name'],
        text,
      );
      expect(match.condition).toContain(lookup ? 'any(' : 'ilike');
      return match.taskNos;
    };
    for (const text of [`hospital ${tag.toLowerCase()}`, `HT${tag}`]) {
      for (const providerId of [null, 'P10001', `PT${tag}`]) {
        const walked = await withTenant(demoId, () => taskNos(demoId, providerId, false, text));
        const looked = await withTenant(demoId, () => taskNos(demoId, providerId, true, text));
        expect(looked, `${text} ${providerId}`).toEqual(walked);
        expect(walked.length, `${text} ${providerId}`).toBeGreaterThan(0);
        expect(walked.every((n) => n.startsWith(`HT${tag}`) && !n.endsWith('acme'))).toBe(true);
      }
    }
    // Only P10001's tasks come back for P10001 (a third of the tagged tasks are PT<tag>'s).
    const ownProvider = await withTenant(demoId, () =>
      db.execute(
        sql`select count(*)::int as n from hospital_task_ids_like(${demoId}::uuid, ${'P10001'}, ${'task_no'}, ${`%HT${tag}%`})`,
      ),
    );
    expect((ownProvider as unknown as { rows: { n: number }[] }).rows[0].n).toBe(8);
    // Asked in acme's request for demo's tasks, the lookup answers nothing.
    const foreign = await withTenant(acmeId, () =>
      db.execute(
        sql`select * from hospital_task_ids_like(${demoId}::uuid, ${null}, ${'task_no'}, ${`%HT${tag}%`})`,
      ),
    );
    expect((foreign as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('cap the total of a search answered by the lookup as by the walk', async () => {
    for (const walk of [true, false]) {
      const page = await withTenant(demoId, () =>
        searchTasks(t.platform.database.db, {
          tenantId: demoId,
          filter: { ...EMPTY_AUDIT_FILTER, title: `HT${tag}` },
          current: 2,
          size: 4,
          sort: 'commitDate',
          order: 'desc',
          countCap: 5,
          textWalkLimit: walk ? Number.MAX_SAFE_INTEGER : 0,
          textLookupCost: walk ? undefined : 0,
        }),
      );
      expect([page.total, page.totalCapped, page.records.length], `walk ${walk}`).toEqual([5, true, 1]);
      expect(page.records[0].taskNo).toBe(`HT${tag}4`);
    }
  });
});

describe('the lookup through the suffixes of ids and names (migration 0052)', () => {
  const names = {
    union: `Ünïon Hospital 50% ${tag}`,
    mary: `St_Mary's ${tag}`,
    decoy: `StXMary's ${tag}`,
    slash: `Back\\slash ${tag}`,
    long: `${'Long hospital name '.repeat(4)}${tag}`,
  };
  beforeAll(async () => {
    const rows = [
      { n: 'U', en: names.union, cn: `协和医院${tag}` },
      { n: 'M', en: names.mary, cn: '' },
      { n: 'D', en: names.decoy, cn: '' },
      { n: 'S', en: names.slash, cn: '' },
      { n: 'L', en: names.long, cn: '' },
      { n: 'R', en: `Before rename ${tag}`, cn: '' },
    ];
    for (const row of rows) {
      await t.platform.db.insert(hospitalTasks).values({
        tenantId: demoId,
        taskNo: `HX${tag}${row.n}`,
        taskType: '04',
        providerId: `PX${tag}${row.n}`,
        status: '01',
        providerCnName: row.cn,
        providerEnName: row.en,
      });
    }
    // A rename writes a value the tasks did not carry yet.
    await t.platform.db
      .update(hospitalTasks)
      .set({ providerEnName: `After rename ${tag}` })
      .where(eq(hospitalTasks.taskNo, `HX${tag}R`));
  });

  const found = (text: string, columns: readonly TSearchColumn[], lookup: boolean) =>
    withTenant(demoId, async () => {
      const match = await matchedTaskNos({ tenantId: demoId, lookup }, columns, text);
      expect(match.condition.includes('ilike'), text).toBe(!lookup);
      return match.taskNos;
    });

  it('finds what the ILIKE walk finds: case folding beyond ASCII, escaped wildcards, Chinese, long texts, renames', async () => {
    const low = tag.toLowerCase();
    const cases: [text: string, expected: string[]][] = [
      [`ÜNÏON hospital`, [`HX${tag}U`]],
      [`50% ${low}`, [`HX${tag}U`]],
      // "_" and "%" are the user's characters, not wildcards: the decoy StXMary's is not found.
      [`st_mary`, [`HX${tag}M`]],
      [`k\\sla`, [`HX${tag}S`]],
      [`协和医院${tag}`, [`HX${tag}U`]],
      [`和医院`, [`HX${tag}U`]],
      // Longer than the 64 characters a suffix keeps: the value itself decides past them.
      [names.long.toUpperCase(), [`HX${tag}L`]],
      [`${names.long.slice(0, -1)}#`, []],
      [`${'hospital name long '.repeat(3)}hospital`, [`HX${tag}L`]],
      [`after rename ${low}`, [`HX${tag}R`]],
      [`before rename ${low}`, []],
      [`no such hospital ${low}`, []],
    ];
    for (const [text, expected] of cases) {
      const columns = ['task_no', 'provider_cn_name', 'provider_en_name'] as const;
      expect(await found(text, [...columns], false), `walk: ${text}`).toEqual(expected);
      expect(await found(text, [...columns], true), `lookup: ${text}`).toEqual(expected);
    }
    // The provider id column, alone and beside the task number.
    for (const columns of [['provider_id'], ['task_no', 'provider_id']] as const) {
      expect(await found(`px${low}m`, [...columns], true)).toEqual([`HX${tag}M`]);
      expect(await found(`px${low}`, [...columns], true)).toEqual(
        await found(`px${low}`, [...columns], false),
      );
    }
  });

  it('keeps each value and its suffixes once, and adds nothing for a change of status', async () => {
    const count = async () => {
      const result = await t.platform.db.execute(
        sql`select (select count(*) from hospital_task_name_values where tenant_id = ${demoId}::uuid)::int as v,
          (select count(*) from hospital_task_name_suffixes where tenant_id = ${demoId}::uuid)::int as s`,
      );
      return (result as unknown as { rows: { v: number; s: number }[] }).rows[0];
    };
    const before = await count();
    await t.platform.db
      .update(hospitalTasks)
      .set({ status: '02' })
      .where(eq(hospitalTasks.taskNo, `HX${tag}M`));
    await t.platform.db.insert(hospitalTasks).values({
      tenantId: demoId,
      taskNo: `HX${tag}M2`,
      taskType: '04',
      providerId: `PX${tag}M`,
      status: '01',
      providerEnName: names.mary,
    });
    expect(await count()).toEqual(before);
    const suffixes = await t.platform.db.execute(
      sql`select suffix from hospital_task_name_suffixes where tenant_id = ${demoId}::uuid and col = 'e'
        and value = ${names.mary} order by suffix`,
    );
    const expected = [...names.mary.toLowerCase()]
      .map((_, i, chars) => chars.slice(i).join(''))
      .filter((s) => [...s].length >= 3)
      .sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
    expect((suffixes as unknown as { rows: { suffix: string }[] }).rows.map((r) => r.suffix)).toEqual(
      expected,
    );
  });
});
