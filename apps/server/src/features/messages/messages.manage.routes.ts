import multipart from '@fastify/multipart';
import {
  ZMsgByProviderBody,
  ZMsgCollectAllBody,
  ZMsgDeleteBody,
  ZMsgEditView,
  ZMsgManagePage,
  ZMsgManagePageBody,
  ZMsgPreview,
  ZMsgPreviewBody,
  ZMsgSaveBody,
  ZMsgStats,
  ZPersonInCharge,
  ZPersonsInChargeQuery,
} from '@portal/domain/messages/compose';
import { MSG_IMPORT_MAX_BYTES, ZMsgImportQuery, ZMsgImportReport } from '@portal/domain/messages/import';
import { ZMsgCategoryCode, ZMsgCollectResult, ZMsgPage, ZMsgReadStatus } from '@portal/domain/messages/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { attachment, sendFile, XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import { readXlsxUpload } from '../../platform/http/xlsx-import.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { writeMessagesExport } from './messages.export.ts';
import { importMessages, messageImportTemplate } from './messages.import.ts';
import { createMessageHub, issueStreamTicket, takeStreamTicket } from './messages.live.ts';
import {
  collectAll,
  deleteMessages,
  getForEdit,
  listByProvider,
  messageStats,
  pageMessages,
  personsInCharge,
  previewMessage,
  recordValidityTransitions,
  saveMessage,
  searchProviders,
} from './messages.sending.ts';

/** Permission codes of the sending side (granted to AUDITOR by msg:msg:*; SUPER_ADMIN has *). */
const can = (action: 'page' | 'save' | 'delete' | 'preview' | 'export' | 'import') =>
  access.permission(`msg:msg:${action}`);
const tags = ['messages'];
const ZId = z.object({ id: z.uuid() });
const ZTs = z.object({ ts: z.string().optional() });

/**
 * The operator's messages (claims spec sections 3, 7; decision 0032): save (draft or send),
 * withdraw or delete, the list with read statistics, export, preview, the per-provider calls,
 * the live stream and the validity job. Provider staff are refused on every route but the stream.
 */
export function messagesManageRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, {
        limits: { fileSize: MSG_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      });
    }
    const hub = await createMessageHub(p);
    app.addHook('preClose', async () => hub.close());
    p.jobs.define({
      name: 'messages.validity',
      everySeconds: 60,
      run: async () => recordValidityTransitions(p),
    });

    app.post(
      '/msg/msg',
      {
        config: { access: can('save') },
        schema: {
          tags,
          summary:
            'Saves a message: a draft (action draft) or sent (action send); with id, edits a draft or modifies a sent message',
          body: ZMsgSaveBody,
          response: {
            200: ZEnvelope(z.object({ id: z.string(), status: z.string(), recipients: z.number() })),
          },
        },
      },
      async (request) => ok(await saveMessage(p, { actor: actorOf(request), body: request.body })),
    );

    app.delete(
      '/msg/msg',
      {
        config: { access: can('delete') },
        schema: {
          tags,
          summary: 'Deletes drafts and withdraws sent messages (they leave the recipients at once)',
          body: ZMsgDeleteBody,
          response: { 200: ZEnvelope(z.object({ deleted: z.number(), withdrawn: z.number() })) },
        },
      },
      async (request) => ok(await deleteMessages(p, { actor: actorOf(request), ids: request.body.ids })),
    );

    app.post(
      '/msg/msg/page',
      {
        config: { access: can('page') },
        schema: {
          tags,
          summary:
            'The operator messages of the tenant with filters and read statistics, newest change first',
          body: ZMsgManagePageBody,
          response: { 200: ZEnvelope(ZMsgManagePage) },
        },
      },
      async (request) => ok(await pageMessages(p, { actor: actorOf(request), filter: request.body })),
    );

    app.post(
      '/msg/msg/export',
      {
        config: { access: can('export') },
        schema: { tags, summary: 'The filtered list as .xlsx (streamed)', body: ZMsgManagePageBody },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { lang } = request;
        return sendFile(request, reply, {
          contentType: XLSX_TYPE,
          fileName: lang === 'en' ? 'messages.xlsx' : '消息列表.xlsx',
          write: (out) => writeMessagesExport(p, { actor, filter: request.body, lang, out }),
        });
      },
    );

    app.get(
      '/msg/msg/import/template',
      {
        config: { access: can('import') },
        schema: {
          tags,
          summary: 'The .xlsx template of the message import, with bilingual headers and the codes',
          querystring: ZTs,
        },
      },
      async (_request, reply) =>
        reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment('message-import-template.xlsx'))
          .header('cache-control', 'private, no-store')
          .send(await messageImportTemplate()),
    );

    app.post(
      '/msg/msg/import',
      {
        config: { access: can('import') },
        schema: {
          tags,
          summary:
            'Imports messages from an .xlsx (multipart field file, only .xlsx): with dryRun=true answers the row-level report and saves nothing; without, sends every row in one transaction or, when any row has an error, nothing (40135 with the report)',
          consumes: ['multipart/form-data'],
          querystring: ZMsgImportQuery,
          response: { 200: ZEnvelope(ZMsgImportReport) },
        },
      },
      async (request) => {
        const bytes = await readXlsxUpload(request, MSG_IMPORT_MAX_BYTES);
        return ok(await importMessages(p, { actor: actorOf(request), bytes, dryRun: request.query.dryRun }));
      },
    );

    app.post(
      '/msg/msg/preview',
      {
        config: { access: can('preview') },
        schema: {
          tags,
          summary: 'What a provider will see, in Chinese and in English',
          body: ZMsgPreviewBody,
          response: { 200: ZEnvelope(ZMsgPreview) },
        },
      },
      async (request) => ok(previewMessage(request.body)),
    );

    app.get(
      '/msg/msg/:id/edit',
      {
        config: { access: can('page') },
        schema: {
          tags,
          summary: 'A message of the sending screen with its recipient criteria, to edit it again',
          params: ZId,
          querystring: ZTs,
          response: { 200: ZEnvelope(ZMsgEditView) },
        },
      },
      async (request) => ok(await getForEdit(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.post(
      '/msg/msg/:id/stats',
      {
        config: { access: can('page') },
        schema: {
          tags,
          summary: 'Read statistics of a message: providers addressed, read, unread, and a page by provider',
          params: ZId,
          body: z.object({
            current: z.coerce.number().int().min(1).max(100_000).default(1),
            size: z.coerce.number().int().min(1).max(100).default(10),
          }),
          response: { 200: ZEnvelope(ZMsgStats) },
        },
      },
      async (request) =>
        ok(await messageStats(p, { actor: actorOf(request), id: request.params.id, ...request.body })),
    );

    app.get(
      '/msg/msg/personsInCharge',
      {
        config: { access: can('save') },
        schema: {
          tags,
          summary:
            'Operator users to choose as persons in charge, with how many providers each has: the chosen ids, then up to limit (50) matching the keyword',
          querystring: ZPersonsInChargeQuery,
          response: { 200: ZEnvelope(z.array(ZPersonInCharge)) },
        },
      },
      async (request) => ok(await personsInCharge(p, { actor: actorOf(request), ...request.query })),
    );

    app.post(
      '/msg/msg/providers',
      {
        config: { access: can('save') },
        schema: {
          tags,
          summary: 'Valid providers whose id or name contains the keyword (at most 50)',
          body: z.object({ keyword: z.string().trim().max(100).default('') }),
          response: {
            200: ZEnvelope(
              z.array(
                z.object({ providerId: z.string(), providerCnName: z.string(), providerEnName: z.string() }),
              ),
            ),
          },
        },
      },
      async (request) =>
        ok(await searchProviders(p, { actor: actorOf(request), keyword: request.body.keyword })),
    );

    app.post(
      '/msg/msg/listMsgByProviderId',
      {
        config: { access: can('page') },
        schema: {
          tags,
          summary: 'The messages a provider receives now, newest first; read = read by any of its staff',
          body: ZMsgByProviderBody,
          response: { 200: ZEnvelope(ZMsgPage) },
        },
      },
      async (request) => ok(await listByProvider(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/msg/center/page',
      {
        config: { access: can('page') },
        schema: {
          tags,
          summary: "A provider's message centre as operators see it: by code and read state",
          body: ZMsgByProviderBody.extend({
            code: ZMsgCategoryCode.optional(),
            readStatus: ZMsgReadStatus.optional(),
          }),
          response: { 200: ZEnvelope(ZMsgPage) },
        },
      },
      async (request) => ok(await listByProvider(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/msg/center/collectAll',
      {
        config: { access: can('page') },
        schema: {
          tags,
          summary:
            'Unread counts per code for each provider of providerIdList (unread: none of its staff read it)',
          body: ZMsgCollectAllBody,
          response: { 200: ZEnvelope(z.array(ZMsgCollectResult.extend({ providerId: z.string() }))) },
        },
      },
      async (request) => ok(await collectAll(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/msg/msg/stream/ticket',
      {
        config: { access: access.permission('msg:center:view') },
        schema: {
          tags,
          summary:
            'A single-use ticket (30 s) to open the live message stream (EventSource cannot send headers)',
          response: { 200: ZEnvelope(z.object({ ticket: z.string(), expiresIn: z.number() })) },
        },
      },
      async (request) => ok(await issueStreamTicket(p, actorOf(request))),
    );

    app.get(
      '/msg/msg/stream',
      {
        // The ticket is the credential: it names the tenant, the user and the session.
        config: { access: access.public() },
        schema: {
          tags,
          summary:
            'Server-sent events: "messages" whenever the tenant\'s messages change; re-read the counts then',
          querystring: z.object({ ticket: z.string().max(100), ts: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const ticket = await takeStreamTicket(p, request.query.ticket);
        if (!ticket) throw new AppError('NOT_LOGGED_IN');
        reply.hijack();
        hub.open(ticket, reply.raw);
      },
    );
  };
}
