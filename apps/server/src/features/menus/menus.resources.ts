/**
 * Changes of the resources (permission codes) under a page entry (decision 0029): added with a
 * code unique in the tenant, renamed, deleted with every role's grant of them (built-in ones are
 * kept). Each change is one transaction with its operation-log row.
 */
import { CONTAINER_COMPONENTS } from '@portal/domain/menus/paths';
import type { TAdminResource, TResourceCreate, TResourceEdit } from '@portal/domain/menus/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { rolePermissions } from '../roles/roles.tables.ts';
import {
  fieldError,
  findMenu,
  log,
  resourceSnapshot,
  type TMenuChangeContext,
  toResource,
} from './menus.admin.ts';
import { resources } from './menus.tables.ts';

type TResourceRow = typeof resources.$inferSelect;

async function findResource(db: TDbOrTx, tenantId: string, id: string): Promise<TResourceRow> {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.tenantId, tenantId), eq(resources.id, id)))
    .for('update');
  if (!row) throw new AppError('RESOURCE_NOT_FOUND');
  return row;
}

/** POST /authority/resource: a permission code under a page entry; unique in the tenant. */
export async function createResource(
  p: TPlatform,
  ctx: TMenuChangeContext,
  input: TResourceCreate,
): Promise<TAdminResource> {
  const tenantId = ctx.actor.tenantId;
  return p.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`menus:${tenantId}`}))`);
    const menu = await findMenu(tx, tenantId, input.menuId);
    if (CONTAINER_COMPONENTS.has(menu.component)) throw new AppError('RESOURCE_MENU_CONTAINER');
    const [taken] = await tx
      .select({ id: resources.id })
      .from(resources)
      .where(and(eq(resources.tenantId, tenantId), sql`lower(${resources.code}) = lower(${input.code})`));
    if (taken) throw fieldError('code', 'RESOURCE_CODE_EXISTS');
    const [row] = await tx
      .insert(resources)
      .values({
        tenantId,
        menuId: menu.id,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn,
        builtIn: false,
        createdBy: ctx.actor.userId,
        updatedBy: ctx.actor.userId,
      })
      .returning();
    await log(tx, ctx, 'create', 'resources', row.id, null, resourceSnapshot(row));
    return toResource(row);
  });
}

/** PUT /authority/resource: a resource's names. */
export async function editResource(
  p: TPlatform,
  ctx: TMenuChangeContext,
  input: TResourceEdit,
): Promise<TAdminResource> {
  const tenantId = ctx.actor.tenantId;
  return p.db.transaction(async (tx) => {
    const before = await findResource(tx, tenantId, input.id);
    const [row] = await tx
      .update(resources)
      .set({
        name: input.name,
        nameEn: input.nameEn,
        updatedAt: new Date(),
        updatedBy: ctx.actor.userId,
        version: sql`${resources.version} + 1`,
      })
      .where(and(eq(resources.tenantId, tenantId), eq(resources.id, before.id)))
      .returning();
    await log(tx, ctx, 'update', 'resources', row.id, resourceSnapshot(before), resourceSnapshot(row));
    return toResource(row);
  });
}

/** DELETE /authority/resource: a resource the administrator added, and every role's grant of it. */
export async function deleteResource(
  p: TPlatform,
  ctx: TMenuChangeContext,
  { id }: { id: string },
): Promise<void> {
  const tenantId = ctx.actor.tenantId;
  await p.db.transaction(async (tx) => {
    const row = await findResource(tx, tenantId, id);
    if (row.builtIn) throw new AppError('RESOURCE_BUILT_IN_DELETE', { params: { code: row.code } });
    const grants = await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.tenantId, tenantId), eq(rolePermissions.permission, row.code)))
      .returning({ roleId: rolePermissions.roleId });
    await tx.delete(resources).where(and(eq(resources.tenantId, tenantId), eq(resources.id, id)));
    await log(
      tx,
      ctx,
      'delete',
      'resources',
      id,
      { ...resourceSnapshot(row), roleIds: grants.map((g) => g.roleId) },
      null,
    );
  });
  await p.authCache.invalidate({ tenantId });
}
