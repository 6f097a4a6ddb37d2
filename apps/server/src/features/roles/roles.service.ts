import { type Column, count, eq, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { rolePermissions, roles, userRoles } from './roles.tables.ts';

/** Number of roles of a tenant. */
export async function countRoles(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<number> {
  const rows = await db.select({ n: count() }).from(roles).where(eq(roles.tenantId, tenantId));
  return rows[0]?.n ?? 0;
}

/** A subquery giving the codes of the enabled roles of the user in `userId` (for one-query actor loading). */
export function roleCodesOf(userId: Column, tenantId: Column): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(distinct ${roles.code}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${userRoles.tenantId} = ${tenantId} and ${roles.enabled}), '{}')`;
}

/** A subquery giving the permission strings the enabled roles of the user in `userId` grant. */
export function permissionsOf(userId: Column, tenantId: Column): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(distinct ${rolePermissions.permission}) from ${userRoles} join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${userRoles.tenantId} = ${tenantId} and ${roles.enabled}), '{}')`;
}
