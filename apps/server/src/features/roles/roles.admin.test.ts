import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { resources } from '../menus/menus.tables.ts';
import { roles } from './roles.tables.ts';

let t: TTestApp;
const tenantIds = new Map<string, string>();
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const req = (
  who: string,
  method: TMethod,
  url: string,
  payload?: unknown,
  extra: { language?: 'zh' | 'en'; token?: string } = {},
) =>
  call(t.app, who.split('/')[0], extra.token ?? tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers: extra.language ? { language: extra.language } : {},
  });

const roleId = async (tenant: string, code: string) => {
  const [row] = await t.platform.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantIds.get(tenant)!), eq(roles.code, code)));
  return row.id;
};

interface TNode {
  id: string;
  name: string;
  children: TNode[];
  resources: { code: string }[];
}
let tree: TNode[] = [];
const menuId = (name: string): string => {
  const find = (nodes: TNode[]): TNode | undefined =>
    nodes.map((n) => (n.name === name ? n : find(n.children))).find(Boolean);
  const node = find(tree);
  if (!node) throw new Error(`no menu ${name}`);
  return node.id;
};

const unique = () => randomUUID().slice(0, 8);
const newRole = (over: Record<string, unknown> = {}) => {
  const tag = unique();
  return {
    code: `R_${tag}`,
    name: `角色${tag}`,
    nameEn: `Role ${tag}`,
    description: '',
    dataScope: 'all',
    menuIds: [],
    permissions: [],
    ...over,
  };
};
async function createRole(over: Record<string, unknown> = {}, who = 'demo/admin') {
  const res = await req(who, 'POST', '/authority/role', newRole(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; code: string; name: string; nameEn: string };
}

/** A signed-in operator user with no roles (created through the users API, password changed). */
async function signedInUser(tenant = 'demo') {
  const account = `u${unique()}`;
  const res = await req(`${tenant}/admin`, 'POST', '/authority/user', {
    account,
    password: 'Welcome2026',
    name: '测试用户',
    nameEn: 'Test user',
    userType: '01',
    roleIds: [],
  });
  expect(res.statusCode, res.body).toBe(200);
  const first = await login(t.app, tenant, account, 'Welcome2026');
  const changed = await call(t.app, tenant, first.token, {
    method: 'PUT',
    url: '/saasapi/authority/user/password',
    payload: { oldPassword: 'Welcome2026', newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const session = await login(t.app, tenant, account, 'Changed2026');
  return { id: res.json().data.id as string, token: session.token };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    const session = await login(t.app, tenant, account);
    tokens[who] = session.token;
    ids[who] = session.userId;
  }
  const res = await req('demo/admin', 'GET', '/authority/role/menuTree');
  expect(res.statusCode).toBe(200);
  tree = res.json().data;
});
afterAll(async () => {
  await t?.close();
});

const ROUTES: [TMethod, string, unknown][] = [
  ['POST', '/authority/role/page', {}],
  ['GET', '/authority/role/menuTree', undefined],
  ['GET', `/authority/role/${randomUUID()}`, undefined],
  ['POST', '/authority/role', {}],
  ['PUT', '/authority/role', {}],
  ['PUT', '/authority/role/enabled', {}],
  ['DELETE', '/authority/role', {}],
  ['POST', '/authority/role/users/page', {}],
  ['PUT', '/authority/role/users', {}],
  ['DELETE', '/authority/role/users', {}],
  ['GET', '/authority/role/userOptions', undefined],
];

describe('every role administration route', () => {
  it.each(ROUTES)('%s %s refuses a user without the permission (403)', async (method, url, body) => {
    const res = await req('demo/auditor', method, url, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
  });

  it.each(ROUTES)(
    '%s %s refuses provider staff even when a role grants it (403)',
    async (method, url, body) => {
      const res = await req('demo/hospital', method, url, body);
      expect(res.statusCode).toBe(403);
    },
  );

  it('refuses provider staff who were given a role administration role, with its own message', async () => {
    const role = await createRole({ permissions: ['authority:role:view'] });
    const added = await req('demo/admin', 'PUT', '/authority/role/users', {
      roleId: role.id,
      userIds: [ids['demo/hospital']],
    });
    expect(added.statusCode, added.body).toBe(200);
    const res = await req('demo/hospital', 'POST', '/authority/role/page', {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 40177,
      msg_en: 'Role administration is open to operator staff only',
    });
    await req('demo/admin', 'DELETE', '/authority/role', { ids: [role.id], removeFromUsers: true });
  });
});

describe('the role list, one role and the menu tree', () => {
  it('lists the tenant roles with filters, paging and user counts', async () => {
    const res = await req('demo/admin', 'POST', '/authority/role/page', { current: 1, size: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.records).toHaveLength(2);
    expect(res.json().data.total).toBeGreaterThanOrEqual(5);
    const filtered = await req('demo/admin', 'POST', '/authority/role/page', { model: { code: 'super' } });
    const [superAdmin] = filtered.json().data.records;
    expect(superAdmin).toMatchObject({ code: 'SUPER_ADMIN', builtIn: true, enabled: true, dataScope: 'all' });
    expect(superAdmin.userCount).toBeGreaterThanOrEqual(1);
    const bad = await req('demo/admin', 'POST', '/authority/role/page', { model: { dataScope: 'galaxy' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors).toBeTruthy();
  });

  it('gives the menu tree with each page resources', async () => {
    const audit = JSON.stringify(tree);
    expect(audit).toContain('drsystem:providerTaskMsh:list');
    expect(audit).toContain('authority:role:authorize');
    expect(menuId('hospitalAudit')).toBeTruthy();
    expect(menuId('role')).toBeTruthy();
  });

  it("shows one role with its grants, and never another tenant's (404)", async () => {
    const auditor = await roleId('demo', 'AUDITOR');
    const res = await req('demo/admin', 'GET', `/authority/role/${auditor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.permissions).toContain('drsystem:providerTaskMsh:*');
    expect(res.json().data.menuIds).toContain(menuId('hospitalAudit'));
    const other = await req('acme/admin', 'GET', `/authority/role/${auditor}`);
    expect(other.statusCode).toBe(404);
    const acmeList = await req('acme/admin', 'POST', '/authority/role/page', { size: 100 });
    expect(acmeList.json().data.records.map((r: { id: string }) => r.id)).not.toContain(auditor);
  });
});

describe('creating, editing and deleting roles', () => {
  it('creates a role with its grants and an operation-log row', async () => {
    const role = await createRole({
      description: 'reads the audit list',
      dataScope: 'org',
      menuIds: [menuId('hospitalAuditGroup'), menuId('hospitalAudit')],
      permissions: ['drsystem:providerTaskMsh:list'],
    });
    const res = await req('demo/admin', 'GET', `/authority/role/${role.id}`);
    expect(res.json().data).toMatchObject({
      dataScope: 'org',
      description: 'reads the audit list',
      builtIn: false,
      userCount: 0,
      permissions: ['drsystem:providerTaskMsh:list'],
    });
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, role.id), eq(operationLogs.action, 'create')));
    expect(log.targetTable).toBe('roles');
    expect(log.after).toMatchObject({ code: role.code, permissions: ['drsystem:providerTaskMsh:list'] });
  });

  it("answers 'Role name already exists' in both languages, in either name and any case", async () => {
    const first = await createRole();
    const zh = await req('demo/admin', 'POST', '/authority/role', newRole({ name: first.name }), {
      language: 'zh',
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      code: 40170,
      msg: '角色名称已存在',
      msg_en: 'Role name already exists',
    });
    expect(zh.json().data.fieldErrors.name).toBeTruthy();
    const en = await req(
      'demo/admin',
      'POST',
      '/authority/role',
      newRole({ nameEn: first.nameEn.toUpperCase() }),
      { language: 'en' },
    );
    expect(en.json()).toMatchObject({ code: 40170, msg_en: 'Role name already exists' });
    expect(en.json().data.fieldErrors.nameEn).toBeTruthy();
    const second = await createRole();
    const edit = await req('demo/admin', 'PUT', '/authority/role', {
      ...newRole({ name: first.name }),
      id: second.id,
    });
    expect(edit.json().code).toBe(40170);
    const code = await req(
      'demo/admin',
      'POST',
      '/authority/role',
      newRole({ code: first.code.toLowerCase() }),
    );
    expect(code.json()).toMatchObject({ code: 40171, msg_en: 'Role code already exists' });
    // Another tenant may use the same names.
    const acme = await req(
      'acme/admin',
      'POST',
      '/authority/role',
      newRole({ name: first.name, code: first.code }),
    );
    expect(acme.statusCode, acme.body).toBe(200);
  });

  it('refuses bad input with bilingual field errors', async () => {
    const res = await req('demo/admin', 'POST', '/authority/role', {
      code: '1 bad',
      name: '',
      nameEn: 'x|y',
      dataScope: 'galaxy',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().data.fieldErrors;
    expect(Object.keys(errors).sort()).toEqual(['code', 'dataScope', 'name', 'nameEn']);
    expect(errors.code.msg_en).toContain('role code');
    expect(errors.code.msg).toContain('角色编码');
  });

  it("refuses grants that are not the tenant's menus or resources", async () => {
    const acmeTree = (await req('acme/admin', 'GET', '/authority/role/menuTree')).json().data as TNode[];
    const res = await req('demo/admin', 'POST', '/authority/role', newRole({ menuIds: [acmeTree[0].id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40175);
    const wild = await req('demo/admin', 'POST', '/authority/role', newRole({ permissions: ['*'] }));
    expect(wild.json()).toMatchObject({
      code: 40175,
      msg_en: 'A chosen menu or permission does not exist: *',
    });
  });

  it('needs authority:role:authorize to choose grants', async () => {
    const role = await createRole({
      permissions: ['authority:role:view', 'authority:role:add', 'authority:role:edit'],
      menuIds: [menuId('system'), menuId('role')],
    });
    const user = await signedInUser();
    await req('demo/admin', 'PUT', '/authority/role/users', { roleId: role.id, userIds: [user.id] });
    const as = (method: TMethod, url: string, body: unknown) =>
      req('demo/x', method, url, body, { token: user.token });
    const plain = await as('POST', '/authority/role', newRole());
    expect(plain.statusCode, plain.body).toBe(200);
    const granting = await as('POST', '/authority/role', newRole({ permissions: ['authority:user:view'] }));
    expect(granting.statusCode).toBe(403);
    const rename = await as('PUT', '/authority/role', { ...newRole(), id: plain.json().data.id });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('keeps the built-in roles and what the product needs of them', async () => {
    const superAdmin = await roleId('demo', 'SUPER_ADMIN');
    const smart = await roleId('demo', 'SMART_PORTAL');
    const del = await req('demo/admin', 'DELETE', '/authority/role', { ids: [smart], removeFromUsers: true });
    expect(del.json()).toMatchObject({ code: 40172 });
    expect(del.json().msg_en).toContain('SMART_PORTAL');
    const off = await req('demo/admin', 'PUT', '/authority/role/enabled', { id: superAdmin, enabled: false });
    expect(off.json().code).toBe(40172);
    const detail = (await req('demo/admin', 'GET', `/authority/role/${smart}`)).json().data;
    const stripped = await req('demo/admin', 'PUT', '/authority/role', {
      ...detail,
      permissions: detail.permissions.filter((p: string) => p !== 'drsystem:providerTask:*'),
    });
    expect(stripped.statusCode).toBe(400);
    expect(stripped.json()).toMatchObject({ code: 40173 });
    expect(stripped.json().msg_en).toContain('drsystem:providerTask:*');
    const saDetail = (await req('demo/admin', 'GET', `/authority/role/${superAdmin}`)).json().data;
    const noStar = await req('demo/admin', 'PUT', '/authority/role', { ...saDetail, permissions: [] });
    expect(noStar.json().code).toBe(40173);
    // Renaming a built-in role and changing other grants stays possible.
    const kept = await req('demo/admin', 'PUT', '/authority/role', {
      ...detail,
      description: 'hospital staff',
      permissions: detail.permissions.filter((p: string) => p !== 'dictionary:view'),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    // Taking SUPER_ADMIN from yourself is cancelled.
    const self = await req('demo/admin', 'DELETE', '/authority/role/users', {
      roleId: superAdmin,
      userIds: [ids['demo/admin']],
    });
    expect(self.json().code).toBe(40023);
  });

  it('deletes a role still given to users only with the confirmation, taking it from them', async () => {
    const role = await createRole();
    const user = await signedInUser();
    await req('demo/admin', 'PUT', '/authority/role/users', { roleId: role.id, userIds: [user.id] });
    const refused = await req(
      'demo/admin',
      'DELETE',
      '/authority/role',
      { ids: [role.id] },
      { language: 'en' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 40174, data: { users: 1 } });
    expect(refused.json().msg).toContain('1 个用户');
    const done = await req('demo/admin', 'DELETE', '/authority/role', {
      ids: [role.id],
      removeFromUsers: true,
    });
    expect(done.json().data).toEqual({ deleted: 1, removedFromUsers: 1 });
    expect((await req('demo/admin', 'GET', `/authority/role/${role.id}`)).statusCode).toBe(404);
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, role.id), eq(operationLogs.action, 'delete')));
    expect(log.before).toMatchObject({ code: role.code, userIds: [user.id] });
  });

  it("never changes another tenant's role", async () => {
    const acmeRole = await createRole({}, 'acme/admin');
    const edit = await req('demo/admin', 'PUT', '/authority/role', { ...newRole(), id: acmeRole.id });
    expect(edit.statusCode).toBe(404);
    const off = await req('demo/admin', 'PUT', '/authority/role/enabled', {
      id: acmeRole.id,
      enabled: false,
    });
    expect(off.statusCode).toBe(404);
    const del = await req('demo/admin', 'DELETE', '/authority/role', { ids: [acmeRole.id] });
    expect(del.statusCode).toBe(404);
    const users = await req('demo/admin', 'PUT', '/authority/role/users', {
      roleId: acmeRole.id,
      userIds: [ids['demo/auditor']],
    });
    expect(users.statusCode).toBe(404);
    const page = await req('demo/admin', 'POST', '/authority/role/users/page', {
      model: { roleId: acmeRole.id },
    });
    expect(page.statusCode).toBe(404);
    // A demo role cannot be given to an acme user.
    const demoRole = await createRole();
    const cross = await req('demo/admin', 'PUT', '/authority/role/users', {
      roleId: demoRole.id,
      userIds: [ids['acme/admin']],
    });
    expect(cross.json().code).toBe(40176);
  });
});

describe('changes reach signed-in users at their next request', () => {
  it('a role given, its grants changed, disabled and taken back', async () => {
    const user = await signedInUser();
    const list = () =>
      req('demo/x', 'POST', '/drsystem/providerTaskMsh/list', { current: 1, size: 5 }, { token: user.token });
    expect((await list()).statusCode).toBe(403);
    const role = await createRole({
      menuIds: [menuId('hospitalAuditGroup'), menuId('hospitalAudit')],
      permissions: ['drsystem:providerTaskMsh:list'],
    });

    const added = await req('demo/admin', 'PUT', '/authority/role/users', {
      roleId: role.id,
      userIds: [user.id],
    });
    expect(added.json().data).toEqual({ added: 1 });
    expect((await list()).statusCode).toBe(200);
    const router = await req('demo/x', 'GET', '/oauth/menu/router', undefined, { token: user.token });
    expect(JSON.stringify(router.json().data)).toContain('hospitalAudit');
    const options = await req('demo/admin', 'GET', '/authority/role/userOptions?keyword=auditor');
    expect(options.json().data.map((u: { account: string }) => u.account)).toContain('auditor');
    const acmeOptions = await req('acme/admin', 'GET', '/authority/role/userOptions?keyword=');
    expect(acmeOptions.json().data.map((u: { id: string }) => u.id)).not.toContain(user.id);
    const members = await req('demo/admin', 'POST', '/authority/role/users/page', {
      model: { roleId: role.id },
    });
    expect(members.json().data.records.map((u: { id: string }) => u.id)).toEqual([user.id]);

    const detail = (await req('demo/admin', 'GET', `/authority/role/${role.id}`)).json().data;
    const emptied = await req('demo/admin', 'PUT', '/authority/role', {
      ...detail,
      permissions: [],
      menuIds: [],
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await list()).statusCode).toBe(403);
    const routerAfter = await req('demo/x', 'GET', '/oauth/menu/router', undefined, { token: user.token });
    expect(JSON.stringify(routerAfter.json().data)).not.toContain('hospitalAudit');

    await req('demo/admin', 'PUT', '/authority/role', detail);
    expect((await list()).statusCode).toBe(200);
    const off = await req('demo/admin', 'PUT', '/authority/role/enabled', { id: role.id, enabled: false });
    expect(off.json().data.enabled).toBe(false);
    expect((await list()).statusCode).toBe(403);
    await req('demo/admin', 'PUT', '/authority/role/enabled', { id: role.id, enabled: true });
    expect((await list()).statusCode).toBe(200);

    const removed = await req('demo/admin', 'DELETE', '/authority/role/users', {
      roleId: role.id,
      userIds: [user.id],
    });
    expect(removed.json().data).toEqual({ removed: 1 });
    expect((await list()).statusCode).toBe(403);
    const logs = await t.platform.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.targetId, role.id));
    expect(logs.map((l) => l.action).sort()).toEqual(
      ['add-users', 'create', 'disable', 'enable', 'remove-users', 'update', 'update'].sort(),
    );
  });
});

describe('the seed', () => {
  it('seeds the resources of the role screen once per tenant', async () => {
    const rows = await t.platform.db
      .select({ code: resources.code })
      .from(resources)
      .where(eq(resources.tenantId, tenantIds.get('acme')!));
    expect(rows.map((r) => r.code)).toContain('authority:role:users');
  });
});
