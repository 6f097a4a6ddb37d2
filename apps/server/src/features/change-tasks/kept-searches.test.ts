import { randomUUID } from 'node:crypto';
import { EMPTY_AUDIT_FILTER } from '@portal/domain/hospital-audit/rules';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/db-scope.ts';
import { createDbKv, type TKv } from '../../platform/kv/kv.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { searchTasks } from '../hospital-tasks/hospital-tasks.records.ts';
import { hospitalTasks } from '../hospital-tasks/hospital-tasks.tables.ts';
import {
  conditionKey,
  KEPT_WEIGHT_MAX,
  keptSearches,
  keptSearchesSize,
  tasksWritten,
} from './change-tasks.kept-searches.ts';

// Kept searches (decision 0022, "kept searches"): a filter's outcome and capped count are worked
// out once per tenant generation; every write to a change task of the tenant starts a new one.

const silentLog = { error: () => {} } as never;

/** A platform's part that kept searches need, on an in-process KV whose broadcasts can be 'down'. */
function platformOf(keepSeconds = 60) {
  const base = createDbKv(null as never);
  let epoch: number | null = 0;
  const kv: TKv = { ...base, broadcastEpoch: () => epoch };
  return {
    p: { kv, log: silentLog, config: { listSearchKeepSeconds: keepSeconds } as never },
    down: () => {
      epoch = null;
    },
  };
}

describe('kept searches', () => {
  it('work a key out once per generation, share a computation under way, and start over after a write', async () => {
    const { p } = platformOf();
    const kept = keptSearches(p)!;
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    expect(await Promise.all([kept.recall('t1', 'a', compute), kept.recall('t1', 'a', compute)])).toEqual([
      1, 1,
    ]);
    expect(await kept.recall('t1', 'a', compute)).toBe(1);
    // Another tenant and another key are worked out on their own.
    expect(await kept.recall('t2', 'a', compute)).toBe(2);
    expect(await kept.recall('t1', 'b', compute)).toBe(3);
    await tasksWritten(p, 't1');
    expect(await kept.recall('t1', 'a', compute)).toBe(4);
    expect(await kept.recall('t2', 'a', compute)).toBe(2);
  });

  it('keep no failure', async () => {
    const { p } = platformOf();
    const kept = keptSearches(p)!;
    const key = randomUUID();
    await expect(kept.recall('t1', key, async () => Promise.reject(new Error('lost')))).rejects.toThrow(
      'lost',
    );
    expect(await kept.recall('t1', key, async () => 7)).toBe(7);
  });

  it('keep nothing while broadcasts cannot be heard, nor when turned off', async () => {
    const { p, down } = platformOf();
    const kept = keptSearches(p)!;
    const key = randomUUID();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await kept.recall('t1', key, compute)).toBe(1);
    down();
    expect(await kept.recall('t1', key, compute)).toBe(2);
    expect(await kept.recall('t1', key, compute)).toBe(3);
    expect(keptSearches(platformOf(0).p)).toBeUndefined();
    await tasksWritten(platformOf(0).p, 't1');
  });

  it('hold at most their budget of ids over every tenant, dropping the least recently used first', async () => {
    const { p } = platformOf();
    const kept = keptSearches(p)!;
    const ids = (n: number) => async () => Array.from({ length: n }, (_v, i) => i);
    const weigh = (v: number[]) => v.length;
    const half = KEPT_WEIGHT_MAX / 2;
    await kept.recall('t1', 'first', ids(half), weigh);
    await kept.recall('t1', 'second', ids(half - 10), weigh);
    await kept.recall('t1', 'first', ids(0), weigh); // a hit: 'first' is now the most recent
    await kept.recall('t2', 'third', ids(half), weigh);
    expect(keptSearchesSize().weight).toBeLessThanOrEqual(KEPT_WEIGHT_MAX);
    let again = 0;
    const count = async () => {
      again += 1;
      return [];
    };
    expect((await kept.recall('t1', 'first', count, weigh)).length).toBe(half);
    expect(await kept.recall('t1', 'second', count, weigh)).toEqual([]);
    expect(again).toBe(1);
  });

  it('name a condition by its SQL text and parameters', () => {
    const a = sql`${hospitalTasks.status} = ${'01'}`;
    expect(conditionKey(a)).toBe(conditionKey(sql`${hospitalTasks.status} = ${'01'}`));
    expect(conditionKey(a)).not.toBe(conditionKey(sql`${hospitalTasks.status} = ${'02'}`));
    expect(conditionKey(a)).not.toBe(conditionKey(sql`${hospitalTasks.taskType} = ${'01'}`));
    expect(conditionKey(undefined)).toBe('all');
  });
});

describe('kept searches in the task lists', () => {
  let t: TTestApp;
  let hospital: string;
  let auditor: string;
  let demoId: string;
  const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
  const taskNo = (i: number) => `HT19990101${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${i}`;
  const taskNos = [taskNo(1), taskNo(2)];

  beforeAll(async () => {
    // A cap of 3 makes the audit list's count a capped count (no kept total answers it).
    t = await createTestApp({ LIST_COUNT_CAP: '3' });
    hospital = (await login(t.app, 'demo', 'hospital')).token;
    auditor = (await login(t.app, 'demo', 'auditor')).token;
    demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
    await t.platform.db.insert(hospitalTasks).values(
      taskNos.map((no) => ({
        tenantId: demoId,
        taskNo: no,
        taskType: '04',
        providerId: 'P10001',
        status: '01',
        providerCnName: `留存医院${tag}`,
        providerEnName: `Kept Hospital ${tag}`,
        commitDate: new Date(),
      })),
    );
    await tasksWritten(t.platform, demoId);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lists = () =>
    [
      ['audit list', auditor, '/saasapi/drsystem/providerTaskMsh/list', { title: tag, status: ['01'] }],
      ['provider list', hospital, '/saasapi/drsystem/providerTask/list', { title: tag, status: ['01'] }],
    ] as const;
  const page = async (token: string, url: string, model: object) => {
    const res = await call(t.app, 'demo', token, {
      method: 'POST',
      url,
      payload: { current: 1, size: 10, model },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; records: { taskNo: string }[] };
  };

  it("answer a search's total from what was kept until a task of the tenant changes through the engine", async () => {
    for (const [, token, url, model] of lists()) expect((await page(token, url, model)).total).toBe(2);

    // A row written behind the engine's back leaves the kept totals as they were.
    await t.platform.db
      .update(hospitalTasks)
      .set({ status: '02' })
      .where(and(eq(hospitalTasks.tenantId, demoId), eq(hospitalTasks.taskNo, taskNos[1])));
    for (const [name, token, url, model] of lists())
      expect((await page(token, url, model)).total, name).toBe(2);

    // The hospital withdraws the first task (01 to 03): both lists count afresh.
    const withdrawn = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/withdraw',
      payload: { taskNo: taskNos[0] },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const [name, token, url, model] of lists()) {
      const after = await page(token, url, model);
      expect([after.total, after.records], name).toEqual([0, []]);
    }
  });
});

describe('kept windows of lookup searches', () => {
  let t: TTestApp;
  let demoId: string;
  const queries: string[] = [];
  const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

  beforeAll(async () => {
    t = await createTestApp({}, { onQuery: (text) => queries.push(text) });
    demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
    // Seven tasks of the tag, submitted a minute apart (ties of none).
    await t.platform.db.insert(hospitalTasks).values(
      Array.from({ length: 7 }, (_v, i) => ({
        tenantId: demoId,
        taskNo: `HT19990103${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${i}`,
        taskType: '04',
        providerId: 'P10001',
        status: '01',
        providerEnName: `Window Hospital ${tag}`,
        commitDate: new Date(Date.UTC(2026, 0, 1) - i * 60_000),
      })),
    );
    await tasksWritten(t.platform, demoId);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Through the app's own handle (its queries are heard), in demo's scope as a request would be.
  const search = (current: number, kept: boolean) =>
    withTenant(demoId, () =>
      searchTasks(t.platform.database.db, {
        tenantId: demoId,
        filter: { ...EMPTY_AUDIT_FILTER, title: tag },
        current,
        size: 3,
        sort: 'commitDate',
        order: 'desc',
        countCap: 10_000,
        // The trigram lookup, whatever the estimate says.
        textWalkLimit: 0,
        textLookupCost: 0,
        kept: kept ? keptSearches(t.platform) : undefined,
      }),
    );

  it("read the order of a lookup's matches once per generation and slice every page from it", async () => {
    const expected: string[][] = [];
    for (const current of [1, 2, 3, 4])
      expected.push((await search(current, false)).records.map((r) => r.taskNo));
    expect(expected.map((p) => p.length)).toEqual([3, 3, 1, 0]);
    queries.length = 0;
    for (const current of [1, 2, 3, 4]) {
      const page = await search(current, true);
      expect([page.total, page.records.map((r) => r.taskNo)], `page ${current}`).toEqual([
        7,
        expected[current - 1],
      ]);
    }
    const windows = () => queries.filter((q) => q.includes('as page_window')).length;
    expect(windows()).toBe(1);
    // A task write starts a new generation: the window is read again.
    await tasksWritten(t.platform, demoId);
    expect((await search(2, true)).records.map((r) => r.taskNo)).toEqual(expected[1]);
    expect(windows()).toBe(2);
  });
});
