import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  BENEFIT_VIEW,
  MEMBER_IMPORT,
  MEMBER_PERSONAL_FIELDS,
  PLAN_NETWORK_EDIT,
  PLAN_NETWORK_VIEW,
  ZBatchResult,
  ZBenefitUsedBody,
  ZBenefitUsedInfo,
  ZCoverageBody,
  ZCoverageOption,
  ZCurrencyOption,
  ZMemberBatchBody,
  ZMemberHit,
  ZMemberSearchBody,
  ZPlanNetworkPage,
  ZPlanNetworkPageBody,
  ZPlanNetworkSaveBody,
  ZPlanOption,
  ZPlanOptionsQuery,
  ZPolicyBatchBody,
  ZPolicyDetail,
  ZPolicyDetailBody,
  ZPolicyRefBody,
  ZRider,
  ZSpecialRule,
} from '@portal/domain/members/rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile, XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerRevealTarget } from '../personal-data/personal-data.service.ts';
import { upsertMembers, upsertPolicies } from './members.batch.ts';
import { buildBenefitUsedExport, buildRiderExport } from './members.downloads.ts';
import {
  getBenefitUsedInfo,
  getCoverages,
  getCurrencies,
  getPolicyDetailInfo,
  getRiders,
  getSpecialRules,
  memberPersonalValue,
  searchMembers,
} from './members.enquiry.ts';
import { commitMemberImport, memberImportTemplate, previewMemberImport } from './members.import.ts';
import { deletePlanNetwork, listPlans, pagePlanNetwork, savePlanNetwork } from './members.network.ts';

const tags = ['members'];

/** An insurer's member file: 100,000 members with their policies fit well within this. */
export const MEMBER_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** How long an import's connection may stay quiet while the file is checked and written. */
const IMPORT_IDLE_MS = 15 * 60_000;

const ZRowError = z.object({
  sheet: z.string(),
  row: z.number().int(),
  index: z.number().int(),
  key: z.string(),
  field: z.string(),
  msg: z.string(),
  msg_en: z.string(),
});
const ZImportReport = z.object({
  total: z.number().int(),
  members: z.number().int(),
  policies: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ZRowError),
});

/**
 * The uploaded member file (multipart field `file`, .xlsx or .csv) with its kind. The upload is
 * received whole first, so a long check cannot hold the request open past the request timeout;
 * the rows are then read from it as a stream.
 */
async function memberFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('MEMBER_IMPORT_FILE_TYPE');
  // Checking and writing a whole insurer's file sends nothing for longer than the idle timeout
  // of a connection (30 s): this connection may stay quiet while it works.
  if (typeof request.raw.socket?.setTimeout === 'function') request.raw.socket.setTimeout(IMPORT_IDLE_MS);
  const part = await request.file({ limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw new AppError('MEMBER_IMPORT_FILE_TYPE');
  const kind = /\.xlsx$/i.test(part.filename) ? 'xlsx' : /\.csv$/i.test(part.filename) ? 'csv' : null;
  if (!kind) {
    part.file.resume();
    throw new AppError('MEMBER_IMPORT_FILE_TYPE');
  }
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
    throw error;
  });
  return { input: Readable.from([bytes]), kind } as const;
}

const benefit = { access: access.permission(BENEFIT_VIEW) };

/** Members, policies and benefits (issue 16, decision 0036): enquiry, batch loading and the plan network. */
export function membersRoutes(p: TPlatform): FastifyPluginAsyncZod {
  registerRevealTarget('member', {
    fields: Object.keys(MEMBER_PERSONAL_FIELDS),
    canSee: async (platform, { actor, bizId }) =>
      (await memberPersonalValue(platform, { actor, bizId, field: 'name' })) !== null,
    readValue: memberPersonalValue,
  });
  return async (app) => {
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, {
        limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      });
    }

    // ---- Benefits enquiry (spec second document section 7) ----
    app.post(
      '/smartportal/member/search',
      {
        config: benefit,
        schema: {
          tags,
          summary:
            'Members found by name + birthday or by card number, only of plans the own provider serves today (operators: the whole tenant, or the providerId named); personal data masked',
          body: ZMemberSearchBody,
          response: { 200: ZEnvelope(z.array(ZMemberHit)) },
        },
      },
      async (request) => ok(await searchMembers(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/smartportal/policy/getPolicyDetailInfo',
      {
        config: benefit,
        schema: {
          tags,
          summary:
            "The member's policy under the plan: validity, the provider's direct-billing flag, currencies and every coverage with limits, used, pending and remaining",
          body: ZPolicyDetailBody,
          response: { 200: ZEnvelope(ZPolicyDetail) },
        },
      },
      async (request) => ok(await getPolicyDetailInfo(p, { actor: actorOf(request), ...request.body })),
    );

    app.get(
      '/smartportal/config/getCurrency',
      {
        config: benefit,
        schema: {
          tags,
          summary: 'The currencies plans are written in (ISO 4217) with their names',
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZCurrencyOption)) },
        },
      },
      async () => ok(getCurrencies()),
    );

    app.post(
      '/smartportal/config/getCoverage',
      {
        config: benefit,
        schema: {
          tags,
          summary:
            "The coverages of the member's (employeeId) policy under the plan, each with its currencies",
          body: ZCoverageBody,
          response: { 200: ZEnvelope(z.array(ZCoverageOption)) },
        },
      },
      async (request) => ok(await getCoverages(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/smartportal/benefit/getBenefitUsedInfo',
      {
        config: benefit,
        schema: {
          tags,
          summary:
            'Limits, used, pending and remaining per coverage and currency, with the usage lines (currency and coverage narrow it; insuredName + birthday name a dependant of employeeID)',
          body: ZBenefitUsedBody,
          response: { 200: ZEnvelope(ZBenefitUsedInfo) },
        },
      },
      async (request) => {
        const { policy: _policy, ...info } = await getBenefitUsedInfo(p, {
          actor: actorOf(request),
          ...request.body,
        });
        return ok(info);
      },
    );

    app.post(
      '/smartportal/benefit/getBenefitSpecialRuleList',
      {
        config: benefit,
        schema: {
          tags,
          summary:
            "The special rules of the member's policy (waiting periods, exclusions), in both languages",
          body: ZPolicyRefBody,
          response: { 200: ZEnvelope(z.array(ZSpecialRule)) },
        },
      },
      async (request) => ok(await getSpecialRules(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/smartportal/benefit/getBenefitRiderList',
      {
        config: benefit,
        schema: {
          tags,
          summary: "The riders of the member's policy with their limits and validity",
          body: ZPolicyRefBody,
          response: { 200: ZEnvelope(z.array(ZRider)) },
        },
      },
      async (request) => ok(await getRiders(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/smartportal/download/downloadBenefitUsedList',
      {
        config: benefit,
        schema: {
          tags,
          summary: 'The benefit balance and usage lines as .xlsx (payload of getBenefitUsedInfo)',
          body: ZBenefitUsedBody,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await buildBenefitUsedExport(p, { actor: actorOf(request), lang: request.lang, ...request.body }),
        ),
    );

    app.post(
      '/smartportal/download/downloadBenefitRider',
      {
        config: benefit,
        schema: {
          tags,
          summary: "The policy's riders as .xlsx (payload of getBenefitRiderList)",
          body: ZPolicyRefBody,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await buildRiderExport(p, { actor: actorOf(request), lang: request.lang, ...request.body }),
        ),
    );

    // ---- Batch API for insurers' systems ----
    app.post(
      '/member/batch/members',
      {
        config: { access: access.permission(MEMBER_IMPORT) },
        schema: {
          tags,
          summary:
            'Adds or updates up to 1,000 members (and their customers) by memberId; the same batch again changes nothing; one refused item refuses the batch with a bilingual message per item',
          body: ZMemberBatchBody,
          response: { 200: ZEnvelope(ZBatchResult) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await p.db.transaction((tx) =>
            upsertMembers(tx, { tenantId: actor.tenantId, actor, items: request.body.items }),
          ),
        );
      },
    );

    app.post(
      '/member/batch/policies',
      {
        config: { access: access.permission(MEMBER_IMPORT) },
        schema: {
          tags,
          summary:
            'Adds or updates up to 1,000 policies by policyNo + memberId, with coverages, special rules, riders and benefit-usage history; plans are added by grpPlanCode; all-or-nothing',
          body: ZPolicyBatchBody,
          response: { 200: ZEnvelope(ZBatchResult) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return ok(
          await p.db.transaction((tx) =>
            upsertPolicies(tx, { tenantId: actor.tenantId, actor, items: request.body.items }),
          ),
        );
      },
    );

    // ---- File import (.xlsx / .csv) ----
    app.get(
      '/member/import/template',
      {
        config: { access: access.permission(MEMBER_IMPORT) },
        schema: {
          tags,
          summary:
            'The .xlsx template of the member import: sheet members (one row per member and policy) and sheet coverages (per plan)',
          querystring: z.object({ ts: z.string().optional() }),
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment('member-import-template.xlsx'))
          .header('cache-control', 'private, no-store')
          .send(await memberImportTemplate()),
    );

    app.post(
      '/member/import/preview',
      {
        config: { access: access.permission(MEMBER_IMPORT) },
        schema: {
          tags,
          summary:
            'Checks an uploaded member file (multipart field file, .xlsx or .csv, read as a stream) and answers the row-level report in both languages; nothing is saved',
          consumes: ['multipart/form-data'],
          response: { 200: ZEnvelope(ZImportReport) },
        },
      },
      async (request) =>
        ok(await previewMemberImport(p, { actor: actorOf(request), ...(await memberFile(request)) })),
    );

    app.post(
      '/member/import',
      {
        config: { access: access.permission(MEMBER_IMPORT) },
        schema: {
          tags,
          summary:
            'Imports the member file checked in the preview: all rows in one transaction or none (40201 with the report); rows are found again by their external ids, so a repeated import adds nothing',
          consumes: ['multipart/form-data'],
          response: {
            200: ZEnvelope(ZImportReport.extend({ created: z.number().int(), updated: z.number().int() })),
          },
        },
      },
      async (request) =>
        ok(
          await commitMemberImport(p, { actor: actorOf(request), ...(await memberFile(request)) }),
          '导入成功',
          'Imported',
        ),
    );

    // ---- Plan network (operators) ----
    app.post(
      '/member/planNetwork/page',
      {
        config: { access: access.permission(PLAN_NETWORK_VIEW) },
        schema: {
          tags,
          summary: 'A page of the providers serving plans, filtered by plan code and provider id',
          body: ZPlanNetworkPageBody,
          response: { 200: ZEnvelope(ZPlanNetworkPage) },
        },
      },
      async (request) => ok(await pagePlanNetwork(p, { actor: actorOf(request), ...request.body })),
    );

    app.get(
      '/member/planNetwork/plans',
      {
        config: { access: access.permission(PLAN_NETWORK_VIEW) },
        schema: {
          tags,
          summary:
            "The tenant's group plans to choose from: the chosen codes, then up to limit (50) matching the keyword",
          querystring: ZPlanOptionsQuery,
          response: { 200: ZEnvelope(z.array(ZPlanOption)) },
        },
      },
      async (request) => ok(await listPlans(p, { actor: actorOf(request), ...request.query })),
    );

    app.post(
      '/member/planNetwork',
      {
        config: { access: access.permission(PLAN_NETWORK_EDIT) },
        schema: {
          tags,
          summary: 'A provider serves a plan: added, or its direct-billing flag and validity changed',
          body: ZPlanNetworkSaveBody,
          response: { 200: ZEnvelope(z.object({ id: z.string() })) },
        },
      },
      async (request) =>
        ok(
          await savePlanNetwork(p, { actor: actorOf(request), requestId: request.id, ...request.body }),
          '保存成功',
          'Saved',
        ),
    );

    app.delete(
      '/member/planNetwork/:id',
      {
        config: { access: access.permission(PLAN_NETWORK_EDIT) },
        schema: {
          tags,
          summary: 'The provider no longer serves the plan',
          params: z.object({ id: z.uuid() }),
          response: { 200: ZEnvelope(z.object({ id: z.string() })) },
        },
      },
      async (request) =>
        ok(
          await deletePlanNetwork(p, {
            actor: actorOf(request),
            requestId: request.id,
            id: request.params.id,
          }),
          '删除成功',
          'Deleted',
        ),
    );
  };
}
