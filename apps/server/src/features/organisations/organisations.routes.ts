import {
  ORGANISATION_PERMISSIONS,
  ORGANISATION_TYPE_CODES,
  type TOrganisationNode,
  ZOrganisationCreate,
  ZOrganisationDelete,
  ZOrganisationEdit,
} from '@portal/domain/organisations/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  createOrganisation,
  deleteOrganisation,
  editOrganisation,
  organisationTree,
  providerOptions,
  type TOrganisationChangeContext,
} from './organisations.service.ts';

const tags = ['organisations'];
const can = (permission: string) => access.permission(permission);

const ZNode: z.ZodType<TOrganisationNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    nameEn: z.string(),
    orgType: z.enum(ORGANISATION_TYPE_CODES),
    sortOrder: z.number().int(),
    version: z.number().int(),
    providerIds: z.array(z.string()),
    userCount: z.number().int(),
    children: z.array(ZNode),
  }),
);

/**
 * The organisation administration (issue 14, decision 0028): the tree, create, edit, delete,
 * and the provider picker. Provider staff are refused on every route (403 40304).
 */
export function organisationsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    const ctxOf = (request: Parameters<typeof actorOf>[0]): TOrganisationChangeContext => ({
      actor: actorOf(request),
      requestId: request.id,
    });

    app.get(
      '/authority/org/tree',
      {
        // The user and role forms pick organisations too: their own view permissions suffice.
        config: {
          access: can(`${ORGANISATION_PERMISSIONS.VIEW},authority:user:view,authority:role:view`),
        },
        schema: {
          tags,
          summary:
            "The tenant's organisation tree, siblings by order, each with its providers and number of users",
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZNode)) },
        },
      },
      async (request) => ok(await organisationTree(p, { actor: actorOf(request) })),
    );

    app.get(
      '/authority/org/providerOptions',
      {
        config: { access: can(`${ORGANISATION_PERMISSIONS.ADD},${ORGANISATION_PERMISSIONS.EDIT}`) },
        schema: {
          tags,
          summary:
            'Approved providers whose id or name contains the keyword, at most 50, with the organisation each is placed in',
          querystring: z.object({
            keyword: z.string().trim().max(100).default(''),
            ts: z.string().optional(),
          }),
          response: {
            200: ZEnvelope(
              z.array(
                z.object({
                  providerId: z.string(),
                  cnName: z.string(),
                  enName: z.string(),
                  organisationId: z.string().nullable(),
                }),
              ),
            ),
          },
        },
      },
      async (request) =>
        ok(await providerOptions(p, { actor: actorOf(request), keyword: request.query.keyword })),
    );

    app.post(
      '/authority/org',
      {
        config: { access: can(ORGANISATION_PERMISSIONS.ADD) },
        schema: {
          tags,
          summary:
            'Creates an organisation {parentId, name, nameEn, orgType, sortOrder, providerIds}; names are unique among siblings',
          body: ZOrganisationCreate,
          response: { 200: ZEnvelope(z.object({ id: z.string() })) },
        },
      },
      async (request) => ok(await createOrganisation(p, ctxOf(request), request.body)),
    );

    app.put(
      '/authority/org',
      {
        config: { access: can(ORGANISATION_PERMISSIONS.EDIT) },
        schema: {
          tags,
          summary:
            "Edits an organisation's names, type, order and providers {id, version, ...}; 409 when someone changed it meanwhile",
          body: ZOrganisationEdit,
          response: { 200: ZEnvelope(z.object({ id: z.string(), version: z.number().int() })) },
        },
      },
      async (request) => ok(await editOrganisation(p, ctxOf(request), request.body)),
    );

    app.delete(
      '/authority/org',
      {
        config: { access: can(ORGANISATION_PERMISSIONS.DELETE) },
        schema: {
          tags,
          summary:
            'Deletes an organisation {id}: 409 while it has sub-organisations, users, providers or roles choosing it',
          body: ZOrganisationDelete,
          response: { 200: ZEnvelope(z.object({ id: z.string() })) },
        },
      },
      async (request) => ok(await deleteOrganisation(p, ctxOf(request), request.body)),
    );
  };
}
