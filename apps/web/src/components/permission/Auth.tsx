import type { ReactNode } from 'react';
import { type TPermissionChecks, usePermission } from './use-permission.ts';

type TList = string | readonly string[];

export interface AuthProps {
  /** Every listed permission must be granted. */
  has?: TList;
  /** At least one listed permission must be granted. */
  hasAny?: TList;
  /** None of the listed permissions may be granted. */
  hasNo?: TList;
  /** Every listed role must be held. */
  role?: TList;
  /** At least one listed role must be held. */
  anyRole?: TList;
  /** None of the listed roles may be held. */
  noRole?: TList;
  children?: ReactNode;
}

/** True when every check given in the props passes. */
export function passesAuth(checks: TPermissionChecks, props: Omit<AuthProps, 'children'>): boolean {
  if (props.has !== undefined && !checks.has(props.has)) return false;
  if (props.hasAny !== undefined && !checks.hasAny(props.hasAny)) return false;
  if (props.hasNo !== undefined && !checks.hasNo(props.hasNo)) return false;
  if (props.role !== undefined && !checks.hasRole(props.role)) return false;
  if (props.anyRole !== undefined && !checks.hasAnyRole(props.anyRole)) return false;
  if (props.noRole !== undefined && !checks.hasNoRole(props.noRole)) return false;
  return true;
}

/**
 * Renders its children only when every given check passes; otherwise the element is removed
 * (nothing is rendered), as spec section 6 asks.
 */
export function Auth({ children, ...checks }: AuthProps) {
  const permission = usePermission();
  return passesAuth(permission, checks) ? children : null;
}
