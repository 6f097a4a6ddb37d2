import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { sheetRows } from '../../test/xlsx.ts';
import { doctorTasks } from '../doctors/doctors.tables.ts';
import { hospitalTasks, providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { messageRecipients, messages } from '../messages/messages.tables.ts';
import { rolePermissions } from '../roles/roles.tables.ts';

// Data scopes (decision 0028) on the operator screens: each scope sees exactly its rows on the
// hospital/doctor task lists, their counts, details and exports, the user list and the message list.

let t: TTestApp;
let demoId = '';
let adminToken = '';
const tag = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const req = (token: string, method: TMethod, url: string, payload?: unknown, tenant = 'demo') =>
  call(t.app, tenant, token, {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

/** The tree of this test: root R with regions A (child A1 below it) and B; provider PX is in none. */
const org: Record<'R' | 'A' | 'A1' | 'B', string> = { R: '', A: '', A1: '', B: '' };
const provider = { A: `S${tag}A`, A1: `S${tag}A1`, B: `S${tag}B`, X: `S${tag}X` };
/** Task ids by name: hospital (h) and doctor (d) tasks of each provider, and one of B handled by `self`. */
const htask: Record<string, { id: string; taskNo: string }> = {};
const dtask: Record<string, { id: string; taskNo: string }> = {};

async function createOrg(parentId: string | null, name: string, providerIds: string[] = []) {
  const res = await req(adminToken, 'POST', '/authority/org', {
    parentId,
    name: `${name}${tag}`,
    nameEn: `${name} ${tag}`,
    orgType: 'region',
    providerIds,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

/**
 * A signed-in operator in organisation `orgId` holding one role per scope given (each granting
 * every permission, so only the scope limits what they see).
 */
async function scopedUser(
  orgId: string | null,
  scopes: { dataScope: string; organisationIds?: string[] }[],
  prefix = 'ds',
) {
  const roleIds: string[] = [];
  for (const scope of scopes) {
    const code = `DS_${randomUUID().slice(0, 8)}`;
    const res = await req(adminToken, 'POST', '/authority/role', {
      code,
      name: code,
      nameEn: code,
      dataScope: scope.dataScope,
      organisationIds: scope.organisationIds ?? [],
    });
    expect(res.statusCode, res.body).toBe(200);
    roleIds.push(res.json().data.id);
    // Behind the services' back, before anyone signs in with it: every permission.
    await t.platform.db
      .insert(rolePermissions)
      .values({ tenantId: demoId, roleId: res.json().data.id, permission: '*' });
  }
  const account = `${prefix}${tag.toLowerCase()}${randomUUID().slice(0, 4)}`;
  const created = await req(adminToken, 'POST', '/authority/user', {
    account,
    password: 'Welcome2026',
    name: `范围用户${tag}`,
    nameEn: `Scope user ${tag}`,
    userType: '01',
    roleIds,
    orgId,
  });
  expect(created.statusCode, created.body).toBe(200);
  const first = await login(t.app, 'demo', account, 'Welcome2026');
  const changed = await req(first.token, 'PUT', '/authority/user/password', {
    oldPassword: 'Welcome2026',
    newPassword: 'Changed2026',
    confirmPassword: 'Changed2026',
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const session = await login(t.app, 'demo', account, 'Changed2026');
  return { id: created.json().data.id as string, account, token: session.token };
}

let self = { id: '', account: '', token: '' };

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = (await t.platform.db.select().from(tenants)).filter((r) => r.code === 'demo');
  demoId = demo.id;
  adminToken = (await login(t.app, 'demo', 'admin')).token;
  for (const id of Object.values(provider))
    await t.platform.db
      .insert(providers)
      .values({ tenantId: demoId, providerId: id, providerCnName: `范围医院${id}` });
  org.R = await createOrg(null, '范围根');
  org.A = await createOrg(org.R, '范围甲', [provider.A]);
  org.A1 = await createOrg(org.A, '范围甲一', [provider.A1]);
  org.B = await createOrg(org.R, '范围乙', [provider.B]);
  self = await scopedUser(org.B, [{ dataScope: 'self' }]);
  let n = 0;
  const add = async (name: string, providerId: string, handler: string | null = null) => {
    n += 1;
    const [h] = await t.platform.db
      .insert(hospitalTasks)
      .values({
        tenantId: demoId,
        taskNo: `HT${tag}${n}`,
        taskType: '01',
        providerId,
        status: '01',
        providerCnName: `范围医院${providerId}`,
        commitDate: new Date(),
        auditMemberId: handler,
      })
      .returning();
    htask[name] = { id: h.id, taskNo: h.taskNo };
    const [d] = await t.platform.db
      .insert(doctorTasks)
      .values({
        tenantId: demoId,
        taskNo: `DT${tag}${n}`,
        taskType: '01',
        providerId,
        status: '01',
        certificateNo: `C${tag}${n}`,
        commitDate: new Date(),
        auditMemberId: handler,
      })
      .returning();
    dtask[name] = { id: d.id, taskNo: d.taskNo };
  };
  await add('A', provider.A);
  await add('A1', provider.A1);
  await add('B', provider.B);
  await add('X', provider.X);
  await add('Xself', provider.X, self.id);
});
afterAll(async () => {
  await t?.close();
});

/** The test's task numbers on the audit list (hospital and doctor tasks), as the user sees them. */
async function hospitalList(token: string) {
  const res = await req(token, 'POST', '/drsystem/providerTaskMsh/list', {
    current: 1,
    size: 100,
    model: { providerId: tag },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { records, total } = res.json().data as { records: { taskNo: string }[]; total: number };
  const taskNos = records.map((r) => r.taskNo).filter((no) => no.includes(tag));
  return { taskNos: taskNos.sort(), total };
}

async function doctorList(token: string) {
  const res = await req(token, 'POST', '/drsystem/management/msh-task-list', {
    current: 1,
    size: 100,
    model: { keyword: tag },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { records, total } = res.json().data as { records: { taskNo: string }[]; total: number };
  return { taskNos: records.map((r) => r.taskNo).sort(), total };
}

async function doctorExport(token: string) {
  const res = await req(token, 'POST', '/drsystem/management/msh-task-export', { model: { title: tag } });
  expect(res.statusCode, res.body).toBe(200);
  const rows = await sheetRows(res);
  return rows
    .flat()
    .filter((v) => v.startsWith(`DT${tag}`))
    .sort();
}

const numbers = (names: string[], kind: 'h' | 'd') =>
  names.map((name) => (kind === 'h' ? htask[name] : dtask[name]).taskNo).sort();
/** The audit list's numbers of both kinds of task of `names`. */
const both = (names: string[]) => [...numbers(names, 'd'), ...numbers(names, 'h')].sort();

const CASES: [string, () => Promise<{ token: string }>, string[]][] = [
  ['all', () => scopedUser(org.B, [{ dataScope: 'all' }]), ['A', 'A1', 'B', 'X', 'Xself']],
  ['own organisation', () => scopedUser(org.A, [{ dataScope: 'org' }]), ['A']],
  ['own organisation and below', () => scopedUser(org.A, [{ dataScope: 'org_and_below' }]), ['A', 'A1']],
  [
    'custom organisations',
    () => scopedUser(null, [{ dataScope: 'custom', organisationIds: [org.B] }]),
    ['B'],
  ],
  ['self only', async () => self, ['Xself']],
  [
    'several roles: the widest wins (org and custom joined)',
    () => scopedUser(org.A, [{ dataScope: 'org' }, { dataScope: 'custom', organisationIds: [org.B] }]),
    ['A', 'B'],
  ],
  [
    'several roles: all beats a narrower one',
    () => scopedUser(org.A, [{ dataScope: 'self' }, { dataScope: 'all' }]),
    ['A', 'A1', 'B', 'X', 'Xself'],
  ],
];

describe.each(CASES)('data scope %s', (_name, make, visible) => {
  let token = '';
  beforeAll(async () => {
    token = (await make()).token;
  });
  const hidden = ['A', 'A1', 'B', 'X', 'Xself'].filter((n) => !visible.includes(n));

  it('lists and counts exactly its hospital and doctor tasks on the audit list', async () => {
    // The audit list spans both kinds of task.
    const list = await hospitalList(token);
    expect(list.taskNos).toEqual(both(visible));
    const doctors = await doctorList(token);
    expect(doctors.taskNos).toEqual(numbers(visible, 'd'));
    expect(doctors.total).toBe(visible.length);
  });

  it('counts only its tasks when the list filters by nothing (no shortcut through the kept counts)', async () => {
    const res = await req(token, 'POST', '/drsystem/providerTaskMsh/list', {
      current: 1,
      size: 100,
      model: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const { records, total } = res.json().data as { records: { providerId: string }[]; total: number };
    if (visible.includes('X')) {
      expect(total).toBeGreaterThan(visible.length);
    } else {
      expect(total).toBe(records.length);
      expect(total).toBe(visible.length * 2);
      for (const r of records) expect(Object.values(provider)).toContain(r.providerId);
    }
  });

  it('opens the details it may see and answers 404 for the others', async () => {
    for (const name of visible) {
      const h = await req(token, 'GET', `/drsystem/providerTaskMsh/detail/${htask[name].id}`);
      expect(h.statusCode, h.body).toBe(200);
      const d = await req(token, 'GET', `/drsystem/management/msh-task-detail/${dtask[name].id}`);
      expect(d.statusCode, d.body).toBe(200);
    }
    for (const name of hidden) {
      const h = await req(token, 'GET', `/drsystem/providerTaskMsh/detail/${htask[name].id}`);
      expect(h.statusCode).toBe(404);
      expect(h.json().code).toBe(40400);
      const d = await req(token, 'GET', `/drsystem/management/msh-task-detail/${dtask[name].id}`);
      expect(d.statusCode).toBe(404);
      const byNo = await req(token, 'GET', `/drsystem/management/task-detail/${dtask[name].id}`);
      expect(byNo.statusCode).toBe(404);
    }
  });

  it("counts only its hospital tasks on the home page (unless 'all')", async () => {
    const res = await req(token, 'GET', '/drsystem/homePage/getHomePage');
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().data.taskCounts as { status: string; count: number }[];
    const total = counts.reduce((sum, c) => sum + c.count, 0);
    // 'all' counts the whole tenant's: these five and whatever other tests submitted.
    if (visible.includes('X')) expect(total).toBeGreaterThanOrEqual(visible.length);
    else expect(total).toBe(visible.length);
  });

  it('exports exactly its doctor tasks', async () => {
    expect(await doctorExport(token)).toEqual(numbers(visible, 'd'));
  });
});

describe('data scope on the user list', () => {
  it('shows the users of the organisations reached, and the actor, and refuses the others as missing', async () => {
    const inA = await scopedUser(org.A, [{ dataScope: 'org' }], 'du');
    const inA1 = await scopedUser(org.A1, [{ dataScope: 'org_and_below' }], 'du');
    const inB = await scopedUser(org.B, [{ dataScope: 'org' }], 'du');
    const selfB = await scopedUser(org.B, [{ dataScope: 'self' }], 'du');
    const page = async (token: string) => {
      const res = await req(token, 'POST', '/authority/user/page', {
        size: 100,
        model: { account: `du${tag.toLowerCase()}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { records: { account: string }[]; total: number };
      expect(data.total).toBe(data.records.length);
      return data.records.map((r) => r.account).sort();
    };
    // inA sees A's users (itself); not A1 below it, nor B.
    expect(await page(inA.token)).toEqual([inA.account]);
    // An org-and-below user of A1 sees A1's users only; the self-only user sees itself.
    expect(await page(inA1.token)).toEqual([inA1.account]);
    expect(await page(selfB.token)).toEqual([selfB.account]);
    // B's org user sees B's users: itself and the self-only user placed in B.
    expect(await page(inB.token)).toEqual([inB.account, selfB.account].sort());
    const hidden = await req(inA.token, 'GET', `/authority/user/${inB.id}`);
    expect(hidden.statusCode).toBe(404);
    const seen = await req(inB.token, 'GET', `/authority/user/${selfB.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    // Changes are refused like a missing user too.
    const reset = await req(inA.token, 'POST', '/authority/user/reset', { userId: inB.id });
    expect(reset.statusCode).toBe(404);
  });
});

describe('data scope on the operator message list', () => {
  it('shows the messages sent by users of the organisations reached, and the actor own', async () => {
    const inA = await scopedUser(org.A, [{ dataScope: 'org' }]);
    const inB = await scopedUser(org.B, [{ dataScope: 'org_and_below' }]);
    const write = async (senderId: string, name: string) => {
      const [row] = await t.platform.db
        .insert(messages)
        .values({
          tenantId: demoId,
          name: `${name}${tag}`,
          msgType: '01',
          code: '01',
          content: 'scope',
          validFrom: new Date(),
          searchType: '02',
          senderId,
          senderName: name,
        })
        .returning();
      return row.id;
    };
    const fromA = await write(inA.id, '甲消息');
    const fromB = await write(inB.id, '乙消息');
    const fromSelf = await write(self.id, '本人消息');
    const names = async (token: string) => {
      const res = await req(token, 'POST', '/msg/msg/page', { current: 1, size: 100, name: tag });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { records: { id: string }[]; total: number };
      expect(data.total).toBe(data.records.length);
      return data.records.map((r) => r.id).sort();
    };
    expect(await names(inA.token)).toEqual([fromA]);
    // B's organisation holds the self-only user too.
    expect(await names(inB.token)).toEqual([fromB, fromSelf].sort());
    expect(await names(self.token)).toEqual([fromSelf]);
    expect((await names(adminToken)).length).toBe(3);
    const hidden = await req(inA.token, 'GET', `/msg/msg/${fromB}/edit`);
    expect(hidden.statusCode).toBe(404);
    const seen = await req(inB.token, 'GET', `/msg/msg/${fromSelf}/edit`);
    expect(seen.statusCode, seen.body).toBe(200);
    // A provider's message centre as operators see it: only the providers of the scope.
    const centre = async (token: string, providerId: string) => {
      const res = await req(token, 'POST', '/msg/msg/listMsgByProviderId', {
        providerId,
        current: 1,
        size: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.total as number;
    };
    const collect = async (token: string) => {
      const res = await req(token, 'POST', '/msg/msg/center/collectAll', {
        codes: ['01'],
        providerIdList: [provider.A, provider.B],
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { providerId: string }[]).map((r) => r.providerId);
    };
    await t.platform.db
      .insert(messageRecipients)
      .values({ tenantId: demoId, messageId: fromB, kind: 'provider', target: provider.B });
    expect(await centre(adminToken, provider.B)).toBeGreaterThan(0);
    expect(await centre(inB.token, provider.B)).toBeGreaterThan(0);
    expect(await centre(inA.token, provider.B)).toBe(0);
    expect(await collect(inA.token)).toEqual([provider.A]);
    expect(await collect(adminToken)).toEqual([provider.A, provider.B]);
  });
});

describe('the scope in the cached session', () => {
  it('changes at the next request when the role, the organisation or the user organisation changes', async () => {
    const user = await scopedUser(org.A, [{ dataScope: 'org' }]);
    expect((await hospitalList(user.token)).taskNos).toEqual(both(['A']));
    // The user moves to B.
    const listed = await req(adminToken, 'POST', '/authority/user/page', {
      model: { account: user.account },
    });
    const u = listed.json().data.records[0];
    const moved = await req(adminToken, 'PUT', '/authority/user', {
      id: u.id,
      name: u.name,
      nameEn: u.nameEn,
      email: u.email,
      mobile: u.mobile,
      userType: u.userType,
      roleIds: u.roles.map((r: { id: string }) => r.id),
      enabled: true,
      orgId: org.B,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await hospitalList(user.token)).taskNos).toEqual(both(['B']));
    // B now also holds A1's provider... which first leaves A1.
    const tree = (await req(adminToken, 'GET', '/authority/org/tree')).json().data as {
      id: string;
      children: unknown[];
    }[];
    const find = (
      nodes: { id: string; version: number; children: unknown[] }[],
      id: string,
    ): { version: number } | undefined =>
      nodes.map((n) => (n.id === id ? n : find(n.children as never, id))).find(Boolean);
    const a1 = find(tree as never, org.A1)!;
    const b = find(tree as never, org.B)!;
    const emptied = await req(adminToken, 'PUT', '/authority/org', {
      id: org.A1,
      version: a1.version,
      name: `范围甲一${tag}`,
      nameEn: `范围甲一 ${tag}`,
      orgType: 'region',
      providerIds: [],
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const grown = await req(adminToken, 'PUT', '/authority/org', {
      id: org.B,
      version: b.version,
      name: `范围乙${tag}`,
      nameEn: `范围乙 ${tag}`,
      orgType: 'region',
      providerIds: [provider.B, provider.A1],
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect((await hospitalList(user.token)).taskNos).toEqual(both(['A1', 'B']));
    // The role's scope becomes 'all'.
    const roleId = u.roles[0].id as string;
    const role = (await req(adminToken, 'GET', `/authority/role/${roleId}`)).json().data;
    const widened = await req(adminToken, 'PUT', '/authority/role', { ...role, dataScope: 'all' });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await hospitalList(user.token)).taskNos).toEqual(both(['A', 'A1', 'B', 'X', 'Xself']));
    // Put A1's provider back for the other tests.
    const b2 = find((await req(adminToken, 'GET', '/authority/org/tree')).json().data, org.B)!;
    await req(adminToken, 'PUT', '/authority/org', {
      id: org.B,
      version: b2.version,
      name: `范围乙${tag}`,
      nameEn: `范围乙 ${tag}`,
      orgType: 'region',
      providerIds: [provider.B],
    });
    const a1b = find((await req(adminToken, 'GET', '/authority/org/tree')).json().data, org.A1)!;
    await req(adminToken, 'PUT', '/authority/org', {
      id: org.A1,
      version: a1b.version,
      name: `范围甲一${tag}`,
      nameEn: `范围甲一 ${tag}`,
      orgType: 'region',
      providerIds: [provider.A1],
    });
  });
});
