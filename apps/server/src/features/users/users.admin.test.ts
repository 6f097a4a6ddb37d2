import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { xlsxUpload } from '../../test/xlsx.ts';
import { rolePermissions, roles } from '../roles/roles.tables.ts';
import { sessions } from '../session/session.tables.ts';
import { users } from './users.tables.ts';

let t: TTestApp;
const tenantIds = new Map<string, string>();
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const roleIds: Record<string, string> = {};

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const req = (
  who: string,
  method: TMethod,
  url: string,
  payload?: unknown,
  extra: { headers?: Record<string, string>; language?: 'zh' | 'en'; token?: string } = {},
) =>
  call(t.app, who.split('/')[0], extra.token ?? tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers: { ...(extra.language ? { language: extra.language } : {}), ...(extra.headers ?? {}) },
  });

const roleId = async (tenant: string, code: string) => {
  const [row] = await t.platform.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantIds.get(tenant)!), eq(roles.code, code)));
  return row.id;
};

const newUser = (over: Record<string, unknown> = {}) => ({
  account: `u${randomUUID().slice(0, 8)}`,
  password: 'Welcome2026',
  name: '新用户',
  nameEn: 'New User',
  userType: '01',
  email: 'new.user@example.com',
  mobile: '13800138000',
  roleIds: [roleIds.AUDITOR],
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await req('demo/admin', 'POST', '/authority/user', newUser(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; account: string };
}

const multipart = (bytes: Buffer, filename = 'users.xlsx') => xlsxUpload(bytes, filename);

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    const session = await login(t.app, tenant, account);
    tokens[who] = session.token;
    ids[who] = session.userId;
  }
  roleIds.AUDITOR = await roleId('demo', 'AUDITOR');
  roleIds.SMART_PORTAL = await roleId('demo', 'SMART_PORTAL');
  roleIds.ACME_AUDITOR = await roleId('acme', 'AUDITOR');
});
afterAll(async () => {
  await t?.close();
});

describe('every user administration route', () => {
  const routes: [TMethod, string, unknown][] = [
    ['POST', '/authority/user/page', {}],
    ['POST', '/authority/user', {}],
    ['PUT', '/authority/user', {}],
    ['PUT', '/authority/user/enabled', {}],
    ['DELETE', '/authority/user', {}],
    ['GET', '/authority/user/findAll', undefined],
    ['GET', '/authority/user/findService', undefined],
    ['GET', '/authority/user/roles', undefined],
    ['GET', '/authority/user/providers', undefined],
    ['POST', '/authority/user/reset', {}],
    ['POST', '/authority/user/reload', {}],
    ['POST', '/authority/user/export', {}],
    ['GET', '/authority/user/import/template', undefined],
    ['POST', '/authority/user/preview', {}],
    ['POST', '/authority/user/import', {}],
  ];

  it.each(routes)('%s %s refuses provider staff with 403', async (method, url, body) => {
    const res = await req('demo/hospital', method, url, body);
    expect(res.statusCode).toBe(403);
    expect([40300, 40149]).toContain(res.json().code);
  });

  it.each(routes)(
    '%s %s refuses an auditor without the permission (findService excepted)',
    async (method, url, body) => {
      const res = await req('demo/auditor', method, url, body);
      if (url.endsWith('findService')) expect(res.statusCode).toBe(200);
      else expect(res.statusCode).toBe(403);
    },
  );

  it('are in the access table with the authority:user permissions', () => {
    const table = t.app.accessTable.filter((r) => r.url.startsWith('/saasapi/authority/user'));
    for (const [method, url] of routes) {
      const entry = table.find((r) => r.method === method && r.url === `/saasapi${url}`);
      expect(entry, `${method} ${url}`).toBeDefined();
    }
  });
});

describe('POST /authority/user/page', () => {
  it('lists the tenant users with roles, paged and sorted', async () => {
    const res = await req('demo/admin', 'POST', '/authority/user/page', {
      current: 1,
      size: 2,
      sort: 'account',
      order: 'ascending',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.size).toBe(2);
    expect(data.total).toBeGreaterThanOrEqual(4);
    expect(data.records[0].account).toBe('admin');
    expect(data.records[0].roles.map((r: { code: string }) => r.code)).toEqual(['SUPER_ADMIN']);
    expect(data.records[0]).not.toHaveProperty('passwordHash');
    const last = await req('demo/admin', 'POST', '/authority/user/page', {
      current: Math.ceil(data.total / 2),
      size: 2,
      sort: 'account',
      order: 'asc',
    });
    expect(last.json().data.records.length).toBeGreaterThan(0);
  });

  it('filters by account, name, type, provider, role, status and created range', async () => {
    const page = async (model: Record<string, unknown>) =>
      (await req('demo/admin', 'POST', '/authority/user/page', { size: 100, model }))
        .json()
        .data.records.map((r: { account: string }) => r.account);
    expect(await page({ account: 'HOSP' })).toEqual(['hospital']);
    expect(await page({ name: '王敏' })).toEqual(['auditor']);
    expect(await page({ userType: '02', providerId: 'P10001' })).toContain('hospital');
    expect(await page({ roleId: roleIds.AUDITOR })).toContain('auditor');
    expect(await page({ roleId: roleIds.AUDITOR })).not.toContain('admin');
    expect(await page({ enabled: false })).not.toContain('admin');
    expect(await page({ createdFrom: '2999-01-01T00:00:00Z' })).toEqual([]);
  });

  it('never shows another tenant: the acme admin sees acme users only', async () => {
    const res = await req('acme/admin', 'POST', '/authority/user/page', { size: 100 });
    const accounts = res.json().data.records.map((r: { account: string }) => r.account);
    expect(accounts).not.toContain('netview');
    expect(res.json().data.records.every((r: { id: string }) => r.id !== ids['demo/admin'])).toBe(true);
  });

  it('refuses bad input with a 400', async () => {
    for (const body of [{ sort: 'passwordHash' }, { size: 1000 }, { model: { userType: '09' } }]) {
      const res = await req('demo/admin', 'POST', '/authority/user/page', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(40010);
    }
  });
});

describe('POST /authority/user', () => {
  it('creates a provider user for P10001 who must change the password first', async () => {
    const account = `lina${randomUUID().slice(0, 6)}`;
    const res = await req(
      'demo/admin',
      'POST',
      '/authority/user',
      newUser({
        account,
        userType: '02',
        providerId: 'P10001',
        roleIds: [roleIds.SMART_PORTAL],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ account, providerId: 'P10001', mustChangePassword: true });
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, res.json().data.id), eq(operationLogs.action, 'create')));
    expect(log.userId).toBe(ids['demo/admin']);
    expect(log.after).toMatchObject({ account, roles: ['SMART_PORTAL'] });
    expect(JSON.stringify(log.after)).not.toContain('passwordHash');

    // The server lets the new user do nothing but change the password, read their profile, sign out.
    const session = await login(t.app, 'demo', account, 'Welcome2026');
    const blocked = await req('demo/x', 'GET', '/oauth/resource/visible', undefined, {
      token: session.token,
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 40072,
      msg: '请先修改管理员为您设置的密码',
      msg_en: 'Change the password an administrator set for you before anything else',
    });
    const own = await req('demo/x', 'GET', `/authority/user/${session.userId}`, undefined, {
      token: session.token,
    });
    expect(own.statusCode).toBe(200);
    const others = await req('demo/x', 'GET', `/authority/user/${ids['demo/admin']}`, undefined, {
      token: session.token,
    });
    expect(others.json().code).toBe(40072);
    const changed = await req(
      'demo/x',
      'PUT',
      '/authority/user/password',
      { oldPassword: 'Welcome2026', newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
      { token: session.token },
    );
    expect(changed.statusCode).toBe(200);
    const now = await req('demo/x', 'GET', '/oauth/resource/visible', undefined, { token: session.token });
    expect(now.statusCode).toBe(200);
    expect(now.json().data.roleList).toEqual(['SMART_PORTAL']);
  });

  it("answers 'Username already exists' in both languages, whatever the case", async () => {
    for (const language of ['zh', 'en'] as const) {
      const res = await req('demo/admin', 'POST', '/authority/user', newUser({ account: 'Auditor' }), {
        language,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40026,
        msg: '用户名已存在',
        msg_en: 'Username already exists',
      });
    }
  });

  it('applies the account rules of the spec per user type', async () => {
    const bad = await req(
      'demo/admin',
      'POST',
      '/authority/user',
      newUser({
        account: 'SPstaff',
        userType: '02',
        providerId: 'P10001',
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.account).toEqual({
      msg: '医疗机构人员账号不能以 P 或 SP 开头（不区分大小写）',
      msg_en: 'A provider staff account must not start with P or SP (in any case)',
    });
    // An operator account may start with P.
    await create({ account: `p${randomUUID().slice(0, 6)}` });
    const format = await req('demo/admin', 'POST', '/authority/user', newUser({ account: 'bad name' }));
    expect(format.json().data.fieldErrors.account.msg_en).toBe(
      'The account must be 1 to 30 letters, digits, - or _',
    );
    const long = await req('demo/admin', 'POST', '/authority/user', newUser({ account: 'a'.repeat(31) }));
    expect(long.statusCode).toBe(400);
  });

  it('applies the user password rule', async () => {
    const res = await req('demo/admin', 'POST', '/authority/user', newUser({ password: 'welcome2026' }));
    expect(res.json().data.fieldErrors.password).toEqual({
      msg: '密码至少包含一个大写字母和一个数字',
      msg_en: 'The password needs at least one capital letter and one digit',
    });
  });

  it('links provider staff to an existing provider of the tenant only, operators to none', async () => {
    const unknown = await req(
      'demo/admin',
      'POST',
      '/authority/user',
      newUser({
        account: `x${randomUUID().slice(0, 6)}`,
        userType: '02',
        providerId: 'P20001',
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 40142, msg_en: 'Provider P20001 does not exist' });
    const operator = await req('demo/admin', 'POST', '/authority/user', newUser({ providerId: 'P10001' }));
    expect(operator.json().data.fieldErrors.providerId.msg_en).toBe(
      'Operator staff are never linked to a provider',
    );
    const missing = await req('demo/admin', 'POST', '/authority/user', newUser({ userType: '02' }));
    expect(missing.json().data.fieldErrors.providerId.msg_en).toBe(
      'Provider staff must belong to a provider',
    );
  });

  it("refuses another tenant's role and writes nothing", async () => {
    const account = `r${randomUUID().slice(0, 6)}`;
    const res = await req(
      'demo/admin',
      'POST',
      '/authority/user',
      newUser({ account, roleIds: [roleIds.ACME_AUDITOR] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40143, msg_en: 'A chosen role does not exist' });
    const rows = await t.platform.db.select().from(users).where(eq(users.account, account));
    expect(rows).toHaveLength(0);
  });
});

describe('PUT /authority/user and /enabled', () => {
  it('edits names, roles and type; the change is logged with before and after', async () => {
    const user = await create();
    const res = await req('demo/admin', 'PUT', '/authority/user', {
      id: user.id,
      name: '改名',
      nameEn: 'Renamed',
      userType: '02',
      providerId: 'P10001',
      roleIds: [roleIds.SMART_PORTAL],
      enabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: '改名', providerId: 'P10001', userType: '02' });
    expect(res.json().data.roles.map((r: { code: string }) => r.code)).toEqual(['SMART_PORTAL']);
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, user.id), eq(operationLogs.action, 'update')));
    expect(log.before).toMatchObject({ name: '新用户', roles: ['AUDITOR'] });
    expect(log.after).toMatchObject({ name: '改名', roles: ['SMART_PORTAL'] });
  });

  it('cancels disabling or deleting yourself, in both languages', async () => {
    const expected = {
      code: 40023,
      msg: '该操作涉及当前登录用户，已取消',
      msg_en: 'The operation was cancelled because it involves the currently logged-in user',
    };
    const edit = await req('demo/admin', 'PUT', '/authority/user', {
      id: ids['demo/admin'],
      name: '系统管理员',
      userType: '01',
      roleIds: [],
      enabled: false,
    });
    expect(edit.json()).toMatchObject(expected);
    const disable = await req('demo/admin', 'PUT', '/authority/user/enabled', {
      ids: [ids['demo/admin']],
      enabled: false,
    });
    expect(disable.json()).toMatchObject(expected);
    const del = await req('demo/admin', 'DELETE', '/authority/user', { ids: [ids['demo/admin']] });
    expect(del.json()).toMatchObject(expected);
    const reset = await req('demo/admin', 'POST', '/authority/user/reset', { userId: ids['demo/admin'] });
    expect(reset.json()).toMatchObject(expected);
  });

  it('disabling ends the user sessions at once', async () => {
    const user = await create();
    const session = await login(t.app, 'demo', user.account, 'Welcome2026');
    const res = await req('demo/admin', 'PUT', '/authority/user/enabled', { ids: [user.id], enabled: false });
    expect(res.json().data.changed).toBe(1);
    const after = await req('demo/x', 'GET', `/authority/user/${user.id}`, undefined, {
      token: session.token,
    });
    expect(after.statusCode).toBe(401);
    await expect(login(t.app, 'demo', user.account, 'Welcome2026')).rejects.toThrow();
  });

  it("cannot see or change another tenant's users", async () => {
    const body = { id: ids['demo/auditor'], name: 'x', userType: '01', roleIds: [], enabled: true };
    expect((await req('acme/admin', 'PUT', '/authority/user', body)).statusCode).toBe(404);
    expect(
      (
        await req('acme/admin', 'PUT', '/authority/user/enabled', {
          ids: [ids['demo/auditor']],
          enabled: false,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await req('acme/admin', 'DELETE', '/authority/user', { ids: [ids['demo/auditor']] })).statusCode,
    ).toBe(404);
    expect(
      (await req('acme/admin', 'POST', '/authority/user/reset', { userId: ids['demo/auditor'] })).statusCode,
    ).toBe(404);
    expect(
      (
        await req('acme/admin', 'POST', '/authority/user/reload', `userId=${ids['demo/auditor']}`, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(404);
    const [auditor] = await t.platform.db.select().from(users).where(eq(users.id, ids['demo/auditor']));
    expect(auditor.enabled).toBe(true);
  });

  it('refuses bad input', async () => {
    expect((await req('demo/admin', 'PUT', '/authority/user', { id: 'nope' })).statusCode).toBe(400);
    const none = await req('demo/admin', 'DELETE', '/authority/user', { ids: [] });
    expect(none.json()).toMatchObject({ code: 40010, msg_en: 'No data selected yet' });
  });
});

describe('DELETE /authority/user', () => {
  it('deletes, ends the sessions at once and keeps the record in the log', async () => {
    const user = await create();
    const session = await login(t.app, 'demo', user.account, 'Welcome2026');
    const res = await req('demo/admin', 'DELETE', '/authority/user', { ids: [user.id] });
    expect(res.json().data.deleted).toBe(1);
    expect(
      (await req('demo/x', 'GET', `/authority/user/${user.id}`, undefined, { token: session.token }))
        .statusCode,
    ).toBe(401);
    const [row] = await t.platform.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.revokedReason).toBe('user-deleted');
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, user.id), eq(operationLogs.action, 'delete')));
    expect(log.before).toMatchObject({ account: user.account, roles: ['AUDITOR'] });
    expect(JSON.stringify(log.before)).not.toContain('password_hash');
    expect(JSON.stringify(log.before)).not.toContain('argon2');
  });

  it('deletes nothing when one of the ids is unknown', async () => {
    const user = await create();
    const res = await req('demo/admin', 'DELETE', '/authority/user', { ids: [user.id, randomUUID()] });
    expect(res.statusCode).toBe(404);
    expect(await t.platform.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});

describe('POST /authority/user/reset and /reload', () => {
  it('gives a one-time password, ends the sessions and requires a change at sign-in', async () => {
    const user = await create();
    const old = await login(t.app, 'demo', user.account, 'Welcome2026');
    const res = await req('demo/admin', 'POST', '/authority/user/reset', `userId=${user.id}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { password } = res.json().data;
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{12}$/);
    expect(
      (await req('demo/x', 'GET', `/authority/user/${user.id}`, undefined, { token: old.token })).statusCode,
    ).toBe(401);
    const fresh = await login(t.app, 'demo', user.account, password);
    const blocked = await req('demo/x', 'POST', '/authority/user/page', {}, { token: fresh.token });
    expect(blocked.json().code).toBe(40072);
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, user.id), eq(operationLogs.action, 'reset-password')));
    expect(JSON.stringify(log.after)).not.toContain(password);
  });

  it('reload refreshes cached permissions at once', async () => {
    const user = await create();
    const session = await login(t.app, 'demo', user.account, 'Welcome2026');
    await req(
      'demo/x',
      'PUT',
      '/authority/user/password',
      { oldPassword: 'Welcome2026', newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
      { token: session.token },
    );
    const visible = async () =>
      (await req('demo/x', 'GET', '/oauth/resource/visible', undefined, { token: session.token })).json().data
        .resourceList as string[];
    expect(await visible()).not.toContain('authority:user:view');
    await t.platform.db.insert(rolePermissions).values({
      tenantId: tenantIds.get('demo')!,
      roleId: roleIds.AUDITOR,
      permission: 'authority:user:view',
    });
    try {
      expect(await visible()).not.toContain('authority:user:view');
      const res = await req('demo/admin', 'POST', '/authority/user/reload', `userId=${user.id}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(200);
      expect(await visible()).toContain('authority:user:view');
    } finally {
      await t.platform.db
        .delete(rolePermissions)
        .where(
          and(
            eq(rolePermissions.roleId, roleIds.AUDITOR),
            eq(rolePermissions.permission, 'authority:user:view'),
          ),
        );
      await t.platform.authCache.invalidate({ tenantId: tenantIds.get('demo')! });
    }
  });

  it('refuses a malformed user id', async () => {
    const res = await req('demo/admin', 'POST', '/authority/user/reload', 'userId=abc', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg_en).toBe('Choose a user');
  });
});

describe('findAll, findService and roles', () => {
  it('lists the tenant users, the operator users and the tenant roles', async () => {
    const all = (await req('demo/admin', 'GET', '/authority/user/findAll?ts=1')).json().data;
    expect(all.map((u: { account: string }) => u.account)).toEqual(
      expect.arrayContaining(['admin', 'hospital']),
    );
    const service = (await req('demo/auditor', 'GET', '/authority/user/findService')).json().data;
    const accounts = service.map((u: { account: string }) => u.account);
    expect(accounts).toContain('auditor');
    expect(accounts).not.toContain('hospital');
    const acme = (await req('acme/admin', 'GET', '/authority/user/roles')).json().data;
    expect(acme.map((r: { id: string }) => r.id)).toContain(roleIds.ACME_AUDITOR);
    expect(acme.map((r: { id: string }) => r.id)).not.toContain(roleIds.AUDITOR);
  });
});

describe('GET /authority/user/providers', () => {
  it("finds the tenant's providers by id or name, never another tenant's", async () => {
    const demo = (await req('demo/admin', 'GET', '/authority/user/providers?keyword=p1000')).json().data;
    expect(demo.map((r: { providerId: string }) => r.providerId)).toContain('P10001');
    const acme = (await req('acme/admin', 'GET', '/authority/user/providers?keyword=P10001')).json().data;
    expect(acme).toEqual([]);
    expect(
      (await req('demo/admin', 'GET', `/authority/user/providers?keyword=${'x'.repeat(101)}`)).statusCode,
    ).toBe(400);
  });
});

describe('POST /authority/user/export', () => {
  it('streams the filtered list as .xlsx in the language of the request', async () => {
    const res = await req(
      'demo/admin',
      'POST',
      '/authority/user/export',
      { model: { userType: '01' } },
      { language: 'en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).text).toBe('Account');
    const accounts: string[] = [];
    sheet.eachRow((row, n) => n > 1 && accounts.push(row.getCell(1).text));
    expect(accounts).toContain('admin');
    expect(accounts).not.toContain('hospital');
    expect([...accounts].sort()).toEqual(accounts);
  });

  it('never exports another tenant', async () => {
    const res = await req('acme/admin', 'POST', '/authority/user/export', {});
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const accounts: string[] = [];
    workbook.worksheets[0].eachRow((row, n) => n > 1 && accounts.push(row.getCell(1).text));
    expect(accounts).not.toContain('netview');
  });
});

describe('user import', () => {
  const prefix = `imp${randomUUID().slice(0, 4)}`;

  /** 1,000 rows: every 10th has an error of another kind. */
  async function thousandRows(tag: string): Promise<{ bytes: Buffer; bad: number }> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('users');
    sheet.addRow([
      '账号 / Account',
      '姓名 / Name',
      '英文名 / English name',
      '用户类型 / User type',
      '医疗机构编号 / Provider ID',
      '角色编码 / Role codes',
      '邮箱 / Email',
      '手机号 / Mobile',
    ]);
    let bad = 0;
    for (let i = 0; i < 1000; i++) {
      const account = `${prefix}${tag}${i}`;
      const row = [account, `用户${i}`, `User ${i}`, '01', '', 'AUDITOR', `u${i}@example.com`, '13800138000'];
      if (i % 10 === 0) {
        bad++;
        switch ((i / 10) % 6) {
          case 0:
            row[0] = 'bad account';
            break;
          case 1:
            row[3] = '02';
            row[0] = `p${account}`;
            row[4] = 'P10001';
            break; // provider account starting with P
          case 2:
            row[6] = 'not-an-email';
            break;
          case 3:
            row[5] = 'NO_SUCH_ROLE';
            break;
          case 4:
            row[3] = '02';
            row[4] = 'P99999';
            break;
          case 5:
            row[0] = 'admin';
            break;
        }
      }
      sheet.addRow(row);
    }
    return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), bad };
  }

  const preview = async (bytes: Buffer, filename = 'users.xlsx', who = 'demo/admin') => {
    const body = multipart(bytes, filename);
    return req(who, 'POST', '/authority/user/preview', body.payload, { headers: body.headers });
  };

  it('serves a template whose header the preview accepts', async () => {
    const res = await req('demo/admin', 'GET', '/authority/user/import/template');
    expect(res.statusCode).toBe(200);
    const checked = await preview(res.rawPayload);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({ total: 1, valid: 1, invalid: 0 });
  });

  it('previews 1,000 rows with mixed errors, refuses all-or-nothing, then imports the valid rows', async () => {
    const { bytes, bad } = await thousandRows('a');
    const res = await preview(bytes);
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ total: 1000, valid: 1000 - bad, invalid: bad });
    const messages = new Set(report.errors.map((e: { msg_en: string }) => e.msg_en));
    expect(messages).toEqual(
      new Set([
        'The account must be 1 to 30 letters, digits, - or _',
        'A provider staff account must not start with P or SP (in any case)',
        'Email is invalid',
        'Role code NO_SUCH_ROLE does not exist',
        'Provider P99999 does not exist',
        'Username already exists',
        // Rows 112, 172 ... repeat the account 'admin' of row 52.
        'The account appears twice in the file (row 52)',
      ]),
    );
    expect(report.errors.find((e: { row: number }) => e.row === 2)).toMatchObject({
      field: 'account',
      msg: '账号为 1 到 30 位字母、数字、- 或 _',
    });

    const refused = await req('demo/admin', 'POST', '/authority/user/import', {
      token: report.token,
      mode: 'all-or-nothing',
      password: 'Welcome2026',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 40145,
      msg_en: `The file has ${bad} rows with errors; in all-or-nothing mode no user was imported`,
    });
    const none = await t.platform.db
      .select()
      .from(users)
      .where(eq(users.account, `${prefix}a1`));
    expect(none).toHaveLength(0);

    const other = await req('acme/admin', 'POST', '/authority/user/import', {
      token: report.token,
      mode: 'valid-only',
      password: 'Welcome2026',
    });
    expect(other.json().code).toBe(40144);

    const done = await req('demo/admin', 'POST', '/authority/user/import', {
      token: report.token,
      mode: 'valid-only',
      password: 'Welcome2026',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ created: 1000 - bad, skipped: bad });
    const listed = await req('demo/admin', 'POST', '/authority/user/page', {
      model: { account: `${prefix}a` },
    });
    expect(listed.json().data.total).toBe(1000 - bad);
    const [one] = await t.platform.db
      .select()
      .from(users)
      .where(eq(users.account, `${prefix}a1`));
    expect(one.mustChangePassword).toBe(true);
    const again = await req('demo/admin', 'POST', '/authority/user/import', {
      token: report.token,
      mode: 'valid-only',
      password: 'Welcome2026',
    });
    expect(again.json()).toMatchObject({ code: 40144 });
  }, 120_000);

  it('imports a clean file all-or-nothing', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('users');
    sheet.addRow([
      'Account',
      'Name',
      'English name',
      'User type',
      'Provider ID',
      'Role codes',
      'Email',
      'Mobile',
    ]);
    sheet.addRow([`${prefix}c1`, '甲', 'A', 2, 'P10001', 'SMART_PORTAL', '', '']);
    sheet.addRow([`${prefix}c2`, '乙', 'B', '01', '', 'AUDITOR,NET_VIEW', '', '']);
    const res = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.json().data).toMatchObject({ total: 2, valid: 2 });
    const done = await req('demo/admin', 'POST', '/authority/user/import', {
      token: res.json().data.token,
      mode: 'all-or-nothing',
      password: 'Welcome2026',
    });
    expect(done.json().data).toMatchObject({ created: 2, skipped: 0 });
    const session = await login(t.app, 'demo', `${prefix}c1`, 'Welcome2026');
    expect(session.providerId).toBe('P10001');
  });

  it('accepts only .xlsx and the template header', async () => {
    const notXlsx = await preview(Buffer.from('a,b\n1,2'), 'users.csv');
    expect(notXlsx.json()).toMatchObject({
      code: 40020,
      msg: '仅支持 .xlsx 文件',
      msg_en: 'Only .xlsx files are supported',
    });
    const renamed = await preview(Buffer.from('not a workbook'), 'users.xlsx');
    expect(renamed.json().code).toBe(40020);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['who', 'what']);
    const header = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(header.json().code).toBe(40148);
    const weak = await req('demo/admin', 'POST', '/authority/user/import', {
      token: 'x',
      mode: 'valid-only',
      password: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fieldErrors).toHaveProperty('password');
  });
});
