import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
import { CAPTCHA, createTestApp, headers, type TTestApp, WEB_CLIENT } from '../../test/test-app.ts';
import { clientApps } from './session.tables.ts';

/** Sign-in brakes and the captcha of the password grant (docs/decisions/0014-request-hardening.md). */

let t: TTestApp;
const SERVER_CLIENT = `Basic ${Buffer.from('claims-gateway:a-long-random-server-secret-0123456789').toString('base64')}`;
const OTHER_CLIENT = `Basic ${Buffer.from('mobile-app:another-long-random-secret-987654321').toString('base64')}`;

beforeAll(async () => {
  // One-second first wait (doubling, at most two) so the owner's retry can be tested for real.
  t = await createTestApp({ LOGIN_DELAY_SECONDS: '1', LOGIN_DELAY_MAX_SECONDS: '2' });
  await t.platform.db.insert(clientApps).values([
    {
      clientId: 'claims-gateway',
      secretHash: sha256('a-long-random-server-secret-0123456789'),
      name: 'Claims gateway (confidential)',
      captchaExempt: true,
    },
    {
      clientId: 'mobile-app',
      secretHash: sha256('another-long-random-secret-987654321'),
      name: 'Mobile app (public)',
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function captcha(ip: string) {
  const key = randomUUID();
  const res = await t.app.inject({
    method: 'GET',
    url: `/saasapi/oauth/anno/captcha?key=${key}`,
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return key;
}

async function webLogin(ip: string, account: string, password: string, language: 'zh' | 'en' = 'zh') {
  const key = await captcha(ip);
  const res = await t.app.inject({
    method: 'POST',
    url: '/saasapi/oauth/noToken/login',
    headers: headers('demo', undefined, language),
    remoteAddress: ip,
    payload: { account, password, key, code: CAPTCHA },
  });
  return res.json();
}

function passwordGrant(
  client: string,
  ip: string,
  body: Record<string, string>,
  extra: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/saasapi/authority/anno/login',
    headers: {
      authorization: client,
      tenant: 'demo',
      'content-type': 'application/x-www-form-urlencoded',
      ...extra,
    },
    remoteAddress: ip,
    payload: new URLSearchParams({ grant_type: 'password', ...body }).toString(),
  });
}

describe('account brake', () => {
  it("lets the owner sign in after a stranger's failures from another address, once the short wait is over", async () => {
    const stranger = '203.0.113.10';
    const owner = '198.51.100.10';
    for (let i = 0; i < 5; i++) {
      expect((await webLogin(stranger, 'auditor', `guess-${i}`)).code).toBe(40006);
    }
    // The stranger's next guess is refused without being checked.
    const refused = await webLogin(stranger, 'auditor', 'guess-5');
    expect(refused).toMatchObject({ isSuccess: false, code: 40030 });

    // The owner, inside the wait, is asked to retry in N seconds (both languages), not locked out.
    const early = await webLogin(owner, 'auditor', 'Portal2026', 'en');
    expect(early).toMatchObject({ isSuccess: false, code: 40030 });
    expect(early.msg).toMatch(/^该账号登录尝试过于频繁，请 [12] 秒后重试$/);
    expect(early.msg_en).toMatch(
      /^Sign-in attempts for this account are too frequent; retry in [12] seconds$/,
    );

    await new Promise((r) => setTimeout(r, 1100));
    const signedIn = await webLogin(owner, 'auditor', 'Portal2026');
    expect(signedIn).toMatchObject({ isSuccess: true, data: { account: 'auditor' } });

    // The owner's sign-in ended the brake: the next wrong password is an ordinary failure.
    expect((await webLogin(stranger, 'auditor', 'guess-6')).code).toBe(40006);
  }, 60_000);

  it('doubles the wait with each further failure, up to the cap', async () => {
    const stranger = '203.0.113.11';
    for (let i = 0; i < 5; i++) await webLogin(stranger, 'netview', `guess-${i}`);
    await new Promise((r) => setTimeout(r, 1100));
    // One attempt passes after the wait; it fails, and the next wait is two seconds (the cap).
    expect((await webLogin(stranger, 'netview', 'guess-5')).code).toBe(40006);
    const next = await webLogin(stranger, 'netview', 'guess-6');
    expect(next.code).toBe(40030);
    expect(next.msg_en).toMatch(/retry in 2 seconds/);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await webLogin('198.51.100.11', 'netview', 'Portal2026')).isSuccess).toBe(true);
  }, 60_000);

  it('records a brake and its release as security events, in the table and the log', async () => {
    const lines: Array<{ level: string; event: unknown }> = [];
    const record = (level: string) => (obj: unknown) => {
      const event = (obj as { securityEvent?: { event?: unknown } } | undefined)?.securityEvent?.event;
      if (event) lines.push({ level, event });
    };
    const warn = vi.spyOn(t.platform.log, 'warn').mockImplementation(record('warn') as never);
    const info = vi.spyOn(t.platform.log, 'info').mockImplementation(record('info') as never);
    try {
      for (let i = 0; i < 5; i++) await webLogin('203.0.113.12', 'hospital', `guess-${i}`);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await webLogin('198.51.100.12', 'hospital', 'Portal2026')).isSuccess).toBe(true);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
    expect(lines).toContainEqual({ level: 'warn', event: 'lockout' });
    expect(lines).toContainEqual({ level: 'info', event: 'unlock' });
    const rows = await t.platform.db
      .select()
      .from(securityEvents)
      .where(
        and(eq(securityEvents.account, 'hospital'), inArray(securityEvents.event, ['lockout', 'unlock'])),
      )
      .orderBy(asc(securityEvents.createdAt));
    expect(rows.map((r) => [r.event, r.reason, r.ip])).toEqual([
      ['lockout', 'account', '203.0.113.12'],
      ['unlock', 'owner-signed-in', '198.51.100.12'],
    ]);
    expect(rows[0].detail).toMatchObject({ brake: 'account', failures: 5, waitSeconds: 1 });
  }, 60_000);
});

describe('address brake', () => {
  it('blocks an address after 30 failures, whatever X-Forwarded-For it sends, and only that address', async () => {
    const attacker = '203.0.113.20';
    for (let i = 0; i < 30; i++) {
      // A different account each time (no account brake), a different forged header each time.
      const res = await passwordGrant(
        SERVER_CLIENT,
        attacker,
        { username: `nobody-${i}`, password: 'wrong' },
        { 'x-forwarded-for': `192.0.2.${i}` },
      );
      expect(res.json().code).toBe(40006);
    }
    const blocked = await passwordGrant(
      SERVER_CLIENT,
      attacker,
      { username: 'admin', password: 'Portal2026' },
      { 'x-forwarded-for': '192.0.2.200', language: 'en' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 40015,
      msg: '登录失败次数过多，请 15 分钟后再试',
      msg_en: 'Too many failed logins, try again in 15 minutes',
    });
    const elsewhere = await passwordGrant(SERVER_CLIENT, '198.51.100.20', {
      username: 'admin',
      password: 'Portal2026',
    });
    expect(elsewhere.json()).toMatchObject({
      isSuccess: true,
      data: { account: 'admin', token_type: 'Bearer' },
    });
  }, 60_000);
});

describe('password grant', () => {
  it('needs the captcha from the public web client and from any client not registered as exempt', async () => {
    for (const client of [WEB_CLIENT, OTHER_CLIENT]) {
      const res = await passwordGrant(client, '198.51.100.30', { username: 'admin', password: 'Portal2026' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        isSuccess: false,
        code: 40031,
        msg: '请输入验证码',
        msg_en: 'Please enter the verification code',
        data: {
          fieldErrors: {
            key: { msg: '请输入验证码' },
            code: { msg_en: 'Please enter the verification code' },
          },
        },
      });
    }
    const wrong = await passwordGrant(WEB_CLIENT, '198.51.100.30', {
      username: 'admin',
      password: 'Portal2026',
      key: await captcha('198.51.100.30'),
      code: 'nope',
    });
    expect(wrong.json().code).toBe(40011);
    const right = await passwordGrant(OTHER_CLIENT, '198.51.100.30', {
      username: 'admin',
      password: 'Portal2026',
      key: await captcha('198.51.100.30'),
      code: CAPTCHA,
    });
    expect(right.json()).toMatchObject({ isSuccess: true, data: { account: 'admin' } });
  });

  it('lets a confidential client registered as exempt sign in without the captcha, brakes still applying', async () => {
    const res = await passwordGrant(SERVER_CLIENT, '198.51.100.31', {
      username: 'admin',
      password: 'Portal2026',
    });
    expect(res.json()).toMatchObject({ isSuccess: true, data: { account: 'admin', token_type: 'Bearer' } });
    const wrong = await passwordGrant(SERVER_CLIENT, '198.51.100.31', { username: 'admin', password: 'bad' });
    expect(wrong.json().code).toBe(40006);
  });
});
