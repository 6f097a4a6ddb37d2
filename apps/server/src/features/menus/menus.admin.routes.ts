import {
  MENU_GROUP_CODES,
  MENU_PERMISSIONS,
  type TAdminMenu,
  ZMenuCreate,
  ZMenuEdit,
  ZMenuIdBody,
  ZMenuOrder,
  ZResourceCreate,
  ZResourceEdit,
} from '@portal/domain/menus/rules';
import { PROVIDER_USER_TYPE } from '@portal/domain/users/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  adminMenuTree,
  createMenu,
  deleteMenu,
  editMenu,
  reorderMenus,
  type TMenuChangeContext,
} from './menus.admin.ts';
import { createResource, deleteResource, editResource } from './menus.resources.ts';

const tags = ['menus'];
const can = (permission: string) => access.permission(permission);

const ZAdminResource = z.object({
  id: z.string(),
  menuId: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  builtIn: z.boolean(),
});
const ZAdminMenu: z.ZodType<TAdminMenu> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    menuGroup: z.enum(MENU_GROUP_CODES),
    name: z.string(),
    path: z.string(),
    fullPath: z.string(),
    component: z.string(),
    redirect: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    noCache: z.boolean(),
    sortOrder: z.number().int(),
    builtIn: z.boolean(),
    version: z.number().int(),
    children: z.array(ZAdminMenu),
    resources: z.array(ZAdminResource),
  }),
);

/**
 * The menu and resource administration (issue 14, decision 0029): the tree of a menu group,
 * entries and their resources created, edited, reordered and deleted. Operator staff only.
 */
export function menusAdminRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    const ctxOf = (request: Parameters<typeof actorOf>[0]): TMenuChangeContext => {
      const actor = actorOf(request);
      // Provider staff never administer the menus, whatever a role grants them.
      if (actor.userType === PROVIDER_USER_TYPE) throw new AppError('NO_PERMISSION');
      return { actor, requestId: request.id };
    };

    app.get(
      '/authority/menu/tree',
      {
        config: { access: can(MENU_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary:
            "The tenant's menu tree of a group (default or smartPortal), every entry with its resources",
          querystring: z.object({
            group: z.enum(MENU_GROUP_CODES).default('default'),
            ts: z.string().optional(),
          }),
          response: { 200: ZEnvelope(z.array(ZAdminMenu)) },
        },
      },
      async (request) => {
        const { actor } = ctxOf(request);
        return ok(await adminMenuTree(p.db, { tenantId: actor.tenantId, group: request.query.group }));
      },
    );

    app.post(
      '/authority/menu',
      {
        config: { access: can(MENU_PERMISSIONS.ADD) },
        schema: {
          tags,
          summary:
            'A new menu entry (unique route name and path, a page component the web knows); answers the tree',
          body: ZMenuCreate,
          response: { 200: ZEnvelope(z.array(ZAdminMenu)) },
        },
      },
      async (request) => ok(await createMenu(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/menu',
      {
        config: { access: can(MENU_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary:
            "A menu entry's fields; a built-in entry keeps its path, component, parent and group; answers the tree",
          body: ZMenuEdit,
          response: { 200: ZEnvelope(z.array(ZAdminMenu)) },
        },
      },
      async (request) => ok(await editMenu(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/menu/order',
      {
        config: { access: can(MENU_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary: 'The entries of one level {parentId, menuGroup, ids} in their new order; answers the tree',
          body: ZMenuOrder,
          response: { 200: ZEnvelope(z.array(ZAdminMenu)) },
        },
      },
      async (request) => ok(await reorderMenus(p, ctxOf(request), request.body)),
    );

    app.delete(
      '/authority/menu',
      {
        config: { access: can(MENU_PERMISSIONS.DELETE) },
        schema: {
          tags,
          summary:
            'Deletes a menu entry an administrator added (built-in entries and entries with children are refused)',
          body: ZMenuIdBody,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await deleteMenu(p, ctxOf(request), request.body);
        return ok(null);
      },
    );

    app.post(
      '/authority/resource',
      {
        config: { access: can(MENU_PERMISSIONS.ADD) },
        schema: {
          tags,
          summary: 'A new permission code under a page entry (unique in the tenant)',
          body: ZResourceCreate,
          response: { 200: ZEnvelope(ZAdminResource) },
        },
      },
      async (request) => ok(await createResource(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/resource',
      {
        config: { access: can(MENU_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary: "A permission code's names (the code never changes)",
          body: ZResourceEdit,
          response: { 200: ZEnvelope(ZAdminResource) },
        },
      },
      async (request) => ok(await editResource(p, ctxOf(request), request.body)),
    );

    app.delete(
      '/authority/resource',
      {
        config: { access: can(MENU_PERMISSIONS.DELETE) },
        schema: {
          tags,
          summary: 'Deletes a permission code an administrator added, and every role grant of it',
          body: ZMenuIdBody,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await deleteResource(p, ctxOf(request), request.body);
        return ok(null);
      },
    );
  };
}
