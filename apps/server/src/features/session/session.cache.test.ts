import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp, WEB_CLIENT } from '../../test/test-app.ts';
import { setUserEnabled } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { loadActor, type TVisibleResources, visibleAnswer } from './session.service.ts';

/** The request path's cache (docs/decisions/0018-auth-cache.md), on one instance. */

/** Queries of the client and session lookups: they are the only ones reading these tables. */
const authQuery = (sql: string) => /from "client_apps"|from "sessions"/.test(sql);

async function appCountingQueries(env: Record<string, string> = {}) {
  const queries: string[] = [];
  const t = await createTestApp(env, { onQuery: (sql) => queries.push(sql) });
  return { t, queries };
}

const visible = (t: TTestApp, token: string, authorization = WEB_CLIENT) =>
  call(t.app, 'demo', token, {
    method: 'GET',
    url: '/saasapi/oauth/resource/visible',
    headers: { authorization },
  });

describe('auth cache on one instance', () => {
  let t: TTestApp;
  let queries: string[];
  beforeAll(async () => {
    ({ t, queries } = await appCountingQueries());
  });
  afterAll(() => t?.close());

  it('answers a repeated request without asking the database for client or session', async () => {
    const { token } = await login(t.app, 'demo', 'hospital');
    queries.length = 0;
    expect((await visible(t, token)).statusCode).toBe(200);
    expect(queries.filter(authQuery)).toHaveLength(1);

    queries.length = 0;
    const again = await visible(t, token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.roleList).toContain('SMART_PORTAL');
    // This route reads the actor only: a hit runs no query at all.
    expect(queries).toEqual([]);
  });

  it('writes the resource/visible answer once per cached actor, and anew for a reloaded one', async () => {
    const { token } = await login(t.app, 'demo', 'hospital');
    const first = await visible(t, token);
    expect(first.json()).toMatchObject({ isSuccess: true, data: { enabled: true, caseSensitive: false } });
    expect((await visible(t, token)).body).toBe(first.body);
    // Copies, so that the texts written here are not the cached actor's own.
    const actor = { ...(await loadActor(t.platform, await t.platform.tokens.verifyAccess(token))) };
    const writes: string[][] = [];
    const write = (answer: TVisibleResources) => {
      writes.push(answer.roleList);
      return Buffer.from(JSON.stringify(answer));
    };
    const text = visibleAnswer(actor, write);
    expect(visibleAnswer(actor, write)).toBe(text);
    expect(JSON.parse(text.toString()).resourceList).toEqual(actor.permissions);
    // A role or permission change loads a new actor (the cache is invalidated): its own text.
    const reloaded = { ...actor, roles: ['SMART_PORTAL', 'AUDITOR'] };
    expect(JSON.parse(visibleAnswer(reloaded, write).toString()).roleList).toEqual([
      'SMART_PORTAL',
      'AUDITOR',
    ]);
    expect(writes).toEqual([actor.roles, ['SMART_PORTAL', 'AUDITOR']]);
  });

  it('never answers a wrong secret from memory, even after the right one was cached', async () => {
    const { token } = await login(t.app, 'demo', 'hospital');
    expect((await visible(t, token)).statusCode).toBe(200);
    const wrong = `Basic ${Buffer.from('portal-web:not-the-secret').toString('base64')}`;
    queries.length = 0;
    const refused = await visible(t, token, wrong);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(40000);
    expect(queries.filter(authQuery)).toHaveLength(1);
    // Refusals are not kept either: the next wrong try asks again.
    queries.length = 0;
    expect((await visible(t, token, wrong)).statusCode).toBe(401);
    expect(queries.filter(authQuery)).toHaveLength(1);
  });

  it('refuses a session at once after logout', async () => {
    const { token } = await login(t.app, 'demo', 'hospital');
    expect((await visible(t, token)).statusCode).toBe(200);
    expect((await visible(t, token)).statusCode).toBe(200);
    const out = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/oauth/noToken/logout',
      payload: { token: `Bearer ${token}` },
    });
    expect(out.json()).toMatchObject({ isSuccess: true });
    const after = await visible(t, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(40009);
  });

  it('refuses every session of a user at once when the user is disabled', async () => {
    const admin = await login(t.app, 'demo', 'admin');
    const adminActor = await loadActor(t.platform, await t.platform.tokens.verifyAccess(admin.token));
    const first = await login(t.app, 'demo', 'auditor');
    const second = await login(t.app, 'demo', 'auditor');
    for (const s of [first, second]) expect((await visible(t, s.token)).statusCode).toBe(200);
    try {
      await setUserEnabled(t.platform, {
        tenantId: adminActor.tenantId,
        actor: adminActor,
        userId: first.userId,
        enabled: false,
      });
      for (const s of [first, second]) expect((await visible(t, s.token)).json().code).toBe(40009);
      // Other users' cached sessions stay.
      queries.length = 0;
      expect((await visible(t, admin.token)).statusCode).toBe(200);
    } finally {
      await setUserEnabled(t.platform, {
        tenantId: adminActor.tenantId,
        actor: adminActor,
        userId: first.userId,
        enabled: true,
      });
    }
    // Disabling refuses the sessions without ending them: enabled again, they work again.
    expect((await visible(t, first.token)).statusCode).toBe(200);
  });

  it('refuses the other sessions at once after a password change, and keeps the current one', async () => {
    const current = await login(t.app, 'demo', 'netview');
    const other = await login(t.app, 'demo', 'netview');
    for (const s of [current, other]) expect((await visible(t, s.token)).statusCode).toBe(200);
    const changed = await call(t.app, 'demo', current.token, {
      method: 'PUT',
      url: '/saasapi/authority/user/password',
      payload: { oldPassword: 'Portal2026', newPassword: 'Portal2027', confirmPassword: 'Portal2027' },
    });
    expect(changed.json()).toMatchObject({ isSuccess: true, data: { revokedSessions: 1 } });
    expect((await visible(t, other.token)).json().code).toBe(40009);
    expect((await visible(t, current.token)).statusCode).toBe(200);
  });

  it('shows a changed name from the next request on', async () => {
    const { token } = await login(t.app, 'demo', 'hospital');
    const before = await loadActor(t.platform, await t.platform.tokens.verifyAccess(token));
    const res = await call(t.app, 'demo', token, {
      method: 'PUT',
      url: '/saasapi/authority/user/base',
      payload: { name: '新名字', nameEn: 'New name', workDescribe: '' },
    });
    expect(res.json()).toMatchObject({ isSuccess: true });
    const after = await loadActor(t.platform, await t.platform.tokens.verifyAccess(token));
    expect([before.name, after.name]).toEqual([expect.not.stringMatching('新名字'), '新名字']);
  });
});

describe('auth cache safety TTL', () => {
  let t: TTestApp;
  let queries: string[];
  beforeAll(async () => {
    ({ t, queries } = await appCountingQueries({ AUTH_CACHE_SECONDS: '1' }));
  });
  afterAll(() => t?.close());

  it('reloads a session once its entry is older than AUTH_CACHE_SECONDS', async () => {
    const { token, userId } = await login(t.app, 'demo', 'hospital');
    expect((await visible(t, token)).statusCode).toBe(200);
    // Disabled behind the services' back (no invalidation): only the TTL can notice.
    const [demo] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const where = and(eq(users.tenantId, demo.id), eq(users.id, userId));
    await t.platform.db.update(users).set({ enabled: false }).where(where);
    try {
      queries.length = 0;
      expect((await visible(t, token)).statusCode).toBe(200);
      expect(queries.filter(authQuery)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await visible(t, token);
      expect(expired.json().code).toBe(40009);
      expect(queries.filter(authQuery)).toHaveLength(2);
    } finally {
      await t.platform.db.update(users).set({ enabled: true }).where(where);
    }
  });
});

describe('auth cache turned off', () => {
  let t: TTestApp;
  let queries: string[];
  beforeAll(async () => {
    ({ t, queries } = await appCountingQueries({ AUTH_CACHE_SECONDS: '0' }));
  });
  afterAll(() => t?.close());

  it('asks the database on every request with AUTH_CACHE_SECONDS=0', async () => {
    const { token } = await login(t.app, 'demo', 'hospital');
    await visible(t, token);
    queries.length = 0;
    expect((await visible(t, token)).statusCode).toBe(200);
    expect(queries.filter(authQuery)).toHaveLength(2);
  });
});
