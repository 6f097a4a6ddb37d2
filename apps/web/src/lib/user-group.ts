/**
 * Which home page and first breadcrumb a user gets (spec section 2 "Shell"): provider staff
 * see the Bulletin Board, network-view users without SUPER_ADMIN the Task Board, everyone
 * else the Dashboard.
 */
import {
  hasPermission,
  hasRole,
  NET_VIEW_PERMISSION,
  ROLES,
  type TAuthorityResource,
} from '@portal/domain/permissions';
import type { TSessionUser } from './session-store.ts';

export type TUserGroup = 'provider' | 'netView' | 'dashboard';

/** User type code of provider (hospital) staff. */
export const PROVIDER_USER_TYPE = '02';

export function isProviderUser(user: Pick<TSessionUser, 'userType' | 'providerId'> | null): boolean {
  return Boolean(user && (user.userType === PROVIDER_USER_TYPE || user.providerId?.trim()));
}

export function userGroupOf(
  user: Pick<TSessionUser, 'userType' | 'providerId'> | null,
  authority: TAuthorityResource,
): TUserGroup {
  if (isProviderUser(user)) return 'provider';
  if (
    authority.enabled &&
    hasPermission(authority, [NET_VIEW_PERMISSION]) &&
    !hasRole(authority, [ROLES.SUPER_ADMIN])
  ) {
    return 'netView';
  }
  return 'dashboard';
}
