import { PHOTO_BIZ_TYPE, PROVIDER_TASK_ATTACH_BIZ_TYPE } from '@portal/domain/files/rules';
import {
  ZCheckEditResult,
  ZHospitalTaskListItem,
  ZHospitalTaskRef,
  ZHospitalTaskView,
  ZPage,
  ZProviderNote,
} from '@portal/domain/hospital-tasks/api';
import {
  ZHospitalTaskActionBody,
  ZHospitalTaskCommitBody,
  ZHospitalTaskCreateCaseBody,
  ZHospitalTaskListRequest,
  ZHospitalTaskModifyBody,
  ZHospitalTaskSaveBody,
  ZProviderNotesRequest,
} from '@portal/domain/hospital-tasks/rules';
import { HOSPITAL_PERSONAL_FIELDS } from '@portal/domain/personal-data/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { registerBizAccess } from '../files/files.service.ts';
import { registerRevealTarget } from '../personal-data/personal-data.service.ts';
import {
  checkEdit,
  closeTask,
  commitTask,
  createChangeCase,
  modifyTask,
  saveDraft,
  withdrawTask,
} from './hospital-tasks.lifecycle.ts';
import {
  canSeeHospitalObject,
  canSeeProvider,
  getEditDetail,
  getProviderDetail,
  getTaskDetail,
  listTasks,
  pageProviderNotes,
} from './hospital-tasks.queries.ts';

const tags = ['hospital-tasks'];
const can = (action: string) => access.permission(`drsystem:providerTask:${action}`);
const ts = { ts: z.string().optional() };
const providerIdQuery = z.string().trim().min(1).max(64);

/**
 * The provider's side of hospital change tasks (spec sections 3 to 5 and 7): drafts, submits,
 * changes of the approved record, detail, list, withdraw and close, and the provider notes.
 * Provider staff only ever reach their own provider's tasks; others' are 404.
 */
export function hospitalTasksRoutes(p: TPlatform): FastifyPluginAsyncZod {
  registerBizAccess(PHOTO_BIZ_TYPE, canSeeHospitalObject);
  registerBizAccess(PROVIDER_TASK_ATTACH_BIZ_TYPE, canSeeHospitalObject);
  registerRevealTarget('providerTask', {
    fields: Object.keys(HOSPITAL_PERSONAL_FIELDS),
    canSee: canSeeHospitalObject,
  });
  registerRevealTarget('provider', { fields: Object.keys(HOSPITAL_PERSONAL_FIELDS), canSee: canSeeProvider });

  return async (app) => {
    app.post(
      '/drsystem/providerTask/saveCache',
      {
        config: { access: can('saveCache') },
        schema: {
          tags,
          summary:
            'Save a draft (validation mode none: providerId and format rules). Without taskNo a new task (taskType 03 by default, status 08); with taskNo the draft or returned task is updated (status kept)',
          body: ZHospitalTaskSaveBody,
          response: { 200: ZEnvelope(ZHospitalTaskRef) },
        },
      },
      async (request) => {
        const { taskNo, taskType, version, ...form } = request.body;
        return ok(
          await saveDraft(p, { actor: actorOf(request), taskNo, taskType, version, form }),
          '保存成功',
          'Saved',
        );
      },
    );

    app.post(
      '/drsystem/providerTask/commit',
      {
        config: { access: can('commit') },
        schema: {
          tags,
          summary:
            'Submit an add-hospital task (validation mode submit): a new one, or the saved draft named by taskNo. Status 01 and the operation record Submitted',
          body: ZHospitalTaskCommitBody,
          response: { 200: ZEnvelope(ZHospitalTaskRef) },
        },
      },
      async (request) => {
        const { taskNo, version, ...form } = request.body;
        return ok(
          await commitTask(p, { actor: actorOf(request), taskNo, version, form }),
          '提交成功',
          'Submitted',
        );
      },
    );

    app.post(
      '/drsystem/providerTask/modify',
      {
        config: { access: can('modify') },
        schema: {
          tags,
          summary:
            'Submit an edited draft (08) or returned (04) task; change tasks are compared with the approved record again',
          body: ZHospitalTaskModifyBody,
          response: { 200: ZEnvelope(ZHospitalTaskRef) },
        },
      },
      async (request) => {
        const { taskNo, version, ...form } = request.body;
        return ok(
          await modifyTask(p, { actor: actorOf(request), taskNo, version, form }),
          '提交成功',
          'Submitted',
        );
      },
    );

    app.post(
      '/drsystem/providerTask/createCase',
      {
        config: { access: can('createCase') },
        schema: {
          tags,
          summary:
            'Submit a change (taskType 04) of the approved record; compareResult and oldData are computed against it. Refused (40910) while another change is unfinished',
          body: ZHospitalTaskCreateCaseBody,
          response: { 200: ZEnvelope(ZHospitalTaskRef) },
        },
      },
      async (request) =>
        ok(
          await createChangeCase(p, { actor: actorOf(request), form: request.body }),
          '提交成功',
          'Submitted',
        ),
    );

    app.get(
      '/drsystem/providerTask/detail/:id',
      {
        config: { access: can('detail') },
        schema: {
          tags,
          summary:
            'A task by id or task number: every field, photoList, attacheList, auditFlows, compareResult, oldData',
          params: z.object({ id: z.string().trim().min(1).max(64) }),
          querystring: z.object(ts),
          response: { 200: ZEnvelope(ZHospitalTaskView) },
        },
      },
      async (request) => ok(await getTaskDetail(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.get(
      '/drsystem/providerTask/editDetail',
      {
        config: { access: can('editDetail') },
        schema: {
          tags,
          summary:
            "Data that fills the form: a task (taskNo), the approved record (providerId, modifyHosp) or a blank form for the user's provider",
          querystring: z.object({
            taskNo: z.string().trim().min(1).max(32).optional(),
            providerId: providerIdQuery.optional(),
            ...ts,
          }),
          response: { 200: ZEnvelope(ZHospitalTaskView) },
        },
      },
      async (request) => {
        const { taskNo, providerId } = request.query;
        return ok(await getEditDetail(p, { actor: actorOf(request), taskNo, providerId }));
      },
    );

    app.get(
      '/drsystem/providerTask/providerDetail/:providerId',
      {
        config: { access: can('providerDetail') },
        schema: {
          tags,
          summary:
            'The approved record of a provider, with compareResult and oldData of the change that last updated it',
          params: z.object({ providerId: providerIdQuery }),
          querystring: z.object(ts),
          response: { 200: ZEnvelope(ZHospitalTaskView) },
        },
      },
      async (request) =>
        ok(await getProviderDetail(p, { actor: actorOf(request), providerId: request.params.providerId })),
    );

    app.get(
      '/drsystem/providerTask/checkEdit',
      {
        config: { access: can('checkEdit') },
        schema: {
          tags,
          summary:
            'Whether a change of the approved record may start: 409 (40910) while a change task is auditing (01) or pending (08)',
          querystring: z.object({ providerId: providerIdQuery, ...ts }),
          response: { 200: ZEnvelope(ZCheckEditResult) },
        },
      },
      async (request) =>
        ok(await checkEdit(p, { actor: actorOf(request), providerId: request.query.providerId })),
    );

    app.post(
      '/drsystem/providerTask/list',
      {
        config: { access: can('list') },
        schema: {
          tags,
          summary:
            "The provider's tasks: generic list request {size, current, sort, order, model: {title, sendStartDate, sendEndDate, status}}; title matches task number and names",
          body: ZHospitalTaskListRequest,
          response: { 200: ZEnvelope(ZPage(ZHospitalTaskListItem)) },
        },
      },
      async (request) => ok(await listTasks(p, { actor: actorOf(request), request: request.body })),
    );

    app.post(
      '/drsystem/providerTask/withdraw',
      {
        config: { access: can('withdraw') },
        schema: {
          tags,
          summary:
            "Withdraw a submitted task (01 to 03, 'Withdrew by Hospital'); 409 'case status changed' otherwise",
          body: ZHospitalTaskActionBody,
          response: { 200: ZEnvelope(ZHospitalTaskRef) },
        },
      },
      async (request) =>
        ok(await withdrawTask(p, { actor: actorOf(request), ...request.body }), '撤回成功', 'Withdrawn'),
    );

    app.post(
      '/drsystem/providerTask/close',
      {
        config: { access: can('close') },
        schema: {
          tags,
          summary:
            "Close a draft (08) or returned (04) task (07, flow type 06 'Closed by Hospital'); 409 'case status changed' otherwise",
          body: ZHospitalTaskActionBody,
          response: { 200: ZEnvelope(ZHospitalTaskRef) },
        },
      },
      async (request) =>
        ok(await closeTask(p, { actor: actorOf(request), ...request.body }), '关闭成功', 'Closed'),
    );

    const notesRoutes = [
      [
        '/drsystem/liproviderinfo/pageProviderNotes',
        "A page of a provider's notes (newest first); provider staff read only their own provider's",
      ],
      [
        '/drsystem/liproviderinfo/getHospitalNoteInfo',
        'The notes of the hospital detail screen: the same page as pageProviderNotes',
      ],
    ] as const;
    for (const [path, summary] of notesRoutes) {
      app.post(
        path,
        {
          config: { access: access.permission('drsystem:liproviderinfo:view') },
          schema: {
            tags,
            summary,
            body: ZProviderNotesRequest,
            response: { 200: ZEnvelope(ZPage(ZProviderNote)) },
          },
        },
        async (request) => {
          const { model, current, size } = request.body;
          return ok(
            await pageProviderNotes(p, {
              actor: actorOf(request),
              providerId: model.providerId,
              current,
              size,
            }),
          );
        },
      );
    }
  };
}
