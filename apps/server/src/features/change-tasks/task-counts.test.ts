import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { newHospital, uploadPhotos } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';

// The kept task counts (migration 0017, decision 0022): exact after every kind of write, and the
// totals the task lists answer with.

let t: TTestApp;
let hospital: string;
let auditor: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

type TCountRow = {
  tenant_id: string;
  kind: string;
  provider_id: string;
  task_type: string;
  status: string;
  n: number;
};

async function rows(query: ReturnType<typeof sql>): Promise<TCountRow[]> {
  const result = (await t.platform.db.execute(query)) as unknown as { rows: TCountRow[] };
  return result.rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** The kept counts that are not zero, and the same counts computed from the task tables. */
async function keptAndActual(): Promise<[TCountRow[], TCountRow[]]> {
  const kept = await rows(sql`select tenant_id, kind, provider_id, task_type, status, n from task_counts
    where n <> 0 order by 1, 2, 3, 4, 5`);
  const actual = await rows(sql`select tenant_id, kind, provider_id, task_type, status, count(*) as n from (
      select tenant_id, 'hospital' as kind, provider_id, task_type, status from hospital_tasks
      union all select tenant_id, 'doctor', provider_id, task_type, status from doctor_tasks
      union all select tenant_id, 'hospital', '*', task_type, status from hospital_tasks
      union all select tenant_id, 'doctor', '*', task_type, status from doctor_tasks
    ) x group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  return [kept, actual];
}

const provider = (url: string, payload: object) =>
  call(t.app, 'demo', hospital, { method: 'POST', url: `/saasapi/drsystem/providerTask/${url}`, payload });
const auditList = (payload: object) =>
  call(t.app, 'demo', auditor, { method: 'POST', url: '/saasapi/drsystem/providerTaskMsh/list', payload });

describe('kept task counts', () => {
  it('start equal to the seeded tasks', async () => {
    const [kept, actual] = await keptAndActual();
    expect(kept).toEqual(actual);
  });

  it('follow submits, withdrawals, approvals and returns through the routes, and the lists answer with them', async () => {
    const submitted: { taskNo: string; version: number }[] = [];
    for (const name of ['计数医院甲', '计数医院乙', '计数医院丙']) {
      const photos = await uploadPhotos(t, hospital);
      const res = await provider('commit', newHospital(photos, { providerCnName: name }));
      expect(res.statusCode, res.body).toBe(200);
      submitted.push(res.json().data);
    }
    const withdrawn = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/withdraw',
      payload: { taskNo: submitted[0].taskNo, version: submitted[0].version },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const [i, auditResult] of [
      [1, '01'],
      [2, '02'],
    ] as const) {
      const res = await call(t.app, 'demo', auditor, {
        method: 'POST',
        url: '/saasapi/drsystem/providerTaskMsh/approval',
        payload: {
          taskNo: submitted[i].taskNo,
          auditResult,
          returnReason: auditResult === '02' ? '请补充资料' : '',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [kept, actual] = await keptAndActual();
    expect(kept).toEqual(actual);
    expect(kept).toContainEqual(
      expect.objectContaining({ tenant_id: demoId, kind: 'hospital', provider_id: '*', status: '06' }),
    );

    // The totals of the lists filtered by codes only come from the kept counts; they must
    // equal a count of the rows.
    const demoCount = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          await rows(sql`select count(*) as n from hospital_tasks where tenant_id = ${demoId} and ${where}`)
        )[0].n,
      ) +
      Number(
        (await rows(sql`select count(*) as n from doctor_tasks where tenant_id = ${demoId} and ${where}`))[0]
          .n,
      );
    const all = (await auditList({ size: 10 })).json().data;
    expect(all.total).toBe(await demoCount(sql`true`));
    const filtered = (
      await auditList({ size: 10, model: { status: ['04', '06'], taskType: ['03', '04'] } })
    ).json().data;
    expect(filtered.total).toBe(await demoCount(sql`status in ('04', '06') and task_type in ('03', '04')`));
    expect(filtered.total).toBeGreaterThan(0);
    const own = (await provider('list', { size: 10, model: { status: '03' } })).json().data;
    expect(own.total).toBe(await demoCount(sql`provider_id = 'P10001' and status = '03'`));
    expect(own.total).toBeGreaterThan(0);
  });

  it('follow bulk inserts, updates that move many rows, deletes and truncation', async () => {
    const db = t.platform.db;
    await db.execute(sql`insert into hospital_tasks (tenant_id, task_no, task_type, provider_id, status)
      select tenant_id, 'HTCOUNT' || g, '04', 'P7' || (g % 3), '08' from hospital_tasks, generate_series(1, 7) g
      where tenant_id = ${demoId} limit 7`);
    expect((await keptAndActual())[0]).toEqual((await keptAndActual())[1]);
    await db.execute(
      sql`update hospital_tasks set status = '07' where task_no like 'HTCOUNT%' and provider_id <> 'P70'`,
    );
    await db.execute(
      sql`update hospital_tasks set provider_id = 'P79' where task_no like 'HTCOUNT%' and status = '08'`,
    );
    await db.execute(sql`update hospital_tasks set version = version + 1 where task_no like 'HTCOUNT%'`);
    let [kept, actual] = await keptAndActual();
    expect(kept).toEqual(actual);
    expect(kept).toContainEqual(
      expect.objectContaining({ tenant_id: demoId, provider_id: 'P79', task_type: '04', status: '08', n: 2 }),
    );
    await db.execute(sql`delete from hospital_tasks where task_no like 'HTCOUNT%' and provider_id = 'P79'`);
    [kept, actual] = await keptAndActual();
    expect(kept).toEqual(actual);
    await db.execute(sql`truncate doctor_tasks cascade`);
    [kept, actual] = await keptAndActual();
    expect(kept).toEqual(actual);
    expect(kept.some((r) => r.kind === 'doctor')).toBe(false);
  });

  it('are refused to another tenant under row-level security', async () => {
    const acme = (await findTenantByCode(t.platform.db, 'acme'))!.id;
    const asAcme = t.platform.database.pinned({ kind: 'tenant', tenantId: acme });
    const seen = (await asAcme.execute(sql`select distinct tenant_id from task_counts`)) as unknown as {
      rows: { tenant_id: string }[];
    };
    expect(seen.rows.map((r) => r.tenant_id)).not.toContain(demoId);
    await expect(
      asAcme.execute(
        sql`insert into task_counts (tenant_id, kind, provider_id, task_type, status, n) values (${demoId}, 'hospital', '*', '04', '01', 1)`,
      ),
    ).rejects.toThrow();
  });
});
