/**
 * Queries of the user administration: the tenant's users with their roles, the filters of the
 * list and export, and the checks of providers and roles. Always scoped to one tenant.
 */
import { PROVIDER_USER_TYPE, type TUserFilter } from '@portal/domain/users/rules';
import { and, asc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { providerMatching } from '../hospital-tasks/providers.match.ts';
import { userScopeCondition } from '../organisations/organisations.scope.ts';
import { roles, userRoles } from '../roles/roles.tables.ts';
import type { TUserRow } from './users.service.ts';
import { users } from './users.tables.ts';

/** A role as the user administration shows it. */
export interface TRoleRef {
  id: string;
  code: string;
  name: string;
  nameEn: string;
}

/** A user as the administration screens see it (never the password hash). */
export interface TAdminUser {
  orgId: string | null;
  id: string;
  account: string;
  name: string;
  nameEn: string;
  email: string;
  mobile: string;
  userType: string;
  providerId: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  roles: TRoleRef[];
}

/** User administration is for operator staff; provider staff are refused whatever they hold. */
export function assertOperator(actor: TActor): void {
  if (actor.userType === PROVIDER_USER_TYPE) throw new AppError('USER_OPERATOR_ONLY');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the user list and export: the tenant, the actor's data scope and the filters given. */
export function userFilterWhere(actor: TActor, filter: TUserFilter): SQL | undefined {
  const contains = (v: string) => `%${escapeLike(v)}%`;
  return and(
    eq(users.tenantId, actor.tenantId),
    userScopeCondition(actor, users),
    filter.orgId ? eq(users.orgId, filter.orgId) : undefined,
    filter.account ? ilike(users.account, contains(filter.account)) : undefined,
    filter.name
      ? or(ilike(users.name, contains(filter.name)), ilike(users.nameEn, contains(filter.name)))
      : undefined,
    filter.userType ? eq(users.userType, filter.userType) : undefined,
    filter.providerId ? eq(users.providerId, filter.providerId) : undefined,
    filter.enabled === undefined ? undefined : eq(users.enabled, filter.enabled),
    filter.roleId
      ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.tenantId} = ${users.tenantId} and ${userRoles.roleId} = ${filter.roleId})`
      : undefined,
    filter.createdFrom ? gte(users.createdAt, new Date(filter.createdFrom)) : undefined,
    filter.createdTo ? lte(users.createdAt, new Date(filter.createdTo)) : undefined,
  );
}

/** The roles of each of the users, by user id. */
export async function rolesOfUsers(
  db: TDbOrTx,
  { tenantId, userIds }: { tenantId: string; userIds: string[] },
): Promise<Map<string, TRoleRef[]>> {
  const byUser = new Map<string, TRoleRef[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({
      userId: userRoles.userId,
      id: roles.id,
      code: roles.code,
      name: roles.name,
      nameEn: roles.nameEn,
    })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.tenantId, userRoles.tenantId)))
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, userIds)))
    .orderBy(asc(roles.code));
  for (const { userId, ...role } of rows) {
    const list = byUser.get(userId) ?? [];
    list.push(role);
    byUser.set(userId, list);
  }
  return byUser;
}

/** The administration view of user rows, with their roles. */
export async function toAdminUsers(db: TDbOrTx, tenantId: string, rows: TUserRow[]): Promise<TAdminUser[]> {
  const rolesBy = await rolesOfUsers(db, { tenantId, userIds: rows.map((r) => r.id) });
  return rows.map((row) => ({
    id: row.id,
    account: row.account,
    name: row.name,
    nameEn: row.nameEn,
    email: row.email,
    mobile: row.mobile,
    userType: row.userType,
    providerId: row.providerId,
    orgId: row.orgId,
    enabled: row.enabled,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    roles: rolesBy.get(row.id) ?? [],
  }));
}

/**
 * Users of the tenant by id (missing ids are simply absent); with `actor`, only those within the
 * actor's data scope (decision 0028), so a user outside it answers as missing.
 */
export async function usersByIds(
  db: TDbOrTx,
  { tenantId, ids, actor }: { tenantId: string; ids: string[]; actor?: TActor },
): Promise<TUserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, ids),
        actor ? userScopeCondition(actor, users) : undefined,
      ),
    );
}

/** True when another user of the tenant has the account (compared without case). */
export async function accountTaken(
  db: TDbOrTx,
  { tenantId, account, exceptId }: { tenantId: string; account: string; exceptId?: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        sql`lower(${users.account}) = lower(${account})`,
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The provider ids of the list that exist in the tenant. */
export async function existingProviderIds(
  db: TDbOrTx,
  { tenantId, providerIds }: { tenantId: string; providerIds: string[] },
): Promise<Set<string>> {
  if (providerIds.length === 0) return new Set();
  const rows = await db
    .select({ providerId: providers.providerId })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), inArray(providers.providerId, providerIds)));
  return new Set(rows.map((r) => r.providerId));
}

/** Every role of the tenant. */
export async function tenantRoles(db: TDbOrTx, tenantId: string): Promise<TRoleRef[]> {
  return db
    .select({ id: roles.id, code: roles.code, name: roles.name, nameEn: roles.nameEn })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(asc(roles.code));
}

/** Providers of the tenant whose id or name contains the keyword (the provider picker), at most 50. */
export async function searchProviders(
  db: TDbOrTx,
  { tenantId, keyword }: { tenantId: string; keyword: string },
): Promise<{ providerId: string; name: string; nameEn: string }[]> {
  return db
    .select({
      providerId: providers.providerId,
      name: providers.providerCnName,
      nameEn: providers.providerEnName,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), providerMatching(keyword)))
    .orderBy(asc(providers.providerId))
    .limit(50);
}
