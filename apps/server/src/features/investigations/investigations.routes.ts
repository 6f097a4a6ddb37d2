/**
 * Claim investigation calls (decision 0046; the spec gives no paths). Provider staff read and
 * answer their own provider's investigations under /claim/medical/*, behind the provider's
 * claim investigation switch; operators open, read, complete and cancel under /claim/medicalAudit/*.
 */
import {
  INVESTIGATION_AUDIT_EDIT,
  INVESTIGATION_AUDIT_VIEW,
  INVESTIGATION_BIZ_TYPE,
  INVESTIGATION_CASE_REPLY,
  INVESTIGATION_CASE_VIEW,
  ZInvestigation,
  ZInvestigationCancel,
  ZInvestigationComplete,
  ZInvestigationDetail,
  ZInvestigationListBody,
  ZInvestigationOpen,
  ZInvestigationPage,
  ZInvestigationReply,
} from '@portal/domain/investigations/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerBizAccess } from '../files/files.service.ts';
import {
  answerInvestigation,
  cancelInvestigation,
  completeInvestigation,
  openInvestigation,
} from './investigations.lifecycle.ts';
import {
  batchInvestigations,
  investigationDetail,
  investigationVisible,
  listInvestigations,
} from './investigations.service.ts';
import { defineInvestigationTimeoutJob } from './investigations.timeout.ts';

const tags = ['investigations'];
/** Provider routes belong to the claim investigation management switch (decision 0027). */
const caseView = {
  access: access.permission(INVESTIGATION_CASE_VIEW),
  providerFunction: 'investigation' as const,
};
const caseReply = {
  access: access.permission(INVESTIGATION_CASE_REPLY),
  providerFunction: 'investigation' as const,
};
const auditView = { access: access.permission(INVESTIGATION_AUDIT_VIEW) };
const auditEdit = { access: access.permission(INVESTIGATION_AUDIT_EDIT) };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTs = z.object({ ts: z.string().optional() });
const ZAnswer = ZEnvelope(ZInvestigation);

export function investigationsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  defineInvestigationTimeoutJob(p);
  registerBizAccess(INVESTIGATION_BIZ_TYPE, (platform, { actor, bizId }) =>
    investigationVisible(platform, { actor, id: bizId }),
  );
  return async (app) => {
    for (const [path, config, summary] of [
      [
        '/claim/medical/list',
        caseView,
        "A page of the provider's own investigations (operators: every one), newest first, with their countdown",
      ],
      ['/claim/medicalAudit/list', auditView, 'A page of the investigations of the tenant, newest first'],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: {
            tags,
            summary,
            body: ZInvestigationListBody,
            response: { 200: ZEnvelope(ZInvestigationPage) },
          },
        },
        async (request) => {
          const { current, size, model } = request.body;
          return ok(await listInvestigations(p, { actor: actorOf(request), current, size, filter: model }));
        },
      );
    }

    for (const [path, config] of [
      ['/claim/medical/detail/:id', caseView],
      ['/claim/medicalAudit/detail/:id', auditView],
    ] as const) {
      app.get(
        path,
        {
          config,
          schema: {
            tags,
            summary:
              'One investigation with its countdown, the answers (files, description, remark, tracking numbers) and its flow',
            params: ZIdParams,
            querystring: ZTs,
            response: { 200: ZEnvelope(ZInvestigationDetail) },
          },
        },
        async (request) =>
          ok(await investigationDetail(p, { actor: actorOf(request), id: request.params.id })),
      );
    }

    app.post(
      '/claim/medical/reply',
      {
        config: caseReply,
        schema: {
          tags,
          summary:
            'Answers an investigation while upload is open: a file or a description, a remark, tracking numbers (English semicolons) with a posting date before today',
          body: ZInvestigationReply,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await answerInvestigation(p, { actor: actorOf(request), input: request.body })),
    );

    app.get(
      '/claim/medicalAudit/batch/:id',
      {
        config: auditView,
        schema: {
          tags,
          summary: 'The investigations of the lines of a claim batch, newest first',
          params: ZIdParams,
          querystring: ZTs,
          response: { 200: ZEnvelope(z.array(ZInvestigation)) },
        },
      },
      async (request) =>
        ok(await batchInvestigations(p, { actor: actorOf(request), batchId: request.params.id })),
    );

    app.post(
      '/claim/medicalAudit/open',
      {
        config: auditEdit,
        schema: {
          tags,
          summary:
            "Opens an investigation on a claim line, asking its provider for medical records; the countdown's deadline is fixed on the working calendar",
          body: ZInvestigationOpen,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await openInvestigation(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/claim/medicalAudit/complete',
      {
        config: auditEdit,
        schema: {
          tags,
          summary: 'Completes a processing investigation the provider has answered',
          body: ZInvestigationComplete,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await completeInvestigation(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/claim/medicalAudit/cancel',
      {
        config: auditEdit,
        schema: {
          tags,
          summary: 'Cancels a processing investigation, with a reason',
          body: ZInvestigationCancel,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await cancelInvestigation(p, { actor: actorOf(request), ...request.body })),
    );
  };
}
