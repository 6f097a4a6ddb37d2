/**
 * Changes of the user administration (issue 13): create, edit, enable or disable, delete, reset
 * a password, reload cached permissions. Each change is one transaction with its
 * operation-log row; sessions of a disabled, deleted or reset user end at once, on every
 * instance (auth cache invalidation after the commit, decision 0018).
 */
import { randomInt } from 'node:crypto';
import { PROVIDER_USER_TYPE, type TUserCreate, type TUserEdit } from '@portal/domain/users/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { userScopeCondition } from '../organisations/organisations.scope.ts';
import { assertOrganisationExists } from '../organisations/organisations.service.ts';
import { userRoles } from '../roles/roles.tables.ts';
import { revokeUserSessions } from '../session/session.service.ts';
import {
  accountTaken,
  assertOperator,
  existingProviderIds,
  rolesOfUsers,
  type TAdminUser,
  tenantRoles,
  toAdminUsers,
  usersByIds,
} from './users.admin.store.ts';
import type { TUserRow } from './users.service.ts';
import { users } from './users.tables.ts';

/** Where a change comes from, for its log rows. */
export interface TChangeContext {
  actor: TActor;
  requestId: string;
  ip: string;
}

/** A user row as the operation log keeps it: never the password hash. */
function snapshot(row: TUserRow, roleCodes: string[]): Record<string, unknown> {
  const { passwordHash: _hash, ...rest } = row;
  return { ...rest, roles: roleCodes };
}

async function log(
  tx: TDbOrTx,
  ctx: TChangeContext,
  action: string,
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await writeOperationLog(tx, {
    tenantId: ctx.actor.tenantId,
    userId: ctx.actor.userId,
    account: ctx.actor.account,
    action,
    targetTable: 'users',
    targetId,
    before,
    after,
    requestId: ctx.requestId,
  });
}

/** The provider must exist in the tenant (provider staff only; the schema keeps operators unlinked). */
async function checkProvider(db: TDbOrTx, tenantId: string, providerId: string | null) {
  if (!providerId) return;
  const found = await existingProviderIds(db, { tenantId, providerIds: [providerId] });
  if (!found.has(providerId)) {
    throw new AppError('USER_PROVIDER_UNKNOWN', {
      params: { providerId },
      data: {
        fieldErrors: {
          providerId: {
            msg: `医疗机构 ${providerId} 不存在`,
            msg_en: `Provider ${providerId} does not exist`,
          },
        },
      },
    });
  }
}

/** Role ids must be roles of the actor's tenant; returns their codes. */
async function checkRoles(db: TDbOrTx, tenantId: string, roleIds: string[]): Promise<string[]> {
  const wanted = [...new Set(roleIds)];
  const known = new Map((await tenantRoles(db, tenantId)).map((r) => [r.id, r.code]));
  if (wanted.some((id) => !known.has(id))) throw new AppError('USER_ROLE_UNKNOWN');
  return wanted.map((id) => known.get(id) as string).sort();
}

async function setRoles(tx: TDbOrTx, tenantId: string, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  const unique = [...new Set(roleIds)];
  if (unique.length > 0)
    await tx.insert(userRoles).values(unique.map((roleId) => ({ tenantId, userId, roleId })));
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

async function adminView(db: TDbOrTx, tenantId: string, userId: string): Promise<TAdminUser> {
  const [row] = await usersByIds(db, { tenantId, ids: [userId] });
  if (!row) throw new AppError('NOT_FOUND');
  const [view] = await toAdminUsers(db, tenantId, [row]);
  return view;
}

/** Creates a user with an initial password that must change at the first sign-in. */
export async function createUser(
  p: TPlatform,
  ctx: TChangeContext,
  input: Required<Omit<TUserCreate, 'nameEn' | 'email' | 'mobile' | 'providerId' | 'roleIds' | 'enabled'>> & {
    nameEn: string;
    email: string;
    mobile: string;
    providerId: string | null;
    roleIds: string[];
    enabled: boolean;
  },
): Promise<TAdminUser> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await p.db.transaction(async (tx) => {
      if (await accountTaken(tx, { tenantId, account: input.account })) throw new AppError('USERNAME_EXISTS');
      await checkProvider(tx, tenantId, input.providerId);
      await assertOrganisationExists(tx, { tenantId, orgId: input.orgId });
      const roleCodes = await checkRoles(tx, tenantId, input.roleIds);
      const [row] = await tx
        .insert(users)
        .values({
          tenantId,
          account: input.account,
          passwordHash,
          name: input.name,
          nameEn: input.nameEn,
          email: input.email,
          mobile: input.mobile,
          userType: input.userType,
          providerId: input.userType === PROVIDER_USER_TYPE ? input.providerId : null,
          orgId: input.orgId,
          enabled: input.enabled,
          mustChangePassword: true,
          createdBy: ctx.actor.userId,
          updatedBy: ctx.actor.userId,
        })
        .returning();
      await setRoles(tx, tenantId, row.id, input.roleIds);
      await log(tx, ctx, 'create', row.id, null, snapshot(row, roleCodes));
      if (roleCodes.length > 0) await roleEvent(p, tx, ctx, row, roleCodes);
      return row.id;
    });
    return adminView(p.db, tenantId, id);
  } catch (error) {
    // Two creations of one account at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('USERNAME_EXISTS');
    throw error;
  }
}

/** Granting roles is a security event, whoever does it (decision 0021). */
async function roleEvent(p: TPlatform, tx: TDbOrTx, ctx: TChangeContext, user: TUserRow, roles: string[]) {
  await p.securityEvent(tx, {
    tenantId: user.tenantId,
    userId: user.id,
    account: user.account,
    ip: ctx.ip,
    requestId: ctx.requestId,
    event: 'role-change',
    reason: 'admin-roles',
    detail: { roles, by: ctx.actor.account },
  });
}

/** Edits a user's names, contact data, type, provider, roles and enabled state (not the account). */
export async function editUser(
  p: TPlatform,
  ctx: TChangeContext,
  input: Omit<Required<TUserEdit>, 'providerId'> & { providerId: string | null },
): Promise<TAdminUser> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  if (input.id === ctx.actor.userId && !input.enabled) throw new AppError('SELF_OPERATION');
  const changed = await p.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, input.id), userScopeCondition(ctx.actor, users)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    await checkProvider(tx, tenantId, input.providerId);
    await assertOrganisationExists(tx, { tenantId, orgId: input.orgId });
    const roleCodes = await checkRoles(tx, tenantId, input.roleIds);
    const beforeRoles = ((await rolesOfUsers(tx, { tenantId, userIds: [before.id] })).get(before.id) ?? [])
      .map((r) => r.code)
      .sort();
    const [after] = await tx
      .update(users)
      .set({
        name: input.name,
        nameEn: input.nameEn,
        email: input.email,
        mobile: input.mobile,
        userType: input.userType,
        providerId: input.userType === PROVIDER_USER_TYPE ? input.providerId : null,
        orgId: input.orgId,
        enabled: input.enabled,
        updatedAt: new Date(),
        updatedBy: ctx.actor.userId,
        version: sql`${users.version} + 1`,
      })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, input.id)))
      .returning();
    await setRoles(tx, tenantId, input.id, input.roleIds);
    await log(tx, ctx, 'update', input.id, snapshot(before, beforeRoles), snapshot(after, roleCodes));
    const rolesChanged = beforeRoles.join(',') !== roleCodes.join(',');
    if (rolesChanged) await roleEvent(p, tx, ctx, after, roleCodes);
    if (before.enabled && !after.enabled)
      await revokeUserSessions(tx, { tenantId, userId: input.id, reason: 'user-disabled' });
    return true;
  });
  // Roles, names, type, provider and the enabled state travel in the cached actor.
  if (changed) await p.authCache.invalidate({ tenantId, userId: input.id });
  return adminView(p.db, tenantId, input.id);
}

/** Enables or disables users; a disabled user's sessions end at once. Never the actor themselves. */
export async function setUsersEnabled(
  p: TPlatform,
  ctx: TChangeContext,
  { ids, enabled }: { ids: string[]; enabled: boolean },
): Promise<{ changed: number }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  if (!enabled && ids.includes(ctx.actor.userId)) throw new AppError('SELF_OPERATION');
  const changedIds = await p.db.transaction(async (tx) => {
    const rows = await usersByIds(tx, { tenantId, ids, actor: ctx.actor });
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
    const changing = rows.filter((r) => r.enabled !== enabled);
    for (const before of changing) {
      const [after] = await tx
        .update(users)
        .set({
          enabled,
          updatedAt: new Date(),
          updatedBy: ctx.actor.userId,
          version: sql`${users.version} + 1`,
        })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, before.id)))
        .returning();
      await log(
        tx,
        ctx,
        enabled ? 'enable' : 'disable',
        before.id,
        { enabled: before.enabled },
        { enabled: after.enabled },
      );
      if (!enabled) await revokeUserSessions(tx, { tenantId, userId: before.id, reason: 'user-disabled' });
    }
    return changing.map((r) => r.id);
  });
  for (const userId of changedIds) await p.authCache.invalidate({ tenantId, userId });
  return { changed: changedIds.length };
}

/**
 * Deletes users for good (decision 0026): the rows and their role links go, their sessions end
 * at once; the operation log keeps what they were. Never the actor themselves.
 */
export async function deleteUsers(
  p: TPlatform,
  ctx: TChangeContext,
  { ids }: { ids: string[] },
): Promise<{ deleted: number }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  if (ids.includes(ctx.actor.userId)) throw new AppError('SELF_OPERATION');
  const unique = [...new Set(ids)];
  await p.db.transaction(async (tx) => {
    const rows = await usersByIds(tx, { tenantId, ids: unique, actor: ctx.actor });
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
    const rolesBy = await rolesOfUsers(tx, { tenantId, userIds: unique });
    for (const row of rows) {
      await revokeUserSessions(tx, { tenantId, userId: row.id, reason: 'user-deleted' });
      const codes = (rolesBy.get(row.id) ?? []).map((r) => r.code).sort();
      await log(tx, ctx, 'delete', row.id, snapshot(row, codes), null);
    }
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, unique)));
    await tx.delete(users).where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
  });
  for (const userId of unique) await p.authCache.invalidate({ tenantId, userId });
  return { deleted: unique.length };
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';

/**
 * A one-time password of 12 letters and digits with at least one capital, one small letter and
 * one digit (the user password rule), without look-alike characters (0/O, 1/l/I).
 */
export function oneTimePassword(): string {
  const all = UPPER + LOWER + DIGITS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * Resets a user's password to a one-time password, shown once in the answer and stored only as
 * its hash: the user's sessions end and the next sign-in must set a new password first.
 */
export async function resetPassword(
  p: TPlatform,
  ctx: TChangeContext,
  { userId }: { userId: string },
): Promise<{ userId: string; account: string; password: string }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  if (userId === ctx.actor.userId) throw new AppError('SELF_OPERATION');
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const account = await p.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        updatedAt: new Date(),
        updatedBy: ctx.actor.userId,
        version: sql`${users.version} + 1`,
      })
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), userScopeCondition(ctx.actor, users)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    const revokedSessions = await revokeUserSessions(tx, { tenantId, userId, reason: 'password-reset' });
    await log(tx, ctx, 'reset-password', userId, null, { mustChangePassword: true, revokedSessions });
    await p.securityEvent(tx, {
      tenantId,
      userId,
      account: row.account,
      ip: ctx.ip,
      requestId: ctx.requestId,
      event: 'password-change',
      reason: 'admin-reset',
      detail: { by: ctx.actor.account, revokedSessions },
    });
    return row.account;
  });
  await p.authCache.invalidate({ tenantId, userId });
  return { userId, account, password };
}

/** Drops the user's cached sessions on every instance, so their permissions are read afresh. */
export async function reloadUser(
  p: TPlatform,
  ctx: TChangeContext,
  { userId }: { userId: string },
): Promise<{ userId: string }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  await p.db.transaction(async (tx) => {
    const [row] = await usersByIds(tx, { tenantId, ids: [userId], actor: ctx.actor });
    if (!row) throw new AppError('NOT_FOUND');
    await log(tx, ctx, 'reload', userId, null, null);
  });
  await p.authCache.invalidate({ tenantId, userId });
  return { userId };
}
