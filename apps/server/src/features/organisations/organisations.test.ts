import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { users } from '../users/users.tables.ts';
import { organisations } from './organisations.tables.ts';

// The organisation administration (decision 0028): tree, create, edit, delete, validation,
// bilingual errors, permissions and tenant isolation.

let t: TTestApp;
const tokens: Record<string, string> = {};
const tenantIds = new Map<string, string>();

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const req = (who: string, method: TMethod, url: string, payload?: unknown, language: 'zh' | 'en' = 'zh') =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers: { language },
  });

const tag = () => randomUUID().slice(0, 6);
interface TNode {
  id: string;
  name: string;
  nameEn: string;
  version: number;
  providerIds: string[];
  userCount: number;
  children: TNode[];
}
const find = (nodes: TNode[], id: string): TNode | undefined =>
  nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean);
const tree = async (who = 'demo/admin') => {
  const res = await req(who, 'GET', '/authority/org/tree');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TNode[];
};
async function create(body: Record<string, unknown>, who = 'demo/admin') {
  const n = tag();
  const res = await req(who, 'POST', '/authority/org', {
    name: `机构${n}`,
    nameEn: `Org ${n}`,
    orgType: 'dept',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const ROUTES: [TMethod, string, unknown][] = [
  ['GET', '/authority/org/tree', undefined],
  ['GET', '/authority/org/providerOptions', undefined],
  ['POST', '/authority/org', {}],
  ['PUT', '/authority/org', {}],
  ['DELETE', '/authority/org', {}],
];

describe('every organisation route', () => {
  it.each(ROUTES)('%s %s refuses a user without the permission (403)', async (method, url, body) => {
    const res = await req('demo/auditor', method, url, body);
    expect(res.statusCode).toBe(403);
  });
  it.each(ROUTES)('%s %s refuses provider staff (403)', async (method, url, body) => {
    const res = await req('demo/hospital', method, url, body);
    expect(res.statusCode).toBe(403);
  });
});

describe('the demo organisations', () => {
  it('seeds the operations centre with its two audit teams, the demo provider and the demo operators', async () => {
    const roots = await tree();
    const centre = roots.find((n) => n.nameEn === 'Operations Centre');
    expect(centre?.name).toBe('运营中心');
    const teams = centre?.children.map((c) => c.nameEn);
    expect(teams).toEqual(['East China Audit Team', 'North China Audit Team']);
    const east = centre?.children[0];
    expect(east?.userCount).toBe(1);
    expect(east?.children[0].providerIds).toEqual(['P10001']);
    const [auditor] = await t.platform.db
      .select({ orgId: users.orgId })
      .from(users)
      .where(and(eq(users.tenantId, tenantIds.get('demo')!), eq(users.account, 'auditor')));
    expect(auditor.orgId).toBe(east?.id);
    // acme has none, and does not see demo's.
    expect(await tree('acme/admin')).toEqual([]);
  });
});

describe('creating, editing and deleting organisations', () => {
  it('adds a root and a child, keeps the path, logs the change', async () => {
    const root = await create({ orgType: 'dept' });
    const child = await create({ parentId: root, orgType: 'region' });
    const node = find(await tree(), root);
    expect(node?.children.map((c) => c.id)).toEqual([child]);
    const [row] = await t.platform.db.select().from(organisations).where(eq(organisations.id, child));
    expect(row.path).toEqual([root, child]);
    const logs = await t.platform.db.select().from(operationLogs).where(eq(operationLogs.targetId, child));
    expect(logs.map((l) => l.action)).toEqual(['create']);
  });

  it('refuses a name taken among siblings in either language, without regard to case, in both languages', async () => {
    const root = await create({});
    const n = tag();
    await create({ parentId: root, name: `华东${n}`, nameEn: `East ${n}` });
    const zh = await req('demo/admin', 'POST', '/authority/org', {
      parentId: root,
      name: `华东${n}`,
      nameEn: `Other ${n}`,
      orgType: 'dept',
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: 40190, msg: '同一上级下已有同名机构' });
    expect(zh.json().data.fieldErrors.name).toBeTruthy();
    const en = await req(
      'demo/admin',
      'POST',
      '/authority/org',
      { parentId: root, name: `其他${n}`, nameEn: `EAST ${n}`, orgType: 'dept' },
      'en',
    );
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 40190,
      msg_en: 'An organisation with this name already exists under the same parent',
    });
    expect(en.json().data.fieldErrors.nameEn).toBeTruthy();
    // The same name under another parent is fine.
    await create({ name: `华东${n}`, nameEn: `East ${n}` });
  });

  it('refuses bad input with bilingual field errors', async () => {
    const empty = await req('demo/admin', 'POST', '/authority/org', {
      name: ' ',
      nameEn: '',
      orgType: 'galaxy',
    });
    expect(empty.statusCode).toBe(400);
    const fields = empty.json().data.fieldErrors;
    expect(fields.name).toMatchObject({
      msg: '请输入机构名称',
      msg_en: 'Please enter the organisation name',
    });
    expect(fields.orgType).toMatchObject({ msg_en: 'Please select the organisation type' });
    const parent = await req('demo/admin', 'POST', '/authority/org', {
      parentId: randomUUID(),
      name: '无上级',
      nameEn: 'No parent',
      orgType: 'dept',
    });
    expect(parent.statusCode).toBe(400);
    expect(parent.json()).toMatchObject({ code: 40191, msg_en: 'The parent organisation does not exist' });
  });

  it('places providers only in provider groups and regions, only existing ones, each in one organisation', async () => {
    const demoId = tenantIds.get('demo')!;
    const providerId = `PO${tag()}`;
    await t.platform.db
      .insert(providers)
      .values({ tenantId: demoId, providerId, providerCnName: '机构测试医院' });
    const dept = await req('demo/admin', 'POST', '/authority/org', {
      name: `部门${tag()}`,
      nameEn: `Dept ${tag()}`,
      orgType: 'dept',
      providerIds: [providerId],
    });
    expect(dept.json()).toMatchObject({ code: 40194 });
    const unknown = await req('demo/admin', 'POST', '/authority/org', {
      name: `区域${tag()}`,
      nameEn: `Region ${tag()}`,
      orgType: 'region',
      providerIds: ['NOPE'],
    });
    expect(unknown.json()).toMatchObject({ code: 40193, msg_en: 'The provider NOPE does not exist' });
    const region = await create({ orgType: 'region', providerIds: [providerId] });
    const again = await req(
      'demo/admin',
      'POST',
      '/authority/org',
      {
        name: `区域${tag()}`,
        nameEn: `Region ${tag()}`,
        orgType: 'provider_group',
        providerIds: [providerId],
      },
      'en',
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(40195);
    expect(again.json().msg_en).toContain(providerId);
    const options = await req('demo/admin', 'GET', `/authority/org/providerOptions?keyword=${providerId}`);
    expect(options.json().data).toEqual([
      { providerId, cnName: '机构测试医院', enName: '', organisationId: region },
    ]);
    // acme's options never list demo's providers.
    const acme = await req('acme/admin', 'GET', `/authority/org/providerOptions?keyword=${providerId}`);
    expect(acme.json().data).toEqual([]);
  });

  it('edits names, type, order and providers with the version; a stale version is 409', async () => {
    const id = await create({ orgType: 'region' });
    const node = find(await tree(), id)!;
    const n = tag();
    const body = {
      id,
      version: node.version,
      name: `改名${n}`,
      nameEn: `Renamed ${n}`,
      orgType: 'region',
      sortOrder: 3,
    };
    const res = await req('demo/admin', 'PUT', '/authority/org', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(find(await tree(), id)).toMatchObject({
      name: `改名${n}`,
      nameEn: `Renamed ${n}`,
      version: node.version + 1,
    });
    const stale = await req('demo/admin', 'PUT', '/authority/org', body, 'en');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40934 });
    const missing = await req('demo/admin', 'PUT', '/authority/org', { ...body, id: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(40415);
  });

  it('deletes only an organisation without children, users, providers or roles, after which it is gone', async () => {
    const parent = await create({ orgType: 'region' });
    const child = await create({ parentId: parent, orgType: 'region' });
    const withChildren = await req('demo/admin', 'DELETE', '/authority/org', { id: parent }, 'en');
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json()).toMatchObject({
      code: 40930,
      msg: '该机构下还有下级机构，不能删除',
      msg_en: 'The organisation has sub-organisations and cannot be deleted',
    });
    // A user in the child.
    const account = `org${tag()}`;
    const user = await req('demo/admin', 'POST', '/authority/user', {
      account,
      password: 'Welcome2026',
      name: '机构用户',
      nameEn: 'Org user',
      userType: '01',
      orgId: child,
    });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json().data.orgId).toBe(child);
    const withUsers = await req('demo/admin', 'DELETE', '/authority/org', { id: child });
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json()).toMatchObject({ code: 40931, msg: '该机构下还有 1 个用户，不能删除' });
    await req('demo/admin', 'DELETE', '/authority/user', { ids: [user.json().data.id] });
    // A role choosing it.
    const code = `ORG_${tag()}`;
    const role = await req('demo/admin', 'POST', '/authority/role', {
      code,
      name: code,
      nameEn: code,
      dataScope: 'custom',
      organisationIds: [child],
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().data.organisationIds).toEqual([child]);
    const inRole = await req('demo/admin', 'DELETE', '/authority/org', { id: child });
    expect(inRole.json()).toMatchObject({ code: 40933 });
    await req('demo/admin', 'DELETE', '/authority/role', { ids: [role.json().data.id] });
    const deleted = await req('demo/admin', 'DELETE', '/authority/org', { id: child });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(find(await tree(), child)).toBeUndefined();
    const again = await req('demo/admin', 'DELETE', '/authority/org', { id: child });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an unknown organisation on a user and on a role, and a custom scope without one', async () => {
    const user = await req('demo/admin', 'POST', '/authority/user', {
      account: `org${tag()}`,
      password: 'Welcome2026',
      name: '机构用户',
      nameEn: 'Org user',
      userType: '01',
      orgId: randomUUID(),
    });
    expect(user.statusCode).toBe(400);
    expect(user.json()).toMatchObject({ code: 40192, msg_en: 'A chosen organisation does not exist' });
    const code = `ORG_${tag()}`;
    const role = await req('demo/admin', 'POST', '/authority/role', {
      code,
      name: code,
      nameEn: code,
      dataScope: 'custom',
      organisationIds: [randomUUID()],
    });
    expect(role.json()).toMatchObject({ code: 40192 });
    const none = await req('demo/admin', 'POST', '/authority/role', {
      code,
      name: code,
      nameEn: code,
      dataScope: 'custom',
      organisationIds: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().data.fieldErrors.organisationIds.msg_en).toBe(
      'Choose at least one organisation for the data scope custom organisations',
    );
  });
});

describe('tenants', () => {
  it("never shows, edits, deletes or builds under another tenant's organisation", async () => {
    const demoOrg = await create({ orgType: 'dept' });
    const node = find(await tree(), demoOrg)!;
    const edit = await req('acme/admin', 'PUT', '/authority/org', {
      id: demoOrg,
      version: node.version,
      name: 'x',
      nameEn: 'x',
      orgType: 'dept',
    });
    expect(edit.statusCode).toBe(404);
    const del = await req('acme/admin', 'DELETE', '/authority/org', { id: demoOrg });
    expect(del.statusCode).toBe(404);
    const under = await req('acme/admin', 'POST', '/authority/org', {
      parentId: demoOrg,
      name: '越界',
      nameEn: 'Across',
      orgType: 'dept',
    });
    expect(under.json().code).toBe(40191);
    const acmeUser = await req('acme/admin', 'POST', '/authority/user', {
      account: `org${tag()}`,
      password: 'Welcome2026',
      name: '越界用户',
      nameEn: 'Across user',
      userType: '01',
      orgId: demoOrg,
    });
    expect(acmeUser.json().code).toBe(40192);
    expect(find(await tree('acme/admin'), demoOrg)).toBeUndefined();
    // The same names in acme are fine: uniqueness is per tenant.
    await create({ name: node.name, nameEn: node.nameEn }, 'acme/admin');
  });
});
