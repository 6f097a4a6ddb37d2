import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ERRORS } from '@portal/domain/errors/catalogue';
import { isPermitted } from '@portal/domain/permissions';
import { AVATAR_MAX_BYTES, type TUserBase } from '@portal/domain/users/rules';
import { and, count, eq, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { preparedShapes } from '../../platform/db/prepared.ts';
import { AppError, validationError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { userInScope } from '../organisations/organisations.scope.ts';
import { revokeOtherSessions } from '../session/session.service.ts';
import { users } from './users.tables.ts';

export type TUserRow = typeof users.$inferSelect;

/** A user of a tenant by account (accounts are unique per tenant, compared as typed). */
export async function findUserByAccount(
  db: TDbOrTx,
  { tenantId, account }: { tenantId: string; account: string },
): Promise<TUserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  return rows[0] ?? null;
}

/**
 * The user-by-id statement, built once per database handle (one shape): every profile read and
 * user check asks it, and building a 25-column select costs more CPU than PostgreSQL spends
 * answering it (docs/performance.md). `sql.placeholder` names a parameter, bound by `execute`.
 */
const userById = preparedShapes(
  () => 'user_by_tenant_and_id',
  (db, _shape: undefined, name) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, sql.placeholder('tenantId')), eq(users.id, sql.placeholder('userId'))))
      .prepare(name),
);

/** A user of a tenant by id. */
export async function getUser(db: TDbOrTx, { tenantId, userId }: { tenantId: string; userId: string }) {
  const rows = await userById(db, undefined).execute({ tenantId, userId });
  return rows[0] ?? null;
}

/** Stamps the time of a successful sign-in. */
export async function recordLogin(db: TDbOrTx, { tenantId, userId }: { tenantId: string; userId: string }) {
  await db
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Number of users of a tenant. */
export async function countUsers(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<number> {
  const rows = await db.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId));
  return rows[0]?.n ?? 0;
}

/** Permission to read other users' profiles (SUPER_ADMIN through '*'). */
export const USER_VIEW_PERMISSION = 'authority:user:view';

/** A user as the profile screens see it (never the password hash). */
export interface TUserProfile {
  id: string;
  account: string;
  name: string;
  nameEn: string;
  avatar: string;
  workDescribe: string;
  email: string;
  mobile: string;
  userType: string;
  providerId: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

function toProfile(row: TUserRow): TUserProfile {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    nameEn: row.nameEn,
    avatar: row.avatar,
    workDescribe: row.workDescribe,
    email: row.email,
    mobile: row.mobile,
    userType: row.userType,
    providerId: row.providerId,
    enabled: row.enabled,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requireUser(db: TDbOrTx, tenantId: string, userId: string): Promise<TUserRow> {
  const user = await getUser(db, { tenantId, userId });
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/** The actor's own profile, or another user's of the same tenant with authority:user:view. */
export async function getProfile(
  p: TPlatform,
  { actor, userId }: { actor: TActor; userId: string },
): Promise<TUserProfile> {
  if (userId !== actor.userId && actor.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  if (userId !== actor.userId && !isPermitted(actor.permissions, USER_VIEW_PERMISSION))
    throw new AppError('NO_PERMISSION');
  const user = await requireUser(p.db, actor.tenantId, userId);
  // Another user outside the actor's data scope answers as missing (decision 0028).
  if (!userInScope(actor, user)) throw new AppError('NOT_FOUND');
  return toProfile(user);
}

const touched = (actor: TActor) => ({
  updatedAt: new Date(),
  updatedBy: actor.userId,
  version: sql`${users.version} + 1`,
});

/** Updates the actor's own names and work description. */
export async function updateOwnBase(
  p: TPlatform,
  { actor, name, nameEn = '', workDescribe = '' }: { actor: TActor } & TUserBase,
): Promise<TUserProfile> {
  const rows = await p.db
    .update(users)
    .set({ name, nameEn, workDescribe, ...touched(actor) })
    .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)))
    .returning();
  if (!rows[0]) throw new AppError('NOT_FOUND');
  // The names travel in the actor (audit stamps): sessions must pick the new ones up.
  await p.authCache.invalidate({ tenantId: actor.tenantId, userId: actor.userId });
  return toProfile(rows[0]);
}

/** Where a tenant's avatars are kept: DATA_DIR/files/<tenant id>/avatars. */
const avatarDir = (p: TPlatform, tenantId: string) => join(p.config.dataDir, 'files', tenantId, 'avatars');

/** Path under which an uploaded avatar is served back (GET, signed-in users of the same tenant). */
export const AVATAR_URL_PREFIX = '/saasapi/authority/user/avatar/';

const AVATAR_FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

/** The image type told by the file's first bytes (magic numbers), or null for anything else. */
export function sniffAvatarType(bytes: Buffer): 'png' | 'jpg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** Stores an uploaded avatar image (jpg or png by its bytes, at most 10 MB); returns its id and URL. */
export async function saveAvatarFile(
  p: TPlatform,
  { actor, bytes }: { actor: TActor; bytes: Buffer },
): Promise<{ id: string; url: string; size: number; contentType: string }> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE');
  const type = sniffAvatarType(bytes);
  if (!type) throw new AppError('AVATAR_TYPE');
  const id = `${randomUUID()}.${type}`;
  const dir = avatarDir(p, actor.tenantId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, id), bytes, { flag: 'wx' });
  return {
    id,
    url: `${AVATAR_URL_PREFIX}${id}`,
    size: bytes.length,
    contentType: type === 'png' ? 'image/png' : 'image/jpeg',
  };
}

/** An avatar of the actor's tenant; ids of other tenants' files are simply not found. */
export async function readAvatarFile(
  p: TPlatform,
  { actor, fileId }: { actor: TActor; fileId: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!AVATAR_FILE_ID.test(fileId)) throw new AppError('NOT_FOUND');
  const bytes = await readFile(join(avatarDir(p, actor.tenantId), fileId)).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new AppError('NOT_FOUND');
      throw error;
    },
  );
  return { bytes, contentType: fileId.endsWith('.png') ? 'image/png' : 'image/jpeg' };
}

/** The file id of an avatar value (a bare id or its served URL), or null when it is not one of ours. */
export function avatarFileIdOf(value: string): string | null {
  const id = value.startsWith(AVATAR_URL_PREFIX) ? value.slice(AVATAR_URL_PREFIX.length) : value;
  return AVATAR_FILE_ID.test(id) ? id : null;
}

/**
 * Sets the actor's avatar to an uploaded file of their tenant (its id or URL), or clears it with
 * ''. The previous uploaded file is deleted once no user refers to it.
 */
export async function updateOwnAvatar(
  p: TPlatform,
  { actor, avatar }: { actor: TActor; avatar: string },
): Promise<TUserProfile> {
  let next = '';
  if (avatar !== '') {
    const fileId = avatarFileIdOf(avatar);
    if (!fileId) {
      throw validationError({
        avatar: {
          msg: '请先上传头像图片（jpg 或 png）',
          msg_en: 'Upload the avatar image (jpg or png) first',
        },
      });
    }
    await readAvatarFile(p, { actor, fileId });
    next = `${AVATAR_URL_PREFIX}${fileId}`;
  }
  const { row, previous } = await p.db.transaction(async (tx) => {
    const before = await requireUser(tx, actor.tenantId, actor.userId);
    const [updated] = await tx
      .update(users)
      .set({ avatar: next, ...touched(actor) })
      .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)))
      .returning();
    return { row: updated, previous: before.avatar };
  });
  const oldId = previous && previous !== next ? avatarFileIdOf(previous) : null;
  if (oldId) {
    const still = await p.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.tenantId, actor.tenantId), eq(users.avatar, previous)));
    if (Number(still[0]?.n ?? 0) === 0)
      await unlink(join(avatarDir(p, actor.tenantId), oldId)).catch(() => undefined);
  }
  return toProfile(row);
}

const PASSWORD_FAIL_WINDOW = 15 * 60;
const PASSWORD_FAIL_LIMIT = 5;

/**
 * Changes the actor's own password (personal centre and /forceUpdatePwd). The new password has
 * passed ZNewPassword in the route; here: the confirmation must match, the old password must be
 * right (5 wrong tries lock the change for 15 minutes), then the password is replaced, the
 * must-change flag cleared and every other session of the user ended.
 */
export async function changeOwnPassword(
  p: TPlatform,
  {
    actor,
    oldPassword,
    newPassword,
    confirmPassword,
    ctx,
  }: {
    actor: TActor;
    oldPassword: string;
    newPassword: string;
    confirmPassword: string;
    ctx: { ip: string; requestId: string };
  },
): Promise<{ revokedSessions: number }> {
  if (newPassword !== confirmPassword) {
    throw new AppError('PASSWORD_MISMATCH', {
      data: {
        fieldErrors: {
          confirmPassword: { msg: ERRORS.PASSWORD_MISMATCH.zh, msg_en: ERRORS.PASSWORD_MISMATCH.en },
        },
      },
    });
  }
  const failKey = `password-change-fail:${actor.tenantId}:${actor.userId}`;
  if (Number((await p.kv.get(failKey)) ?? 0) >= PASSWORD_FAIL_LIMIT) {
    throw new AppError('PASSWORD_CHANGE_LOCKED', { params: { minutes: PASSWORD_FAIL_WINDOW / 60 } });
  }
  const user = await requireUser(p.db, actor.tenantId, actor.userId);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    await p.kv.incr(failKey, PASSWORD_FAIL_WINDOW);
    throw new AppError('OLD_PASSWORD_INCORRECT', {
      data: {
        fieldErrors: {
          oldPassword: { msg: ERRORS.OLD_PASSWORD_INCORRECT.zh, msg_en: ERRORS.OLD_PASSWORD_INCORRECT.en },
        },
      },
    });
  }
  await p.kv.del(failKey);
  const passwordHash = await hashPassword(newPassword);
  const result = await p.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, ...touched(actor) })
      .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)));
    const revokedSessions = await revokeOtherSessions(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      keepSessionId: actor.sessionId,
      reason: 'password',
    });
    await p.securityEvent(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      ip: ctx.ip,
      requestId: ctx.requestId,
      event: 'password-change',
      reason: 'own-password',
      detail: { revokedSessions },
    });
    return { revokedSessions };
  });
  await p.authCache.invalidate({ tenantId: actor.tenantId, userId: actor.userId });
  return result;
}

/**
 * Enables or disables a user of the tenant. A disabled user cannot sign in, and their live
 * sessions are refused from the next request on, on every instance.
 */
export async function setUserEnabled(
  p: TPlatform,
  { tenantId, actor, userId, enabled }: { tenantId: string; actor: TActor; userId: string; enabled: boolean },
): Promise<TUserProfile> {
  const rows = await p.db
    .update(users)
    .set({ enabled, ...touched(actor) })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  if (!rows[0]) throw new AppError('NOT_FOUND');
  await p.authCache.invalidate({ tenantId, userId });
  return toProfile(rows[0]);
}

/**
 * Links a user without a provider to one (the submitter of an approved add-hospital task), only
 * when the user is of `userType` (provider staff: an operator is never bound to a provider);
 * false when they already had one or are of another type. It runs inside the caller's transaction: when it returns true the
 * caller invalidates the user's cached sessions once that commits (the actor carries providerId).
 */
export async function linkUserToProvider(
  db: TDbOrTx,
  {
    tenantId,
    userId,
    providerId,
    userType,
  }: { tenantId: string; userId: string; providerId: string; userType: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ providerId, updatedAt: new Date() })
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.id, userId),
        eq(users.userType, userType),
        sql`${users.providerId} is null`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The highest n of provider ids 'P' + 5 digits given to the tenant's users (0 when none). */
export async function highestUserProviderNumber(
  db: TDbOrTx,
  { tenantId }: { tenantId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`max(substring(${users.providerId} from 2)::int)` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`${users.providerId} ~ '^P[0-9]{5}$'`));
  return Number(row?.n ?? 0);
}
