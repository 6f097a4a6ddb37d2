import {
  PROVIDER_ACCOUNT_EDIT,
  PROVIDER_ACCOUNT_VIEW,
  ZProviderAbility,
  ZProviderAccount,
  ZProviderAccountPage,
  ZProviderAccountPageBody,
  ZProviderAccountUpdate,
  ZProviderStaffPage,
  ZProviderStaffPageBody,
} from '@portal/domain/provider-accounts/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { pageProviderStaff } from '../users/users.provider-staff.ts';
import {
  getProviderAccount,
  pageProviderAccounts,
  queryAbility,
  updateProviderAccount,
} from './provider-accounts.service.ts';

export function providerAccountsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/authority/providerAccount/page',
      {
        config: { access: access.permission(PROVIDER_ACCOUNT_VIEW) },
        schema: {
          tags: ['provider-accounts'],
          summary:
            "A page of the tenant's provider accounts: status, signed status, function switches, staff count",
          body: ZProviderAccountPageBody,
          response: { 200: ZEnvelope(ZProviderAccountPage) },
        },
      },
      async (request) => ok(await pageProviderAccounts(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/authority/providerAccount/staff',
      {
        config: { access: access.permission(PROVIDER_ACCOUNT_VIEW) },
        schema: {
          tags: ['provider-accounts'],
          summary: "A page of one provider's staff accounts (read-only)",
          body: ZProviderStaffPageBody,
          response: { 200: ZEnvelope(ZProviderStaffPage) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        // 404 for a provider the tenant does not have.
        await getProviderAccount(p, { actor, providerId: request.body.providerId });
        return ok(await pageProviderStaff(p.db, { tenantId: actor.tenantId, ...request.body }));
      },
    );

    app.get(
      '/authority/providerAccount/:providerId',
      {
        config: { access: access.permission(PROVIDER_ACCOUNT_VIEW) },
        schema: {
          tags: ['provider-accounts'],
          summary: "One provider's account",
          params: z.object({ providerId: z.string().min(1).max(64) }),
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZProviderAccount) },
        },
      },
      async (request) =>
        ok(await getProviderAccount(p, { actor: actorOf(request), providerId: request.params.providerId })),
    );

    app.put(
      '/authority/providerAccount',
      {
        config: { access: access.permission(PROVIDER_ACCOUNT_EDIT) },
        schema: {
          tags: ['provider-accounts'],
          summary:
            "Sets a provider's status, signed status and function switches (version as read; 409 when changed meanwhile)",
          body: ZProviderAccountUpdate,
          response: { 200: ZEnvelope(ZProviderAccount) },
        },
      },
      async (request) =>
        ok(
          await updateProviderAccount(p, { actor: actorOf(request), requestId: request.id, ...request.body }),
          '修改成功',
          'Updated',
        ),
    );

    app.get(
      '/claim/providerExt/queryAbility',
      {
        config: { access: access.login() },
        schema: {
          tags: ['provider-accounts'],
          summary: "The caller's provider, its function switches and the functions the caller may use",
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZProviderAbility) },
        },
      },
      async (request) => ok(await queryAbility(p, { actor: actorOf(request) })),
    );
  };
}
