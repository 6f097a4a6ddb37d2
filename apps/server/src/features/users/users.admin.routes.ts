import multipart from '@fastify/multipart';
import { bilingual } from '@portal/domain/i18n/bilingual';
import {
  IMPORT_MAX_BYTES,
  USER_PERMISSIONS,
  USER_SORTS,
  ZUserCreate,
  ZUserEdit,
  ZUserEnable,
  ZUserFilter,
  ZUserIds,
  ZUserImportCommit,
  ZUserPageBody,
} from '@portal/domain/users/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile, XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import { readXlsxUpload } from '../../platform/http/xlsx-import.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerRevealTarget } from '../personal-data/personal-data.service.ts';
import { assignableRoles, findAllUsers, findServiceUsers, pageUsers } from './users.admin.queries.ts';
import { assertOperator, searchProviders, usersByIds } from './users.admin.store.ts';
import {
  createUser,
  deleteUsers,
  editUser,
  reloadUser,
  resetPassword,
  setUsersEnabled,
  type TChangeContext,
} from './users.admin.ts';
import { buildUserExport } from './users.export.ts';
import { commitImport, importTemplate, previewImport } from './users.import.ts';

const tags = ['users'];
const can = (permission: string) => access.permission(permission);

const ZRole = z.object({ id: z.string(), code: z.string(), name: z.string(), nameEn: z.string() });
const ZAdminUser = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  email: z.string(),
  mobile: z.string(),
  userType: z.string(),
  providerId: z.string().nullable(),
  orgId: z.string().nullable(),
  enabled: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  roles: z.array(ZRole),
});
const ZUserOption = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  userType: z.string(),
  providerId: z.string().nullable(),
  enabled: z.boolean(),
});
const ZRowError = z.object({
  row: z.number().int(),
  account: z.string(),
  field: z.string(),
  msg: z.string(),
  msg_en: z.string(),
});
const ZUserIdForm = z.object({ userId: z.uuid({ error: bilingual('请选择用户', 'Choose a user') }) });
const ZExportBody = z.object({
  sort: z.enum(USER_SORTS).optional(),
  order: z.string().optional(),
  model: ZUserFilter.default({}),
});

/**
 * The user administration (issue 13; spec document 2 section 7 "User administration"): the list,
 * create, edit, enable or disable, delete, password reset, permission reload, export and
 * import. Provider staff are refused on every route (403), whatever they hold.
 */
export function usersAdminRoutes(p: TPlatform): FastifyPluginAsyncZod {
  registerRevealTarget('user', {
    fields: ['name', 'nameEn', 'email', 'mobile'],
    canSee: async (_p, { actor, bizId }) =>
      actor.userType !== '02' &&
      z.uuid().safeParse(bizId).success &&
      (await usersByIds(p.db, { tenantId: actor.tenantId, ids: [bizId] })).length > 0,
  });

  return async (app) => {
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, {
        limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      });
    }
    const ctxOf = (request: Parameters<typeof actorOf>[0]): TChangeContext => ({
      actor: actorOf(request),
      requestId: request.id,
      ip: request.ip,
    });

    app.post(
      '/authority/user/page',
      {
        config: { access: can(USER_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary:
            "A page of the tenant's users: {current, size, sort (account, name, userType, createdAt, lastLoginAt), order, model: {account, name, userType, providerId, roleId, enabled, createdFrom, createdTo}}",
          body: ZUserPageBody,
          response: {
            200: ZEnvelope(
              z.object({
                records: z.array(ZAdminUser),
                current: z.number().int(),
                size: z.number().int(),
                total: z.number().int(),
              }),
            ),
          },
        },
      },
      async (request) => ok(await pageUsers(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/authority/user',
      {
        config: { access: can(USER_PERMISSIONS.ADD) },
        schema: {
          tags,
          summary:
            "Creates a user with an initial password (8-15 letters and digits, a capital and a digit) that must change at the first sign-in; 'Username already exists' for a taken account",
          body: ZUserCreate,
          response: { 200: ZEnvelope(ZAdminUser) },
        },
      },
      async (request) => ok(await createUser(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/user',
      {
        config: { access: can(USER_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary:
            "Edits a user (names, email, mobile, type, provider, roles, enabled); disabling yourself is cancelled; a disabled user's sessions end at once",
          body: ZUserEdit,
          response: { 200: ZEnvelope(ZAdminUser) },
        },
      },
      async (request) => ok(await editUser(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/user/enabled',
      {
        config: { access: can(USER_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary:
            "Enables or disables users {ids, enabled}; never yourself; a disabled user's sessions end at once",
          body: ZUserEnable,
          response: { 200: ZEnvelope(z.object({ changed: z.number().int() })) },
        },
      },
      async (request) => ok(await setUsersEnabled(p, ctxOf(request), request.body)),
    );

    app.delete(
      '/authority/user',
      {
        config: { access: can(USER_PERMISSIONS.DELETE) },
        schema: {
          tags,
          summary: 'Deletes users {ids} for good (decision 0026); never yourself; their sessions end at once',
          body: ZUserIds,
          response: { 200: ZEnvelope(z.object({ deleted: z.number().int() })) },
        },
      },
      async (request) => ok(await deleteUsers(p, ctxOf(request), request.body)),
    );

    app.get(
      '/authority/user/findAll',
      {
        config: { access: can(USER_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary: 'Every user of the tenant (pickers)',
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZUserOption)) },
        },
      },
      async (request) => ok(await findAllUsers(p, { actor: actorOf(request) })),
    );

    app.get(
      '/authority/user/findService',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary:
            'The enabled operator users who can be persons in charge or case handlers (operator staff only)',
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZUserOption)) },
        },
      },
      async (request) => ok(await findServiceUsers(p, { actor: actorOf(request) })),
    );

    app.get(
      '/authority/user/roles',
      {
        config: { access: can(USER_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary: 'The roles of the tenant that users can be given (the role picker)',
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZRole)) },
        },
      },
      async (request) => ok(await assignableRoles(p, { actor: actorOf(request) })),
    );

    app.get(
      '/authority/user/providers',
      {
        config: { access: can(USER_PERMISSIONS.VIEW) },
        schema: {
          tags,
          summary:
            'Providers of the tenant whose id or name contains the keyword (the provider picker), at most 50',
          querystring: z.object({
            keyword: z.string().trim().max(100).default(''),
            ts: z.string().optional(),
          }),
          response: {
            200: ZEnvelope(
              z.array(z.object({ providerId: z.string(), name: z.string(), nameEn: z.string() })),
            ),
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        assertOperator(actor);
        return ok(await searchProviders(p.db, { tenantId: actor.tenantId, keyword: request.query.keyword }));
      },
    );

    app.post(
      '/authority/user/reset',
      {
        config: { access: can(USER_PERMISSIONS.RESET) },
        schema: {
          tags,
          summary:
            "Resets a user's password (form or JSON userId) to a one-time password shown once in the answer; the user's sessions end and the next sign-in must change it",
          body: ZUserIdForm,
          response: {
            200: ZEnvelope(z.object({ userId: z.string(), account: z.string(), password: z.string() })),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await resetPassword(p, ctxOf(request), request.body));
      },
    );

    app.post(
      '/authority/user/reload',
      {
        config: { access: can(USER_PERMISSIONS.RELOAD) },
        schema: {
          tags,
          summary: "Refreshes the user's cached permissions on every instance (form userId)",
          body: ZUserIdForm,
          response: { 200: ZEnvelope(z.object({ userId: z.string() })) },
        },
      },
      async (request) => ok(await reloadUser(p, ctxOf(request), request.body)),
    );

    app.post(
      '/authority/user/export',
      {
        config: { access: can(USER_PERMISSIONS.EXPORT) },
        schema: {
          tags,
          summary:
            'The filtered user list as .xlsx (streamed), ordered by account, in the language of the request',
          body: ZExportBody,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          buildUserExport(p, { actor: actorOf(request), filter: request.body.model, lang: request.lang }),
        ),
    );

    app.get(
      '/authority/user/import/template',
      {
        config: { access: can(USER_PERMISSIONS.IMPORT) },
        schema: {
          tags,
          summary: 'The .xlsx template of the user import, with the user types and role codes',
          querystring: z.object({ ts: z.string().optional() }),
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment('user-import-template.xlsx'))
          .header('cache-control', 'private, no-store')
          .send(await importTemplate(p, { actor: actorOf(request) })),
    );

    app.post(
      '/authority/user/preview',
      {
        config: { access: can(USER_PERMISSIONS.IMPORT) },
        schema: {
          tags,
          summary:
            'Checks an uploaded .xlsx (multipart field file, only .xlsx) and answers the row-level report in both languages with a token for the commit; nothing is saved',
          consumes: ['multipart/form-data'],
          response: {
            200: ZEnvelope(
              z.object({
                token: z.string(),
                total: z.number().int(),
                valid: z.number().int(),
                invalid: z.number().int(),
                errors: z.array(ZRowError),
                expiresAt: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const bytes = await readXlsxUpload(request, IMPORT_MAX_BYTES);
        return ok(await previewImport(p, { actor: actorOf(request), bytes }));
      },
    );

    app.post(
      '/authority/user/import',
      {
        config: { access: can(USER_PERMISSIONS.IMPORT) },
        schema: {
          tags,
          summary:
            'Commits a previewed import {token, mode: all-or-nothing | valid-only, password}: the users get the initial password and must change it at the first sign-in',
          body: ZUserImportCommit,
          response: {
            200: ZEnvelope(
              z.object({ created: z.number().int(), skipped: z.number().int(), errors: z.array(ZRowError) }),
            ),
          },
        },
      },
      async (request) => ok(await commitImport(p, ctxOf(request), request.body)),
    );
  };
}
