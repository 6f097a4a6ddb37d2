/**
 * Cost management calls (decision 0047; the spec gives no paths). Provider staff read and answer
 * their own provider's measures under /claim/control/*, behind the medical expense management
 * switch; operators propose, read and withdraw under /claim/controlAudit/*; the claim audit
 * page reads the suggested deductions of a batch.
 */
import { CLAIM_AUDIT_VIEW } from '@portal/domain/claims/rules';
import {
  COST_CONTROL_ANSWER,
  COST_CONTROL_AUDIT_EDIT,
  COST_CONTROL_AUDIT_VIEW,
  COST_CONTROL_VIEW,
  ZCostAction,
  ZCostDetail,
  ZCostDisagree,
  ZCostListBody,
  ZCostMeasure,
  ZCostPage,
  ZCostPropose,
  ZCostProvider,
  ZCostSuggestions,
} from '@portal/domain/cost-control/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { acceptMeasure, disagreeMeasure, proposeMeasure, withdrawMeasure } from './cost-control.lifecycle.ts';
import { batchSuggestions, listMeasures, measureDetail, providerOptions } from './cost-control.service.ts';

const tags = ['cost-control'];
/** Provider routes belong to the medical expense management switch (decision 0027). */
const caseView = {
  access: access.permission(COST_CONTROL_VIEW),
  providerFunction: 'medicalExpense' as const,
};
const caseAnswer = {
  access: access.permission(COST_CONTROL_ANSWER),
  providerFunction: 'medicalExpense' as const,
};
const auditView = { access: access.permission(COST_CONTROL_AUDIT_VIEW) };
const auditEdit = { access: access.permission(COST_CONTROL_AUDIT_EDIT) };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTs = z.object({ ts: z.string().optional() });
const ZAnswer = ZEnvelope(ZCostMeasure);

export function costControlRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, config, summary] of [
      ['/claim/control/list', caseView, "A page of the provider's own measures, newest first"],
      ['/claim/controlAudit/list', auditView, 'A page of the measures of the tenant, newest first'],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: { tags, summary, body: ZCostListBody, response: { 200: ZEnvelope(ZCostPage) } },
        },
        async (request) => {
          const { current, size, model } = request.body;
          return ok(await listMeasures(p, { actor: actorOf(request), current, size, filter: model }));
        },
      );
    }

    for (const [path, config] of [
      ['/claim/control/detail/:id', caseView],
      ['/claim/controlAudit/detail/:id', auditView],
    ] as const) {
      app.get(
        path,
        {
          config,
          schema: {
            tags,
            summary: 'One measure (controlManageProportionId) with every round and answer',
            params: ZIdParams,
            querystring: ZTs,
            response: { 200: ZEnvelope(ZCostDetail) },
          },
        },
        async (request) => ok(await measureDetail(p, { actor: actorOf(request), id: request.params.id })),
      );
    }

    app.post(
      '/claim/control/accept',
      {
        config: caseAnswer,
        schema: {
          tags,
          summary: 'Accepts a measure awaiting the provider',
          body: ZCostAction,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await acceptMeasure(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/claim/control/disagree',
      {
        config: caseAnswer,
        schema: {
          tags,
          summary: 'Disagrees with a measure awaiting the provider, with a reason',
          body: ZCostDisagree,
          response: { 200: ZAnswer },
        },
      },
      async (request) => {
        const { reason, ...rest } = request.body;
        return ok(await disagreeMeasure(p, { actor: actorOf(request), ...rest, remark: reason }));
      },
    );

    app.post(
      '/claim/controlAudit/propose',
      {
        config: auditEdit,
        schema: {
          tags,
          summary:
            "Proposes a measure to a provider (a new id), or proposes again (the id and version of a pending or disputed one); accepted at once under the provider's auto-confirm",
          body: ZCostPropose,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await proposeMeasure(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/claim/controlAudit/withdraw',
      {
        config: auditEdit,
        schema: {
          tags,
          summary: 'Withdraws a measure awaiting the provider or disputed',
          body: ZCostAction,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await withdrawMeasure(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/claim/controlAudit/providers',
      {
        config: auditEdit,
        schema: {
          tags,
          summary:
            'Providers whose id or name contains the keyword (at most 20), with their medical expense settings',
          body: z.object({ keyword: z.string().trim().max(100).default('') }),
          response: { 200: ZEnvelope(z.array(ZCostProvider)) },
        },
      },
      async (request) =>
        ok(await providerOptions(p, { actor: actorOf(request), keyword: request.body.keyword })),
    );

    app.get(
      '/claim/audit/costControl/:id',
      {
        config: { access: access.permission(CLAIM_AUDIT_VIEW) },
        schema: {
          tags,
          summary:
            "The suggested deduction of each line of a claim batch under the provider's accepted measure for its visit date",
          params: ZIdParams,
          querystring: ZTs,
          response: { 200: ZEnvelope(ZCostSuggestions) },
        },
      },
      async (request) =>
        ok(await batchSuggestions(p, { actor: actorOf(request), batchId: request.params.id })),
    );
  };
}
