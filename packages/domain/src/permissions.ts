/**
 * Wildcard permission matcher of spec section 6, shared by the server's route guard and the
 * web's permission components.
 *
 * A permission string splits on ':' into parts and each part on ',' into alternatives. '*'
 * matches anything. Parts are compared over the length they share: a longer grant implies a
 * shorter requirement (`a:b:c` grants `a:b`), and a shorter grant implies everything below
 * it (`a` grants `a:b:c`), as in the Shiro model the spec follows. Comparison ignores case
 * unless `caseSensitive` is set. An empty string, or one made only of separators, is an error.
 */

export const WILDCARD = '*';

export class PermissionFormatError extends Error {
  constructor(value: string) {
    super(`Invalid permission string: ${JSON.stringify(value)}`);
    this.name = 'PermissionFormatError';
  }
}

export type TPermissionParts = ReadonlyArray<ReadonlySet<string>>;

// Parsed permissions by text: every guarded request checks the actor's grants (often hundreds)
// against the route's requirement, and the same few hundred strings recur. Bounded: past the
// limit it starts over.
const PARSED_MAX = 5_000;
const parsed = [new Map<string, TPermissionParts>(), new Map<string, TPermissionParts>()];

/** Splits a permission string into parts of alternatives; throws PermissionFormatError when empty. */
export function parsePermission(value: string, caseSensitive = false): TPermissionParts {
  if (typeof value !== 'string') throw new PermissionFormatError(String(value));
  const cache = parsed[caseSensitive ? 1 : 0];
  const known = cache.get(value);
  if (known) return known;
  const parts = parseParts(value, caseSensitive);
  if (cache.size >= PARSED_MAX) cache.clear();
  cache.set(value, parts);
  return parts;
}

function parseParts(value: string, caseSensitive: boolean): TPermissionParts {
  const text = caseSensitive ? value.trim() : value.trim().toLowerCase();
  const parts = text
    .split(':')
    .map((part) =>
      part
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .filter((alternatives) => alternatives.length > 0)
    .map((alternatives) => new Set(alternatives));
  if (parts.length === 0) throw new PermissionFormatError(value);
  return parts;
}

function partImplies(granted: ReadonlySet<string>, required: ReadonlySet<string>): boolean {
  if (granted.has(WILDCARD)) return true;
  for (const r of required) if (!granted.has(r)) return false;
  return true;
}

/** True when one granted permission implies the required one. */
export function implies(granted: string, required: string, caseSensitive = false): boolean {
  const g = parsePermission(granted, caseSensitive);
  const r = parsePermission(required, caseSensitive);
  const shared = Math.min(g.length, r.length);
  for (let i = 0; i < shared; i++) {
    if (!partImplies(g[i], r[i])) return false;
  }
  return true;
}

/** True when any of the granted permissions implies the required one. */
export function isPermitted(grants: readonly string[], required: string, caseSensitive = false): boolean {
  parsePermission(required, caseSensitive);
  return grants.some((g) => {
    try {
      return implies(g, required, caseSensitive);
    } catch {
      return false;
    }
  });
}

export interface TAuthorityResource {
  enabled: boolean;
  caseSensitive: boolean;
  resourceList: string[];
  roleList: string[];
}

/** hasPermission: every listed permission must be implied; with `enabled` off everything passes. */
export function hasPermission(auth: TAuthorityResource, required: readonly string[]): boolean {
  if (!auth.enabled) return true;
  return required.every((p) => isPermitted(auth.resourceList, p, auth.caseSensitive));
}

/** hasAnyPermission: at least one listed permission is implied; with `enabled` off everything passes. */
export function hasAnyPermission(auth: TAuthorityResource, required: readonly string[]): boolean {
  if (!auth.enabled) return true;
  return required.some((p) => isPermitted(auth.resourceList, p, auth.caseSensitive));
}

/** hasNoPermission: none of the listed permissions is implied. */
export function hasNoPermission(auth: TAuthorityResource, required: readonly string[]): boolean {
  if (!auth.enabled) return false;
  return !required.some((p) => isPermitted(auth.resourceList, p, auth.caseSensitive));
}

function sameRole(a: string, b: string, caseSensitive: boolean): boolean {
  return caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase();
}

function holdsRole(auth: TAuthorityResource, role: string): boolean {
  return auth.roleList.some((r) => sameRole(r, role, auth.caseSensitive));
}

/** hasRole: the user holds every listed role; with `enabled` off everything passes. */
export function hasRole(auth: TAuthorityResource, roles: readonly string[]): boolean {
  if (!auth.enabled) return true;
  return roles.every((r) => holdsRole(auth, r));
}

/** hasAnyRole: the user holds at least one listed role; with `enabled` off everything passes. */
export function hasAnyRole(auth: TAuthorityResource, roles: readonly string[]): boolean {
  if (!auth.enabled) return true;
  return roles.some((r) => holdsRole(auth, r));
}

/** hasNoRole: the user holds none of the listed roles. */
export function hasNoRole(auth: TAuthorityResource, roles: readonly string[]): boolean {
  if (!auth.enabled) return false;
  return !roles.some((r) => holdsRole(auth, r));
}

export const ROLES = {
  SUPER_ADMIN: 'SUPER_ADMIN',
  SMART_PORTAL: 'SMART_PORTAL',
  CLAIM_ADMIN: 'CLAIM_ADMIN',
} as const;

/** The permission value that marks network-view users (spec section 6). */
export const NET_VIEW_PERMISSION = 'drsystem:homePage:netView';
