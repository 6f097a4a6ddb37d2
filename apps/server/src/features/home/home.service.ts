import { NET_VIEW_PERMISSION, isPermitted } from '@portal/domain/permissions';
import type { TActor } from '../../platform/auth/access.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getTenant } from '../../platform/tenancy/tenancy.service.ts';
import { countMenus } from '../menus/menus.service.ts';
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
  const [user, tenant, users, roles, menus] = await Promise.all([
    getUser(p.db, { tenantId: actor.tenantId, userId: actor.userId }),
    getTenant(p.db, actor.tenantId),
    countUsers(p.db, { tenantId: actor.tenantId }),
    countRoles(p.db, { tenantId: actor.tenantId }),
    countMenus(p.db, { tenantId: actor.tenantId }),
  ]);
  return {
    group: homeGroupOf(actor),
    user: { name: actor.name, nameEn: actor.nameEn, lastLoginAt: user?.lastLoginAt?.toISOString() ?? null },
    tenant: { code: actor.tenantCode, name: tenant?.name ?? '', nameEn: tenant?.nameEn ?? '' },
    provider: actor.providerId ? { providerId: actor.providerId } : null,
    stats: { users, roles, menus },
  };
}
