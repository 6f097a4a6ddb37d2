import { and, asc, count, eq } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { writtenAnswers } from '../../platform/http/envelope.ts';
import { type TTenantCache, tenantCache } from '../../platform/kv/tenant-cache.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { BUILT_IN_ACTIVE_MENUS } from '../../seed/menus.seed.ts';
import { roleMenus, roles } from '../roles/roles.tables.ts';
import { menus } from './menus.tables.ts';

export interface TRoute {
  path: string;
  component: string;
  name: string;
  hidden: boolean;
  alwaysShow: boolean;
  redirect?: string;
  meta: {
    title: string;
    titleEn: string;
    icon?: string;
    noCache: boolean;
    affix: boolean;
    /** A hidden page's list page (full path): the sidebar selects it while the page is open. */
    activeMenu?: string;
  };
  children?: TRoute[];
}

type TMenuRow = typeof menus.$inferSelect;

/**
 * The list page a hidden entry belongs to. Derived, not stored: the built-in entries carry it
 * in the seed, by name, which never changes (decision 0029); an entry shown in the menu is
 * its own selection, and an administrator's own hidden entries fall back to the web's rule (the
 * entry whose path is a parent of the page's).
 */
function activeMenuOf(row: TMenuRow): string | undefined {
  return row.hidden && row.builtIn ? BUILT_IN_ACTIVE_MENUS.get(row.name) : undefined;
}

function toRoute(row: TMenuRow, children: TRoute[]): TRoute {
  const activeMenu = activeMenuOf(row);
  return {
    path: row.path,
    component: row.component,
    name: row.name,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    ...(row.redirect ? { redirect: row.redirect } : {}),
    meta: {
      title: row.title,
      titleEn: row.titleEn,
      ...(row.icon ? { icon: row.icon } : {}),
      noCache: row.noCache,
      affix: row.affix,
      ...(activeMenu ? { activeMenu } : {}),
    },
    ...(children.length > 0 ? { children } : {}),
  };
}

/** Builds the nested route list from flat rows, keeping only `allowed` ones (and their parents). */
export function buildRouteTree<R extends TMenuRow>(rows: R[], allowed: (row: R) => boolean): TRoute[] {
  const byParent = new Map<string | null, R[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: string | null): TRoute[] =>
    (byParent.get(parentId) ?? []).flatMap((row) => {
      const children = build(row.id);
      return allowed(row) || children.length > 0 ? [toRoute(row, children)] : [];
    });
  return build(null);
}

/** The broadcast channel of the menu cache's invalidations (Redis pub/sub when REDIS_URL is set). */
export const MENUS_INVALIDATE_CHANNEL = 'menus:invalidate';
/** A safety net: a tenant's menus are read again after this long even if a broadcast was lost. */
const MENUS_MAX_AGE_MS = 60 * 1000;

/** A tenant's menus as the route tree needs them: every entry in menu order, and what each enabled role grants. */
interface TTenantMenus {
  rows: TMenuRow[];
  /** Menu ids by the code of the enabled role that grants them (the actor carries its enabled roles' codes). */
  grants: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The tenant's menus and grants, kept in-process until a change (a menu entry created, edited,
 * moved or deleted; a role's menus, state or existence changed) drops them on every instance
 * (`menuCache(p).invalidate(tenantId)` after the commit), or a minute passes. Who holds which
 * role travels in the cached actor, which role and user changes already refresh (decision 0018).
 */
export const menuCache = (p: Pick<TPlatform, 'kv' | 'log'>): TTenantCache<TTenantMenus> =>
  tenantCache(p, { channel: MENUS_INVALIDATE_CHANNEL, maxAgeMs: MENUS_MAX_AGE_MS });

async function loadTenantMenus(db: TDbOrTx, tenantId: string): Promise<TTenantMenus> {
  const [rows, granted] = await Promise.all([
    db
      .select()
      .from(menus)
      .where(eq(menus.tenantId, tenantId))
      .orderBy(asc(menus.menuGroup), asc(menus.sortOrder), asc(menus.name)),
    db
      .select({ code: roles.code, menuId: roleMenus.menuId })
      .from(roleMenus)
      // A disabled role grants no menus (decision 0033).
      .innerJoin(roles, and(eq(roles.id, roleMenus.roleId), eq(roles.enabled, true)))
      .where(eq(roleMenus.tenantId, tenantId)),
  ]);
  const grants = new Map<string, Set<string>>();
  for (const { code, menuId } of granted) {
    const menuIds = grants.get(code) ?? new Set<string>();
    menuIds.add(menuId);
    grants.set(code, menuIds);
  }
  return { rows, grants };
}

/**
 * The written answers of each loaded menus value, by what of the actor decides the tree; at
 * most 64 per tenant's menus (one per combination of roles, group and functions).
 */
const writtenTree = writtenAnswers<TTenantMenus>(64);

/**
 * The route tree the actor's roles grant, in one menu group, as the answer's UTF-8 JSON: built
 * and written by `write` once per tenant's loaded menus and per combination of what decides
 * the tree (roles, super-admin, the provider's functions, group), then answered from memory.
 * A menu or role change drops the tenant's menus (menuCache), and with them these answers.
 */
export async function routeTreeAnswer(
  p: Pick<TPlatform, 'db' | 'kv' | 'log'>,
  { actor, group }: { actor: TActor; group: 'default' | 'smartPortal' },
  write: (routes: TRoute[]) => Buffer,
): Promise<Buffer> {
  const menus = await menuCache(p).get(actor.tenantId, () => loadTenantMenus(p.db, actor.tenantId));
  const key = [
    group,
    actor.isSuperAdmin,
    actor.roles.join(','),
    actor.providerFunctions?.join(',') ?? '*',
  ].join('\n');
  return writtenTree(menus, key, () => write(treeFor(menus, actor, group)));
}

/** The route tree the actor's roles grant, in one menu group, from the tenant's loaded menus. */
function treeFor({ rows, grants }: TTenantMenus, actor: TActor, group: 'default' | 'smartPortal'): TRoute[] {
  const held = actor.roles.flatMap((code) => grants.get(code) ?? []);
  const granted = (row: TMenuRow) => actor.isSuperAdmin || held.some((menuIds) => menuIds.has(row.id));
  // Provider staff do not see entries of functions their provider may not use (decision 0027).
  const functions = actor.providerFunctions;
  const usable = (row: TMenuRow) =>
    row.menuGroup === group &&
    (functions === null ||
      row.providerFunction === null ||
      functions.includes(row.providerFunction as never));
  return buildRouteTree(rows.filter(usable), granted);
}

/** Number of menu entries of a tenant. */
export async function countMenus(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<number> {
  const rows = await db.select({ n: count() }).from(menus).where(eq(menus.tenantId, tenantId));
  return rows[0]?.n ?? 0;
}
