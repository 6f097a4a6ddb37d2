/**
 * Pre-authorisation calls (decision 0039; the spec gives no paths). Provider staff work their own
 * cases under /preauth/case/*; operator staff audit under /preauth/audit/*.
 */

import {
  PREAUTH_MSG_BIZ_TYPE,
  ZPreauthConversation,
  ZPreauthMessageBody,
} from '@portal/domain/preauth/messages';
import {
  PREAUTH_ATTACH_BIZ_TYPE,
  PREAUTH_AUDIT_APPROVAL,
  PREAUTH_AUDIT_VIEW,
  PREAUTH_CASE_EDIT,
  PREAUTH_CASE_VIEW,
  ZPreauthAction,
  ZPreauthApprove,
  ZPreauthCase,
  ZPreauthDetail,
  ZPreauthListBody,
  ZPreauthPage,
  ZPreauthReject,
  ZPreauthRequestDocuments,
  ZPreauthSave,
  ZPreauthSupplement,
} from '@portal/domain/preauth/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { PDF_TYPE } from '../appointments/appointments.documents.ts';
import { registerBizAccess } from '../files/files.service.ts';
import { registerRevealTarget } from '../personal-data/personal-data.service.ts';
import { caseListExport, guaranteeLetterPdf } from './preauth.documents.ts';
import { definePreauthExpiryJob } from './preauth.expiry.ts';
import {
  approveCase,
  cancelCase,
  rejectCase,
  reopenCase,
  requestDocuments,
  saveCase,
  submitCase,
  supplementCase,
} from './preauth.lifecycle.ts';
import { leaveMessage, messageVisible, openConversation } from './preauth.messages.ts';
import { caseDetail, caseVisible, listCases } from './preauth.service.ts';

const tags = ['preauth'];
/** Provider routes belong to the contracted direct-billing function (decision 0027). */
const caseView = { access: access.permission(PREAUTH_CASE_VIEW), providerFunction: 'contract' as const };
const caseEdit = { access: access.permission(PREAUTH_CASE_EDIT), providerFunction: 'contract' as const };
const auditView = { access: access.permission(PREAUTH_AUDIT_VIEW) };
const auditDecide = { access: access.permission(PREAUTH_AUDIT_APPROVAL) };
const ZIdParams = z.object({ id: z.string().uuid() });
const ZTs = z.object({ ts: z.string().optional() });
const ZCaseAnswer = ZEnvelope(ZPreauthCase);

export function preauthRoutes(p: TPlatform): FastifyPluginAsyncZod {
  definePreauthExpiryJob(p);
  registerBizAccess(PREAUTH_ATTACH_BIZ_TYPE, (platform, { actor, bizId }) =>
    caseVisible(platform, { actor, id: bizId }),
  );
  registerBizAccess(PREAUTH_MSG_BIZ_TYPE, (platform, { actor, bizId }) =>
    messageVisible(platform, { actor, id: bizId }),
  );
  registerRevealTarget('preauth', {
    fields: ['memberName', 'patientBirthday'],
    canSee: (platform, { actor, bizId }) => caseVisible(platform, { actor, id: bizId }),
  });
  return async (app) => {
    for (const [path, config, summary] of [
      [
        '/preauth/case/list',
        caseView,
        "A page of the provider's own cases (operators: every case), newest first",
      ],
      ['/preauth/audit/list', auditView, 'A page of the cases of the tenant to audit, newest first'],
    ] as const) {
      app.post(
        path,
        {
          config,
          schema: { tags, summary, body: ZPreauthListBody, response: { 200: ZEnvelope(ZPreauthPage) } },
        },
        async (request) => {
          const { current, size, model } = request.body;
          return ok(await listCases(p, { actor: actorOf(request), current, size, filter: model }));
        },
      );
    }

    for (const [path, config] of [
      ['/preauth/case/detail/:id', caseView],
      ['/preauth/audit/detail/:id', auditView],
    ] as const) {
      app.get(
        path,
        {
          config,
          schema: {
            tags,
            summary:
              "One case with its flow, attachments and the member's benefit (limit, used, pending, remaining)",
            params: ZIdParams,
            querystring: ZTs,
            response: { 200: ZEnvelope(ZPreauthDetail) },
          },
        },
        async (request) => ok(await caseDetail(p, { actor: actorOf(request), id: request.params.id })),
      );
    }

    app.post(
      '/preauth/case/save',
      {
        config: caseEdit,
        schema: {
          tags,
          summary:
            'Saves an unsubmitted case (no id: a new one; id and version: a change of a draft); attaches uploaded files',
          body: ZPreauthSave,
          response: { 200: ZCaseAnswer },
        },
      },
      async (request) => ok(await saveCase(p, { actor: actorOf(request), input: request.body })),
    );

    const simple = [
      ['/preauth/case/submit', caseEdit, 'Submits an unsubmitted case for audit', submitCase],
      ['/preauth/case/cancel', caseEdit, 'Cancels a case (an approval releases its reservation)', cancelCase],
      [
        '/preauth/case/reopen',
        caseEdit,
        'Asks to reopen a cancelled case; it goes back to auditing',
        reopenCase,
      ],
    ] as const;
    for (const [path, config, summary, run] of simple) {
      app.post(
        path,
        { config, schema: { tags, summary, body: ZPreauthAction, response: { 200: ZCaseAnswer } } },
        async (request) => ok(await run(p, { actor: actorOf(request), ...request.body })),
      );
    }

    app.post(
      '/preauth/case/supplement',
      {
        config: caseEdit,
        schema: {
          tags,
          summary:
            'Sends the documents asked for (uploaded files and a note); the case goes back to auditing',
          body: ZPreauthSupplement,
          response: { 200: ZCaseAnswer },
        },
      },
      async (request) => ok(await supplementCase(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/preauth/audit/approve',
      {
        config: auditDecide,
        schema: {
          tags,
          summary:
            'Approves an amount (at most the requested cost and the remaining benefit) until a validity end date; reserves it',
          body: ZPreauthApprove,
          response: { 200: ZCaseAnswer },
        },
      },
      async (request) => ok(await approveCase(p, { actor: actorOf(request), input: request.body })),
    );

    app.post(
      '/preauth/audit/reject',
      {
        config: auditDecide,
        schema: {
          tags,
          summary: 'Rejects a case with a reason',
          body: ZPreauthReject,
          response: { 200: ZCaseAnswer },
        },
      },
      async (request) => ok(await rejectCase(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/preauth/audit/requestDocuments',
      {
        config: auditDecide,
        schema: {
          tags,
          summary: 'Asks the provider for additional documents, with a note',
          body: ZPreauthRequestDocuments,
          response: { 200: ZCaseAnswer },
        },
      },
      async (request) => ok(await requestDocuments(p, { actor: actorOf(request), ...request.body })),
    );

    for (const [prefix, config] of [
      ['/preauth/case', caseView],
      ['/preauth/audit', auditView],
    ] as const) {
      app.post(
        `${prefix}/export`,
        {
          config,
          schema: {
            tags,
            summary: 'The cases of the list filter as .xlsx (streamed)',
            body: ZPreauthListBody.pick({ model: true }),
          },
        },
        async (request, reply) =>
          sendFile(
            request,
            reply,
            caseListExport(p, { actor: actorOf(request), filter: request.body.model, lang: request.lang }),
          ),
      );

      app.get(
        `${prefix}/guaranteeLetter/:id`,
        {
          config,
          schema: {
            tags,
            summary: 'The guarantee-of-payment letter of an approved case (PDF, Chinese and English)',
            params: ZIdParams,
            querystring: ZTs,
          },
        },
        async (request, reply) => {
          const file = await guaranteeLetterPdf(p, { actor: actorOf(request), id: request.params.id });
          return reply
            .header('content-type', PDF_TYPE)
            .header('content-disposition', attachment(file.fileName))
            .header('cache-control', 'private, no-store')
            .send(file.body);
        },
      );

      app.get(
        `${prefix}/messages/:id`,
        {
          config,
          schema: {
            tags,
            summary: "The case's conversation, oldest first; the other side's messages become read",
            params: ZIdParams,
            querystring: ZTs,
            response: { 200: ZEnvelope(ZPreauthConversation) },
          },
        },
        async (request) =>
          ok(await openConversation(p, { actor: actorOf(request), caseId: request.params.id })),
      );

      app.post(
        `${prefix}/message`,
        {
          config,
          schema: {
            tags,
            summary: 'Leaves a message on the case (text and/or files); the other side is notified',
            body: ZPreauthMessageBody,
            response: { 200: ZEnvelope(ZPreauthConversation) },
          },
        },
        async (request) => ok(await leaveMessage(p, { actor: actorOf(request), input: request.body })),
      );
    }
  };
}
