import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { doctorTasks } from '../doctors/doctors.tables.ts';
import { searchTasks } from '../hospital-tasks/hospital-tasks.records.ts';
import { hospitalTasks } from '../hospital-tasks/hospital-tasks.tables.ts';
import { tasksWritten } from './change-tasks.kept-searches.ts';

// Capped counts (decision 0022): a filtered task list counts its matches up to LIST_COUNT_CAP
// (6 here, so the rows stay few); past it the total is the cap with totalCapped, and pages are
// read forward up to the cap. Unfiltered totals stay exact (the kept counts).

const CAP = 6;
let t: TTestApp;
let hospital: string;
let auditor: string;
let demoId: string;
const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
let added = 0;

beforeAll(async () => {
  t = await createTestApp({ LIST_COUNT_CAP: String(CAP) });
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
});

/**
 * Adds hospital tasks of P10001 named with the tag, each submitted and created a minute before
 * the last, so both lists' orders (submit date, creation) put the first added first.
 */
async function addTasks(n: number, providerId = 'P10001') {
  for (let i = 0; i < n; i += 1) {
    added += 1;
    await t.platform.db.insert(hospitalTasks).values({
      tenantId: demoId,
      taskNo: `HC${tag}${added}`,
      taskType: '04',
      providerId,
      status: '01',
      providerCnName: `封顶医院${tag}`,
      providerEnName: `Capped Hospital ${tag}`,
      commitDate: new Date(Date.UTC(2026, 0, 1) - added * 60_000),
      createdAt: new Date(Date.UTC(2026, 0, 1) - added * 60_000),
    });
  }
  // Written past the engine, so told as the engine's writes tell it (kept searches).
  await tasksWritten(t.platform, demoId);
}

type TPage = { records: { taskNo: string }[]; total: number; totalCapped?: boolean };
const auditList = async (model: object, current = 1, size = 5): Promise<TPage> => {
  const res = await call(t.app, 'demo', auditor, {
    method: 'POST',
    url: '/saasapi/drsystem/providerTaskMsh/list',
    payload: { current, size, model },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const providerList = async (model: object, current = 1, size = 5): Promise<TPage> => {
  const res = await call(t.app, 'demo', hospital, {
    method: 'POST',
    url: '/saasapi/drsystem/providerTask/list',
    payload: { current, size, model: { title: '', status: [], ...model } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('capped counts of filtered task lists', () => {
  it('are exact below and at the cap, and the cap with totalCapped past it', async () => {
    await addTasks(CAP - 1);
    for (const list of [auditList, providerList]) {
      const page = await list({ title: tag });
      expect([page.total, page.totalCapped]).toEqual([CAP - 1, false]);
    }
    await addTasks(1);
    for (const list of [auditList, providerList]) {
      const page = await list({ title: tag });
      expect([page.total, page.totalCapped]).toEqual([CAP, false]);
    }
    await addTasks(1);
    for (const list of [auditList, providerList]) {
      const page = await list({ title: tag });
      expect([page.total, page.totalCapped]).toEqual([CAP, true]);
      expect(page.records).toHaveLength(5);
    }
  });

  it('page forward up to the cap, in the list order, and no further', async () => {
    // Newest first: the tasks added first come first; the seventh is past the cap.
    const expected = Array.from({ length: CAP }, (_v, i) => `HC${tag}${i + 1}`);
    for (const list of [auditList, providerList]) {
      const first = await list({ title: tag }, 1);
      const second = await list({ title: tag }, 2);
      expect([...first.records, ...second.records].map((r) => r.taskNo)).toEqual(expected);
      expect(second.totalCapped).toBe(true);
      const past = await list({ title: tag }, 3);
      expect(past.records).toEqual([]);
      expect([past.total, past.totalCapped]).toEqual([CAP, true]);
    }
  });

  it('leave the unfiltered total exact, however far past the cap', async () => {
    const actual = async (table: typeof hospitalTasks | typeof doctorTasks) =>
      Number(
        (
          (await t.platform.db.execute(
            sql`select count(*) as n from ${table} where ${table.tenantId} = ${demoId}`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0].n,
      );
    const all = await auditList({});
    const expected = (await actual(hospitalTasks)) + (await actual(doctorTasks));
    expect(expected).toBeGreaterThan(CAP);
    expect([all.total, all.totalCapped]).toEqual([expected, false]);
    const own = await providerList({});
    expect(own.total).toBeGreaterThan(CAP);
    expect(own.totalCapped).toBe(false);
  });

  it('count within the data scope', async () => {
    await addTasks(2, `PC${tag}`);
    const search = (scoped: boolean) =>
      searchTasks(t.platform.db, {
        tenantId: demoId,
        filter: {
          title: tag,
          taskNo: '',
          providerId: '',
          providerName: '',
          taskType: [],
          status: [],
          sendStartDate: '',
          sendEndDate: '',
          personInCharge: '',
        },
        current: 1,
        size: 10,
        sort: 'commitDate',
        order: 'desc',
        countCap: CAP,
        textWalkLimit: 50_000,
        scopeOf: scoped ? (tasks) => eq(tasks.providerId, `PC${tag}`) : undefined,
      });
    const whole = await search(false);
    expect([whole.total, whole.totalCapped]).toEqual([CAP, true]);
    const scoped = await search(true);
    expect([scoped.total, scoped.totalCapped]).toEqual([2, false]);
    expect(scoped.records.map((r) => r.taskNo).sort()).toEqual([`HC${tag}8`, `HC${tag}9`]);
  });

  it('find one- and two-character searches (no trigram) by the same rule, capped, in the tenant only', async () => {
    const acme = (await findTenantByCode(t.platform.db, 'acme'))!.id;
    const rare = '鎏';
    await t.platform.db.insert(hospitalTasks).values([
      ...Array.from({ length: CAP + 1 }, (_v, i) => ({
        tenantId: demoId,
        taskNo: `HS${tag}${i}`,
        taskType: '04',
        providerId: 'P10001',
        status: '01',
        providerCnName: `${rare}${rare}医院${i}`,
      })),
      {
        tenantId: acme,
        taskNo: `HS${tag}acme`,
        taskType: '04',
        providerId: 'P10001',
        status: '01',
        providerCnName: `${rare}医院`,
      },
    ]);
    await tasksWritten(t.platform, demoId);
    for (const [text, expected] of [
      [rare, [CAP, true]],
      [`${rare}${rare}`, [CAP, true]],
      [`${rare}${rare}医院${CAP}`, [1, false]],
      ['鎏x', [0, false]],
    ] as const) {
      for (const list of [auditList, providerList]) {
        const page = await list({ title: text });
        expect([page.total, page.totalCapped], `${text}`).toEqual([...expected]);
        expect(page.records.every((r) => r.taskNo.startsWith(`HS${tag}`) && !r.taskNo.endsWith('acme'))).toBe(
          true,
        );
      }
    }
  });

  it('cap the doctor task lists keyword count too', async () => {
    for (let i = 1; i <= CAP + 1; i += 1) {
      await t.platform.db.insert(doctorTasks).values({
        tenantId: demoId,
        taskNo: `DC${tag}${i}`,
        taskType: '01',
        providerId: 'P10001',
        status: '01',
        certificateNo: `C${tag}${i}`,
        commitDate: new Date(),
      });
    }
    await tasksWritten(t.platform, demoId);
    const res = await call(t.app, 'demo', auditor, {
      method: 'POST',
      url: '/saasapi/drsystem/management/msh-task-list',
      payload: { current: 2, size: 5, model: { keyword: `C${tag}` } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as TPage;
    expect([page.total, page.totalCapped, page.records.length]).toEqual([CAP, true, 1]);
    const own = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/management/task-list',
      payload: { current: 1, size: 5, model: { keyword: `C${tag}1` } },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect([own.json().data.total, own.json().data.totalCapped]).toEqual([1, false]);
  });
});
