import { ROLES } from '@portal/domain/permissions';
import { and, eq, isNull, ne } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { TActor } from '../../platform/auth/access.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { newOpaqueToken, sha256, type TAccessClaims } from '../../platform/auth/tokens.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { permissionsOf, roleCodesOf } from '../roles/roles.service.ts';
import { findUserByAccount, recordLogin, type TUserRow } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { clientApps, refreshTokens, sessions } from './session.tables.ts';

const CAPTCHA_TTL = 5 * 60;
const CAPTCHA_PER_MINUTE = 30;
const FAIL_WINDOW = 15 * 60;
const ACCOUNT_LOCK_AFTER = 5;
const IP_LOCK_AFTER = 30;
const SLOW_AFTER = 3;

// svg-captcha's default export renders a given text; its typings omit that call signature.
const renderCaptchaText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

export interface TLoginResult {
  token: string;
  refreshToken: string;
  expiration: string;
  expiresIn: number;
  userId: string;
  account: string;
  name: string;
  nameEn: string;
  avatar: string;
  workDescribe: string;
  providerId: string | null;
  userType: string;
  tenant: string;
  mustChangePassword: boolean;
}

/** A captcha image for `key`; the answer is kept for 5 minutes and can be used once. */
export async function createCaptcha(p: TPlatform, { key, ip }: { key: string; ip: string }): Promise<string> {
  const requests = await p.kv.incr(`captcha-rate:${ip}`, 60);
  if (requests > CAPTCHA_PER_MINUTE) throw new AppError('CAPTCHA_TOO_FREQUENT');
  const options = { size: 4, noise: 2, color: true, background: '#fdf3e7', ignoreChars: '0oO1ilI' };
  const captcha = p.config.captchaTestCode
    ? { data: renderCaptchaText(p.config.captchaTestCode, options), text: p.config.captchaTestCode }
    : svgCaptcha.create(options);
  await p.kv.set(`captcha:${key}`, captcha.text.toLowerCase(), CAPTCHA_TTL);
  return captcha.data;
}

async function checkCaptcha(p: TPlatform, key: string, code: string): Promise<void> {
  const answer = await p.kv.take(`captcha:${key}`);
  if (answer === null) throw new AppError('CAPTCHA_EXPIRED');
  if (answer !== code.trim().toLowerCase()) throw new AppError('CAPTCHA_WRONG');
}

/** True when the client id and secret name an enabled registered client. */
export async function verifyClient(p: TPlatform, clientId: string, secret: string): Promise<boolean> {
  const rows = await p.db.select().from(clientApps).where(eq(clientApps.clientId, clientId));
  const row = rows[0];
  return Boolean(row?.enabled && row.secretHash === sha256(secret));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Checks account and password with the failed-login brakes; returns the user. */
async function authenticate(
  p: TPlatform,
  { tenantId, account, password, ip }: { tenantId: string; account: string; password: string; ip: string },
): Promise<TUserRow> {
  const accountKey = `login-fail:acct:${tenantId}:${account.toLowerCase()}`;
  const ipKey = `login-fail:ip:${ip}`;
  const [accountFails, ipFails] = await Promise.all([p.kv.get(accountKey), p.kv.get(ipKey)]);
  if (Number(accountFails ?? 0) >= ACCOUNT_LOCK_AFTER || Number(ipFails ?? 0) >= IP_LOCK_AFTER) {
    throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes: FAIL_WINDOW / 60 } });
  }
  const user = await findUserByAccount(p.db, { tenantId, account });
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    const [fails] = await Promise.all([p.kv.incr(accountKey, FAIL_WINDOW), p.kv.incr(ipKey, FAIL_WINDOW)]);
    if (fails >= SLOW_AFTER) await sleep(Math.min(3000, 500 * (fails - SLOW_AFTER + 1)));
    throw new AppError('WRONG_CREDENTIALS');
  }
  if (!user.enabled) throw new AppError('USER_DISABLED');
  await p.kv.del(accountKey);
  return user;
}

async function issueSession(
  p: TPlatform,
  {
    user,
    tenantCode,
    clientId,
    ip,
    userAgent,
  }: { user: TUserRow; tenantCode: string; clientId: string; ip: string; userAgent: string },
): Promise<TLoginResult> {
  const refreshToken = newOpaqueToken();
  const now = Date.now();
  const sessionId = await p.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        tenantId: user.tenantId,
        userId: user.id,
        clientId,
        ip,
        userAgent: userAgent.slice(0, 300),
        expiresAt: new Date(now + p.config.refreshTokenTtl * 1000),
      })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({
      tenantId: user.tenantId,
      sessionId: session.id,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(now + p.config.refreshTokenTtl * 1000),
    });
    return session.id;
  });
  await recordLogin(p.db, { tenantId: user.tenantId, userId: user.id });
  return loginResult(p, { user, tenantCode, sessionId, refreshToken });
}

async function loginResult(
  p: TPlatform,
  {
    user,
    tenantCode,
    sessionId,
    refreshToken,
  }: { user: TUserRow; tenantCode: string; sessionId: string; refreshToken: string },
): Promise<TLoginResult> {
  const { token, expiresAt } = await p.tokens.signAccess({
    sub: user.id,
    tid: user.tenantId,
    sid: sessionId,
  });
  return {
    token,
    refreshToken,
    expiration: expiresAt.toISOString(),
    expiresIn: p.tokens.accessTtlSeconds,
    userId: user.id,
    account: user.account,
    name: user.name,
    nameEn: user.nameEn,
    avatar: user.avatar,
    workDescribe: user.workDescribe,
    providerId: user.providerId,
    userType: user.userType,
    tenant: tenantCode,
    mustChangePassword: user.mustChangePassword,
  };
}

async function requireTenant(p: TPlatform, code: string | undefined) {
  const tenant = code ? await findTenantByCode(p.db, code.trim()) : null;
  if (!tenant) throw new AppError('TENANT_UNKNOWN');
  return tenant;
}

/** Sign-in with tenant, account, password and captcha (the web login page). */
export async function loginWithCaptcha(
  p: TPlatform,
  input: {
    tenantCode?: string;
    account: string;
    password: string;
    key: string;
    code: string;
    clientId: string;
    ip: string;
    userAgent: string;
  },
): Promise<TLoginResult> {
  const tenant = await requireTenant(p, input.tenantCode);
  await checkCaptcha(p, input.key, input.code);
  const user = await authenticate(p, {
    tenantId: tenant.id,
    account: input.account,
    password: input.password,
    ip: input.ip,
  });
  return issueSession(p, {
    user,
    tenantCode: tenant.code,
    clientId: input.clientId,
    ip: input.ip,
    userAgent: input.userAgent,
  });
}

/** The OAuth-style password grant for registered API clients (same brakes, no captcha). */
export async function loginWithPassword(
  p: TPlatform,
  input: {
    tenantCode?: string;
    account: string;
    password: string;
    clientId: string;
    ip: string;
    userAgent: string;
  },
): Promise<TLoginResult> {
  const tenant = await requireTenant(p, input.tenantCode);
  const user = await authenticate(p, {
    tenantId: tenant.id,
    account: input.account,
    password: input.password,
    ip: input.ip,
  });
  return issueSession(p, {
    user,
    tenantCode: tenant.code,
    clientId: input.clientId,
    ip: input.ip,
    userAgent: input.userAgent,
  });
}

/**
 * Exchanges a refresh token for a new pair. Each refresh token works once; presenting a used
 * one again revokes its whole session (reuse detection).
 */
export async function refreshSession(
  p: TPlatform,
  { refreshToken }: { refreshToken: string },
): Promise<TLoginResult> {
  const hash = sha256(refreshToken);
  const rows = await p.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
  const stored = rows[0];
  if (!stored || stored.expiresAt <= new Date()) throw new AppError('SESSION_EXPIRED');

  const claimed = await p.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, stored.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeSession(p, { sessionId: stored.sessionId, reason: 'reuse' });
    throw new AppError('SESSION_EXPIRED');
  }

  const found = await p.db
    .select({ session: sessions, user: users, tenantCode: tenants.code, tenantEnabled: tenants.enabled })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.id, stored.sessionId));
  const row = found[0];
  if (
    !row ||
    row.session.revokedAt ||
    row.session.expiresAt <= new Date() ||
    !row.user.enabled ||
    !row.tenantEnabled
  ) {
    throw new AppError('SESSION_EXPIRED');
  }
  const next = newOpaqueToken();
  await p.db.insert(refreshTokens).values({
    tenantId: row.session.tenantId,
    sessionId: row.session.id,
    tokenHash: sha256(next),
    expiresAt: row.session.expiresAt,
  });
  return loginResult(p, {
    user: row.user,
    tenantCode: row.tenantCode,
    sessionId: row.session.id,
    refreshToken: next,
  });
}

/** Ends a session: its refresh tokens and access tokens stop working at once. */
export async function revokeSession(
  p: TPlatform,
  { sessionId, reason }: { sessionId: string; reason: string },
) {
  await p.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every live session of a user except `keepSessionId` (after a password change the other
 * devices must sign in again); returns how many were ended.
 */
export async function revokeOtherSessions(
  db: TDbOrTx,
  {
    tenantId,
    userId,
    keepSessionId,
    reason,
  }: { tenantId: string; userId: string; keepSessionId: string; reason: string },
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Logout by access token (the form field `token`); an unreadable or expired token is a no-op. */
export async function logout(p: TPlatform, { token }: { token: string }): Promise<void> {
  const claims = await p.tokens.verifyAccess(token.replace(/^Bearer\s+/i, '')).catch(() => null);
  if (claims) await revokeSession(p, { sessionId: claims.sid, reason: 'logout' });
}

/** Loads the actor of a live session in one query; throws the session codes when it is gone. */
export async function loadActor(p: TPlatform, claims: TAccessClaims): Promise<TActor> {
  const found = await p.db
    .select({
      session: sessions,
      user: users,
      tenantCode: tenants.code,
      tenantEnabled: tenants.enabled,
      roles: roleCodesOf(users.id, users.tenantId),
      permissions: permissionsOf(users.id, users.tenantId),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(
      and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), eq(sessions.tenantId, claims.tid)),
    );
  const row = found[0];
  if (!row || row.session.revokedAt || !row.tenantEnabled || !row.user.enabled)
    throw new AppError('NOT_LOGGED_IN');
  if (row.session.expiresAt <= new Date()) throw new AppError('SESSION_EXPIRED');
  return {
    userId: row.user.id,
    tenantId: row.user.tenantId,
    tenantCode: row.tenantCode,
    sessionId: row.session.id,
    account: row.user.account,
    name: row.user.name,
    nameEn: row.user.nameEn,
    userType: row.user.userType,
    providerId: row.user.providerId,
    roles: row.roles,
    permissions: row.permissions,
    isSuperAdmin: row.roles.includes(ROLES.SUPER_ADMIN),
  };
}
