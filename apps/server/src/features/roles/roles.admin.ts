/**
 * Changes of the role administration (issue 14, decision 0033): create, edit (fields and
 * grants), enable or disable, delete, give to users and take back. Each change is one
 * transaction with its operation-log row; afterwards the cached sessions of every user of the
 * role are dropped on every instance (decision 0018), so the next request reads the new grants.
 */
import { isPermitted } from '@portal/domain/permissions';
import {
  BUILT_IN_ROLES,
  isBuiltInRole,
  ROLE_PERMISSIONS,
  type TAdminRoleDetail,
  type TDataScope,
} from '@portal/domain/roles/rules';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { menuCache } from '../menus/menus.service.ts';
import { menus, resources } from '../menus/menus.tables.ts';
import {
  assertOrganisationsExist,
  deleteRoleOrganisations,
  setRoleOrganisations,
} from '../organisations/organisations.service.ts';
import { users } from '../users/users.tables.ts';
import { assertOperator, grantsOf, roleDetail, type TRoleRow, usersOfRoles } from './roles.admin.queries.ts';
import { roleMenus, rolePermissions, roles, userRoles } from './roles.tables.ts';

/** Where a change comes from, for its log rows. */
export interface TRoleChangeContext {
  actor: TActor;
  requestId: string;
  ip: string;
}

interface TRoleFields {
  name: string;
  nameEn: string;
  description: string;
  dataScope: TDataScope;
  enabled: boolean;
  menuIds: string[];
  permissions: string[];
  organisationIds: string[];
}

async function log(
  tx: TDbOrTx,
  ctx: TRoleChangeContext,
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
    targetTable: 'roles',
    targetId,
    before,
    after,
    requestId: ctx.requestId,
  });
}

/** What the operation log keeps of a role. */
function snapshot(
  row: TRoleRow,
  grants: { menuIds: string[]; permissions: string[]; organisationIds?: string[] },
) {
  return {
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    description: row.description,
    dataScope: row.dataScope,
    enabled: row.enabled,
    menuIds: grants.menuIds,
    permissions: grants.permissions,
    organisationIds: grants.organisationIds ?? [],
  };
}

const fieldError = (field: string, msg: string, msg_en: string) => ({
  data: { fieldErrors: { [field]: { msg, msg_en } } },
});

/** 'Role name already exists' when another role of the tenant has the name in either language. */
async function checkNames(
  db: TDbOrTx,
  { tenantId, name, nameEn, exceptId }: { tenantId: string; name: string; nameEn: string; exceptId?: string },
) {
  const others = and(eq(roles.tenantId, tenantId), exceptId ? ne(roles.id, exceptId) : undefined);
  const taken = async (column: typeof roles.name | typeof roles.nameEn, value: string) =>
    (
      await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(others, sql`lower(${column}) = lower(${value})`))
        .limit(1)
    ).length > 0;
  if (await taken(roles.name, name))
    throw new AppError('ROLE_NAME_EXISTS', fieldError('name', '角色名称已存在', 'Role name already exists'));
  if (await taken(roles.nameEn, nameEn))
    throw new AppError(
      'ROLE_NAME_EXISTS',
      fieldError('nameEn', '角色名称已存在', 'Role name already exists'),
    );
}

/**
 * The grants must name menus of the tenant and permissions that are resources of the tenant
 * (or that the role already holds, such as the seed's wildcards); a built-in role keeps what
 * the product needs.
 */
async function checkGrants(
  db: TDbOrTx,
  {
    tenantId,
    code,
    menuIds,
    permissions,
    held,
  }: { tenantId: string; code: string; menuIds: string[]; permissions: string[]; held: string[] },
) {
  const wantedMenus = [...new Set(menuIds)];
  if (wantedMenus.length > 0) {
    const found = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.tenantId, tenantId), inArray(menus.id, wantedMenus)));
    const known = new Set(found.map((r) => r.id));
    const unknown = wantedMenus.find((id) => !known.has(id));
    if (unknown) throw new AppError('ROLE_GRANT_UNKNOWN', { params: { value: unknown } });
  }
  const wanted = [...new Set(permissions)];
  const heldSet = new Set(held);
  const fresh = wanted.filter((perm) => !heldSet.has(perm));
  if (fresh.length > 0) {
    const found = await db
      .select({ code: resources.code })
      .from(resources)
      .where(and(eq(resources.tenantId, tenantId), inArray(resources.code, fresh)));
    const known = new Set(found.map((r) => r.code));
    const unknown = fresh.find((perm) => !known.has(perm));
    if (unknown) throw new AppError('ROLE_GRANT_UNKNOWN', { params: { value: unknown } });
  }
  const builtIn = BUILT_IN_ROLES[code.toUpperCase()];
  if (builtIn) {
    const missing = builtIn.permissions.filter((perm) => !wanted.includes(perm));
    if (missing.length > 0)
      throw new AppError('ROLE_BUILT_IN_GRANTS', { params: { code, missing: missing.join(', ') } });
  }
}

async function setGrants(
  tx: TDbOrTx,
  tenantId: string,
  roleId: string,
  { menuIds, permissions }: { menuIds: string[]; permissions: string[] },
) {
  await tx.delete(roleMenus).where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  const uniqueMenus = [...new Set(menuIds)];
  if (uniqueMenus.length > 0)
    await tx.insert(roleMenus).values(uniqueMenus.map((menuId) => ({ tenantId, roleId, menuId })));
  const uniquePermissions = [...new Set(permissions)];
  if (uniquePermissions.length > 0)
    await tx
      .insert(rolePermissions)
      .values(uniquePermissions.map((permission) => ({ tenantId, roleId, permission })));
}

/** Choosing menus and permissions needs authority:role:authorize besides add or edit. */
function assertMayAuthorize(actor: TActor) {
  if (!isPermitted(actor.permissions, ROLE_PERMISSIONS.AUTHORIZE)) throw new AppError('NO_PERMISSION');
}

const sameSet = (a: string[], b: string[]) => {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

/** Two changes at the same moment: the unique indexes decide, with the same messages. */
function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  if (code !== '23505') return null;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (constraint === 'roles_tenant_code_uq') return new AppError('ROLE_CODE_EXISTS');
  return new AppError('ROLE_NAME_EXISTS');
}

/** The organisations a role keeps: those of the data scope 'custom' only (decision 0028). */
const scopeOrganisations = (input: { dataScope: TDataScope; organisationIds: string[] }) =>
  input.dataScope === 'custom' ? input.organisationIds : [];

/**
 * Drops the cached sessions of the users, here and on every instance, and the tenant's cached
 * menu grants (the route tree's, menuCache).
 */
async function refreshUsers(p: TPlatform, tenantId: string, userIds: string[]) {
  await menuCache(p).invalidate(tenantId);
  for (const userId of new Set(userIds)) await p.authCache.invalidate({ tenantId, userId });
}

/** POST /authority/role: a new role with its grants. */
export async function createRole(
  p: TPlatform,
  ctx: TRoleChangeContext,
  input: TRoleFields & { code: string },
): Promise<TAdminRoleDetail> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  if (input.menuIds.length > 0 || input.permissions.length > 0) assertMayAuthorize(ctx.actor);
  try {
    const id = await p.db.transaction(async (tx) => {
      const [codeTaken] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), sql`lower(${roles.code}) = lower(${input.code})`))
        .limit(1);
      if (codeTaken || isBuiltInRole(input.code))
        throw new AppError(
          'ROLE_CODE_EXISTS',
          fieldError('code', '角色编码已存在', 'Role code already exists'),
        );
      await checkNames(tx, { tenantId, name: input.name, nameEn: input.nameEn });
      await checkGrants(tx, { tenantId, ...input, held: [] });
      await assertOrganisationsExist(tx, { tenantId, ids: scopeOrganisations(input) });
      const [row] = await tx
        .insert(roles)
        .values({
          tenantId,
          code: input.code,
          name: input.name,
          nameEn: input.nameEn,
          description: input.description,
          dataScope: input.dataScope,
          enabled: input.enabled,
          createdBy: ctx.actor.userId,
          updatedBy: ctx.actor.userId,
        })
        .returning();
      await setGrants(tx, tenantId, row.id, input);
      await setRoleOrganisations(tx, { tenantId, roleId: row.id, ids: scopeOrganisations(input) });
      await log(
        tx,
        ctx,
        'create',
        row.id,
        null,
        snapshot(row, await grantsOf(tx, { tenantId, roleId: row.id })),
      );
      return row.id;
    });
    return roleDetail(p.db, { tenantId, roleId: id });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

async function lockRole(tx: TDbOrTx, tenantId: string, roleId: string): Promise<TRoleRow> {
  const [row] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** PUT /authority/role: a role's fields and grants; the code never changes. */
export async function editRole(
  p: TPlatform,
  ctx: TRoleChangeContext,
  input: TRoleFields & { id: string },
): Promise<TAdminRoleDetail> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  let members: string[] = [];
  try {
    await p.db.transaction(async (tx) => {
      const before = await lockRole(tx, tenantId, input.id);
      const builtIn = isBuiltInRole(before.code);
      if (builtIn && !input.enabled) throw new AppError('ROLE_BUILT_IN', { params: { code: before.code } });
      const grantsBefore = await grantsOf(tx, { tenantId, roleId: before.id });
      const grantsChange =
        !sameSet(grantsBefore.menuIds, input.menuIds) ||
        !sameSet(grantsBefore.permissions, input.permissions);
      if (grantsChange) assertMayAuthorize(ctx.actor);
      await checkNames(tx, { tenantId, name: input.name, nameEn: input.nameEn, exceptId: before.id });
      await checkGrants(tx, { tenantId, code: before.code, ...input, held: grantsBefore.permissions });
      await assertOrganisationsExist(tx, { tenantId, ids: scopeOrganisations(input) });
      const [after] = await tx
        .update(roles)
        .set({
          name: input.name,
          nameEn: input.nameEn,
          description: input.description,
          dataScope: input.dataScope,
          enabled: input.enabled,
          updatedAt: new Date(),
          updatedBy: ctx.actor.userId,
          version: sql`${roles.version} + 1`,
        })
        .where(and(eq(roles.tenantId, tenantId), eq(roles.id, before.id)))
        .returning();
      await setGrants(tx, tenantId, before.id, input);
      await setRoleOrganisations(tx, { tenantId, roleId: before.id, ids: scopeOrganisations(input) });
      const grantsAfter = await grantsOf(tx, { tenantId, roleId: before.id });
      await log(tx, ctx, 'update', before.id, snapshot(before, grantsBefore), snapshot(after, grantsAfter));
      members = await usersOfRoles(tx, { tenantId, roleIds: [before.id] });
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  await refreshUsers(p, tenantId, members);
  return roleDetail(p.db, { tenantId, roleId: input.id });
}

/** PUT /authority/role/enabled: a disabled role grants nothing; built-in roles stay enabled. */
export async function setRoleEnabled(
  p: TPlatform,
  ctx: TRoleChangeContext,
  { id, enabled }: { id: string; enabled: boolean },
): Promise<TAdminRoleDetail> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  const members = await p.db.transaction(async (tx) => {
    const before = await lockRole(tx, tenantId, id);
    if (!enabled && isBuiltInRole(before.code))
      throw new AppError('ROLE_BUILT_IN', { params: { code: before.code } });
    if (before.enabled === enabled) return [];
    await tx
      .update(roles)
      .set({
        enabled,
        updatedAt: new Date(),
        updatedBy: ctx.actor.userId,
        version: sql`${roles.version} + 1`,
      })
      .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
    await log(tx, ctx, enabled ? 'enable' : 'disable', id, { enabled: before.enabled }, { enabled });
    return usersOfRoles(tx, { tenantId, roleIds: [id] });
  });
  await refreshUsers(p, tenantId, members);
  return roleDetail(p.db, { tenantId, roleId: id });
}

/**
 * DELETE /authority/role: deletes roles with their grants. Built-in roles never; a role still
 * given to users only with `removeFromUsers` (the screen's confirmation), which takes it from them.
 */
export async function deleteRoles(
  p: TPlatform,
  ctx: TRoleChangeContext,
  { ids, removeFromUsers }: { ids: string[]; removeFromUsers: boolean },
): Promise<{ deleted: number; removedFromUsers: number }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  const unique = [...new Set(ids)];
  const members = await p.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, unique)))
      .for('update');
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
    const builtIn = rows.find((r) => isBuiltInRole(r.code));
    if (builtIn) throw new AppError('ROLE_BUILT_IN', { params: { code: builtIn.code } });
    const holders = await usersOfRoles(tx, { tenantId, roleIds: unique });
    if (holders.length > 0 && !removeFromUsers)
      throw new AppError('ROLE_IN_USE', {
        params: { count: holders.length },
        data: { users: holders.length },
      });
    for (const row of rows) {
      const grants = await grantsOf(tx, { tenantId, roleId: row.id });
      const roleHolders = await usersOfRoles(tx, { tenantId, roleIds: [row.id] });
      await log(tx, ctx, 'delete', row.id, { ...snapshot(row, grants), userIds: roleHolders }, null);
    }
    if (holders.length > 0) await roleChangeEvents(p, tx, ctx, holders, unique, 'admin-role-deleted');
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.roleId, unique)));
    await tx
      .delete(roleMenus)
      .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, unique)));
    await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.roleId, unique)));
    await deleteRoleOrganisations(tx, { tenantId, roleIds: unique });
    await tx.delete(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, unique)));
    return holders;
  });
  await refreshUsers(p, tenantId, members);
  return { deleted: unique.length, removedFromUsers: members.length };
}

/** Changing a user's roles is a security event, whoever does it (decision 0021). */
async function roleChangeEvents(
  p: TPlatform,
  tx: TDbOrTx,
  ctx: TRoleChangeContext,
  userIds: string[],
  roleIds: string[],
  reason: string,
) {
  const rows = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(and(eq(users.tenantId, ctx.actor.tenantId), inArray(users.id, userIds)));
  const codes = await tx
    .select({ code: roles.code })
    .from(roles)
    .where(and(eq(roles.tenantId, ctx.actor.tenantId), inArray(roles.id, roleIds)));
  for (const user of rows) {
    await p.securityEvent(tx, {
      tenantId: ctx.actor.tenantId,
      userId: user.id,
      account: user.account,
      ip: ctx.ip,
      requestId: ctx.requestId,
      event: 'role-change',
      reason,
      detail: { roles: codes.map((c) => c.code), by: ctx.actor.account },
    });
  }
}

/** PUT /authority/role/users: gives the role to users of the tenant (those holding it already are skipped). */
export async function addRoleUsers(
  p: TPlatform,
  ctx: TRoleChangeContext,
  { roleId, userIds }: { roleId: string; userIds: string[] },
): Promise<{ added: number }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  const unique = [...new Set(userIds)];
  const added = await p.db.transaction(async (tx) => {
    const role = await lockRole(tx, tenantId, roleId);
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
    if (found.length !== unique.length) throw new AppError('ROLE_USER_UNKNOWN');
    const inserted = await tx
      .insert(userRoles)
      .values(unique.map((userId) => ({ tenantId, userId, roleId })))
      .onConflictDoNothing()
      .returning({ userId: userRoles.userId });
    const ids = inserted.map((r) => r.userId);
    if (ids.length > 0) {
      await log(tx, ctx, 'add-users', role.id, null, { code: role.code, userIds: ids });
      await roleChangeEvents(p, tx, ctx, ids, [role.id], 'admin-role-users-added');
    }
    return ids;
  });
  await refreshUsers(p, tenantId, added);
  return { added: added.length };
}

/** DELETE /authority/role/users: takes the role from users (never SUPER_ADMIN from yourself). */
export async function removeRoleUsers(
  p: TPlatform,
  ctx: TRoleChangeContext,
  { roleId, userIds }: { roleId: string; userIds: string[] },
): Promise<{ removed: number }> {
  assertOperator(ctx.actor);
  const tenantId = ctx.actor.tenantId;
  const unique = [...new Set(userIds)];
  const removed = await p.db.transaction(async (tx) => {
    const role = await lockRole(tx, tenantId, roleId);
    if (unique.includes(ctx.actor.userId) && role.code === 'SUPER_ADMIN')
      throw new AppError('SELF_OPERATION');
    const deleted = await tx
      .delete(userRoles)
      .where(
        and(
          eq(userRoles.tenantId, tenantId),
          eq(userRoles.roleId, roleId),
          inArray(userRoles.userId, unique),
        ),
      )
      .returning({ userId: userRoles.userId });
    const ids = deleted.map((r) => r.userId);
    if (ids.length > 0) {
      await log(tx, ctx, 'remove-users', role.id, { code: role.code, userIds: ids }, null);
      await roleChangeEvents(p, tx, ctx, ids, [role.id], 'admin-role-users-removed');
    }
    return ids;
  });
  await refreshUsers(p, tenantId, removed);
  return { removed: removed.length };
}
