/**
 * Data scopes (decision 0028): what an actor's roles let them see of the operator screens,
 * loaded with the session in its one query (decision 0018), and the one place that turns it
 * into a SQL condition for a list, count, export or detail.
 */
import { combineScopes, type TActorScope } from '@portal/domain/organisations/rules';
import { type Column, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { roles, userRoles } from '../roles/roles.tables.ts';
import { users } from '../users/users.tables.ts';
import { organisationProviders, organisations, roleOrganisations } from './organisations.tables.ts';

/** The ids of the organisations the enabled roles of the user reach (a subquery). */
function reachedOrganisations(userId: Column, tenantId: Column, orgId: Column): SQL {
  const holds = (scope: string) =>
    sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${userRoles.userId} = ${userId} and ${userRoles.tenantId} = ${tenantId} and ${roles.enabled}
        and ${roles.dataScope} = ${scope})`;
  return sql`select ${organisations.id} from ${organisations} where ${organisations.tenantId} = ${tenantId} and (
      (${organisations.id} = ${orgId} and ${holds('org')})
      or (${orgId} = any(${organisations.path}) and ${holds('org_and_below')})
      or ${organisations.id} in (select ${roleOrganisations.organisationId} from ${roleOrganisations}
        join ${userRoles} on ${userRoles.roleId} = ${roleOrganisations.roleId}
        join ${roles} on ${roles.id} = ${roleOrganisations.roleId}
        where ${userRoles.userId} = ${userId} and ${roleOrganisations.tenantId} = ${tenantId}
          and ${roles.enabled} and ${roles.dataScope} = 'custom'))`;
}

/**
 * Columns for the session loader's one query: the data scopes of the user's enabled roles, the
 * organisations they reach and the providers placed in those organisations.
 */
export function scopeColumnsOf(userId: Column, tenantId: Column, orgId: Column) {
  const reached = reachedOrganisations(userId, tenantId, orgId);
  return {
    scopes: sql<
      string[]
    >`coalesce((select array_agg(distinct ${roles.dataScope}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${userRoles.tenantId} = ${tenantId} and ${roles.enabled}), '{}')`,
    scopeOrgIds: sql<string[]>`coalesce(array(${reached}), '{}')`,
    scopeProviderIds: sql<
      string[]
    >`coalesce(array(select ${organisationProviders.providerId} from ${organisationProviders} where ${organisationProviders.tenantId} = ${tenantId} and ${organisationProviders.organisationId} in (${reached})), '{}')`,
  };
}

/** The actor's scope from the loader's columns (the widest of their roles wins). */
export function actorScopeOf(row: { scopes: string[]; scopeOrgIds: string[]; scopeProviderIds: string[] }) {
  return combineScopes(row.scopes, row.scopeOrgIds.map(String), row.scopeProviderIds);
}

/** How the rows of one table belong to organisations and to the actor. */
export interface TScopeMapping {
  /** The row's provider, when its provider places it (tasks, provider staff). */
  providerId?: Column;
  /** The row's own organisation (users). */
  orgId?: Column;
  /** The row belongs to the actor (a task they handle, a message they sent, themselves). */
  own: (actor: TActor) => SQL;
}

/**
 * The condition a list, count, export or detail adds for the actor's data scope: nothing for
 * 'all' (undefined), otherwise the rows of the organisations reached or the actor's own.
 */
export function scopeCondition(actor: TActor, mapping: TScopeMapping): SQL | undefined {
  const scope: TActorScope = actor.scope;
  if (scope.all) return undefined;
  const parts: SQL[] = [mapping.own(actor)];
  if (mapping.providerId && scope.providerIds.length > 0)
    parts.push(inArray(mapping.providerId, [...scope.providerIds]));
  if (mapping.orgId && scope.orgIds.length > 0) parts.push(inArray(mapping.orgId, [...scope.orgIds]));
  return or(...parts) as SQL;
}

/** True when the actor's scope leaves everything visible (no condition, kept counts usable). */
export const scopeIsAll = (actor: TActor): boolean => actor.scope.all;

/**
 * A detail outside the actor's scope is refused like a missing record (404): `inScope` is the
 * row's membership, decided by the caller from the same rules as `scopeCondition`.
 */
export function assertInScope(inScope: boolean): void {
  if (!inScope) throw new AppError('NOT_FOUND');
}

/** Whether a task of `providerId` handled by `handlerIds` is within the actor's scope. */
export function taskInScope(
  actor: TActor,
  task: { providerId: string; handlerIds: (string | null)[] },
): boolean {
  const scope = actor.scope;
  if (scope.all) return true;
  return scope.providerIds.includes(task.providerId) || task.handlerIds.includes(actor.userId);
}

/**
 * The data-scope condition of a change-task table (hospital or doctor tasks, or their decision
 * rows): a task belongs to the organisation its provider is placed in, and to the operator
 * handling it (auditMemberId, set when they take or decide it).
 */
export function taskScopeCondition(
  actor: TActor,
  tasks: { providerId: Column; auditMemberId: Column },
): SQL | undefined {
  return scopeCondition(actor, {
    providerId: tasks.providerId,
    own: (a) => sql`${tasks.auditMemberId} = ${a.userId}`,
  });
}

/**
 * The data-scope condition of the operator messages: a message belongs to the organisation of
 * the operator who sent (or drafted) it, and to that operator.
 */
export function messageScopeCondition(actor: TActor, senderId: Column): SQL | undefined {
  const scope = actor.scope;
  if (scope.all) return undefined;
  const own = sql`${senderId} = ${actor.userId}`;
  if (scope.orgIds.length === 0) return own;
  return or(
    own,
    sql`${senderId} in (select ${users.id} from ${users} where ${users.tenantId} = ${actor.tenantId} and ${inArray(users.orgId, [...scope.orgIds])})`,
  ) as SQL;
}

/**
 * The data-scope condition of the user list: a user belongs to their organisation, and provider
 * staff also to the organisation their provider is placed in; every scope keeps the actor.
 */
export function userScopeCondition(
  actor: TActor,
  columns: { id: Column; orgId: Column; providerId: Column },
): SQL | undefined {
  return scopeCondition(actor, {
    orgId: columns.orgId,
    providerId: columns.providerId,
    own: (a) => sql`${columns.id} = ${a.userId}`,
  });
}

/** Whether a user row is within the actor's data scope (the same rules as userScopeCondition). */
export function userInScope(
  actor: TActor,
  user: { id: string; orgId: string | null; providerId: string | null },
): boolean {
  const scope = actor.scope;
  if (scope.all || user.id === actor.userId) return true;
  return (
    (user.orgId !== null && scope.orgIds.includes(user.orgId)) ||
    (user.providerId !== null && scope.providerIds.includes(user.providerId))
  );
}

/** Whether the provider's rows (its message centre, its tasks) are within the actor's data scope. */
export const providerInScope = (actor: TActor, providerId: string): boolean =>
  actor.scope.all || actor.scope.providerIds.includes(providerId);
