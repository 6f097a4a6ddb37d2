/** Reads of the user administration: the list page, the pickers and one user. */
import { PROVIDER_USER_TYPE, type TUserFilter, type USER_SORTS } from '@portal/domain/users/rules';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import { orderTerms, pageWindow, type TOrderKey } from '../../platform/db/paging.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  assertOperator,
  type TAdminUser,
  type TRoleRef,
  tenantRoles,
  toAdminUsers,
  userFilterWhere,
  usersByIds,
} from './users.admin.store.ts';
import { users } from './users.tables.ts';

const SORT_COLUMNS = {
  account: users.account,
  name: users.name,
  userType: users.userType,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

/** The order of the list: the chosen column, then the id so that pages never overlap. */
export function userOrder(sort: (typeof USER_SORTS)[number], order: 'asc' | 'desc'): TOrderKey[] {
  return [
    { column: SORT_COLUMNS[sort], desc: order === 'desc' },
    { column: users.id, desc: order === 'desc' },
  ];
}

/** A page of the tenant's users, filtered and sorted (the deep pages read from the nearer end). */
export async function pageUsers(
  p: TPlatform,
  {
    actor,
    current,
    size,
    sort,
    order,
    model,
  }: {
    actor: TActor;
    current: number;
    size: number;
    sort: (typeof USER_SORTS)[number];
    order: 'asc' | 'desc';
    model: TUserFilter;
  },
): Promise<{ records: TAdminUser[]; current: number; size: number; total: number }> {
  assertOperator(actor);
  const where = userFilterWhere(actor, model);
  const [{ n }] = await p.db.select({ n: count() }).from(users).where(where);
  const total = Number(n);
  const window = pageWindow({ current, size, total });
  if (!window) return { records: [], current, size, total };
  const keys = userOrder(sort, order);
  const idRows = await p.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...orderTerms(keys, window.reverse))
    .offset(window.offset)
    .limit(window.limit);
  const ids = idRows.map((r) => r.id);
  if (window.reverse) ids.reverse();
  const rows = await usersByIds(p.db, { tenantId: actor.tenantId, ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return { records: await toAdminUsers(p.db, actor.tenantId, ordered), current, size, total };
}

/** One user of the tenant as the administration sees it. */
export async function getAdminUser(
  p: TPlatform,
  { actor, userId }: { actor: TActor; userId: string },
): Promise<TAdminUser> {
  assertOperator(actor);
  const rows = await usersByIds(p.db, { tenantId: actor.tenantId, ids: [userId], actor });
  if (!rows[0]) throw new AppError('NOT_FOUND');
  const [view] = await toAdminUsers(p.db, actor.tenantId, rows);
  return view;
}

/** A user in a picker. */
export interface TUserOption {
  id: string;
  account: string;
  name: string;
  nameEn: string;
  userType: string;
  providerId: string | null;
  enabled: boolean;
}

const optionColumns = {
  id: users.id,
  account: users.account,
  name: users.name,
  nameEn: users.nameEn,
  userType: users.userType,
  providerId: users.providerId,
  enabled: users.enabled,
};

/** Every user of the tenant, by account (pickers and filters). */
export async function findAllUsers(p: TPlatform, { actor }: { actor: TActor }): Promise<TUserOption[]> {
  assertOperator(actor);
  return p.db
    .select(optionColumns)
    .from(users)
    .where(eq(users.tenantId, actor.tenantId))
    .orderBy(asc(users.account));
}

/**
 * The operator users who can be persons in charge or case handlers: enabled, not provider
 * staff (the rule the task assignment checks, TASK_ASSIGNEE_UNKNOWN).
 */
export async function findServiceUsers(p: TPlatform, { actor }: { actor: TActor }): Promise<TUserOption[]> {
  assertOperator(actor);
  return p.db
    .select(optionColumns)
    .from(users)
    .where(
      and(
        eq(users.tenantId, actor.tenantId),
        eq(users.enabled, true),
        ne(users.userType, PROVIDER_USER_TYPE),
      ),
    )
    .orderBy(asc(users.account));
}

/** The roles a user of the tenant can be given (the role picker). */
export async function assignableRoles(p: TPlatform, { actor }: { actor: TActor }): Promise<TRoleRef[]> {
  assertOperator(actor);
  return tenantRoles(p.db, actor.tenantId);
}
