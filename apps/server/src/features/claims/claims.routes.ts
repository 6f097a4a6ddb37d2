/**
 * Claim calls (decision 0040; the spec gives no paths but /claim/buryLog). Provider staff submit
 * and follow their own batches under /claim/batch/*; operators audit under /claim/audit/*; both
 * read the claim schedule.
 */
import {
  CLAIM_AUDIT_APPROVAL,
  CLAIM_AUDIT_VIEW,
  CLAIM_BATCH_EDIT,
  CLAIM_BATCH_VIEW,
  CLAIM_IMAGE_BIZ_TYPE,
  CLAIM_STATEMENT_BIZ_TYPE,
  ZBuryLog,
  ZClaimAction,
  ZClaimBatch,
  ZClaimBatchPage,
  ZClaimCheck,
  ZClaimDecide,
  ZClaimDetail,
  ZClaimListBody,
  ZClaimSubmit,
  ZScheduleBody,
  ZSchedulePage,
  ZStatementReport,
} from '@portal/domain/claims/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile, XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerBizAccess } from '../files/files.service.ts';
import { writeScheduleExport } from './claims.exports.ts';
import { checkStatementFile, decideBatch, submitBatch, withdrawBatch } from './claims.lifecycle.ts';
import { batchDetail, batchVisible, listBatches, listSchedule, logMenuClick } from './claims.service.ts';
import { statementTemplate } from './claims.statement.ts';

const tags = ['claims'];
/** Provider routes belong to the contracted direct-billing function (decision 0027). */
const batchView = { access: access.permission(CLAIM_BATCH_VIEW), providerFunction: 'contract' as const };
const batchEdit = { access: access.permission(CLAIM_BATCH_EDIT), providerFunction: 'contract' as const };
const auditView = { access: access.permission(CLAIM_AUDIT_VIEW) };
const auditDecide = { access: access.permission(CLAIM_AUDIT_APPROVAL) };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTs = z.object({ ts: z.string().optional() });
const ZBatchAnswer = ZEnvelope(ZClaimBatch);

export function claimsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  for (const bizType of [CLAIM_STATEMENT_BIZ_TYPE, CLAIM_IMAGE_BIZ_TYPE])
    registerBizAccess(bizType, (platform, { actor, bizId }) => batchVisible(platform, { actor, id: bizId }));
  return async (app) => {
    app.get(
      '/claim/batch/template',
      {
        config: batchEdit,
        schema: {
          tags,
          summary: 'The statement template (.xlsx): bilingual headers, one example row',
          querystring: ZTs,
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', XLSX_TYPE)
          .header(
            'content-disposition',
            attachment(request.lang === 'en' ? 'claim-statement-template.xlsx' : '理赔对账单模板.xlsx'),
          )
          .header('cache-control', 'private, no-store')
          .send(await statementTemplate(request.lang)),
    );

    app.post(
      '/claim/batch/check',
      {
        config: batchEdit,
        schema: {
          tags,
          summary:
            'Checks an uploaded statement row by row for the provider and answers the report (row, column, both languages); nothing is saved',
          body: ZClaimCheck,
          response: { 200: ZEnvelope(ZStatementReport) },
        },
      },
      async (request) => ok(await checkStatementFile(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/claim/batch/submit',
      {
        config: batchEdit,
        schema: {
          tags,
          summary:
            'Submits a batch (statement and claim image PDFs); with id and version replaces a pending or withdrawn batch. A statement with problems answers 40252 with the report in data',
          body: ZClaimSubmit,
          response: { 200: ZBatchAnswer },
        },
      },
      async (request) => ok(await submitBatch(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/claim/batch/withdraw',
      {
        config: batchEdit,
        schema: {
          tags,
          summary: 'Withdraws a batch pending for audit',
          body: ZClaimAction,
          response: { 200: ZBatchAnswer },
        },
      },
      async (request) => ok(await withdrawBatch(p, { actor: actorOf(request), ...request.body })),
    );

    for (const [path, config, summary] of [
      [
        '/claim/batch/list',
        batchView,
        "A page of the provider's own batches (operators: every batch), newest first",
      ],
      ['/claim/audit/list', auditView, 'A page of the batches of the tenant to audit, newest first'],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: { tags, summary, body: ZClaimListBody, response: { 200: ZEnvelope(ZClaimBatchPage) } },
        },
        async (request) => {
          const { current, size, model } = request.body;
          return ok(await listBatches(p, { actor: actorOf(request), current, size, filter: model }));
        },
      );
    }

    for (const [path, config] of [
      ['/claim/batch/detail/:id', batchView],
      ['/claim/audit/detail/:id', auditView],
    ] as const) {
      app.get(
        path,
        {
          config,
          schema: {
            tags,
            summary:
              "One batch with its lines beside their coverage's benefit (limit, used, pending, remaining), statement, images and flow",
            params: ZIdParams,
            querystring: ZTs,
            response: { 200: ZEnvelope(ZClaimDetail) },
          },
        },
        async (request) => ok(await batchDetail(p, { actor: actorOf(request), id: request.params.id })),
      );
    }

    app.post(
      '/claim/audit/decide',
      {
        config: auditDecide,
        schema: {
          tags,
          summary:
            'Decides every line (approved with a payable amount, or rejected with reason codes) and the batch, in one transaction; approved lines consume the benefit',
          body: ZClaimDecide,
          response: { 200: ZBatchAnswer },
        },
      },
      async (request) => ok(await decideBatch(p, { actor: actorOf(request), input: request.body })),
    );

    for (const [path, config] of [
      ['/claim/schedule/list', batchView],
      ['/claim/audit/schedule/list', auditView],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: {
            tags,
            summary: 'The claim schedule: which claim line is in which batch, its status and amounts',
            body: ZScheduleBody,
            response: { 200: ZEnvelope(ZSchedulePage) },
          },
        },
        async (request) => {
          const { current, size, model } = request.body;
          return ok(await listSchedule(p, { actor: actorOf(request), current, size, filter: model }));
        },
      );
    }

    for (const [path, config] of [
      ['/claim/schedule/export', batchView],
      ['/claim/audit/schedule/export', auditView],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: {
            tags,
            summary: 'The claim schedule of the filter as .xlsx (streamed)',
            body: ZScheduleBody,
          },
        },
        async (request, reply) => {
          const actor = actorOf(request);
          const { lang } = request;
          return sendFile(request, reply, {
            contentType: XLSX_TYPE,
            fileName: lang === 'en' ? 'claim-schedule.xlsx' : '理赔明细.xlsx',
            write: (out) => writeScheduleExport(p, { actor, filter: request.body.model, lang, out }),
          });
        },
      );
    }

    app.post(
      '/claim/buryLog',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary: 'Logs a click on the claim detail or claim finance menu (spec section 7)',
          body: ZBuryLog,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await logMenuClick(p, { actor: actorOf(request), menuPath: request.body.menuPath });
        return ok(null);
      },
    );
  };
}
