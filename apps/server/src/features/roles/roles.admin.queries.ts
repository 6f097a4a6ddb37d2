/** Reads of the role administration (decision 0033): the list, one role, the grant tree, a role's users. */
import {
  isBuiltInRole,
  type TAdminRole,
  type TAdminRoleDetail,
  type TDataScope,
  type TMenuTreeNode,
  type TRoleFilter,
} from '@portal/domain/roles/rules';
import { PROVIDER_USER_TYPE } from '@portal/domain/users/rules';
import { and, asc, count, eq, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { menus, resources } from '../menus/menus.tables.ts';
import { organisationsOfRole } from '../organisations/organisations.service.ts';
import { users } from '../users/users.tables.ts';
import { roleMenus, rolePermissions, roles, userRoles } from './roles.tables.ts';

/** Role administration is for operator staff; provider staff are refused whatever they hold. */
export function assertOperator(actor: TActor): void {
  if (actor.userType === PROVIDER_USER_TYPE) throw new AppError('ROLE_OPERATOR_ONLY');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (v: string) => `%${escapeLike(v)}%`;

export type TRoleRow = typeof roles.$inferSelect;

const roleColumns = getTableColumns(roles);
const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id} and ${userRoles.tenantId} = ${roles.tenantId})`;

function toAdminRole(row: TRoleRow & { userCount: number }): TAdminRole {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    description: row.description,
    dataScope: row.dataScope as TDataScope,
    enabled: row.enabled,
    builtIn: isBuiltInRole(row.code),
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

function roleFilterWhere(tenantId: string, filter: TRoleFilter): SQL | undefined {
  return and(
    eq(roles.tenantId, tenantId),
    filter.code ? ilike(roles.code, contains(filter.code)) : undefined,
    filter.name
      ? or(ilike(roles.name, contains(filter.name)), ilike(roles.nameEn, contains(filter.name)))
      : undefined,
    filter.dataScope ? eq(roles.dataScope, filter.dataScope) : undefined,
    filter.enabled === undefined ? undefined : eq(roles.enabled, filter.enabled),
  );
}

/** A page of the tenant's roles, by code, each with the number of its users. */
export async function pageRoles(
  p: TPlatform,
  { actor, current, size, model }: { actor: TActor; current: number; size: number; model: TRoleFilter },
): Promise<{ records: TAdminRole[]; current: number; size: number; total: number }> {
  assertOperator(actor);
  const where = roleFilterWhere(actor.tenantId, model);
  const [{ n }] = await p.db.select({ n: count() }).from(roles).where(where);
  const rows = await p.db
    .select({ ...roleColumns, userCount })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.code), asc(roles.id))
    .offset((current - 1) * size)
    .limit(size);
  return { records: rows.map(toAdminRole), current, size, total: Number(n) };
}

/** The menus and permission strings a role grants. */
export async function grantsOf(
  db: TDbOrTx,
  { tenantId, roleId }: { tenantId: string; roleId: string },
): Promise<{ menuIds: string[]; permissions: string[]; organisationIds: string[] }> {
  const menuRows = await db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  const permissionRows = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.roleId, roleId)));
  return {
    menuIds: menuRows.map((r) => r.id).sort(),
    permissions: permissionRows.map((r) => r.permission).sort(),
    organisationIds: (await organisationsOfRole(db, { tenantId, roleId })).sort(),
  };
}

/** One role of the tenant with its grants. */
export async function roleDetail(
  db: TDbOrTx,
  { tenantId, roleId }: { tenantId: string; roleId: string },
): Promise<TAdminRoleDetail> {
  const [row] = await db
    .select({ ...roleColumns, userCount })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toAdminRole(row), ...(await grantsOf(db, { tenantId, roleId })) };
}

/** GET /authority/role/{id} */
export async function getRole(
  p: TPlatform,
  { actor, roleId }: { actor: TActor; roleId: string },
): Promise<TAdminRoleDetail> {
  assertOperator(actor);
  return roleDetail(p.db, { tenantId: actor.tenantId, roleId });
}

/** The tenant's menu tree (both groups) with each page's resources: the grant picker. */
export async function menuTree(p: TPlatform, { actor }: { actor: TActor }): Promise<TMenuTreeNode[]> {
  assertOperator(actor);
  const menuRows = await p.db
    .select()
    .from(menus)
    .where(eq(menus.tenantId, actor.tenantId))
    .orderBy(asc(menus.menuGroup), asc(menus.sortOrder), asc(menus.name));
  const resourceRows = await p.db
    .select()
    .from(resources)
    .where(eq(resources.tenantId, actor.tenantId))
    .orderBy(asc(resources.code));
  const byMenu = new Map<string, TMenuTreeNode['resources']>();
  for (const r of resourceRows) {
    if (!r.menuId) continue;
    const list = byMenu.get(r.menuId) ?? [];
    list.push({ id: r.id, code: r.code, name: r.name, nameEn: r.nameEn });
    byMenu.set(r.menuId, list);
  }
  const byParent = new Map<string | null, typeof menuRows>();
  for (const row of menuRows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: string | null): TMenuTreeNode[] =>
    (byParent.get(parentId) ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      title: row.title,
      titleEn: row.titleEn,
      hidden: row.hidden,
      children: build(row.id),
      resources: byMenu.get(row.id) ?? [],
    }));
  return build(null);
}

/** A user of a role, as the role's user panel lists it. */
export interface TRoleUser {
  id: string;
  account: string;
  name: string;
  nameEn: string;
  userType: string;
  enabled: boolean;
}

/** A page of the users holding a role, by account. */
export async function pageRoleUsers(
  p: TPlatform,
  {
    actor,
    current,
    size,
    model,
  }: { actor: TActor; current: number; size: number; model: { roleId: string; keyword?: string } },
): Promise<{ records: TRoleUser[]; current: number; size: number; total: number }> {
  assertOperator(actor);
  const tenantId = actor.tenantId;
  await roleDetail(p.db, { tenantId, roleId: model.roleId });
  const where = and(
    eq(users.tenantId, tenantId),
    inArray(
      users.id,
      p.db
        .select({ id: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, model.roleId))),
    ),
    model.keyword
      ? or(
          ilike(users.account, contains(model.keyword)),
          ilike(users.name, contains(model.keyword)),
          ilike(users.nameEn, contains(model.keyword)),
        )
      : undefined,
  );
  const [{ n }] = await p.db.select({ n: count() }).from(users).where(where);
  const records = await p.db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      nameEn: users.nameEn,
      userType: users.userType,
      enabled: users.enabled,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.account))
    .offset((current - 1) * size)
    .limit(size);
  return { records, current, size, total: Number(n) };
}

/** The ids of the users holding any of the roles. */
export async function usersOfRoles(
  db: TDbOrTx,
  { tenantId, roleIds }: { tenantId: string; roleIds: string[] },
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.roleId, roleIds)));
  return rows.map((r) => r.userId);
}

/** Users of the tenant whose account or name contains the keyword, at most 50 (the add-users picker). */
export async function roleUserOptions(
  p: TPlatform,
  { actor, keyword }: { actor: TActor; keyword: string },
): Promise<TRoleUser[]> {
  assertOperator(actor);
  return p.db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      nameEn: users.nameEn,
      userType: users.userType,
      enabled: users.enabled,
    })
    .from(users)
    .where(
      and(
        eq(users.tenantId, actor.tenantId),
        keyword
          ? or(
              ilike(users.account, contains(keyword)),
              ilike(users.name, contains(keyword)),
              ilike(users.nameEn, contains(keyword)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.account))
    .limit(50);
}
