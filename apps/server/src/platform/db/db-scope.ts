import { AsyncLocalStorage } from 'node:async_hooks';
import { isUuid } from './values.ts';

/**
 * Whose rows the database lets the current code see (docs/decisions/0013-tenant-isolation.md).
 * `tenant`: the role `portal_app` with `app.tenant_id` set; row-level security shows and accepts
 * only that tenant's rows. `cross-tenant`: the connecting role, which bypasses row-level
 * security; only through `crossTenant(reason, fn)`. `none` (the default, when no scope was
 * entered): `portal_app` with no tenant, so every tenant-owned table looks empty and refuses
 * writes.
 */
export type TDbScope =
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'cross-tenant'; reason: string }
  | { kind: 'none' };

/** The role requests run as: no BYPASSRLS, not a superuser (created by migration 0011). */
export const APP_ROLE = 'portal_app';

const NONE: TDbScope = { kind: 'none' };
const storage = new AsyncLocalStorage<TDbScope>();

/** The scope of the code running now; `none` outside any. */
export function currentDbScope(): TDbScope {
  return storage.getStore() ?? NONE;
}

/**
 * Runs fn with the database limited to one tenant's rows (every request with a tenant). What fn
 * returns is awaited inside the scope: a Drizzle query builder only runs when awaited.
 */
export function withTenant<T>(tenantId: string, fn: () => T | PromiseLike<T>): Promise<T> {
  if (!isUuid(tenantId)) return Promise.reject(new Error(`Not a tenant id: ${tenantId}`));
  return storage.run({ kind: 'tenant', tenantId }, async () => await fn());
}

/**
 * Calls fn in one tenant's scope and returns what it returns, unawaited: for request handlers,
 * which may return the reply itself (a thenable that settles only when the answer is sent).
 */
export function handleInTenant<T>(tenantId: string, fn: () => T): T {
  return storage.run(tenantScope(tenantId), fn);
}

/**
 * Each tenant's scope, its id checked and the object made once, not on every request (the
 * check's regular expression was about 1 % of a cached lookup's instructions). Tenant ids come
 * from the database (the actor's, the tenant header's tenant); past MAX_TENANT_SCOPES, the kept
 * ones go.
 */
const tenantScopes = new Map<string, TDbScope>();
const MAX_TENANT_SCOPES = 10_000;
function tenantScope(tenantId: string): TDbScope {
  let scope = tenantScopes.get(tenantId);
  if (scope === undefined) {
    if (!isUuid(tenantId)) throw new Error(`Not a tenant id: ${tenantId}`);
    if (tenantScopes.size >= MAX_TENANT_SCOPES) tenantScopes.clear();
    scope = Object.freeze({ kind: 'tenant', tenantId } as const);
    tenantScopes.set(tenantId, scope);
  }
  return scope;
}

/**
 * Runs fn across every tenant: sign-in before the tenant is known, the session loader, jobs,
 * the seed. The reason names the path in code and in reviews; keep it to work that genuinely
 * spans tenants. A transaction already open keeps the scope it started with.
 */
export function crossTenant<T>(reason: string, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ kind: 'cross-tenant', reason }, async () => await fn());
}

/**
 * SQL that puts a connection in `scope`, as one simple-protocol message. `local` keeps it to
 * the current transaction (PGlite, one session shared by every request); otherwise it holds
 * for the session until the next checkout changes it (a pooled PostgreSQL connection).
 */
export function scopeSql(scope: TDbScope, local: boolean): string {
  const set = local ? 'set local role' : 'set role';
  const flag = local ? 'true' : 'false';
  if (scope.kind === 'cross-tenant') {
    return `${local ? 'set local role none' : 'reset role'}; select set_config('app.tenant_id', '', ${flag})`;
  }
  // The id is checked by withTenant (a uuid), so it can be written into the text safely.
  const tenant = scope.kind === 'tenant' ? scope.tenantId : '';
  return `${set} ${APP_ROLE}; select set_config('app.tenant_id', '${tenant}', ${flag})`;
}

/** A short key of the scope, to skip re-applying the one a connection already has. */
export function scopeKey(scope: TDbScope): string {
  return scope.kind === 'tenant' ? scope.tenantId : scope.kind;
}
