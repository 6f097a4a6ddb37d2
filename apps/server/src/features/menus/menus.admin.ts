/**
 * The menu administration (issue 14, decision 0029): the tenant's whole menu tree with each
 * page's resources, and the changes of its entries (resources: menus.resources.ts). Each change is one transaction with its
 * operation-log row. The route tree (GET /oauth/menu/router) reads the tenant's menus from a cache
 * that every change drops on every instance after its commit (menuCache), so an edit reaches
 * every signed-in user on their next call; a change that takes grants away
 * (deleting an entry or a resource) also drops the tenant's cached sessions on every instance
 * (decision 0018), since their permissions travel in the cached actor.
 */
import { resolveMenuPath } from '@portal/domain/menus/paths';
import {
  MENU_GROUP_CODES,
  type TAdminMenu,
  type TAdminResource,
  type TMenuCreateValues,
  type TMenuEditValues,
  type TMenuGroup,
  type TMenuOrderValues,
} from '@portal/domain/menus/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { roleMenus, rolePermissions } from '../roles/roles.tables.ts';
import { menuCache } from './menus.service.ts';
import { menus, resources } from './menus.tables.ts';

/** Where a change comes from, for its log rows. */
export interface TMenuChangeContext {
  actor: TActor;
  requestId: string;
}

type TMenuRow = typeof menus.$inferSelect;
type TResourceRow = typeof resources.$inferSelect;

export const fieldError = (
  field: string,
  key: 'MENU_PATH_EXISTS' | 'MENU_NAME_EXISTS' | 'RESOURCE_CODE_EXISTS',
  params: Record<string, string> = {},
) =>
  new AppError(key, {
    params,
    data: {
      fieldErrors: {
        [field]: {
          msg: new AppError(key, { params }).msgZh,
          msg_en: new AppError(key, { params }).msgEn,
        },
      },
    },
  });

export async function log(
  tx: TDbOrTx,
  ctx: TMenuChangeContext,
  action: string,
  targetTable: 'menus' | 'resources',
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await writeOperationLog(tx, {
    tenantId: ctx.actor.tenantId,
    userId: ctx.actor.userId,
    account: ctx.actor.account,
    action,
    targetTable,
    targetId,
    before,
    after,
    requestId: ctx.requestId,
  });
}

/** What the operation log keeps of a menu entry. */
function menuSnapshot(row: TMenuRow) {
  return {
    name: row.name,
    menuGroup: row.menuGroup,
    parentId: row.parentId,
    path: row.path,
    component: row.component,
    redirect: row.redirect,
    title: row.title,
    titleEn: row.titleEn,
    icon: row.icon,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    noCache: row.noCache,
    sortOrder: row.sortOrder,
  };
}

export const resourceSnapshot = (row: TResourceRow) => ({
  menuId: row.menuId,
  code: row.code,
  name: row.name,
  nameEn: row.nameEn,
});

async function tenantMenus(db: TDbOrTx, tenantId: string): Promise<TMenuRow[]> {
  return db
    .select()
    .from(menus)
    .where(eq(menus.tenantId, tenantId))
    .orderBy(asc(menus.sortOrder), asc(menus.name));
}

/** Full path of every entry (its path joined to its parents'), by id. */
function fullPaths(rows: TMenuRow[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  const resolve = (row: TMenuRow, depth = 0): string => {
    const known = paths.get(row.id);
    if (known) return known;
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    const base = parent && depth < 50 ? resolve(parent, depth + 1) : '/';
    const path = resolveMenuPath(base, row.path);
    paths.set(row.id, path);
    return path;
  };
  for (const row of rows) resolve(row);
  return paths;
}

export const toResource = (row: TResourceRow): TAdminResource => ({
  id: row.id,
  menuId: row.menuId ?? '',
  code: row.code,
  name: row.name,
  nameEn: row.nameEn,
  builtIn: row.builtIn,
});

/** The tenant's menu tree of one group with every entry's fields and resources, in menu order. */
export async function adminMenuTree(
  db: TDbOrTx,
  { tenantId, group }: { tenantId: string; group: TMenuGroup },
): Promise<TAdminMenu[]> {
  const all = await tenantMenus(db, tenantId);
  const paths = fullPaths(all);
  const rows = all.filter((r) => r.menuGroup === group);
  const resourceRows = await db
    .select()
    .from(resources)
    .where(eq(resources.tenantId, tenantId))
    .orderBy(asc(resources.code));
  const resourcesOf = new Map<string, TAdminResource[]>();
  for (const row of resourceRows) {
    if (!row.menuId) continue;
    const list = resourcesOf.get(row.menuId) ?? [];
    list.push(toResource(row));
    resourcesOf.set(row.menuId, list);
  }
  const byParent = new Map<string | null, TMenuRow[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // An entry whose parent is gone shows at the top, so it can still be edited or deleted.
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(row);
    byParent.set(parent, list);
  }
  const build = (parentId: string | null): TAdminMenu[] =>
    (byParent.get(parentId) ?? []).map((row) => ({
      id: row.id,
      parentId: row.parentId,
      menuGroup: (MENU_GROUP_CODES as readonly string[]).includes(row.menuGroup)
        ? (row.menuGroup as TMenuGroup)
        : 'default',
      name: row.name,
      path: row.path,
      fullPath: paths.get(row.id) ?? row.path,
      component: row.component,
      redirect: row.redirect ?? '',
      title: row.title,
      titleEn: row.titleEn,
      icon: row.icon ?? '',
      hidden: row.hidden,
      alwaysShow: row.alwaysShow,
      noCache: row.noCache,
      sortOrder: row.sortOrder,
      builtIn: row.builtIn,
      version: row.version,
      children: build(row.id),
      resources: resourcesOf.get(row.id) ?? [],
    }));
  return build(null);
}

export async function findMenu(db: TDbOrTx, tenantId: string, id: string, lock = false): Promise<TMenuRow> {
  const query = db
    .select()
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('MENU_NOT_FOUND');
  return row;
}

/**
 * The parent must be another entry of the same group and not one below the entry itself; the
 * entry's full path must not be another entry's of the same group.
 */
function checkPlace(
  all: TMenuRow[],
  {
    id,
    parentId,
    menuGroup,
    path,
  }: { id: string | null; parentId: string | null; menuGroup: string; path: string },
) {
  const byId = new Map(all.map((r) => [r.id, r]));
  if (parentId) {
    const parent = byId.get(parentId);
    if (!parent || parent.menuGroup !== menuGroup || parent.id === id)
      throw new AppError('MENU_PARENT_INVALID');
    for (let at: TMenuRow | undefined = parent, depth = 0; at && depth < 50; depth++) {
      if (at.id === id) throw new AppError('MENU_PARENT_INVALID');
      at = at.parentId ? byId.get(at.parentId) : undefined;
    }
  }
  const others = all.filter((r) => r.id !== id);
  const paths = fullPaths(others);
  const base = parentId ? (paths.get(parentId) ?? '/') : '/';
  const mine = resolveMenuPath(base, path);
  const clash = others.find((r) => r.menuGroup === menuGroup && paths.get(r.id) === mine);
  if (clash) throw fieldError('path', 'MENU_PATH_EXISTS', { path: mine, title: clash.title });
}

/** POST /authority/menu: a new entry of the tenant's tree. */
export async function createMenu(
  p: TPlatform,
  ctx: TMenuChangeContext,
  input: TMenuCreateValues,
): Promise<TAdminMenu[]> {
  const tenantId = ctx.actor.tenantId;
  await p.db.transaction(async (tx) => {
    // One writer of a tenant's tree at a time, so two concurrent edits cannot both pass the checks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menus:${tenantId}`}))`);
    const all = await tenantMenus(tx, tenantId);
    if (all.some((r) => r.name.toLowerCase() === input.name.toLowerCase()))
      throw fieldError('name', 'MENU_NAME_EXISTS');
    checkPlace(all, { id: null, parentId: input.parentId, menuGroup: input.menuGroup, path: input.path });
    const [row] = await tx
      .insert(menus)
      .values({
        tenantId,
        parentId: input.parentId,
        menuGroup: input.menuGroup,
        name: input.name,
        path: input.path,
        component: input.component,
        redirect: input.redirect || null,
        title: input.title,
        titleEn: input.titleEn,
        icon: input.icon || null,
        hidden: input.hidden ?? false,
        alwaysShow: input.alwaysShow ?? false,
        noCache: input.noCache ?? false,
        sortOrder: input.sortOrder ?? 0,
        builtIn: false,
        createdBy: ctx.actor.userId,
        updatedBy: ctx.actor.userId,
      })
      .returning();
    await log(tx, ctx, 'create', 'menus', row.id, null, menuSnapshot(row));
  });
  await menuCache(p).invalidate(tenantId);
  return adminMenuTree(p.db, { tenantId, group: input.menuGroup });
}

/** PUT /authority/menu: an entry's fields; a built-in entry keeps its place and page. */
export async function editMenu(
  p: TPlatform,
  ctx: TMenuChangeContext,
  input: TMenuEditValues,
): Promise<TAdminMenu[]> {
  const tenantId = ctx.actor.tenantId;
  const group = await p.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menus:${tenantId}`}))`);
    const before = await findMenu(tx, tenantId, input.id, true);
    if (input.version !== undefined && input.version !== before.version) throw new AppError('MENU_CHANGED');
    const redirect = input.redirect || null;
    const moved =
      before.parentId !== input.parentId ||
      before.menuGroup !== input.menuGroup ||
      before.path !== input.path ||
      before.component !== input.component ||
      (before.redirect ?? null) !== redirect;
    if (moved && before.builtIn)
      throw new AppError('MENU_BUILT_IN_FIXED', { params: { title: before.title } });
    if (moved) {
      const all = await tenantMenus(tx, tenantId);
      checkPlace(all, {
        id: before.id,
        parentId: input.parentId,
        menuGroup: input.menuGroup,
        path: input.path,
      });
      if (before.menuGroup !== input.menuGroup && all.some((r) => r.parentId === before.id))
        throw new AppError('MENU_PARENT_INVALID');
    }
    const [row] = await tx
      .update(menus)
      .set({
        parentId: input.parentId,
        menuGroup: input.menuGroup,
        path: input.path,
        component: input.component,
        redirect,
        title: input.title,
        titleEn: input.titleEn,
        icon: input.icon || null,
        hidden: input.hidden ?? false,
        alwaysShow: input.alwaysShow ?? false,
        noCache: input.noCache ?? false,
        sortOrder: input.sortOrder ?? before.sortOrder,
        updatedAt: new Date(),
        updatedBy: ctx.actor.userId,
        version: sql`${menus.version} + 1`,
      })
      .where(and(eq(menus.tenantId, tenantId), eq(menus.id, before.id)))
      .returning();
    await log(tx, ctx, 'update', 'menus', row.id, menuSnapshot(before), menuSnapshot(row));
    return row.menuGroup as TMenuGroup;
  });
  await menuCache(p).invalidate(tenantId);
  return adminMenuTree(p.db, { tenantId, group });
}

/**
 * DELETE /authority/menu: an entry the administrator added, with no entries under it; its
 * resources, and every role's grant of the entry and of those resources, go with it.
 */
export async function deleteMenu(
  p: TPlatform,
  ctx: TMenuChangeContext,
  { id }: { id: string },
): Promise<void> {
  const tenantId = ctx.actor.tenantId;
  await p.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menus:${tenantId}`}))`);
    const row = await findMenu(tx, tenantId, id, true);
    if (row.builtIn) throw new AppError('MENU_BUILT_IN_DELETE', { params: { title: row.title } });
    const children = await tx
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.tenantId, tenantId), eq(menus.parentId, id)));
    if (children.length > 0)
      throw new AppError('MENU_HAS_CHILDREN', { params: { title: row.title, count: children.length } });
    const gone = await tx
      .delete(resources)
      .where(and(eq(resources.tenantId, tenantId), eq(resources.menuId, id)))
      .returning();
    for (const resource of gone) {
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.permission, resource.code)));
    }
    await tx.delete(roleMenus).where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.menuId, id)));
    await tx.delete(menus).where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)));
    await log(
      tx,
      ctx,
      'delete',
      'menus',
      id,
      { ...menuSnapshot(row), resources: gone.map(resourceSnapshot) },
      null,
    );
  });
  await menuCache(p).invalidate(tenantId);
  await p.authCache.invalidate({ tenantId });
}

/** PUT /authority/menu/order: the entries of one level, in their new order (10, 20, 30...). */
export async function reorderMenus(
  p: TPlatform,
  ctx: TMenuChangeContext,
  input: TMenuOrderValues,
): Promise<TAdminMenu[]> {
  const tenantId = ctx.actor.tenantId;
  await p.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menus:${tenantId}`}))`);
    const all = await tenantMenus(tx, tenantId);
    const siblings = all.filter((r) => r.menuGroup === input.menuGroup && r.parentId === input.parentId);
    const wanted = new Set(input.ids);
    if (
      wanted.size !== input.ids.length ||
      siblings.length !== input.ids.length ||
      siblings.some((r) => !wanted.has(r.id))
    )
      throw new AppError('MENU_ORDER_INVALID');
    const before = siblings.map((r) => ({ id: r.id, sortOrder: r.sortOrder }));
    for (const [index, menuId] of input.ids.entries()) {
      await tx
        .update(menus)
        .set({ sortOrder: (index + 1) * 10, updatedAt: new Date(), updatedBy: ctx.actor.userId })
        .where(and(eq(menus.tenantId, tenantId), eq(menus.id, menuId)));
    }
    await log(
      tx,
      ctx,
      'reorder',
      'menus',
      input.parentId ?? input.menuGroup,
      { order: before },
      {
        order: input.ids.map((menuId, index) => ({ id: menuId, sortOrder: (index + 1) * 10 })),
      },
    );
  });
  await menuCache(p).invalidate(tenantId);
  return adminMenuTree(p.db, { tenantId, group: input.menuGroup });
}
