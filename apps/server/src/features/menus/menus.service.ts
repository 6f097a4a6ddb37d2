import { and, asc, count, eq, exists, getTableColumns, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { BUILT_IN_ACTIVE_MENUS } from '../../seed/menus.seed.ts';
import { roleMenus, roles, userRoles } from '../roles/roles.tables.ts';
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

/**
 * The route tree the actor's roles grant, in one menu group: one query, each menu row carrying
 * whether one of the user's roles grants it.
 */
export async function routesForActor(
  db: TDbOrTx,
  { actor, group }: { actor: TActor; group: 'default' | 'smartPortal' },
): Promise<TRoute[]> {
  const grants = db
    .select({ one: sql`1` })
    .from(roleMenus)
    .innerJoin(
      userRoles,
      and(eq(userRoles.roleId, roleMenus.roleId), eq(userRoles.tenantId, roleMenus.tenantId)),
    )
    // A disabled role grants no menus (decision 0033).
    .innerJoin(roles, and(eq(roles.id, roleMenus.roleId), eq(roles.enabled, true)))
    .where(
      and(
        eq(roleMenus.menuId, menus.id),
        eq(userRoles.userId, actor.userId),
        eq(userRoles.tenantId, actor.tenantId),
      ),
    );
  const granted = actor.isSuperAdmin ? sql<boolean>`true` : exists(grants);
  const rows = await db
    .select({ ...getTableColumns(menus), granted })
    .from(menus)
    .where(and(eq(menus.tenantId, actor.tenantId), eq(menus.menuGroup, group)))
    .orderBy(asc(menus.sortOrder), asc(menus.name));
  // Provider staff do not see entries of functions their provider may not use (decision 0027).
  const functions = actor.providerFunctions;
  const usable = (row: TMenuRow) =>
    functions === null || row.providerFunction === null || functions.includes(row.providerFunction as never);
  return buildRouteTree(rows.filter(usable), (row) => row.granted === true);
}

/** Number of menu entries of a tenant. */
export async function countMenus(db: TDbOrTx, { tenantId }: { tenantId: string }): Promise<number> {
  const rows = await db.select({ n: count() }).from(menus).where(eq(menus.tenantId, tenantId));
  return rows[0]?.n ?? 0;
}
