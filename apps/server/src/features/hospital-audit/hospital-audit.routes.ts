import {
  ZApprovalResult,
  ZAuditTaskListItem,
  ZAuditTaskView,
  ZInitTaskResult,
  ZProviderNoteRef,
  ZProviderRecordItem,
} from '@portal/domain/hospital-audit/api';
import {
  ZAnnounceQuery,
  ZApprovalBody,
  ZAuditTaskListRequest,
  ZInitTaskBody,
  ZNewsLetterBody,
  ZProviderNoteAddBody,
  ZProviderNoteDeleteBody,
  ZProviderNoteEditBody,
  ZProviderRecordsRequest,
} from '@portal/domain/hospital-audit/rules';
import { ZPage } from '@portal/domain/hospital-tasks/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { buildAnnouncement, buildNewsletter } from './hospital-audit.exports.ts';
import {
  addNote,
  approveTask,
  defineOverdueJob,
  deleteNotes,
  editNote,
  getAuditTaskDetail,
  initAuditTask,
  listAuditTasks,
  pageProviders,
} from './hospital-audit.service.ts';

const tags = ['hospital-audit'];
const can = (action: string) => access.permission(`drsystem:providerTaskMsh:${action}`);
const canEditNotes = access.permission('drsystem:liproviderinfo:edit');
const ts = { ts: z.string().optional() };

/**
 * The operator's side of hospital change tasks (spec sections 4, 5 and 7, providerTaskMsh):
 * the audit list, taking a task, approve or return, the audit detail, the announcement and
 * newsletter exports, and the management of provider notes. Provider staff are refused on
 * every route (403). Also defines the overdue job (platform/jobs).
 */
export function hospitalAuditRoutes(p: TPlatform): FastifyPluginAsyncZod {
  defineOverdueJob(p);

  return async (app) => {
    app.post(
      '/drsystem/providerTaskMsh/list',
      {
        config: { access: can('list') },
        schema: {
          tags,
          summary:
            "Every provider's hospital tasks of the tenant: generic list request {current, size, sort (default commitDate), order (default desc), model: {title, taskNo, providerId, providerName, taskType, status (one or a list), sendStartDate, sendEndDate, personInCharge}}",
          body: ZAuditTaskListRequest,
          response: { 200: ZEnvelope(ZPage(ZAuditTaskListItem)) },
        },
      },
      async (request) => ok(await listAuditTasks(p, { actor: actorOf(request), request: request.body })),
    );

    app.post(
      '/drsystem/providerTaskMsh/initTask',
      {
        config: { access: can('initTask') },
        schema: {
          tags,
          summary:
            'Take a submitted task (personInCharge set to the caller when nobody has it; otherwise the answer says who has it) or assign it to another operator (assignTo: account). 409 unless the task is under audit (01)',
          body: ZInitTaskBody,
          response: { 200: ZEnvelope(ZInitTaskResult) },
        },
      },
      async (request) =>
        ok(await initAuditTask(p, { actor: actorOf(request), ...request.body }), '操作成功', 'Done'),
    );

    app.post(
      '/drsystem/providerTaskMsh/approval',
      {
        config: { access: can('approval') },
        schema: {
          tags,
          summary:
            "Approve (auditResult 01: status 06, the provider record created or its changed fields written, publicity date set) or return (02: status 04, returnReason required, up to 500 characters) a submitted task, in one transaction. 409 'case status changed' when the task moved on meanwhile. Other fields of the audit form's payload are ignored",
          body: ZApprovalBody,
          response: { 200: ZEnvelope(ZApprovalResult) },
        },
      },
      async (request) => {
        const result = await approveTask(p, { actor: actorOf(request), body: request.body });
        return result.status === '06' ? ok(result, '审核通过', 'Approved') : ok(result, '已退回', 'Returned');
      },
    );

    app.get(
      '/drsystem/providerTaskMsh/detail/:id',
      {
        config: { access: can('detail') },
        schema: {
          tags,
          summary:
            "A task by id or task number: the provider's detail view plus compareView (changed fields labelled, old and new values), approvalConclusion, approvedProviderId, decisions, auditable",
          params: z.object({ id: z.string().trim().min(1).max(64) }),
          querystring: z.object(ts),
          response: { 200: ZEnvelope(ZAuditTaskView) },
        },
      },
      async (request) => ok(await getAuditTaskDetail(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.get(
      '/drsystem/providerTaskMsh/downloadAnnounce',
      {
        config: { access: can('downloadAnnounce') },
        schema: {
          tags,
          summary:
            'Announcement of approved hospitals (.xlsx, blob): one approved task (taskNo; 409 unless approved), one approved record (providerId; 409 without one), the hospitals approved in startDate..endDate, or every approved record. Errors come back as the JSON envelope',
          querystring: ZAnnounceQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await buildAnnouncement(p, { actor: actorOf(request), query: request.query, lang: request.lang }),
        ),
    );

    app.post(
      '/drsystem/providerTaskMsh/downloadNewsLetter',
      {
        config: { access: can('downloadNewsLetter') },
        schema: {
          tags,
          summary:
            'Newsletter of the changes approved in startDate..endDate (China-time days, at most 366): .xlsx (blob) with each changed field labelled, old and new values, and each new hospital',
          body: ZNewsLetterBody,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await buildNewsletter(p, { actor: actorOf(request), body: request.body, lang: request.lang }),
        ),
    );

    app.post(
      '/drsystem/liproviderinfo/providerPage',
      {
        config: { access: canEditNotes },
        schema: {
          tags,
          summary:
            'Approved provider records of the tenant with their note counts (notes management): {current, size, model: {keyword}}; keyword matches the id and both names',
          body: ZProviderRecordsRequest,
          response: { 200: ZEnvelope(ZPage(ZProviderRecordItem)) },
        },
      },
      async (request) => {
        const { current, size, model } = request.body;
        return ok(await pageProviders(p, { actor: actorOf(request), keyword: model.keyword, current, size }));
      },
    );

    app.post(
      '/drsystem/liproviderinfo/note',
      {
        config: { access: canEditNotes },
        schema: {
          tags,
          summary:
            'Add a note about a provider with an approved record (notesC and/or notesE; providers read them through pageProviderNotes)',
          body: ZProviderNoteAddBody,
          response: { 200: ZEnvelope(ZProviderNoteRef) },
        },
      },
      async (request) =>
        ok(await addNote(p, { actor: actorOf(request), body: request.body }), '保存成功', 'Saved'),
    );

    app.put(
      '/drsystem/liproviderinfo/note',
      {
        config: { access: canEditNotes },
        schema: {
          tags,
          summary: "Edit a note's texts; with version, 409 when someone changed it meanwhile",
          body: ZProviderNoteEditBody,
          response: { 200: ZEnvelope(ZProviderNoteRef) },
        },
      },
      async (request) =>
        ok(await editNote(p, { actor: actorOf(request), body: request.body }), '保存成功', 'Saved'),
    );

    app.delete(
      '/drsystem/liproviderinfo/note',
      {
        config: { access: canEditNotes },
        schema: {
          tags,
          summary: 'Delete notes by id ({ids}); 404 when none of them exists',
          body: ZProviderNoteDeleteBody,
          response: { 200: ZEnvelope(z.object({ deleted: z.number().int() })) },
        },
      },
      async (request) =>
        ok(await deleteNotes(p, { actor: actorOf(request), ids: request.body.ids }), '删除成功', 'Deleted'),
    );
  };
}
