import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { CAPTCHA, call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { clientApps } from '../session/session.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};

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

const as = (who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    payload: payload as Record<string, unknown>,
  });

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

/** The OAuth-style password grant with a captcha, as a given client. */
async function passwordGrant(tenant: string, clientId: string, secret: string, account = 'auditor') {
  const key = randomUUID();
  await t.app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}`, headers: { tenant } });
  return t.app.inject({
    method: 'POST',
    url: '/saasapi/authority/anno/login',
    headers: { authorization: basic(clientId, secret), tenant },
    payload: { grant_type: 'password', username: account, password: 'Portal2026', key, code: CAPTCHA },
  });
}

const serverClient = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  name: `Gateway ${clientId}`,
  confidential: true,
  grantTypes: ['password', 'refresh_token'],
  ...extra,
});

async function create(who: string, body: Record<string, unknown>) {
  const res = await as(who, 'POST', '/authority/client', body);
  expect(res.json(), res.body).toMatchObject({ isSuccess: true, code: 0 });
  return res.json().data as { client: { id: string; clientId: string }; clientSecret: string };
}

describe('client registration and its secret', () => {
  it('generates a secret shown once, stores only its hash, and the client signs in with it', async () => {
    const { client, clientSecret } = await create('demo/admin', serverClient('claims-gw-1'));
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client).toMatchObject({
      clientId: 'claims-gw-1',
      confidential: true,
      enabled: true,
      builtIn: false,
    });
    expect(client).not.toHaveProperty('clientSecret');
    expect(client).not.toHaveProperty('secretHash');
    const [row] = await t.platform.db.select().from(clientApps).where(eq(clientApps.id, client.id));
    expect(row.secretHash).toBe(sha256(clientSecret));
    expect(JSON.stringify(row)).not.toContain(clientSecret);

    // The list never shows the secret or its hash.
    const list = await as('demo/admin', 'POST', '/authority/client/page', {
      model: { clientId: 'claims-gw-1' },
    });
    expect(list.json().data.total).toBe(1);
    expect(list.body).not.toContain(clientSecret);
    expect(list.body).not.toContain(row.secretHash);

    const signIn = await passwordGrant('demo', 'claims-gw-1', clientSecret);
    expect(signIn.json(), signIn.body).toMatchObject({ isSuccess: true });

    // One operation-log row, without the secret or its hash.
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetTable, 'client_apps'), eq(operationLogs.targetId, client.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'create', account: 'admin', before: null });
    expect(logs[0].after).toMatchObject({ clientId: 'claims-gw-1', confidential: true });
    expect(JSON.stringify(logs[0].after)).not.toContain(row.secretHash);
    expect(logs[0].requestId).not.toBe('');
  });

  it("answers 'clientId already exists' in both languages, whichever tenant owns it", async () => {
    await create('demo/admin', serverClient('dup-client'));
    for (const who of ['demo/admin', 'acme/admin']) {
      const again = await as(who, 'POST', '/authority/client', serverClient('DUP-client'));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        isSuccess: false,
        code: 40160,
        msg: '客户端ID已存在',
        msg_en: 'ClientId already exists',
      });
    }
    const builtIn = await as('demo/admin', 'POST', '/authority/client', serverClient('portal-web'));
    expect(builtIn.json().code).toBe(40160);
  });

  it('refuses the old secret after a reset, and takes the new one', async () => {
    const { client, clientSecret: old } = await create('demo/admin', serverClient('reset-me'));
    expect((await passwordGrant('demo', 'reset-me', old)).json().isSuccess).toBe(true);
    const reset = await as('demo/admin', 'POST', '/authority/client/resetSecret', { id: client.id });
    const fresh = reset.json().data.clientSecret as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    // The old secret was verified (and cached) a moment ago: it is refused at once all the same.
    expect((await passwordGrant('demo', 'reset-me', old)).json()).toMatchObject({
      isSuccess: false,
      code: 40000,
    });
    expect((await passwordGrant('demo', 'reset-me', fresh)).json().isSuccess).toBe(true);
  });

  it('refuses a disabled client at once, and takes it back when enabled', async () => {
    const { client, clientSecret } = await create('demo/admin', serverClient('switch-me'));
    expect((await passwordGrant('demo', 'switch-me', clientSecret)).json().isSuccess).toBe(true);
    const off = await as('demo/admin', 'PUT', '/authority/client/enabled', { id: client.id, enabled: false });
    expect(off.json().data.enabled).toBe(false);
    expect((await passwordGrant('demo', 'switch-me', clientSecret)).json().code).toBe(40000);
    await as('demo/admin', 'PUT', '/authority/client/enabled', { id: client.id, enabled: true });
    expect((await passwordGrant('demo', 'switch-me', clientSecret)).json().isSuccess).toBe(true);
  });

  it('edits the fields, and the sign-in honours grant types and token lifetimes', async () => {
    const { client, clientSecret } = await create('demo/admin', serverClient('edit-me'));
    const edited = await as('demo/admin', 'PUT', '/authority/client', {
      id: client.id,
      name: 'Short-lived gateway',
      confidential: true,
      grantTypes: ['password'],
      accessTokenSeconds: 600,
      refreshTokenSeconds: 3600,
      enabled: true,
    });
    expect(edited.json().data).toMatchObject({
      name: 'Short-lived gateway',
      grantTypes: ['password'],
      accessTokenSeconds: 600,
      refreshTokenSeconds: 3600,
    });
    const signIn = await passwordGrant('demo', 'edit-me', clientSecret);
    const data = signIn.json().data;
    expect(data.expires_in).toBeLessThanOrEqual(600);
    expect(data.expires_in).toBeGreaterThan(590);
    // No refresh_token grant: the refresh is refused with a clear message.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/saasapi/authority/anno/login',
      headers: { authorization: basic('edit-me', clientSecret), tenant: 'demo' },
      payload: { grant_type: 'refresh_token', refresh_token: data.refresh_token },
    });
    expect(refresh.json()).toMatchObject({
      code: 40163,
      msg_en: 'This client may not use the grant type refresh_token',
    });
    // Without the password grant, no sign-in.
    await as('demo/admin', 'PUT', '/authority/client', {
      id: client.id,
      name: 'Refresh only',
      confidential: true,
      grantTypes: ['refresh_token'],
    });
    expect((await passwordGrant('demo', 'edit-me', clientSecret)).json().code).toBe(40163);
  });

  it('deletes a client, whose credentials then stop working', async () => {
    const { client, clientSecret } = await create('demo/admin', serverClient('delete-me'));
    expect((await passwordGrant('demo', 'delete-me', clientSecret)).json().isSuccess).toBe(true);
    const gone = await as('demo/admin', 'DELETE', '/authority/client', { id: client.id });
    expect(gone.json()).toMatchObject({ isSuccess: true, data: null });
    expect((await passwordGrant('demo', 'delete-me', clientSecret)).json().code).toBe(40000);
    const again = await as('demo/admin', 'DELETE', '/authority/client', { id: client.id });
    expect(again.statusCode).toBe(404);
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, client.id), eq(operationLogs.action, 'delete')));
    expect(log.before).toMatchObject({ clientId: 'delete-me' });
  });

  it('keeps the built-in web client: no delete, disable, edit or reset, with a clear message', async () => {
    const list = await as('demo/admin', 'POST', '/authority/client/page', {
      model: { clientId: 'portal-web' },
    });
    const web = list.json().data.records[0];
    expect(web).toMatchObject({ clientId: 'portal-web', builtIn: true, enabled: true, confidential: false });
    const attempts = [
      as('demo/admin', 'DELETE', '/authority/client', { id: web.id }),
      as('demo/admin', 'PUT', '/authority/client/enabled', { id: web.id, enabled: false }),
      as('demo/admin', 'POST', '/authority/client/resetSecret', { id: web.id }),
      as('demo/admin', 'PUT', '/authority/client', { ...serverClient('x'), id: web.id, confidential: false }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40161,
        msg_en:
          'The built-in client portal-web cannot be deleted or disabled: nobody could sign in to the portal any more',
      });
    }
    const [row] = await t.platform.db.select().from(clientApps).where(eq(clientApps.clientId, 'portal-web'));
    expect(row.enabled).toBe(true);
  });
});

describe('client routes refuse', () => {
  it('bad input with 400 and bilingual field errors', async () => {
    const badId = await as('demo/admin', 'POST', '/authority/client', serverClient('has space'));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data.fieldErrors.clientId.msg_en).toBe(
      'The client ID may hold letters, digits, dots, underscores and hyphens only',
    );
    const noGrant = await as(
      'demo/admin',
      'POST',
      '/authority/client',
      serverClient('no-grant', { grantTypes: [] }),
    );
    expect(noGrant.json().data.fieldErrors.grantTypes).toMatchObject({
      msg: '至少选择一种授权方式',
      msg_en: 'Choose at least one grant type',
    });
    const publicExempt = await as(
      'demo/admin',
      'POST',
      '/authority/client',
      serverClient('pub-exempt', { confidential: false, captchaExempt: true }),
    );
    expect(publicExempt.json().data.fieldErrors.captchaExempt.msg_en).toBe(
      'Only a confidential client may sign in without a captcha',
    );
    const shortTtl = await as(
      'demo/admin',
      'POST',
      '/authority/client',
      serverClient('short', { accessTokenSeconds: 5 }),
    );
    expect(shortTtl.statusCode).toBe(400);
    const badId2 = await as('demo/admin', 'DELETE', '/authority/client', { id: 'not-a-uuid' });
    expect(badId2.statusCode).toBe(400);
    const rows = await t.platform.db.select().from(clientApps).where(eq(clientApps.clientId, 'no-grant'));
    expect(rows).toEqual([]);
  });

  it('callers without the permission (403, non-session code)', async () => {
    const { client } = await create('demo/admin', serverClient('perm-check'));
    for (const who of ['demo/auditor', 'demo/hospital']) {
      const calls = [
        as(who, 'POST', '/authority/client/page', {}),
        as(who, 'POST', '/authority/client', serverClient(`x-${who.replace('/', '-')}`)),
        as(who, 'PUT', '/authority/client', { ...serverClient('perm-check'), id: client.id }),
        as(who, 'PUT', '/authority/client/enabled', { id: client.id, enabled: false }),
        as(who, 'POST', '/authority/client/resetSecret', { id: client.id }),
        as(who, 'DELETE', '/authority/client', { id: client.id }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, who).toBe(403);
        expect(res.json().code).toBe(40300);
      }
    }
  });

  it("another tenant's clients: not listed, not changed (404), and not usable for its users", async () => {
    const { client, clientSecret } = await create('demo/admin', serverClient('demo-only'));
    const acmeList = await as('acme/admin', 'POST', '/authority/client/page', { size: 100 });
    const ids = acmeList.json().data.records.map((r: { clientId: string }) => r.clientId);
    expect(ids).toContain('portal-web');
    expect(ids).not.toContain('demo-only');
    const calls = [
      as('acme/admin', 'PUT', '/authority/client', { ...serverClient('demo-only'), id: client.id }),
      as('acme/admin', 'PUT', '/authority/client/enabled', { id: client.id, enabled: false }),
      as('acme/admin', 'POST', '/authority/client/resetSecret', { id: client.id }),
      as('acme/admin', 'DELETE', '/authority/client', { id: client.id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 40162, msg_en: 'The client does not exist' });
    }
    // demo's client signs in demo's users only.
    expect((await passwordGrant('acme', 'demo-only', clientSecret)).json().code).toBe(40000);
    expect((await passwordGrant('demo', 'demo-only', clientSecret)).json().isSuccess).toBe(true);
  });
});
