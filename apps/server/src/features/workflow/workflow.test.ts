import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { newHospital, uploadPhotos } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { closeOverdueTasks } from '../change-tasks/change-tasks.audit.ts';
import { hospitalTaskKind } from '../hospital-tasks/hospital-tasks.kind.ts';
import { hospitalTasks } from '../hospital-tasks/hospital-tasks.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};

type TMethod = 'GET' | 'PUT' | 'POST';
const req = (who: string, method: TMethod, url: string, payload?: unknown, language?: 'zh' | 'en') =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers: language ? { language } : {},
  });
const setWorkflow = (body: Record<string, unknown>, who = 'demo/admin', language?: 'zh' | 'en') =>
  req(
    who,
    'PUT',
    '/authority/workflow',
    { taskType: 'hospital', auditorRoleCode: null, overdueDays: 30, ...body },
    language,
  );

/** An add-hospital task submitted by the demo hospital (status 01). */
async function submitted(): Promise<{ id: string; taskNo: string }> {
  const res = await req(
    'demo/hospital',
    'POST',
    '/drsystem/providerTask/commit',
    newHospital(await uploadPhotos(t, tokens['demo/hospital'])),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const approve = (who: string, taskNo: string, language?: 'zh' | 'en') =>
  req(who, 'POST', '/drsystem/providerTaskMsh/approval', { taskNo, auditResult: '01' }, language);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('workflow routes', () => {
  it.each([
    ['GET', undefined],
    ['PUT', {}],
  ] as const)('%s refuses a user without the permission and provider staff (403)', async (method, body) => {
    for (const who of ['demo/auditor', 'demo/hospital']) {
      const res = await req(who, method, '/authority/workflow', body);
      expect(res.statusCode).toBe(403);
    }
  });

  it("shows the portal's defaults until a task type is configured", async () => {
    const res = await req('acme/admin', 'GET', '/authority/workflow');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.defaultOverdueDays).toBe(t.config.taskOverdueDays);
    expect(data.settings).toEqual([
      {
        taskType: 'hospital',
        auditorRoleCode: null,
        overdueDays: t.config.taskOverdueDays,
        configured: false,
      },
      { taskType: 'doctor', auditorRoleCode: null, overdueDays: t.config.taskOverdueDays, configured: false },
      {
        taskType: 'preauth',
        auditorRoleCode: null,
        overdueDays: t.config.taskOverdueDays,
        configured: false,
      },
      { taskType: 'claim', auditorRoleCode: null, overdueDays: t.config.taskOverdueDays, configured: false },
      {
        taskType: 'payment',
        auditorRoleCode: null,
        overdueDays: t.config.taskOverdueDays,
        configured: false,
      },
    ]);
    expect(data.roles.map((r: { code: string }) => r.code)).toContain('AUDITOR');
  });

  it.each([0, -3, 3651, 1.5, '30', null])(
    'refuses the overdue period %s with a bilingual message',
    async (overdueDays) => {
      const res = await setWorkflow({ overdueDays }, 'demo/admin', 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fieldErrors.overdueDays).toEqual({
        msg: '超期天数须为 1 到 3650 的整数',
        msg_en: 'The overdue period is a whole number of days from 1 to 3650',
      });
    },
  );

  it('refuses an unknown task type and an unknown role', async () => {
    expect((await setWorkflow({ taskType: 'claims' })).statusCode).toBe(400);
    const role = await setWorkflow({ auditorRoleCode: 'NO_SUCH_ROLE' }, 'demo/admin', 'en');
    expect(role.statusCode).toBe(400);
    expect(role.json().code).toBe(40247);
    expect(role.json().msg_en).toContain('NO_SUCH_ROLE');
    expect(role.json().data.fieldErrors.auditorRoleCode.msg).toContain('所选审核角色不存在');
  });

  it("saves one tenant's setting with an operation-log row; the other tenant keeps its own", async () => {
    const res = await setWorkflow({ taskType: 'doctor', overdueDays: 45 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.settings[1]).toEqual({
      taskType: 'doctor',
      auditorRoleCode: null,
      overdueDays: 45,
      configured: true,
    });
    const acme = (await req('acme/admin', 'GET', '/authority/workflow')).json().data;
    expect(acme.settings[1]).toMatchObject({ overdueDays: t.config.taskOverdueDays, configured: false });
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.targetTable, 'workflow_settings'));
    expect(logs.some((l) => (l.after as { overdueDays?: number }).overdueDays === 45)).toBe(true);
  });
});

describe('the change-task engine reads the workflow', () => {
  it('lets only holders of the configured auditor role decide, at once after a change', async () => {
    const first = await submitted();
    // Configure a role the auditor does not hold: the permission alone no longer suffices.
    expect((await setWorkflow({ auditorRoleCode: 'net_view' })).statusCode).toBe(200);
    const refused = await approve('demo/auditor', first.taskNo, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(40248);
    expect(refused.json().msg_en).toBe(
      'Only users holding the role "Network-view user" may audit hospital tasks',
    );
    expect(refused.json().msg).toBe('只有持有角色“网络视图用户”的用户才能审核医院任务');
    const [row] = await t.platform.db.select().from(hospitalTasks).where(eq(hospitalTasks.id, first.id));
    expect(row.status).toBe('01');

    // The auditor's own role: allowed again on the next request.
    expect((await setWorkflow({ auditorRoleCode: 'AUDITOR' })).statusCode).toBe(200);
    const allowed = await approve('demo/auditor', first.taskNo);
    expect(allowed.statusCode, allowed.body).toBe(200);

    // No role: the permissions alone decide.
    expect((await setWorkflow({ auditorRoleCode: null })).statusCode).toBe(200);
    const second = await submitted();
    expect((await approve('demo/auditor', second.taskNo)).statusCode).toBe(200);
  });

  it("closes a tenant's idle tasks after its own overdue period", async () => {
    expect((await setWorkflow({ overdueDays: 5 })).statusCode).toBe(200);
    const task = await submitted();
    const day = 86_400_000;
    const early = await closeOverdueTasks(t.platform, hospitalTaskKind, {
      now: new Date(Date.now() + 4 * day),
    });
    expect(early.taskNos).not.toContain(task.taskNo);
    const late = await closeOverdueTasks(t.platform, hospitalTaskKind, {
      now: new Date(Date.now() + 6 * day),
    });
    expect(late.taskNos).toContain(task.taskNo);
    const [row] = await t.platform.db.select().from(hospitalTasks).where(eq(hospitalTasks.id, task.id));
    expect(row.status).toBe('07');

    // A longer period keeps a fresh task open past the old one.
    expect((await setWorkflow({ overdueDays: 60 })).statusCode).toBe(200);
    const kept = await submitted();
    const later = await closeOverdueTasks(t.platform, hospitalTaskKind, {
      now: new Date(Date.now() + 31 * day),
    });
    expect(later.taskNos).not.toContain(kept.taskNo);
  });
});
