import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
import { call, createTestApp, login, type TTestApp, WEB_CLIENT } from '../../test/test-app.ts';
import { clientApps, sessions } from './session.tables.ts';

/** Token claims, idle timeout and absolute lifetime of sessions (decision 0002). */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

/** Moves the clock of the server (and jose's expiry checks) `ms` ahead. */
function advance(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

const visible = (app: TTestApp, token: string) =>
  call(app.app, 'demo', token, { method: 'GET', url: '/saasapi/oauth/resource/visible' });

const refresh = (app: TTestApp, refreshToken: string, client = WEB_CLIENT) =>
  app.app.inject({
    method: 'POST',
    url: '/saasapi/authority/anno/login',
    headers: { authorization: client },
    payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
  });

const eventsOf = (app: TTestApp, userId: string, event: string) =>
  app.platform.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.event, event)));

describe('access token claims', () => {
  /** A token signed with the server's own secret, with the claims given. */
  async function forge(
    s: { token: string },
    build: (jwt: SignJWT) => SignJWT,
    secret = t.config.jwtSecret,
  ): Promise<string> {
    const [, payload] = s.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const jwt = new SignJWT({ tid: claims.tid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub));
    return build(jwt).sign(new TextEncoder().encode(secret));
  }
  const now = () => Math.floor(Date.now() / 1000);

  it('carries exp, iat, iss and aud, and the genuine token works', async () => {
    const s = await login(t.app, 'demo', 'auditor');
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'portal', aud: 'portal-api' });
    expect(claims.exp - claims.iat).toBe(7200);
    const full = await forge(s, (j) =>
      j
        .setIssuedAt()
        .setExpirationTime(now() + 60)
        .setIssuer('portal')
        .setAudience('portal-api'),
    );
    expect((await visible(t, full)).json().isSuccess).toBe(true);
  });

  it('refuses a signed token without exp, iat, iss or aud with 40005', async () => {
    const s = await login(t.app, 'demo', 'auditor');
    const variants: Record<string, (j: SignJWT) => SignJWT> = {
      exp: (j) => j.setIssuedAt().setIssuer('portal').setAudience('portal-api'),
      iat: (j) =>
        j
          .setExpirationTime(now() + 60)
          .setIssuer('portal')
          .setAudience('portal-api'),
      iss: (j) =>
        j
          .setIssuedAt()
          .setExpirationTime(now() + 60)
          .setAudience('portal-api'),
      aud: (j) =>
        j
          .setIssuedAt()
          .setExpirationTime(now() + 60)
          .setIssuer('portal'),
    };
    for (const [missing, build] of Object.entries(variants)) {
      const res = await visible(t, await forge(s, build));
      expect(res.statusCode, missing).toBe(401);
      expect(res.json(), missing).toMatchObject({ isSuccess: false, code: 40005 });
    }
  });

  it('refuses a wrong audience or issuer with 40005, an expired token with 40001', async () => {
    const s = await login(t.app, 'demo', 'auditor');
    const base = (j: SignJWT) => j.setIssuedAt().setExpirationTime(now() + 60);
    const wrongAud = await forge(s, (j) => base(j).setIssuer('portal').setAudience('claims-api'));
    expect((await visible(t, wrongAud)).json().code).toBe(40005);
    const wrongIss = await forge(s, (j) => base(j).setIssuer('elsewhere').setAudience('portal-api'));
    expect((await visible(t, wrongIss)).json().code).toBe(40005);
    const expired = await forge(s, (j) =>
      j
        .setIssuedAt(now() - 120)
        .setExpirationTime(now() - 60)
        .setIssuer('portal')
        .setAudience('portal-api'),
    );
    expect((await visible(t, expired)).json().code).toBe(40001);
  });
});

describe('idle timeout', () => {
  it('ends a session after 30 minutes without a request, once, with 40001 and a security event', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await login(t.app, 'demo', 'netview');
    expect((await visible(t, s.token)).json().isSuccess).toBe(true);
    advance(31 * MINUTE);
    const late = await visible(t, s.token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      isSuccess: false,
      code: 40001,
      msg_en: 'Login expired, please log in again',
    });
    // Later requests and the refresh token are refused too; the event is written once.
    expect((await visible(t, s.token)).json().code).toBe(40001);
    expect((await refresh(t, s.refreshToken)).json().code).toBe(40001);
    const events = await eventsOf(t, s.userId, 'session-expired');
    expect(events.map((e) => [e.reason, e.account])).toEqual([['idle', 'netview']]);
    const [row] = await t.platform.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(events[0].detail?.sessionId)));
    expect(row.revokedReason).toBe('idle');
  });

  it('keeps a session alive while requests come, writing last-seen at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const s = await login(t.app, 'demo', 'auditor');
    const sessionId = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString()).sid as string;
    const lastSeen = async () =>
      (await t.platform.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0].lastSeenAt.getTime();
    const signedIn = await lastSeen();
    // Requests within the minute: no write.
    advance(20_000);
    expect((await visible(t, s.token)).json().isSuccess).toBe(true);
    expect(await lastSeen()).toBe(signedIn);
    // 20, 40, 60 and 80 minutes after sign-in, never 30 minutes apart: still signed in.
    for (let step = 0; step < 4; step++) {
      advance(20 * MINUTE);
      expect((await visible(t, s.token)).json().isSuccess, `step ${step}`).toBe(true);
    }
    expect(await lastSeen()).toBeGreaterThan(signedIn + 79 * MINUTE);
    expect(await eventsOf(t, s.userId, 'session-expired')).toEqual([]);
    // A refresh counts as activity too.
    advance(25 * MINUTE);
    const refreshed = await refresh(t, s.refreshToken);
    expect(refreshed.json().isSuccess).toBe(true);
    advance(25 * MINUTE);
    expect((await visible(t, refreshed.json().data.access_token)).json().isSuccess).toBe(true);
  });

  it('costs one write per session and minute, not one per request', async () => {
    const statements: string[] = [];
    const counted = await createTestApp({}, { onQuery: (text) => statements.push(text) });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const s = await login(counted.app, 'demo', 'auditor');
      statements.length = 0;
      // A request every 10 seconds for 10 minutes: 60 requests.
      for (let i = 0; i < 60; i++) {
        advance(10_000);
        expect((await visible(counted, s.token)).json().isSuccess).toBe(true);
      }
      const touches = statements.filter((q) => /^update "sessions" set "last_seen_at"/i.test(q));
      expect(touches.length).toBeGreaterThanOrEqual(9);
      expect(touches.length).toBeLessThanOrEqual(10);
    } finally {
      vi.useRealTimers();
      await counted.close();
    }
  });

  it('is configurable through SESSION_IDLE_MINUTES', async () => {
    const short = await createTestApp({ SESSION_IDLE_MINUTES: '5' });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const s = await login(short.app, 'demo', 'auditor');
      advance(4 * MINUTE);
      expect((await visible(short, s.token)).json().isSuccess).toBe(true);
      advance(6 * MINUTE);
      expect((await visible(short, s.token)).json().code).toBe(40001);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('absolute lifetime', () => {
  it('ends a session SESSION_MAX_HOURS after sign-in however active, on refresh as well', async () => {
    const capped = await createTestApp({ SESSION_MAX_HOURS: '1' });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      const s = await login(capped.app, 'demo', 'hospital');
      // No token outlives the session: the access token ends with it.
      const claims = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString());
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);
      advance(25 * MINUTE);
      expect((await visible(capped, s.token)).json().isSuccess).toBe(true);
      advance(25 * MINUTE);
      const first = await refresh(capped, s.refreshToken);
      expect(first.json().isSuccess).toBe(true);
      expect(first.json().data.expires_in).toBeLessThanOrEqual(10 * 60);
      advance(11 * MINUTE);
      const late = await refresh(capped, first.json().data.refresh_token);
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ isSuccess: false, code: 40001 });
      expect((await visible(capped, first.json().data.access_token)).json().code).toBe(40001);
      const events = await eventsOf(capped, s.userId, 'session-expired');
      expect(events.map((e) => e.reason)).toEqual(['absolute']);
    } finally {
      vi.useRealTimers();
      await capped.close();
    }
  });
});

describe('refresh tokens', () => {
  it('work only for the client the session signed in with', async () => {
    const secret = 'yet-another-long-random-client-secret-42';
    await t.platform.db
      .insert(clientApps)
      .values({ clientId: 'other-app', secretHash: sha256(secret), name: 'Other app' })
      .onConflictDoNothing();
    const other = `Basic ${Buffer.from(`other-app:${secret}`).toString('base64')}`;
    const s = await login(t.app, 'demo', 'auditor');
    const stolen = await refresh(t, s.refreshToken, other);
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().code).toBe(40009);
    // Not spent: its owner still refreshes with it.
    expect((await refresh(t, s.refreshToken)).json().isSuccess).toBe(true);
  });

  it('records a replayed refresh token and a logout as security events', async () => {
    const s = await login(t.app, 'demo', 'admin');
    expect((await refresh(t, s.refreshToken)).json().isSuccess).toBe(true);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/saasapi/authority/anno/login',
      headers: { authorization: WEB_CLIENT },
      remoteAddress: '203.0.113.77',
      payload: { grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(replay.json().code).toBe(40001);
    const reuse = await eventsOf(t, s.userId, 'token-reuse');
    expect(reuse.map((e) => [e.account, e.ip, e.reason])).toEqual([
      ['admin', '203.0.113.77', 'refresh-replayed'],
    ]);
    expect(reuse[0].requestId).not.toBe('');

    const again = await login(t.app, 'demo', 'admin');
    const out = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/logout',
      headers: { authorization: WEB_CLIENT },
      payload: { token: `Bearer ${again.token}` },
    });
    expect(out.json().isSuccess).toBe(true);
    const logouts = await eventsOf(t, s.userId, 'logout');
    expect(logouts.map((e) => [e.account, e.reason])).toEqual([['admin', 'user-logout']]);
  });
});
