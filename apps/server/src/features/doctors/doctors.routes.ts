import {
  ZDoctorAuditView,
  ZDoctorListItem,
  ZDoctorTaskListItem,
  ZDoctorTaskView,
  ZDoctorView,
} from '@portal/domain/doctors/api';
import {
  ZDoctorAuditBody,
  ZDoctorId,
  ZDoctorInfoUpdateBody,
  ZDoctorListRequest,
  ZDoctorMatchQuery,
  ZDoctorTaskActionBody,
  ZDoctorTaskKey,
  ZDoctorTaskNo,
  ZDoctorTaskSaveBody,
} from '@portal/domain/doctors/rules';
import { ZAuditTaskListRequest } from '@portal/domain/hospital-audit/rules';
import { ZHospitalTaskRef, ZPage } from '@portal/domain/hospital-tasks/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { assertOperator, defineOverdueJob } from '../change-tasks/change-tasks.audit.ts';
import { registerBizAccess } from '../files/files.service.ts';
import { buildDoctorListExport, buildDoctorTaskExport } from './doctors.exports.ts';
import { DOCTOR_PHOTO_BIZ_TYPE, doctorTaskKind } from './doctors.kind.ts';
import {
  auditDoctorTask,
  canSeeDoctorPhoto,
  checkDoctorEdit,
  createDoctorTask,
  getAuditDoctorTask,
  getDoctorDetail,
  getDoctorTask,
  listDoctors,
  listDoctorTasks,
  matchDoctor,
  moveDoctorTask,
  saveExistingTask,
  updateDoctorInfo,
  updateDoctorTask,
} from './doctors.service.ts';

const tags = ['doctors'];
const can = (action: string) => access.permission(`drsystem:doctorTask:${action}`);
const canAudit = (action: string) => access.permission(`drsystem:doctorTaskMsh:${action}`);
const canInfo = (action: string) => access.permission(`drsystem:info:${action}`);
const ts = z.object({ ts: z.string().optional() });
const ZRef = ZHospitalTaskRef;
const ZAuditRef = ZHospitalTaskRef.extend({
  doctorId: z.string().nullable(),
  appliedFields: z.array(z.string()),
});
const saved = (submit: boolean) =>
  submit ? (['提交成功', 'Submitted'] as const) : (['保存成功', 'Saved'] as const);

/**
 * Doctors and doctor change tasks (task types 01 add doctor, 02 update doctor) on the
 * change-task engine, at the spec's doctor-system paths (section 2) under /saasapi. Provider
 * staff reach only their own provider's doctors and tasks; the audit and the internal
 * recommendation are for operator staff. Also defines the doctor tasks' overdue job.
 */
export function doctorsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  registerBizAccess(DOCTOR_PHOTO_BIZ_TYPE, canSeeDoctorPhoto);
  defineOverdueJob(p, doctorTaskKind);

  return async (app) => {
    app.post(
      '/drsystem/management/create',
      {
        config: { access: can('create') },
        schema: {
          tags,
          summary:
            "A new add-doctor task (01) of the user's provider: submit false saves a draft (08; only certificateNo required), true submits it (01; required fields apply). 409 40913 while the certificate number has an unfinished task, 40088 when it already practises here",
          body: ZDoctorTaskSaveBody,
          response: { 200: ZEnvelope(ZRef) },
        },
      },
      async (request) => {
        const { submit, version, ...form } = request.body;
        return ok(
          await createDoctorTask(p, { actor: actorOf(request), form, submit, version }),
          ...saved(submit),
        );
      },
    );

    app.post(
      '/drsystem/management/update/:id',
      {
        config: { access: can('update') },
        schema: {
          tags,
          summary:
            "A new update-doctor task (02) of a doctor practising at the user's provider, compared with the approved doctor and practice; draft or submit. 404 'Doctor not matched' for another provider's doctor; 409 'Doctor has an unfinished task'",
          params: z.object({ id: ZDoctorId }),
          body: ZDoctorTaskSaveBody,
          response: { 200: ZEnvelope(ZRef) },
        },
      },
      async (request) => {
        const { submit, version: _version, ...form } = request.body;
        const actor = actorOf(request);
        return ok(
          await updateDoctorTask(p, { actor, doctorId: request.params.id, form, submit }),
          ...saved(submit),
        );
      },
    );

    app.get(
      '/drsystem/management/check-edit/:id',
      {
        config: { access: can('update') },
        schema: {
          tags,
          summary:
            "Whether an update-doctor task (02) of the doctor may start, asked before the update form opens: 404 'Doctor not matched' (40085) when the doctor does not practise at the user's provider, 409 'Doctor has an unfinished task' (40913, naming it) while a change of the doctor is pending or auditing",
          params: z.object({ id: ZDoctorId }),
          querystring: ts,
          response: { 200: ZEnvelope(z.object({ doctorId: z.string(), canEdit: z.literal(true) })) },
        },
      },
      async (request) =>
        ok(await checkDoctorEdit(p, { actor: actorOf(request), doctorId: request.params.id })),
    );

    app.get(
      '/drsystem/management/detail/:id',
      {
        config: { access: can('detail') },
        schema: {
          tags,
          summary:
            "A doctor with its practice at the user's provider (operators: every practice and the internal recommendation); 404 when the doctor does not practise there",
          params: z.object({ id: ZDoctorId }),
          querystring: ts,
          response: { 200: ZEnvelope(ZDoctorView) },
        },
      },
      async (request) => ok(await getDoctorDetail(p, { actor: actorOf(request), id: request.params.id })),
    );

    app.post(
      '/drsystem/management/list',
      {
        config: { access: can('list') },
        schema: {
          tags,
          summary: "Doctors practising at the user's provider: {current, size, model: {keyword}}",
          body: ZDoctorListRequest,
          response: { 200: ZEnvelope(ZPage(ZDoctorListItem)) },
        },
      },
      async (request) => ok(await listDoctors(p, { actor: actorOf(request), request: request.body })),
    );

    app.post(
      '/drsystem/management/export',
      {
        config: { access: can('export') },
        schema: {
          tags,
          summary:
            "The doctor list as an .xlsx workbook (blob), with the list's filter ({model: {keyword}}; paging ignored): provider staff their own provider's doctors, operators every doctor (or model.providerId's). Headers in the request's language; errors come back as the JSON envelope",
          body: ZDoctorListRequest,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await buildDoctorListExport(p, {
            actor: actorOf(request),
            model: request.body.model,
            lang: request.lang,
          }),
        ),
    );

    app.get(
      '/drsystem/management/match',
      {
        config: { access: can('list') },
        schema: {
          tags,
          summary:
            "The provider's doctors with this certificate number or name; 404 'Doctor not matched' (40085) offers to create a new-doctor task or edit the attending doctor",
          querystring: ZDoctorMatchQuery,
          response: { 200: ZEnvelope(z.array(ZDoctorListItem)) },
        },
      },
      async (request) => {
        const { certificateNo, name } = request.query;
        return ok(await matchDoctor(p, { actor: actorOf(request), certificateNo, name }));
      },
    );

    app.post(
      '/drsystem/management/task-list',
      {
        config: { access: can('list') },
        schema: {
          tags,
          summary:
            "The provider's doctor tasks (types 01 and 02), newest first: {current, size, model: {keyword, taskType, status}}",
          body: ZDoctorListRequest,
          response: { 200: ZEnvelope(ZPage(ZDoctorTaskListItem)) },
        },
      },
      async (request) => ok(await listDoctorTasks(p, { actor: actorOf(request), request: request.body })),
    );

    app.get(
      '/drsystem/management/task-detail/:id',
      {
        config: { access: can('detail') },
        schema: {
          tags,
          summary: 'A doctor task by id or task number, with its operation records and compare data',
          params: z.object({ id: ZDoctorTaskKey }),
          querystring: ts,
          response: { 200: ZEnvelope(ZDoctorTaskView) },
        },
      },
      async (request) => ok(await getDoctorTask(p, { actor: actorOf(request), key: request.params.id })),
    );

    app.post(
      '/drsystem/management/task-update/:id',
      {
        config: { access: can('modify') },
        schema: {
          tags,
          summary:
            "Save (submit false) or submit a draft (08) or returned (04) task again; 409 'case status changed' otherwise or on a stale version",
          params: z.object({ id: ZDoctorTaskKey }),
          body: ZDoctorTaskSaveBody,
          response: { 200: ZEnvelope(ZRef) },
        },
      },
      async (request) => {
        const { submit, version, ...form } = request.body;
        const actor = actorOf(request);
        return ok(
          await saveExistingTask(p, { actor, key: request.params.id, form, submit, version }),
          ...saved(submit),
        );
      },
    );

    for (const action of ['withdraw', 'close'] as const) {
      app.post(
        `/drsystem/management/task-${action}/:id`,
        {
          config: { access: can(action) },
          schema: {
            tags,
            summary:
              action === 'withdraw'
                ? "Withdraw a submitted task (01 to 03, 'Withdrew by Hospital')"
                : "Close a draft or returned task (07, 'Closed by Hospital')",
            params: z.object({ id: ZDoctorTaskKey }),
            body: ZDoctorTaskActionBody,
            response: { 200: ZEnvelope(ZRef) },
          },
        },
        async (request) => {
          const actor = actorOf(request);
          const ref = await moveDoctorTask(p, {
            actor,
            key: request.params.id,
            version: request.body.version,
            action,
          });
          return action === 'withdraw' ? ok(ref, '撤回成功', 'Withdrawn') : ok(ref, '关闭成功', 'Closed');
        },
      );
    }

    app.post(
      '/drsystem/management/msh-task-list',
      {
        config: { access: canAudit('list') },
        schema: {
          tags,
          summary:
            "Every provider's doctor tasks of the tenant: {current, size, model: {keyword, taskType, status, providerId}}",
          body: ZDoctorListRequest,
          response: { 200: ZEnvelope(ZPage(ZDoctorTaskListItem)) },
        },
      },
      async (request) =>
        ok(await listDoctorTasks(p, { actor: actorOf(request), request: request.body, audit: true })),
    );

    app.post(
      '/drsystem/management/msh-task-export',
      {
        config: { access: canAudit('export') },
        schema: {
          tags,
          summary:
            "The doctor tasks of the operator's audit list as an .xlsx workbook (blob), with that list's filter (providerTaskMsh/list's {model: {title, taskNo, providerId, taskType, status, sendStartDate, sendEndDate, personInCharge}}; paging and sort ignored), newest task first. Operator staff only; errors come back as the JSON envelope",
          body: ZAuditTaskListRequest,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          await buildDoctorTaskExport(p, {
            actor: actorOf(request),
            filter: request.body.model,
            lang: request.lang,
          }),
        ),
    );

    app.get(
      '/drsystem/management/msh-task-detail/:id',
      {
        config: { access: canAudit('detail') },
        schema: {
          tags,
          summary:
            'The audit detail of a doctor task (id or task number): the task, its decisions, auditable',
          params: z.object({ id: ZDoctorTaskKey }),
          querystring: ts,
          response: { 200: ZEnvelope(ZDoctorAuditView) },
        },
      },
      async (request) => ok(await getAuditDoctorTask(p, { actor: actorOf(request), key: request.params.id })),
    );

    const audits = [
      ['/drsystem/management/task-audit/:id', z.object({ id: ZDoctorTaskKey })],
      ['/drsystem/management/task-audit/med/:taskNo', z.object({ taskNo: ZDoctorTaskNo })],
    ] as const;
    for (const [path, params] of audits) {
      app.post(
        path,
        {
          config: { access: canAudit('approval') },
          schema: {
            tags,
            summary:
              "Approve (01: the doctor and its practice created or updated) or return (02, reason required) a submitted doctor task, in one transaction; 409 'case status changed' on a stale version; nobody decides a task they submitted",
            params,
            body: ZDoctorAuditBody,
            response: { 200: ZEnvelope(ZAuditRef) },
          },
        },
        async (request) => {
          const values = request.params as { id?: string; taskNo?: string };
          const result = await auditDoctorTask(p, {
            actor: actorOf(request),
            key: values.id ?? values.taskNo ?? '',
            ...request.body,
          });
          return result.status === '06'
            ? ok(result, '审核通过', 'Approved')
            : ok(result, '已退回', 'Returned');
        },
      );
    }

    app.get(
      '/drsystem/info/detail/:id',
      {
        config: { access: canInfo('detail') },
        schema: {
          tags,
          summary: 'A doctor with every practice and the internal recommendation (operator staff)',
          params: z.object({ id: ZDoctorId }),
          querystring: ts,
          response: { 200: ZEnvelope(ZDoctorView) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        assertOperator(actor);
        return ok(await getDoctorDetail(p, { actor: { ...actor, providerId: null }, id: request.params.id }));
      },
    );

    app.post(
      '/drsystem/info/update/:id',
      {
        config: { access: canInfo('update') },
        schema: {
          tags,
          summary:
            "The operator-only fields of a doctor: internal recommendation rating (1-5 or null) and note, soft delete flag (0/1); 409 'case status changed' on a stale version",
          params: z.object({ id: ZDoctorId }),
          body: ZDoctorInfoUpdateBody,
          response: { 200: ZEnvelope(ZDoctorView) },
        },
      },
      async (request) =>
        ok(
          await updateDoctorInfo(p, { actor: actorOf(request), id: request.params.id, body: request.body }),
          '保存成功',
          'Saved',
        ),
    );
  };
}
