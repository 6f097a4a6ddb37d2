import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { roles, userRoles } from '../roles/roles.tables.ts';
import { sessions } from '../session/session.tables.ts';
import { users } from './users.tables.ts';

let t: TTestApp;
const tenantIds = new Map<string, string>();
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64, 1),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');

async function addUser(tenant: string, account: string, roleCode: string, mustChangePassword = false) {
  const tenantId = tenantIds.get(tenant)!;
  const [user] = await t.platform.db
    .insert(users)
    .values({
      tenantId,
      account,
      passwordHash: await hashPassword('Portal2026'),
      name: account,
      userType: '01',
      mustChangePassword,
    })
    .returning({ id: users.id });
  const [role] = await t.platform.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, roleCode)));
  await t.platform.db.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
  return user.id;
}

const req = (
  who: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
    headers,
  });

function multipart(bytes: Buffer, { field = 'file', filename = 'avatar.png', type = 'image/png' } = {}) {
  const boundary = `----portal${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (who: string, bytes: Buffer, options?: Parameters<typeof multipart>[1]) => {
  const body = multipart(bytes, options);
  return req(who, 'POST', '/authority/user/avatar/upload', body.payload, body.headers);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  await addUser('demo', 'pwduser', 'AUDITOR', true);
  await addUser('demo', 'lockuser', 'AUDITOR');
  for (const who of [
    'demo/hospital',
    'demo/auditor',
    'demo/admin',
    'acme/admin',
    'acme/hospital',
    'demo/pwduser',
    'demo/lockuser',
  ]) {
    const [tenant, account] = who.split('/');
    const session = await login(t.app, tenant, account);
    tokens[who] = session.token;
    ids[who] = session.userId;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /authority/user/{id}', () => {
  it('returns your own profile without secrets', async () => {
    const res = await req('demo/hospital', 'GET', `/authority/user/${ids['demo/hospital']}?ts=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      account: 'hospital',
      providerId: 'P10001',
      userType: '02',
      mustChangePassword: false,
    });
    expect(res.json().data).not.toHaveProperty('passwordHash');
  });

  it("needs authority:user:view for someone else's profile", async () => {
    const res = await req('demo/hospital', 'GET', `/authority/user/${ids['demo/auditor']}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
    expect(
      (await req('demo/admin', 'GET', `/authority/user/${ids['demo/auditor']}`)).json().data.account,
    ).toBe('auditor');
  });

  it('never finds a user of another tenant', async () => {
    expect((await req('acme/admin', 'GET', `/authority/user/${ids['demo/auditor']}`)).statusCode).toBe(404);
  });

  it('refuses a malformed id', async () => {
    expect((await req('demo/admin', 'GET', '/authority/user/abc')).statusCode).toBe(400);
  });
});

describe('PUT /authority/user/base', () => {
  it('updates your own names and work description', async () => {
    const res = await req('demo/auditor', 'PUT', '/authority/user/base', {
      name: ' 审核员王敏 ',
      nameEn: 'Wang Min',
      workDescribe: '负责华东区医院信息审核',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '审核员王敏',
      nameEn: 'Wang Min',
      workDescribe: '负责华东区医院信息审核',
    });
    const again = await req('demo/auditor', 'GET', `/authority/user/${ids['demo/auditor']}`);
    expect(again.json().data.workDescribe).toBe('负责华东区医院信息审核');
  });

  it('refuses an empty name, | or ^ and over-long text with bilingual field errors', async () => {
    const empty = await req('demo/auditor', 'PUT', '/authority/user/base', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fieldErrors.name).toEqual({
      msg: '请输入姓名',
      msg_en: 'Please enter the name',
    });
    const pipe = await req('demo/auditor', 'PUT', '/authority/user/base', { name: 'Wang|Min' });
    expect(pipe.json().data.fieldErrors.name.msg_en).toBe('The characters | and ^ are not allowed');
    const long = await req('demo/auditor', 'PUT', '/authority/user/base', {
      name: 'Wang',
      workDescribe: 'x'.repeat(501),
    });
    expect(long.json().data.fieldErrors).toHaveProperty('workDescribe');
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'demo', undefined, {
      method: 'PUT',
      url: '/saasapi/authority/user/base',
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("changes only the caller's own row", async () => {
    await req('acme/admin', 'PUT', '/authority/user/base', { name: 'Acme 管理员甲' });
    const demoAdmin = await req('demo/admin', 'GET', `/authority/user/${ids['demo/admin']}`);
    expect(demoAdmin.json().data.name).toBe('系统管理员');
  });
});

describe('avatar', () => {
  it('uploads a png, serves it back and sets it as the avatar', async () => {
    const res = await upload('demo/hospital', PNG);
    expect(res.statusCode).toBe(200);
    const { id, url, contentType, size } = res.json().data;
    expect(id).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(url).toBe(`/saasapi/authority/user/avatar/${id}`);
    expect({ contentType, size }).toEqual({ contentType: 'image/png', size: PNG.length });
    expect(existsSync(join(t.config.dataDir, 'files', tenantIds.get('demo')!, 'avatars', id))).toBe(true);

    const file = await req('demo/auditor', 'GET', `/authority/user/avatar/${id}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const set = await req('demo/hospital', 'PUT', '/authority/user/avatar', { avatar: id });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.avatar).toBe(url);
  });

  it('tells jpg by its bytes, whatever the name says', async () => {
    const res = await upload('demo/hospital', JPG, { filename: 'photo.png', type: 'image/png' });
    expect(res.json().data.id).toMatch(/\.jpg$/);
    expect(res.json().data.contentType).toBe('image/jpeg');
  });

  it('refuses other formats, even named .png', async () => {
    for (const bytes of [
      GIF,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7'),
    ]) {
      const res = await upload('demo/hospital', bytes, { filename: 'avatar.png' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 40071, msg_en: 'The avatar must be a jpg or png image' });
    }
  });

  it('refuses files over 10 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload('demo/hospital', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 40063, msg_en: 'The image must not exceed 10M' });
  });

  it('needs the file field of a multipart body', async () => {
    const wrongField = await upload('demo/hospital', PNG, { field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().data.fieldErrors).toHaveProperty('file');
    const json = await req('demo/hospital', 'POST', '/authority/user/avatar/upload', { file: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it("keeps tenants' avatars apart", async () => {
    const { id } = (await upload('demo/hospital', PNG)).json().data;
    expect((await req('acme/hospital', 'GET', `/authority/user/avatar/${id}`)).statusCode).toBe(404);
    const steal = await req('acme/hospital', 'PUT', '/authority/user/avatar', { avatar: id });
    expect(steal.statusCode).toBe(404);
  });

  it('refuses values that are not an uploaded avatar, and unknown ids', async () => {
    const external = await req('demo/hospital', 'PUT', '/authority/user/avatar', {
      avatar: 'https://evil.example/x.png',
    });
    expect(external.statusCode).toBe(400);
    expect(external.json().data.fieldErrors).toHaveProperty('avatar');
    const unknown = await req('demo/hospital', 'PUT', '/authority/user/avatar', {
      avatar: `${randomUUID()}.png`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await req('demo/hospital', 'GET', '/authority/user/avatar/..%2F..%2Fjwt-secret')).statusCode,
    ).toBe(404);
  });

  it('deletes the replaced file and clears with an empty value', async () => {
    const first = (await upload('demo/auditor', PNG)).json().data;
    await req('demo/auditor', 'PUT', '/authority/user/avatar', { avatar: first.url });
    const second = (await upload('demo/auditor', JPG)).json().data;
    await req('demo/auditor', 'PUT', '/authority/user/avatar', { avatar: second.id });
    const dir = join(t.config.dataDir, 'files', tenantIds.get('demo')!, 'avatars');
    expect(existsSync(join(dir, first.id))).toBe(false);
    expect(existsSync(join(dir, second.id))).toBe(true);
    const cleared = await req('demo/auditor', 'PUT', '/authority/user/avatar', { avatar: '' });
    expect(cleared.json().data.avatar).toBe('');
  });

  it('needs a session to upload or read', async () => {
    const body = multipart(PNG);
    const anon = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/authority/user/avatar/upload',
      payload: body.payload,
      headers: body.headers,
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('PUT /authority/user/password', () => {
  const change = (who: string, body: Record<string, string>) =>
    req(who, 'PUT', '/authority/user/password', body);

  it('refuses a new password outside the personal-centre rule', async () => {
    for (const bad of [
      'Short1',
      'Sixteen1Sixteen1',
      'NoDigitsHere',
      '12345678',
      'With space1',
      'Under_score1',
      'Dot.ted12',
      'Hash#1234',
      'At@12345',
      'Dash-1234',
    ]) {
      const res = await change('demo/pwduser', {
        oldPassword: 'Portal2026',
        newPassword: bad,
        confirmPassword: bad,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe(40010);
      expect(res.json().data.fieldErrors).toHaveProperty('newPassword');
    }
  });

  it('refuses a confirmation that does not match', async () => {
    const res = await change('demo/pwduser', {
      oldPassword: 'Portal2026',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass124',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40017,
      msg: '两次输入的密码不一致',
      msg_en: 'Password mismatch',
    });
    expect(res.json().data.fieldErrors).toHaveProperty('confirmPassword');
  });

  it('refuses a wrong old password', async () => {
    const res = await change('demo/pwduser', {
      oldPassword: 'Wrong2026',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40018, msg: '旧密码不正确', msg_en: 'Old password incorrect' });
  });

  it('changes the password, clears must-change and ends only the other sessions', async () => {
    const other = await login(t.app, 'demo', 'pwduser');
    const res = await change('demo/pwduser', {
      oldPassword: 'Portal2026',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revokedSessions).toBe(1);

    const stillIn = await req('demo/pwduser', 'GET', `/authority/user/${ids['demo/pwduser']}`);
    expect(stillIn.statusCode).toBe(200);
    expect(stillIn.json().data.mustChangePassword).toBe(false);
    const otherCall = await call(t.app, 'demo', other.token, {
      method: 'GET',
      url: `/saasapi/authority/user/${ids['demo/pwduser']}`,
    });
    expect(otherCall.statusCode).toBe(401);
    expect(otherCall.json().code).toBe(40009);
    const revoked = await t.platform.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, ids['demo/pwduser']));
    expect(revoked.filter((s) => s.revokedReason === 'password')).toHaveLength(1);

    await expect(login(t.app, 'demo', 'pwduser')).rejects.toThrow();
    expect((await login(t.app, 'demo', 'pwduser', 'Newpass123')).token).toBeTruthy();
  });

  it('locks the change after five wrong old passwords', async () => {
    const wrong = { oldPassword: 'Wrong2026', newPassword: 'Newpass123', confirmPassword: 'Newpass123' };
    for (let i = 0; i < 5; i++) expect((await change('demo/lockuser', wrong)).json().code).toBe(40018);
    const locked = await change('demo/lockuser', { ...wrong, oldPassword: 'Portal2026' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 40070,
      msg_en: 'Too many wrong old passwords, try again in 15 minutes',
    });
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'demo', undefined, {
      method: 'PUT',
      url: '/saasapi/authority/user/password',
      payload: { oldPassword: 'Portal2026', newPassword: 'Newpass123', confirmPassword: 'Newpass123' },
    });
    expect(res.statusCode).toBe(401);
  });
});
