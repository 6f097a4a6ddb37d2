import { isPermitted, NET_VIEW_PERMISSION } from '@portal/domain/permissions';
import type { TActor } from '../../platform/auth/access.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getTenant } from '../../platform/tenancy/tenancy.service.ts';
import { countTasksByStatus, getProviderNames } from '../hospital-tasks/hospital-tasks.queries.ts';
import { countMenus } from '../menus/menus.service.ts';
import { taskScopeCondition } from '../organisations/organisations.scope.ts';
import { countRoles } from '../roles/roles.service.ts';
import { countUsers, getUser } from '../users/users.service.ts';

/** The home-page group of spec section 2: provider users, network view, or everyone else. */
export function homeGroupOf(actor: TActor): 'provider' | 'netView' | 'dashboard' {
  if (actor.providerId) return 'provider';
  if (!actor.isSuperAdmin && isPermitted(actor.permissions, NET_VIEW_PERMISSION)) return 'netView';
  return 'dashboard';
}

/** What the home page shows for the actor. */
export async function getHomePage(p: TPlatform, { actor }: { actor: TActor }) {
  const tenantId = actor.tenantId;
  const group = homeGroupOf(actor);
  // The tenant's figures are on the Dashboard only: the other boards do not ask for them.
  const withStats = group === 'dashboard';
  const [user, tenant, users, roles, menus, taskCounts, providerNames] = await Promise.all([
    getUser(p.db, { tenantId, userId: actor.userId }),
    getTenant(p.db, tenantId),
    withStats ? countUsers(p.db, { tenantId }) : 0,
    withStats ? countRoles(p.db, { tenantId }) : 0,
    withStats ? countMenus(p.db, { tenantId }) : 0,
    // Provider staff count their own provider's tasks; operators those of their data scope.
    countTasksByStatus(p.db, {
      tenantId,
      providerId: actor.providerId,
      scopeOf: actor.providerId ? undefined : (tasks) => taskScopeCondition(actor, tasks),
    }),
    actor.providerId ? getProviderNames(p.db, { tenantId, providerId: actor.providerId }) : null,
  ]);
  return {
    group,
    user: { name: actor.name, nameEn: actor.nameEn, lastLoginAt: user?.lastLoginAt?.toISOString() ?? null },
    tenant: { code: actor.tenantCode, name: tenant?.name ?? '', nameEn: tenant?.nameEn ?? '' },
    provider: actor.providerId
      ? {
          providerId: actor.providerId,
          cnName: providerNames?.cnName ?? null,
          enName: providerNames?.enName ?? null,
        }
      : null,
    taskCounts,
    stats: withStats ? { users, roles, menus } : null,
  };
}
