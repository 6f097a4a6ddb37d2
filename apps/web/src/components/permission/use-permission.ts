/**
 * Permission checks of spec section 6 for the signed-in user, through the shared matcher of
 * @portal/domain/permissions and the stored authority-resource object.
 */
import {
  hasAnyPermission,
  hasAnyRole,
  hasNoPermission,
  hasNoRole,
  hasPermission,
  hasRole,
  type TAuthorityResource,
} from '@portal/domain/permissions';
import { useMemo } from 'react';
import { useSessionStore } from '../../lib/session-store.ts';

type TList = string | readonly string[];

const list = (value: TList): readonly string[] => (typeof value === 'string' ? [value] : value);

export interface TPermissionChecks {
  authority: TAuthorityResource;
  /** Every listed permission is granted. */
  has: (permissions: TList) => boolean;
  /** At least one listed permission is granted. */
  hasAny: (permissions: TList) => boolean;
  /** None of the listed permissions is granted. */
  hasNo: (permissions: TList) => boolean;
  /** The user holds every listed role. */
  hasRole: (roles: TList) => boolean;
  /** The user holds at least one listed role. */
  hasAnyRole: (roles: TList) => boolean;
  /** The user holds none of the listed roles. */
  hasNoRole: (roles: TList) => boolean;
}

/** The checks bound to one authority-resource object. */
export function permissionChecks(authority: TAuthorityResource): TPermissionChecks {
  return {
    authority,
    has: (p) => hasPermission(authority, list(p)),
    hasAny: (p) => hasAnyPermission(authority, list(p)),
    hasNo: (p) => hasNoPermission(authority, list(p)),
    hasRole: (r) => hasRole(authority, list(r)),
    hasAnyRole: (r) => hasAnyRole(authority, list(r)),
    hasNoRole: (r) => hasNoRole(authority, list(r)),
  };
}

/** The permission checks of the signed-in user; re-renders when the permissions change. */
export function usePermission(): TPermissionChecks {
  const authority = useSessionStore((s) => s.authority);
  return useMemo(() => permissionChecks(authority), [authority]);
}
