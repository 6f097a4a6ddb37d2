import { ROLES } from '@portal/domain/permissions';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TSessionEntry } from '../../platform/auth/auth-cache.ts';
import { newOpaqueToken, sha256, type TAccessClaims } from '../../platform/auth/tokens.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { crossTenant, withTenant } from '../../platform/db/db-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { writtenAnswers } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { actorScopeOf, scopeColumnsOf } from '../organisations/organisations.scope.ts';
import {
  actorProviderFunctions,
  providerAccessColumns,
  providerOfUser,
} from '../provider-accounts/provider-accounts.access.ts';
import { permissionsOf, roleCodesOf } from '../roles/roles.service.ts';
import { recordLogin, type TUserRow } from '../users/users.service.ts';
import { users } from '../users/users.tables.ts';
import { clientApps, refreshTokens, sessions } from './session.tables.ts';

/** Where a request comes from, for the security events it may cause. */
export interface TRequestContext {
  ip: string;
  requestId: string;
}

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

/**
 * The enabled registered client the id and secret name, with the tenant it serves (null: every
 * tenant), or null. A success is kept in memory by client id and a hash of the secret
 * (platform/auth/auth-cache.ts); a change to a client must call `p.authCache.invalidate({ clientId })`.
 */
export async function verifyClient(
  p: TPlatform,
  clientId: string,
  secret: string,
): Promise<{ tenantId: string | null } | null> {
  return p.authCache.verifiedClient(clientId, secret, async () => {
    // The Basic header names the client before any tenant is known.
    const rows = await crossTenant('client credentials by client id', () =>
      p.db.select().from(clientApps).where(eq(clientApps.clientId, clientId)),
    );
    const row = rows[0];
    return row?.enabled && row.secretHash === sha256(secret) ? { tenantId: row.tenantId } : null;
  });
}

/** What a client may do at sign-in and refresh: its grant types and token lifetimes. */
export async function clientPolicy(
  p: TPlatform,
  clientId: string,
): Promise<{ grantTypes: string[]; accessTokenSeconds: number | null; refreshTokenSeconds: number | null }> {
  const [row] = await crossTenant('client policy by client id', () =>
    p.db
      .select({
        grantTypes: clientApps.grantTypes,
        accessTokenSeconds: clientApps.accessTokenSeconds,
        refreshTokenSeconds: clientApps.refreshTokenSeconds,
      })
      .from(clientApps)
      .where(eq(clientApps.clientId, clientId)),
  );
  return row ?? { grantTypes: [], accessTokenSeconds: null, refreshTokenSeconds: null };
}

/** Refuses a grant the client is not allowed (400, 40163). */
export function requireGrant(policy: { grantTypes: string[] }, grant: 'password' | 'refresh_token'): void {
  if (!policy.grantTypes.includes(grant)) throw new AppError('GRANT_NOT_ALLOWED', { params: { grant } });
}

/** Opens a session for a user who has just signed in, with its first token pair. */
export async function issueSession(
  p: TPlatform,
  {
    user,
    tenantCode,
    clientId,
    ip,
    userAgent,
  }: { user: TUserRow; tenantCode: string; clientId: string; ip: string; userAgent: string },
): Promise<TLoginResult> {
  const policy = await clientPolicy(p, clientId);
  requireGrant(policy, 'password');
  const refreshToken = newOpaqueToken();
  const now = Date.now();
  // The absolute end of the session; no refresh token or access token outlives it.
  const sessionEnd = new Date(now + p.config.session.maxSeconds * 1000);
  const sessionId = await p.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        tenantId: user.tenantId,
        userId: user.id,
        clientId,
        ip,
        userAgent: userAgent.slice(0, 300),
        expiresAt: sessionEnd,
        lastSeenAt: new Date(now),
      })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({
      tenantId: user.tenantId,
      sessionId: session.id,
      tokenHash: sha256(refreshToken),
      expiresAt: refreshTokenEnd(p, now, sessionEnd, policy.refreshTokenSeconds),
    });
    return session.id;
  });
  await recordLogin(p.db, { tenantId: user.tenantId, userId: user.id });
  return loginResult(p, {
    user,
    tenantCode,
    sessionId,
    sessionEnd,
    refreshToken,
    accessTokenSeconds: policy.accessTokenSeconds,
  });
}

/**
 * A refresh token lives the client's refresh lifetime (else `refreshTokenTtl`), and never past
 * the session's absolute end.
 */
const refreshTokenEnd = (p: TPlatform, now: number, sessionEnd: Date, clientSeconds: number | null) =>
  new Date(Math.min(now + (clientSeconds ?? p.config.refreshTokenTtl) * 1000, sessionEnd.getTime()));

async function loginResult(
  p: TPlatform,
  {
    user,
    tenantCode,
    sessionId,
    sessionEnd,
    refreshToken,
    accessTokenSeconds,
  }: {
    user: TUserRow;
    tenantCode: string;
    sessionId: string;
    sessionEnd: Date;
    refreshToken: string;
    /** The client's access lifetime; null: the portal default. */
    accessTokenSeconds: number | null;
  },
): Promise<TLoginResult> {
  const { token, expiresAt } = await p.tokens.signAccess(
    { sub: user.id, tid: user.tenantId, sid: sessionId },
    sessionEnd,
    accessTokenSeconds ?? undefined,
  );
  return {
    token,
    refreshToken,
    expiration: expiresAt.toISOString(),
    expiresIn: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
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

/** Why a session ends without a logout: idle too long, or past its absolute end. */
export type TSessionEndReason = 'idle' | 'absolute';

/** 'absolute' past the session's end, 'idle' after too long without activity, else null. */
export function sessionEndReason(
  p: TPlatform,
  { expiresAt, lastSeenAt }: { expiresAt: Date; lastSeenAt: Date },
  now = Date.now(),
): TSessionEndReason | null {
  if (expiresAt.getTime() <= now) return 'absolute';
  if (now - lastSeenAt.getTime() >= p.config.session.idleSeconds * 1000) return 'idle';
  return null;
}

/**
 * Ends a session that ran out (idle or absolute) and answers 40001. The conditional update makes
 * the security event appear once, however many requests of the session arrive afterwards.
 */
async function expireSession(
  p: TPlatform,
  {
    session,
    account,
    reason,
    ctx,
  }: {
    session: { id: string; tenantId: string; userId: string; expiresAt: Date; lastSeenAt: Date };
    /** Looked up when not given. */
    account?: string;
    reason: TSessionEndReason;
    ctx: TRequestContext;
  },
): Promise<never> {
  const ended = await p.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length > 0) {
    await p.securityEvent(p.db, {
      tenantId: session.tenantId,
      userId: session.userId,
      account: account ?? (await accountOf(p, session)),
      ip: ctx.ip,
      requestId: ctx.requestId,
      event: 'session-expired',
      reason,
      detail: { sessionId: session.id, lastSeenAt: session.lastSeenAt.toISOString() },
    });
  }
  await p.authCache.invalidate({ sessionId: session.id });
  throw new AppError('SESSION_EXPIRED');
}

/** The account name of a session's user, for its security events. */
async function accountOf(p: TPlatform, { tenantId, userId }: { tenantId: string; userId: string }) {
  const [user] = await p.db
    .select({ account: users.account })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)));
  return user?.account ?? '';
}

/** Revocation reasons after which the session's tokens answer 40001 (expired), not 40009. */
const EXPIRED_REASONS: ReadonlySet<string> = new Set(['idle', 'absolute']);

/**
 * Exchanges a refresh token for a new pair. Each refresh token works once; presenting a used
 * one again revokes its whole session (reuse detection). Only the client the session signed in
 * with may refresh it (the refresh token's audience), and never past the session's idle or
 * absolute end.
 */
export async function refreshSession(
  p: TPlatform,
  { refreshToken, clientId, ctx }: { refreshToken: string; clientId: string; ctx: TRequestContext },
): Promise<TLoginResult> {
  const hash = sha256(refreshToken);
  // The token arrives without a tenant: find it across tenants, then work in its own tenant.
  const rows = await crossTenant('refresh token lookup by hash', () =>
    p.db
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hash)),
  );
  const stored = rows[0];
  if (!stored) throw new AppError('SESSION_EXPIRED');
  return withTenant(stored.session.tenantId, () => rotateRefreshToken(p, stored, { clientId, ctx }));
}

async function rotateRefreshToken(
  p: TPlatform,
  stored: { token: typeof refreshTokens.$inferSelect; session: typeof sessions.$inferSelect },
  { clientId, ctx }: { clientId: string; ctx: TRequestContext },
): Promise<TLoginResult> {
  if (stored.token.expiresAt <= new Date()) {
    // Refresh tokens end with their session: record why it ended, once.
    const ended = stored.session.revokedAt ? null : sessionEndReason(p, stored.session);
    if (ended) await expireSession(p, { session: stored.session, reason: ended, ctx });
    throw new AppError('SESSION_EXPIRED');
  }
  // Another client's token: refused without spending it, so its owner can still use it.
  if (stored.session.clientId !== clientId) throw new AppError('NOT_LOGGED_IN');
  const policy = await clientPolicy(p, clientId);
  requireGrant(policy, 'refresh_token');
  const claimed = await p.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, stored.token.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    const revoked = await revokeSession(p, { sessionId: stored.session.id, reason: 'reuse' });
    if (revoked) {
      await p.securityEvent(p.db, {
        tenantId: stored.session.tenantId,
        userId: stored.session.userId,
        account: await accountOf(p, stored.session),
        ip: ctx.ip,
        requestId: ctx.requestId,
        event: 'token-reuse',
        reason: 'refresh-replayed',
        detail: { sessionId: stored.session.id, usedAt: stored.token.usedAt?.toISOString() ?? null },
      });
    }
    throw new AppError('SESSION_EXPIRED');
  }

  const found = await p.db
    .select({
      session: sessions,
      user: users,
      tenantCode: tenants.code,
      tenantEnabled: tenants.enabled,
      provider: providerAccessColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .leftJoin(providers, providerOfUser(users.providerId, users.tenantId))
    .where(eq(sessions.id, stored.session.id));
  const row = found[0];
  if (row?.session.revokedReason === PROVIDER_INVALID_REASON) throw new AppError('PROVIDER_ACCOUNT_INVALID');
  if (!row || row.session.revokedAt || !row.user.enabled || !row.tenantEnabled) {
    throw new AppError('SESSION_EXPIRED');
  }
  actorProviderFunctions(row.user, row.provider);
  const ended = sessionEndReason(p, row.session);
  if (ended) {
    await expireSession(p, { session: row.session, account: row.user.account, reason: ended, ctx });
  }
  const now = Date.now();
  const next = newOpaqueToken();
  await p.db.transaction(async (tx) => {
    await tx.insert(refreshTokens).values({
      tenantId: row.session.tenantId,
      sessionId: row.session.id,
      tokenHash: sha256(next),
      expiresAt: refreshTokenEnd(p, now, row.session.expiresAt, policy.refreshTokenSeconds),
    });
    // A refresh is activity of the session.
    await tx
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.session.id));
  });
  return loginResult(p, {
    user: row.user,
    tenantCode: row.tenantCode,
    sessionId: row.session.id,
    sessionEnd: row.session.expiresAt,
    refreshToken: next,
    accessTokenSeconds: policy.accessTokenSeconds,
  });
}

/**
 * Ends a session: its refresh tokens and access tokens stop working at once, on every instance.
 * True when this call ended it (false: it had ended already).
 */
export async function revokeSession(
  p: TPlatform,
  { sessionId, reason }: { sessionId: string; reason: string },
): Promise<boolean> {
  const revoked = await p.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await p.authCache.invalidate({ sessionId });
  return revoked.length > 0;
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

/** The revocation reason of sessions ended because their provider became invalid. */
export const PROVIDER_INVALID_REASON = 'provider-invalid';

/**
 * Ends every live session of a provider's staff (the provider became invalid), inside the
 * caller's transaction; the caller invalidates the provider's cached sessions once it commits.
 * Returns how many were ended.
 */
export async function revokeProviderSessions(
  db: TDbOrTx,
  { tenantId, providerId }: { tenantId: string; providerId: string },
): Promise<number> {
  const staff = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.providerId, providerId)));
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: PROVIDER_INVALID_REASON })
    .where(and(eq(sessions.tenantId, tenantId), inArray(sessions.userId, staff), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/**
 * Ends every live session of a user (deleted, disabled or password reset by an administrator);
 * returns how many were ended. It runs inside the caller's transaction: the caller invalidates
 * the user's cached sessions once that commits.
 */
export async function revokeUserSessions(
  db: TDbOrTx,
  { tenantId, userId, reason }: { tenantId: string; userId: string; reason: string },
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Logout by access token (the form field `token`); an unreadable or expired token is a no-op. */
export async function logout(
  p: TPlatform,
  { token, ctx }: { token: string; ctx: TRequestContext },
): Promise<void> {
  const claims = await p.tokens.verifyAccess(token.replace(/^Bearer\s+/i, '')).catch(() => null);
  if (!claims) return;
  await withTenant(claims.tid, async () => {
    if (!(await revokeSession(p, { sessionId: claims.sid, reason: 'logout' }))) return;
    await p.securityEvent(p.db, {
      tenantId: claims.tid,
      userId: claims.sub,
      account: await accountOf(p, { tenantId: claims.tid, userId: claims.sub }),
      ip: ctx.ip,
      requestId: ctx.requestId,
      event: 'logout',
      reason: 'user-logout',
      detail: { sessionId: claims.sid },
    });
  });
}

/**
 * The actor of a live session; throws the session codes when it is gone. Served from memory
 * (platform/auth/auth-cache.ts) when this session was loaded recently; loaded in one query
 * otherwise. A session idle for SESSION_IDLE_MINUTES or past SESSION_MAX_HOURS ends here (40001);
 * activity is written to `last_seen_at` at most once per `config.session.touchSeconds`, so the
 * cached request path stays free of writes (decision 0018).
 */
export function loadActor(
  p: TPlatform,
  claims: TAccessClaims,
  ctx: TRequestContext = { ip: '', requestId: '' },
): Promise<TActor> {
  // Everything here reads and writes in the token's own tenant: a session of another tenant is not found.
  return withTenant(claims.tid, () => loadActorInTenant(p, claims, ctx));
}

/**
 * The actor of a live session straight from memory, when answering needs no database at all:
 * the session's entry is cached and fresh, belongs to the token, has not run out and needs no
 * touch. Undefined otherwise, and `loadActor` decides (and refuses) as before. The request path
 * asks this first, so a cached request awaits nothing (docs/performance.md).
 */
export function actorInMemory(p: TPlatform, claims: TAccessClaims): TActor | undefined {
  const now = Date.now();
  return p.authCache.knownSession(
    claims.sid,
    (entry) =>
      entry.actor.userId === claims.sub &&
      entry.actor.tenantId === claims.tid &&
      sessionEndReason(p, entry, now) === null &&
      !touchDue(p, entry, now),
  )?.actor;
}

/** What `GET /oauth/resource/visible` tells the signed-in user: permission codes and roles. */
export interface TVisibleResources {
  enabled: boolean;
  caseSensitive: boolean;
  resourceList: string[];
  roleList: string[];
}

const writtenVisible = writtenAnswers<TActor>(1);

/**
 * The actor's answer to `resource/visible` as the route's serializer wrote it (`write`), once
 * per cached actor. An actor is replaced, never changed, when its roles or permissions change
 * (the auth cache loads a new one), so the answer goes with the actor it was written for.
 */
export function visibleAnswer(actor: TActor, write: (visible: TVisibleResources) => Buffer): Buffer {
  return writtenVisible(actor, '', () =>
    write({ enabled: true, caseSensitive: false, resourceList: actor.permissions, roleList: actor.roles }),
  );
}

async function loadActorInTenant(p: TPlatform, claims: TAccessClaims, ctx: TRequestContext): Promise<TActor> {
  const entry = await p.authCache.session(claims.sid, () => loadSession(p, claims.sid));
  const { actor } = entry;
  if (actor.userId !== claims.sub || actor.tenantId !== claims.tid) throw new AppError('NOT_LOGGED_IN');
  const now = Date.now();
  if (sessionEndReason(p, entry, now)) {
    // Memory may lag what other instances wrote (their touches): decide on the row itself.
    const fresh = await loadSession(p, claims.sid);
    const reason = sessionEndReason(p, fresh, now);
    if (reason) {
      await expireSession(p, {
        session: { id: claims.sid, tenantId: actor.tenantId, userId: actor.userId, ...fresh },
        account: actor.account,
        reason,
        ctx,
      });
    }
    entry.lastSeenAt = fresh.lastSeenAt;
    entry.expiresAt = fresh.expiresAt;
  }
  await touchSession(p, entry, now);
  return actor;
}

/**
 * Moves the session's last-seen time to now when it is older than the touch interval: one
 * write per session and interval (per instance), not per request. The cached entry is updated
 * first, so concurrent requests of the session do not write it again.
 */
async function touchSession(p: TPlatform, entry: TSessionEntry, now: number): Promise<void> {
  if (!touchDue(p, entry, now)) return;
  entry.lastSeenAt = new Date(now);
  await p.db
    .update(sessions)
    .set({ lastSeenAt: entry.lastSeenAt })
    .where(and(eq(sessions.id, entry.actor.sessionId), isNull(sessions.revokedAt)));
}

function touchDue(p: TPlatform, entry: TSessionEntry, now: number): boolean {
  return now - entry.lastSeenAt.getTime() >= p.config.session.touchSeconds * 1000;
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
      ...scopeColumnsOf(users.id, users.tenantId, users.orgId),
      provider: providerAccessColumns,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tenantId, sessions.tenantId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .leftJoin(providers, providerOfUser(users.providerId, users.tenantId))
    .where(eq(sessions.id, sessionId));
  const row = found[0];
  if (row?.session.revokedAt && EXPIRED_REASONS.has(row.session.revokedReason ?? ''))
    throw new AppError('SESSION_EXPIRED');
  if (row?.session.revokedReason === PROVIDER_INVALID_REASON) throw new AppError('PROVIDER_ACCOUNT_INVALID');
  if (!row || row.session.revokedAt || !row.tenantEnabled || !row.user.enabled)
    throw new AppError('NOT_LOGGED_IN');
  // Throws 40150 while the user's provider is invalid, whatever the session's state.
  const providerFunctions = actorProviderFunctions(row.user, row.provider);
  return {
    expiresAt: row.session.expiresAt,
    lastSeenAt: row.session.lastSeenAt,
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
      orgId: row.user.orgId,
      scope: actorScopeOf(row),
      providerFunctions,
      mustChangePassword: row.user.mustChangePassword,
    },
  };
}
