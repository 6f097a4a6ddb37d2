import {
  DATA_SCOPE_CODES,
  ROLE_PERMISSIONS,
  ZRoleCreate,
  ZRoleDelete,
  ZRoleEdit,
  ZRoleEnable,
  ZRolePageBody,
  ZRoleUsersChange,
  ZRoleUsersPageBody,
} from '@portal/domain/roles/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getRole, menuTree, pageRoles, pageRoleUsers, roleUserOptions } from './roles.admin.queries.ts';
import {
  addRoleUsers,
  createRole,
  deleteRoles,
  editRole,
  removeRoleUsers,
  setRoleEnabled,
  type TRoleChangeContext,
} from './roles.admin.ts';

const tags = ['roles'];
const can = (permission: string) => access.permission(permission);

const ZAdminRole = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  dataScope: z.enum(DATA_SCOPE_CODES),
  enabled: z.boolean(),
  builtIn: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
const ZAdminRoleDetail = ZAdminRole.extend({
  menuIds: z.array(z.string()),
  permissions: z.array(z.string()),
  organisationIds: z.array(z.string()),
});
const ZResource = z.object({ id: z.string(), code: z.string(), name: z.string(), nameEn: z.string() });
type TNode = {
  id: string;
  name: string;
  title: string;
  titleEn: string;
  hidden: boolean;
  children: TNode[];
  resources: z.infer<typeof ZResource>[];
};
const ZMenuNode: z.ZodType<TNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    titleEn: z.string(),
    hidden: z.boolean(),
    children: z.array(ZMenuNode),
    resources: z.array(ZResource),
  }),
);
const ZRoleUser = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  userType: z.string(),
  enabled: z.boolean(),
});
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    current: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });

/**
 * The role administration (issue 14, decision 0033): list, create, edit with the menus and
 * permissions chosen from the menu tree, enable or disable, delete, and the users of a role.
 * Provider staff are refused on every route (403), whatever they hold.
 */
export function rolesAdminRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    const ctxOf = (request: Parameters<typeof actorOf>[0]): TRoleChangeContext => ({
      actor: actorOf(request),
      requestId: request.id,
      ip: request.ip,
    });

    app.post(
      '/authority/role/page',
      {
        config: { access: can(ROLE_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary:
            "A page of the tenant's roles by code: {current, size, model: {code, name, dataScope, enabled}}, each with its number of users",
          body: ZRolePageBody,
          response: { 200: ZEnvelope(page(ZAdminRole)) },
        },
      },
      async (request) => ok(await pageRoles(p, { actor: actorOf(request), ...request.body })),
    );

    app.get(
      '/authority/role/menuTree',
      {
        config: { access: can(ROLE_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary: "The tenant's menu tree with each page's resources (permission codes): the grant picker",
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZMenuNode)) },
        },
      },
      async (request) => ok(await menuTree(p, { actor: actorOf(request) })),
    );

    app.post(
      '/authority/role/users/page',
      {
        config: { access: can(ROLE_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary: 'A page of the users holding a role: {current, size, model: {roleId, keyword}}',
          body: ZRoleUsersPageBody,
          response: { 200: ZEnvelope(page(ZRoleUser)) },
        },
      },
      async (request) => ok(await pageRoleUsers(p, { actor: actorOf(request), ...request.body })),
    );

    app.get(
      '/authority/role/userOptions',
      {
        config: { access: can(ROLE_PERMISSIONS.USERS) },
        schema: {
          tags,
          summary:
            'Users of the tenant whose account or name contains the keyword, at most 50 (the add-users picker)',
          querystring: z.object({
            keyword: z.string().trim().max(100).default(''),
            ts: z.string().optional(),
          }),
          response: { 200: ZEnvelope(z.array(ZRoleUser)) },
        },
      },
      async (request) =>
        ok(await roleUserOptions(p, { actor: actorOf(request), keyword: request.query.keyword })),
    );

    app.put(
      '/authority/role/users',
      {
        config: { access: can(ROLE_PERMISSIONS.USERS) },
        schema: {
          tags,
          summary: 'Gives the role to users {roleId, userIds}; their next request has its grants',
          body: ZRoleUsersChange,
          response: { 200: ZEnvelope(z.object({ added: z.number().int() })) },
        },
      },
      async (request) => ok(await addRoleUsers(p, ctxOf(request), request.body)),
    );

    app.delete(
      '/authority/role/users',
      {
        config: { access: can(ROLE_PERMISSIONS.USERS) },
        schema: {
          tags,
          summary: 'Takes the role from users {roleId, userIds}; their next request has lost its grants',
          body: ZRoleUsersChange,
          response: { 200: ZEnvelope(z.object({ removed: z.number().int() })) },
        },
      },
      async (request) => ok(await removeRoleUsers(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/role/enabled',
      {
        config: { access: can(ROLE_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary:
            'Enables or disables a role {id, enabled}: a disabled role grants nothing; built-in roles stay on',
          body: ZRoleEnable,
          response: { 200: ZEnvelope(ZAdminRoleDetail) },
        },
      },
      async (request) => ok(await setRoleEnabled(p, ctxOf(request), request.body)),
    );

    app.get(
      '/authority/role/:id',
      {
        config: { access: can(ROLE_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary: 'One role with its menus and permissions',
          params: z.object({ id: z.uuid() }),
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZAdminRoleDetail) },
        },
      },
      async (request) => ok(await getRole(p, { actor: actorOf(request), roleId: request.params.id })),
    );

    app.post(
      '/authority/role',
      {
        config: { access: can(ROLE_PERMISSIONS.ADD) },
        schema: {
          tags,
          summary:
            "Creates a role {code, name, nameEn, description, dataScope, enabled, menuIds, permissions}; 'Role name already exists' for a taken name in either language",
          body: ZRoleCreate,
          response: { 200: ZEnvelope(ZAdminRoleDetail) },
        },
      },
      async (request) => ok(await createRole(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/role',
      {
        config: { access: can(ROLE_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary:
            "Edits a role's names, description, data scope, enabled state and, with authority:role:authorize, its menus and permissions; its users' next request has the new grants",
          body: ZRoleEdit,
          response: { 200: ZEnvelope(ZAdminRoleDetail) },
        },
      },
      async (request) => ok(await editRole(p, ctxOf(request), request.body)),
    );

    app.delete(
      '/authority/role',
      {
        config: { access: can(ROLE_PERMISSIONS.DELETE) },
        schema: {
          tags,
          summary:
            'Deletes roles {ids, removeFromUsers}: never a built-in role; a role still given to users only with removeFromUsers: true',
          body: ZRoleDelete,
          response: {
            200: ZEnvelope(z.object({ deleted: z.number().int(), removedFromUsers: z.number().int() })),
          },
        },
      },
      async (request) => ok(await deleteRoles(p, ctxOf(request), request.body)),
    );
  };
}
