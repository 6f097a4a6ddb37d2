import { ERRORS } from '@portal/domain/errors/catalogue';
import { ROLES } from '@portal/domain/permissions';
import { and, eq, isNull, ne } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { TActor } from '../../platform/auth/access.ts';
import type { TSessionEntry } from '../../platform/auth/auth-cache.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { newOpaqueToken, sha256, type TAccessClaims } from '../../platform/auth/tokens.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { crossTenant, withTenant } from '../../platform/db/db-scope.ts';
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

/**
 * True when the client id and secret name an enabled registered client. A success is kept in
 * memory by client id and a hash of the secret (platform/auth/auth-cache.ts); a change to a
 * client must call `p.authCache.invalidate({ clientId })`.
 */
export async function verifyClient(p: TPlatform, clientId: string, secret: string): Promise<boolean> {
  return p.authCache.verifiedClient(clientId, secret, async () => {
    const rows = await p.db.select().from(clientApps).where(eq(clientApps.clientId, clientId));
    const row = rows[0];
    return Boolean(row?.enabled && row.secretHash === sha256(secret));
  });
}

/** True when the (already verified) client may use the password grant without a captcha. */
async function isCaptchaExempt(p: TPlatform, clientId: string): Promise<boolean> {
  const rows = await p.db
    .select({ exempt: clientApps.captchaExempt })
    .from(clientApps)
    .where(eq(clientApps.clientId, clientId));
  return rows[0]?.exempt === true;
}

/**
 * The failed-sign-in brakes (docs/decisions/0014-request-hardening.md; OWASP ASVS 5.0 6.3.1).
 * Per address: after `addressMaxFailures` failures (any account) the address is refused for the
 * window. Per account: after `accountFreeFailures` failures (any address) one attempt is let
 * through per wait, the wait doubling with each further failure up to a cap, so a stranger can
 * slow an account down but never lock its owner out.
 */
function loginBrake(
  p: TPlatform,
  { tenantId, account, ip }: { tenantId: string; account: string; ip: string },
) {
  const brake = p.config.loginBrake;
  const acct = `${tenantId}:${account.toLowerCase()}`;
  const keys = {
    accountFails: `login-fail:acct:${acct}`,
    /** Counts attempts inside the current wait: the first one passes, the others are refused. */
    accountSlot: `login-slot:acct:${acct}`,
    /** Epoch milliseconds when the current wait ends (for the message). */
    accountUntil: `login-until:acct:${acct}`,
    /** Set while the account is braked, so its release can be logged once. */
    accountBraked: `login-braked:acct:${acct}`,
    addressFails: `login-fail:ip:${ip}`,
    addressBlocked: `login-blocked:ip:${ip}`,
  };
  const waitFor = (fails: number) =>
    Math.min(brake.maxDelaySeconds, brake.delaySeconds * 2 ** Math.max(0, fails - brake.accountFreeFailures));
  const log = p.log.child({ tenantId, account, ip });

  return {
    /** Refuses the attempt when the address is blocked or the account must still wait. */
    async check(): Promise<void> {
      const [addressFails, addressBlocked, accountFails, accountBraked] = await Promise.all([
        p.kv.get(keys.addressFails),
        p.kv.get(keys.addressBlocked),
        p.kv.get(keys.accountFails),
        p.kv.get(keys.accountBraked),
      ]);
      if (Number(addressFails ?? 0) >= brake.addressMaxFailures) {
        throw new AppError('TOO_MANY_ATTEMPTS', { params: { minutes: Math.ceil(brake.windowSeconds / 60) } });
      }
      if (addressBlocked) {
        await p.kv.del(keys.addressBlocked);
        log.info(
          { event: 'login-brake-released', brake: 'address' },
          'sign-in brake released: address window expired',
        );
      }
      const fails = Number(accountFails ?? 0);
      if (fails >= brake.accountFreeFailures) {
        const slot = await p.kv.incr(keys.accountSlot, waitFor(fails));
        if (slot > 1) {
          const until = Number((await p.kv.get(keys.accountUntil)) ?? 0);
          const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
          throw new AppError('LOGIN_TOO_FREQUENT', { params: { seconds } });
        }
      } else if (accountBraked) {
        await p.kv.del(keys.accountBraked);
        log.info(
          { event: 'login-brake-released', brake: 'account' },
          'sign-in brake released: account window expired',
        );
      }
    },
    /** Counts a wrong password; starts or lengthens the account's wait and may block the address. */
    async failed(): Promise<void> {
      const [accountFails, addressFails] = await Promise.all([
        p.kv.incr(keys.accountFails, brake.windowSeconds),
        p.kv.incr(keys.addressFails, brake.windowSeconds),
      ]);
      if (addressFails === brake.addressMaxFailures) {
        await p.kv.set(keys.addressBlocked, '1', brake.windowSeconds * 4);
        log.warn(
          { event: 'login-brake', brake: 'address', failures: addressFails },
          'sign-in brake: address blocked',
        );
      }
      if (accountFails >= brake.accountFreeFailures) {
        const wait = waitFor(accountFails);
        // The window slides: failures are forgotten only after a quiet window past the wait.
        await Promise.all([
          p.kv.set(keys.accountFails, String(accountFails), brake.windowSeconds + wait),
          p.kv.set(keys.accountSlot, '1', wait),
          p.kv.set(keys.accountUntil, String(Date.now() + wait * 1000), wait),
          p.kv.set(keys.accountBraked, '1', brake.windowSeconds * 4 + wait),
        ]);
        log.warn(
          { event: 'login-brake', brake: 'account', failures: accountFails, waitSeconds: wait },
          'sign-in brake: account attempts delayed',
        );
      }
    },
    /** A successful sign-in ends the account's brake. */
    async succeeded(): Promise<void> {
      const braked = await p.kv.get(keys.accountBraked);
      await Promise.all(
        [keys.accountFails, keys.accountSlot, keys.accountUntil, keys.accountBraked].map((k) => p.kv.del(k)),
      );
      if (braked) {
        log.info(
          { event: 'login-brake-released', brake: 'account' },
          'sign-in brake released: owner signed in',
        );
      }
    },
  };
}

/** Checks account and password with the failed-sign-in brakes; returns the user. */
async function authenticate(
  p: TPlatform,
  { tenantId, account, password, ip }: { tenantId: string; account: string; password: string; ip: string },
): Promise<TUserRow> {
  const brake = loginBrake(p, { tenantId, account, ip });
  await brake.check();
  const user = await findUserByAccount(p.db, { tenantId, account });
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    await brake.failed();
    throw new AppError('WRONG_CREDENTIALS');
  }
  if (!user.enabled) throw new AppError('USER_DISABLED');
  await brake.succeeded();
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

/**
 * The OAuth-style password grant. Like the login page it needs the captcha (key and code),
 * except for a confidential client registered as captcha-exempt; the brakes apply to all.
 */
export async function loginWithPassword(
  p: TPlatform,
  input: {
    tenantCode?: string;
    account: string;
    password: string;
    key?: string;
    code?: string;
    clientId: string;
    ip: string;
    userAgent: string;
  },
): Promise<TLoginResult> {
  const tenant = await requireTenant(p, input.tenantCode);
  if (!(await isCaptchaExempt(p, input.clientId))) {
    if (!input.key || !input.code) {
      const required = { msg: ERRORS.CAPTCHA_REQUIRED.zh, msg_en: ERRORS.CAPTCHA_REQUIRED.en };
      throw new AppError('CAPTCHA_REQUIRED', {
        data: {
          fieldErrors: { ...(input.key ? {} : { key: required }), ...(input.code ? {} : { code: required }) },
        },
      });
    }
    await checkCaptcha(p, input.key, input.code);
  }
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
  // The token arrives without a tenant: find it across tenants, then work in its own tenant.
  const rows = await crossTenant('refresh token lookup by hash', () =>
    p.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)),
  );
  const stored = rows[0];
  if (!stored || stored.expiresAt <= new Date()) throw new AppError('SESSION_EXPIRED');
  return withTenant(stored.tenantId, () => rotateRefreshToken(p, stored));
}

async function rotateRefreshToken(
  p: TPlatform,
  stored: typeof refreshTokens.$inferSelect,
): Promise<TLoginResult> {
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

/** Ends a session: its refresh tokens and access tokens stop working at once, on every instance. */
export async function revokeSession(
  p: TPlatform,
  { sessionId, reason }: { sessionId: string; reason: string },
) {
  await p.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await p.authCache.invalidate({ sessionId });
}

/**
 * Ends every live session of a user except `keepSessionId` (after a password change the other
 * devices must sign in again); returns how many were ended. It runs inside the caller's
 * transaction: the caller invalidates the user's cached sessions once that commits.
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
  if (claims)
    await withTenant(claims.tid, () => revokeSession(p, { sessionId: claims.sid, reason: 'logout' }));
}

/**
 * The actor of a live session; throws the session codes when it is gone. Served from memory
 * (platform/auth/auth-cache.ts) when this session was loaded recently; loaded in one query
 * otherwise.
 */
export async function loadActor(p: TPlatform, claims: TAccessClaims): Promise<TActor> {
  // The loader reads in the token's own tenant: a session of another tenant is not found.
  const { actor, expiresAt } = await p.authCache.session(claims.sid, () =>
    withTenant(claims.tid, () => loadSession(p, claims.sid)),
  );
  if (actor.userId !== claims.sub || actor.tenantId !== claims.tid) throw new AppError('NOT_LOGGED_IN');
  if (expiresAt <= new Date()) throw new AppError('SESSION_EXPIRED');
  return actor;
}

/** One query: the session, its user with roles and permissions, and the tenant's state. */
async function loadSession(p: TPlatform, sessionId: string): Promise<TSessionEntry> {
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
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tenantId, sessions.tenantId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.id, sessionId));
  const row = found[0];
  if (!row || row.session.revokedAt || !row.tenantEnabled || !row.user.enabled)
    throw new AppError('NOT_LOGGED_IN');
  return {
    expiresAt: row.session.expiresAt,
    actor: {
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
    },
  };
}
