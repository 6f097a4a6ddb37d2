import { and, type Column, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { roleMenus, rolePermissions, roles, userRoles } from './roles.tables.ts';

/** Role codes and permission strings a user holds through their roles. */
export async function grantsOfUser(
  db: TDbOrTx,
  { tenantId, userId }: { tenantId: string; userId: string },
): Promise<{ roles: string[]; roleIds: string[]; permissions: string[] }> {
  const held = await db
    .select({ id: roles.id, code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  if (held.length === 0) return { roles: [], roleIds: [], permissions: [] };
  const roleIds = held.map((r) => r.id);
  const perms = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), inArray(rolePermissions.roleId, roleIds)));
  return { roles: held.map((r) => r.code), roleIds, permissions: perms.map((p) => p.permission) };
}

/** Ids of the menus the given roles grant. */
export async function menuIdsOfRoles(
  db: TDbOrTx,
  { tenantId, roleIds }: { tenantId: string; roleIds: string[] },
): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, roleIds)));
  return new Set(rows.map((r) => r.menuId));
}

/** Number of roles of a tenant. */
export async function countRoles(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<number> {
  const rows = await db.select({ n: count() }).from(roles).where(eq(roles.tenantId, tenantId));
  return rows[0]?.n ?? 0;
}

/** A subquery giving the role codes of the user in `userId` (for one-query actor loading). */
export function roleCodesOf(userId: Column, tenantId: Column): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(distinct ${roles.code}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${userRoles.tenantId} = ${tenantId}), '{}')`;
}

/** A subquery giving the permission strings the roles of the user in `userId` grant. */
export function permissionsOf(userId: Column, tenantId: Column): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(distinct ${rolePermissions.permission}) from ${userRoles} join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${userRoles.tenantId} = ${tenantId}), '{}')`;
}
