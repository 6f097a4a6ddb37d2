/**
 * Claim appeal calls (decision 0049; the spec gives the screens, not the paths). Provider staff
 * read, create, change and withdraw their own provider's appeals under /claim/appeal/*, behind
 * the contracted direct-billing function; operators read and decide under /claim/appealAudit/*.
 */
import {
  APPEAL_AUDIT_EDIT,
  APPEAL_AUDIT_VIEW,
  APPEAL_BIZ_TYPE,
  APPEAL_CASE_EDIT,
  APPEAL_CASE_VIEW,
  ZAppeal,
  ZAppealAudit,
  ZAppealableLine,
  ZAppealClose,
  ZAppealCreate,
  ZAppealDetail,
  ZAppealListBody,
  ZAppealPage,
  ZAppealUpdate,
} from '@portal/domain/appeals/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerBizAccess } from '../files/files.service.ts';
import { auditAppeal, closeAppeal, createAppeal, updateAppeal } from './appeals.lifecycle.ts';
import { appealableLine, appealDetail, appealVisible, listAppeals } from './appeals.service.ts';

const tags = ['appeals'];
/** Provider routes belong to contracted direct billing, as claims do (decision 0027). */
const caseView = { access: access.permission(APPEAL_CASE_VIEW), providerFunction: 'contract' as const };
const caseEdit = { access: access.permission(APPEAL_CASE_EDIT), providerFunction: 'contract' as const };
const auditView = { access: access.permission(APPEAL_AUDIT_VIEW) };
const auditEdit = { access: access.permission(APPEAL_AUDIT_EDIT) };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTs = z.object({ ts: z.string().optional() });
const ZAnswer = ZEnvelope(ZAppeal);

export function appealsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  registerBizAccess(APPEAL_BIZ_TYPE, (platform, { actor, bizId }) =>
    appealVisible(platform, { actor, id: bizId }),
  );
  return async (app) => {
    for (const [path, config, summary] of [
      [
        '/claim/appeal/list',
        caseView,
        "A page of the provider's own appeals, newest first; at least one criterion",
      ],
      [
        '/claim/appealAudit/list',
        auditView,
        'A page of the appeals of the tenant, newest first; at least one criterion',
      ],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: { tags, summary, body: ZAppealListBody, response: { 200: ZEnvelope(ZAppealPage) } },
        },
        async (request) => {
          const { current, size, model } = request.body;
          return ok(await listAppeals(p, { actor: actorOf(request), current, size, filter: model }));
        },
      );
    }

    for (const [path, config] of [
      ['/claim/appeal/detail/:id', caseView],
      ['/claim/appealAudit/detail/:id', auditView],
    ] as const) {
      app.get(
        path,
        {
          config,
          schema: {
            tags,
            summary: 'One appeal with its claim line, attachments and flow',
            params: ZIdParams,
            querystring: ZTs,
            response: { 200: ZEnvelope(ZAppealDetail) },
          },
        },
        async (request) => ok(await appealDetail(p, { actor: actorOf(request), id: request.params.id })),
      );
    }

    app.get(
      '/claim/appeal/line/:id',
      {
        config: caseView,
        schema: {
          tags,
          summary:
            'A claim line of the provider that may be appealed (rejected or partly paid, approved batch), with the most an appeal may ask and its ongoing appeal',
          params: ZIdParams,
          querystring: ZTs,
          response: { 200: ZEnvelope(ZAppealableLine) },
        },
      },
      async (request) => {
        const { providerId: _p, ...line } = await appealableLine(p.db, {
          actor: actorOf(request),
          lineId: request.params.id,
        });
        return ok(line);
      },
    );

    app.post(
      '/claim/appeal/create',
      {
        config: caseEdit,
        schema: {
          tags,
          summary:
            'Appeals a claim line: reason, amount asked and attachments (200 MB in all, no duplicate names); one ongoing appeal per line',
          body: ZAppealCreate,
          response: { 200: ZAnswer },
        },
      },
      async (request) => ok(await createAppeal(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/claim/appeal/update/:id',
      {
        config: caseEdit,
        schema: {
          tags,
          summary:
            'Changes a returned appeal and resubmits it (processing again); the files listed are all it keeps',
          params: ZIdParams,
          body: ZAppealUpdate,
          response: { 200: ZAnswer },
        },
      },
      async (request) =>
        ok(await updateAppeal(p, { actor: actorOf(request), id: request.params.id, input: request.body })),
    );

    app.post(
      '/claim/appeal/close/:id',
      {
        config: caseEdit,
        schema: {
          tags,
          summary: 'Withdraws a processing or returned appeal (closed)',
          params: ZIdParams,
          body: ZAppealClose,
          response: { 200: ZAnswer },
        },
      },
      async (request) =>
        ok(await closeAppeal(p, { actor: actorOf(request), id: request.params.id, ...request.body })),
    );

    app.post(
      '/claim/appealAudit/audit/:id',
      {
        config: auditEdit,
        schema: {
          tags,
          summary:
            "Returns or rejects a processing appeal with a reason, or approves it, adding the amount granted to the line's payable for the next payment batch",
          params: ZIdParams,
          body: ZAppealAudit,
          response: { 200: ZAnswer },
        },
      },
      async (request) =>
        ok(await auditAppeal(p, { actor: actorOf(request), id: request.params.id, input: request.body })),
    );
  };
}
