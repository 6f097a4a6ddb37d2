import {
  CLIENT_MANAGE,
  CLIENT_VIEW,
  ZClientCreate,
  ZClientEnabled,
  ZClientId,
  ZClientPage,
  ZClientPageBody,
  ZClientRecord,
  ZClientUpdate,
  ZClientWithSecret,
} from '@portal/domain/clients/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  createClient,
  deleteClient,
  pageClients,
  resetClientSecret,
  setClientEnabled,
  updateClient,
} from './clients.service.ts';

const tags = ['clients'];

/**
 * Administration of the tenant's registered API clients (docs/decisions/0031-clients-and-logs.md).
 * Every change is an operation-log row and reaches every instance's auth cache at once.
 */
export function clientsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/authority/client/page',
      {
        config: { access: access.permission(CLIENT_VIEW) },
        schema: {
          tags,
          summary: "A page of the tenant's clients and the shared built-in one (never a secret or its hash)",
          body: ZClientPageBody,
          response: { 200: ZEnvelope(ZClientPage) },
        },
      },
      async (request) => ok(await pageClients(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/authority/client',
      {
        config: { access: access.permission(CLIENT_MANAGE) },
        schema: {
          tags,
          summary:
            "Registers a client; the generated secret is in this answer only ('clientId already exists', 40160)",
          body: ZClientCreate,
          response: { 200: ZEnvelope(ZClientWithSecret) },
        },
      },
      async (request) =>
        ok(await createClient(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.put(
      '/authority/client',
      {
        config: { access: access.permission(CLIENT_MANAGE) },
        schema: {
          tags,
          summary: 'Changes a client (not its id or secret); the built-in client is refused (40161)',
          body: ZClientUpdate,
          response: { 200: ZEnvelope(ZClientRecord) },
        },
      },
      async (request) =>
        ok(await updateClient(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.put(
      '/authority/client/enabled',
      {
        config: { access: access.permission(CLIENT_MANAGE) },
        schema: {
          tags,
          summary:
            'Enables or disables a client, at once on every instance; the built-in client is refused (40161)',
          body: ZClientEnabled,
          response: { 200: ZEnvelope(ZClientRecord) },
        },
      },
      async (request) =>
        ok(await setClientEnabled(p, { actor: actorOf(request), requestId: request.id, ...request.body })),
    );

    app.post(
      '/authority/client/resetSecret',
      {
        config: { access: access.permission(CLIENT_MANAGE) },
        schema: {
          tags,
          summary:
            'Replaces the secret with a new generated one, in this answer only; the old one stops at once',
          body: ZClientId,
          response: { 200: ZEnvelope(ZClientWithSecret) },
        },
      },
      async (request) =>
        ok(await resetClientSecret(p, { actor: actorOf(request), requestId: request.id, ...request.body })),
    );

    app.delete(
      '/authority/client',
      {
        config: { access: access.permission(CLIENT_MANAGE) },
        schema: {
          tags,
          summary: 'Deletes a client; the built-in client is refused (40161)',
          body: ZClientId,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await deleteClient(p, { actor: actorOf(request), requestId: request.id, ...request.body });
        return ok(null);
      },
    );
  };
}
