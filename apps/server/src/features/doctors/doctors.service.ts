/**
 * Doctors and doctor change tasks (spec sections 2 to 5 and 8; decision 0024): the provider's
 * calls on the change-task engine (create, update, task-update, withdraw, close), the
 * operator's audit and internal fields, the reads, and 'Doctor not matched'.
 */
import { canAudit } from '@portal/domain/change-tasks/lifecycle';
import { HOSPITAL_TASK_STATUS } from '@portal/domain/dictionaries/codes';
import type {
  TDoctorListItem,
  TDoctorTaskListItem,
  TDoctorTaskView,
  TDoctorView,
} from '@portal/domain/doctors/api';
import type {
  TDoctorInfoUpdateBody,
  TDoctorListRequest,
  TDoctorTaskSaveBody,
} from '@portal/domain/doctors/rules';
import type { TAuditTaskFilter } from '@portal/domain/hospital-audit/rules';
import type { TTaskFile } from '@portal/domain/hospital-tasks/api';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { cappedTotal, countAtMost } from '../../platform/db/paging.ts';
import { preparedShapes } from '../../platform/db/prepared.ts';
import { pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { assertOperator, decideTask } from '../change-tasks/change-tasks.audit.ts';
import {
  assertNoUnfinishedChange,
  moveTask,
  saveTask,
  type TTaskRef,
  taskRef,
} from '../change-tasks/change-tasks.lifecycle.ts';
import type { TListSource } from '../change-tasks/change-tasks.list.ts';
import { findTask, isUuid, listDecisions, listFlows } from '../change-tasks/change-tasks.store.ts';
import { getFileForActor, toFileView } from '../files/files.service.ts';
import { invalidateDoctorSearch } from '../knowledge/knowledge.search.ts';
import { assertInScope, taskInScope, taskScopeCondition } from '../organisations/organisations.scope.ts';
import {
  ADD_DOCTOR,
  approvedForm,
  doctorNames,
  findPractisingDoctor,
  isPractising,
  doctorTaskKind as kind,
  taskForm,
  UPDATE_DOCTOR,
} from './doctors.kind.ts';
import {
  doctorPractices,
  doctors,
  doctorTasks,
  type TDoctorRow,
  type TDoctorTaskRow,
} from './doctors.tables.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const APPROVED = HOSPITAL_TASK_STATUS.APPROVED.code;
const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Provider staff act for their own provider only; a doctor call needs one. */
function ownProvider(actor: TActor): string {
  if (!actor.providerId) throw new AppError('NO_PERMISSION');
  return actor.providerId;
}

type TSaveBody = Omit<TDoctorTaskSaveBody, 'submit' | 'version'>;

// ---------------------------------------------------------------------------------------------
// The provider's calls

/** create: a new add-doctor task (01) of the actor's provider, saved as a draft or submitted. */
export async function createDoctorTask(
  p: TPlatform,
  { actor, form, submit, version }: { actor: TActor; form: TSaveBody; submit: boolean; version?: number },
): Promise<TTaskRef> {
  const providerId = ownProvider(actor);
  const row = await saveTask(p, kind, {
    actor,
    taskType: ADD_DOCTOR,
    version,
    form: { ...form, providerId, doctorId: null },
    submit,
  });
  return taskRef(row);
}

/** update/{id}: a new update-doctor task (02) of a doctor practising at the actor's provider. */
export async function updateDoctorTask(
  p: TPlatform,
  input: { actor: TActor; doctorId: string; form: TSaveBody; submit: boolean },
): Promise<TTaskRef> {
  const providerId = ownProvider(input.actor);
  const row = await saveTask(p, kind, {
    actor: input.actor,
    taskType: UPDATE_DOCTOR,
    form: { ...input.form, providerId, doctorId: input.doctorId },
    submit: input.submit,
  });
  return taskRef(row);
}

/**
 * check-edit/{id}: whether an update of the doctor may start, asked before the update form
 * opens. 404 'Doctor not matched' when the doctor does not practise at the actor's provider;
 * 409 'Doctor has an unfinished task' (naming it) while an add or update task of the doctor's
 * certificate number is pending (08) or auditing (01) there. The same guards as the save.
 */
export async function checkDoctorEdit(
  p: TPlatform,
  { actor, doctorId }: { actor: TActor; doctorId: string },
): Promise<{ doctorId: string; canEdit: true }> {
  const providerId = ownProvider(actor);
  const approved = await findPractisingDoctor(p.db, { tenantId: actor.tenantId, providerId, doctorId });
  if (!approved || !isPractising(approved)) throw new AppError('DOCTOR_NOT_MATCHED');
  const form = { ...approvedForm(approved), providerId, doctorId };
  await assertNoUnfinishedChange(p, kind, { actor, form, taskType: UPDATE_DOCTOR, task: null });
  return { doctorId, canEdit: true };
}

/** task-update/{id}: saves or (re)submits a draft (08) or returned (04) task. */
export async function saveExistingTask(
  p: TPlatform,
  input: { actor: TActor; key: string; form: TSaveBody; submit: boolean; version?: number },
): Promise<TTaskRef> {
  const providerId = ownProvider(input.actor);
  const task = await findTask<TDoctorTaskRow>(p.db, kind, {
    tenantId: input.actor.tenantId,
    providerId,
    idOrTaskNo: input.key,
  });
  const row = await saveTask(p, kind, {
    actor: input.actor,
    taskNo: task.id,
    taskType: task.taskType,
    version: input.version,
    form: { ...input.form, providerId, doctorId: task.doctorId },
    submit: input.submit,
  });
  return taskRef(row);
}

/** task-withdraw/{id} (01 to 03) and task-close/{id} (08/04 to 07, flow type 06). */
export async function moveDoctorTask(
  p: TPlatform,
  input: { actor: TActor; key: string; version?: number; action: 'withdraw' | 'close' },
): Promise<TTaskRef> {
  ownProvider(input.actor);
  return taskRef(await moveTask(p, kind, { ...input, taskNo: input.key }));
}

// ---------------------------------------------------------------------------------------------
// The operator's calls

/** task-audit/{id} and task-audit/med/{taskNo}: approve (the doctor and practice written) or return. */
export async function auditDoctorTask(
  p: TPlatform,
  input: { actor: TActor; key: string; auditResult: string; returnReason: string; version?: number },
): Promise<TTaskRef & { doctorId: string | null; appliedFields: string[] }> {
  const { row, applied } = await decideTask(p, kind, { ...input, taskNo: input.key });
  // An approval creates or changes a doctor or practice: the search rankings must see it.
  if (row.status === APPROVED) await invalidateDoctorSearch(p, input.actor.tenantId);
  return { ...taskRef(row), doctorId: row.doctorId, appliedFields: applied.changes.map((c) => c.field) };
}

/** info/update/{id}: the operator-only fields (internal recommendation rating and note, soft delete). */
export async function updateDoctorInfo(
  p: TPlatform,
  { actor, id, body }: { actor: TActor; id: string; body: TDoctorInfoUpdateBody },
): Promise<TDoctorView> {
  assertOperator(actor);
  const doctor = await findDoctor(p, actor.tenantId, id);
  const version = body.version ?? doctor.version;
  const [row] = await p.db
    .update(doctors)
    .set({
      recommendRating: body.recommendRating,
      recommendNote: body.recommendNote,
      ...(body.delFlag ? { delFlag: body.delFlag } : {}),
      version: version + 1,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    })
    .where(and(eq(doctors.tenantId, actor.tenantId), eq(doctors.id, id), eq(doctors.version, version)))
    .returning();
  if (!row) throw new AppError('CASE_STATUS_CHANGED');
  // The recommendation and validity order and filter the search.
  await invalidateDoctorSearch(p, actor.tenantId);
  return getDoctorDetail(p, { actor, id });
}

// ---------------------------------------------------------------------------------------------
// Reads

async function findDoctor(p: TPlatform, tenantId: string, id: string): Promise<TDoctorRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const [row] = await p.db
    .select()
    .from(doctors)
    .where(and(eq(doctors.tenantId, tenantId), eq(doctors.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function photoFile(p: TPlatform, actor: TActor, id: string): Promise<TTaskFile | null> {
  if (!id || !isUuid(id)) return null;
  try {
    const v = toFileView(await getFileForActor(p, { actor, id }));
    return {
      id: v.id,
      fileId: v.fileId,
      name: v.name,
      fileName: v.fileName,
      size: v.size,
      url: v.url,
      fileUrl: v.fileUrl,
      contentType: v.contentType,
    };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * detail/{id} and info/detail/{id}: a doctor. Provider staff see only doctors practising at
 * their provider (others: 404), with that practice and without the operator-only fields;
 * operators see every practice and the internal recommendation.
 */
export async function getDoctorDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TDoctorView> {
  const doctor = await findDoctor(p, actor.tenantId, id);
  const practices = await p.db
    .select()
    .from(doctorPractices)
    .where(
      and(
        eq(doctorPractices.tenantId, actor.tenantId),
        eq(doctorPractices.doctorId, id),
        ...(actor.providerId ? [eq(doctorPractices.providerId, actor.providerId)] : []),
      ),
    )
    .orderBy(asc(doctorPractices.providerId));
  if (actor.providerId && !practices.some((pr) => pr.delFlag === '0')) throw new AppError('NOT_FOUND');
  const own = actor.providerId ? (practices[0] ?? null) : null;
  const [last] = own?.lastTaskNo
    ? await p.db
        .select({ compareResult: doctorTasks.compareResult, oldData: doctorTasks.oldData })
        .from(doctorTasks)
        .where(and(eq(doctorTasks.tenantId, actor.tenantId), eq(doctorTasks.taskNo, own.lastTaskNo)))
    : [];
  return {
    id: doctor.id,
    ...approvedForm({ doctor, practice: own }),
    providerId: own?.providerId ?? null,
    delFlag: doctor.delFlag,
    version: doctor.version,
    photoFile: await photoFile(p, actor, doctor.photo),
    practices: practices.map((pr) => ({
      providerId: pr.providerId,
      externalDisplay: pr.externalDisplay,
      departments: pr.departments,
      practiceEndDate: pr.practiceEndDate,
      collectors: pr.collectors,
      delFlag: pr.delFlag,
      lastTaskNo: pr.lastTaskNo,
    })),
    ...(actor.providerId
      ? {}
      : { recommendRating: doctor.recommendRating, recommendNote: doctor.recommendNote }),
    compareResult: last?.compareResult ?? null,
    oldData: last?.oldData ?? null,
  };
}

/**
 * The doctors a list (and its export) shows: those practising at the actor's provider
 * (operators: every doctor of the tenant, or of model.providerId), by certificate number or name.
 */
export function doctorListWhere(
  actor: TActor,
  model: TDoctorListRequest['model'],
): { where: SQL | undefined; providerId: string | null } {
  const providerId = actor.providerId ?? (model.providerId || null);
  const filters: SQL[] = [eq(doctors.tenantId, actor.tenantId)];
  if (providerId) {
    filters.push(
      sql`exists (select 1 from ${doctorPractices} where ${doctorPractices.tenantId} = ${doctors.tenantId} and ${doctorPractices.doctorId} = ${doctors.id} and ${doctorPractices.providerId} = ${providerId} and ${doctorPractices.delFlag} = '0')`,
    );
  }
  if (model.keyword) {
    const like = `%${escapeLike(model.keyword)}%`;
    filters.push(
      or(
        ilike(doctors.certificateNo, like),
        ilike(sql`${doctors.cnLastName} || ${doctors.cnFirstName}`, like),
        ilike(sql`${doctors.enFirstName} || ' ' || ${doctors.enLastName}`, like),
      ) as SQL,
    );
  }
  return { where: and(...filters), providerId };
}

/** list: the doctors practising at the actor's provider (operators: every doctor of the tenant), paged. */
export async function listDoctors(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: TDoctorListRequest },
): Promise<{ records: TDoctorListItem[]; current: number; size: number; total: number }> {
  const { current, size, model } = request;
  const { where, providerId } = doctorListWhere(actor, model);
  const [{ total }] = await p.db.select({ total: count() }).from(doctors).where(where);
  const rows = await p.db
    .select()
    .from(doctors)
    .where(where)
    .orderBy(asc(doctors.certificateNo))
    .limit(size)
    .offset((current - 1) * size);
  const practices = rows.length
    ? await p.db
        .select()
        .from(doctorPractices)
        .where(
          and(
            eq(doctorPractices.tenantId, actor.tenantId),
            inArray(
              doctorPractices.doctorId,
              rows.map((r) => r.id),
            ),
            ...(providerId ? [eq(doctorPractices.providerId, providerId)] : []),
          ),
        )
    : [];
  return {
    records: rows.map((d) => {
      const pr = practices.find((x) => x.doctorId === d.id) ?? null;
      return {
        id: d.id,
        certificateNo: d.certificateNo,
        ...doctorNames(d),
        gender: d.gender,
        professionalLevel: d.professionalLevel,
        providerId: providerId ? (pr?.providerId ?? null) : null,
        departments: pr?.departments ?? [],
        externalDisplay: pr?.externalDisplay ?? '',
        delFlag: d.delFlag,
      };
    }),
    current,
    size,
    total: Number(total),
  };
}

async function taskView(p: TPlatform, actor: TActor, task: TDoctorTaskRow): Promise<TDoctorTaskView> {
  return {
    id: task.id,
    taskNo: task.taskNo,
    taskType: task.taskType,
    providerId: task.providerId,
    doctorId: task.doctorId,
    status: task.status,
    version: task.version,
    ...taskForm(task),
    photoFile: await photoFile(p, actor, task.photo),
    compareResult: task.compareResult,
    oldData: task.oldData,
    auditFlows: await listFlows(p.db, kind, { tenantId: task.tenantId, taskId: task.id }),
    auditResult: task.auditResult,
    returnReason: task.returnReason,
    auditDate: iso(task.auditDate),
    auditMember: task.auditMember,
    auditMemberEn: task.auditMemberEn,
    commitDate: iso(task.commitDate),
    commitName: task.commitName,
    commitNameEn: task.commitNameEn,
    personInCharge: task.personInCharge,
    publicityDate: iso(task.publicityDate),
  };
}

/** An operator's task outside their data scope answers as a missing one (404, decision 0028). */
function assertTaskInScope(actor: TActor, task: TDoctorTaskRow) {
  assertInScope(taskInScope(actor, { providerId: task.providerId, handlerIds: [task.auditMemberId] }));
}

/** task-detail/{id}: a task by id or number; provider staff only their provider's (others 404). */
export async function getDoctorTask(p: TPlatform, { actor, key }: { actor: TActor; key: string }) {
  const task = await findTask<TDoctorTaskRow>(p.db, kind, {
    tenantId: actor.tenantId,
    providerId: actor.providerId,
    idOrTaskNo: key,
  });
  if (!actor.providerId) assertTaskInScope(actor, task);
  return taskView(p, actor, task);
}

/** msh-task-detail/{id}: the task, its decisions and whether it can be decided now (operators). */
export async function getAuditDoctorTask(p: TPlatform, { actor, key }: { actor: TActor; key: string }) {
  assertOperator(actor);
  const task = await findTask<TDoctorTaskRow>(p.db, kind, { tenantId: actor.tenantId, idOrTaskNo: key });
  assertTaskInScope(actor, task);
  const decisions = await listDecisions(p.db, kind, { tenantId: actor.tenantId, taskId: task.id });
  return {
    ...(await taskView(p, actor, task)),
    decisions: decisions.map((d) => ({
      auditResult: d.auditResult,
      conclusion: d.conclusion,
      returnReason: d.returnReason,
      auditDate: d.auditedAt.toISOString(),
      auditMember: d.auditMember,
      auditMemberEn: d.auditMemberEn,
      operatorKind: d.operatorKind,
    })),
    auditable: canAudit(task.status),
  };
}

/** The doctor tasks of the actor's provider (operators: the tenant's, audit list), newest first. */
export async function listDoctorTasks(
  p: TPlatform,
  { actor, request, audit }: { actor: TActor; request: TDoctorListRequest; audit?: boolean },
): Promise<{
  records: TDoctorTaskListItem[];
  current: number;
  size: number;
  total: number;
  totalCapped: boolean;
}> {
  if (audit) assertOperator(actor);
  const { current, size, model } = request;
  const filters: SQL[] = [eq(doctorTasks.tenantId, actor.tenantId)];
  const providerId = actor.providerId ?? (model.providerId || null);
  if (providerId) filters.push(eq(doctorTasks.providerId, providerId));
  // Operators see the tasks of their data scope (decision 0028); provider staff their provider's.
  if (!actor.providerId) {
    const scope = taskScopeCondition(actor, doctorTasks);
    if (scope) filters.push(scope);
  }
  if (model.taskType) filters.push(eq(doctorTasks.taskType, model.taskType));
  if (model.status) filters.push(eq(doctorTasks.status, model.status));
  if (model.keyword) {
    const like = `%${escapeLike(model.keyword)}%`;
    filters.push(
      or(
        ilike(doctorTasks.taskNo, like),
        ilike(doctorTasks.certificateNo, like),
        ilike(sql`${doctorTasks.cnLastName} || ${doctorTasks.cnFirstName}`, like),
        ilike(sql`${doctorTasks.enFirstName} || ' ' || ${doctorTasks.enLastName}`, like),
      ) as SQL,
    );
  }
  const where = and(...filters);
  // A keyword's matches are counted only up to the cap (decision 0022); codes, provider and
  // scope alone are counted exactly.
  const { total, totalCapped } = model.keyword
    ? cappedTotal(
        await countAtMost(p.db, { table: doctorTasks, where, cap: p.config.listCountCap }),
        p.config.listCountCap,
      )
    : {
        total: Number((await p.db.select({ n: count() }).from(doctorTasks).where(where))[0].n),
        totalCapped: false,
      };
  // Past the counted rows there is no page (with a capped total: the pager stops at the cap).
  const offset = (current - 1) * size;
  const rows =
    offset >= total
      ? []
      : await p.db
          .select()
          .from(doctorTasks)
          .where(where)
          .orderBy(desc(doctorTasks.createdAt), desc(doctorTasks.id))
          .limit(Math.min(size, total - offset))
          .offset(offset);
  return {
    records: rows.map((r) => ({
      id: r.id,
      taskNo: r.taskNo,
      taskType: r.taskType,
      status: r.status,
      providerId: r.providerId,
      doctorId: r.doctorId,
      certificateNo: r.certificateNo,
      ...doctorNames(r),
      commitDate: iso(r.commitDate),
      auditDate: iso(r.auditDate),
      commitName: r.commitName,
      auditMember: r.auditMember,
      version: r.version,
    })),
    current,
    size,
    total,
    totalCapped,
  };
}

/**
 * match: the doctors of the actor's provider with this certificate number or whose name
 * contains `name`; none gives 'Doctor not matched' (404, 40085), whose message offers to create
 * a new-doctor task or to edit the attending doctor.
 */
export async function matchDoctor(
  p: TPlatform,
  { actor, certificateNo, name }: { actor: TActor; certificateNo: string; name: string },
): Promise<TDoctorListItem[]> {
  const providerId = ownProvider(actor);
  if (certificateNo) {
    const found = await findPractisingDoctor(p.db, { tenantId: actor.tenantId, providerId, certificateNo });
    if (!found || !isPractising(found))
      throw new AppError('DOCTOR_NOT_MATCHED', { data: { certificateNo, name } });
    if (
      name &&
      ![doctorNames(found.doctor).cnName, doctorNames(found.doctor).enName].some((n) => n.includes(name))
    )
      throw new AppError('DOCTOR_NOT_MATCHED', { data: { certificateNo, name } });
  }
  const page = await listDoctors(p, {
    actor,
    request: {
      current: 1,
      size: 20,
      model: { keyword: certificateNo || name, taskType: '', status: '', providerId },
    },
  });
  const records = page.records.filter((r) => r.delFlag === '0');
  if (records.length === 0) throw new AppError('DOCTOR_NOT_MATCHED', { data: { certificateNo, name } });
  return records;
}

/**
 * Who may see a doctor photo (bizType DOCTOR_PHOTO, attached to a task): operators; provider
 * staff of the task's provider or of a provider where the task's doctor practises.
 */
export async function canSeeDoctorPhoto(
  p: TPlatform,
  { actor, bizId }: { actor: TActor; bizId: string },
): Promise<boolean> {
  if (!isUuid(bizId)) return false;
  const [task] = await p.db
    .select({ providerId: doctorTasks.providerId, doctorId: doctorTasks.doctorId })
    .from(doctorTasks)
    .where(and(eq(doctorTasks.tenantId, actor.tenantId), eq(doctorTasks.id, bizId)));
  if (!task) return false;
  if (!actor.providerId || task.providerId === actor.providerId) return true;
  if (!task.doctorId) return false;
  const here = await findPractisingDoctor(p.db, {
    tenantId: actor.tenantId,
    providerId: actor.providerId,
    doctorId: task.doctorId,
  });
  return !!here?.practice;
}

/** A filter of the task lists across kinds, as the doctor tasks' part applies it. */
export interface TCrossKindTaskFilter {
  /** Task number, certificate number or either doctor name, partial. */
  title?: string;
  taskNo?: string;
  /** Partial provider id (operators' filter). */
  providerIdLike?: string;
  taskType?: readonly string[];
  status?: readonly string[];
  commitFrom?: Date | null;
  commitBefore?: Date | null;
  personInCharge?: string;
}

const dayStartInChina = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The data-scope condition of an actor on a task table's provider and handler columns (decision 0028). */
export type TTaskScopeOf = (tasks: { providerId: Column; auditMemberId: Column }) => SQL | undefined;

/**
 * The operator's audit-list filter (providerTaskMsh/list) as its doctor tasks' part applies it;
 * null when the filter leaves doctor tasks out (a hospital-name filter: doctor tasks have none).
 */
export function doctorTaskFilterOfAudit(filter: TAuditTaskFilter): TCrossKindTaskFilter | null {
  if (filter.providerName) return null;
  return {
    title: filter.title,
    taskNo: filter.taskNo,
    providerIdLike: filter.providerId,
    personInCharge: filter.personInCharge,
    taskType: filter.taskType,
    status: filter.status,
    commitFrom: filter.sendStartDate ? dayStartInChina(filter.sendStartDate) : null,
    commitBefore: filter.sendEndDate
      ? new Date(dayStartInChina(filter.sendEndDate.slice(0, 10)).getTime() + 86_400_000)
      : null,
  };
}

/**
 * The doctor tasks' part of the task lists across kinds (providerTask/list for provider staff,
 * providerTaskMsh/list for operators): the actor's provider's doctor tasks (operators: the
 * tenant's) with the list's filter.
 */
export function doctorTaskListSource({
  tenantId,
  providerId,
  filter,
  scopeOf,
}: {
  tenantId: string;
  /** Provider staff: their provider; operators: null (the whole tenant). */
  providerId: string | null;
  filter: TCrossKindTaskFilter;
  /** Operators: the data-scope condition of the actor on a task table (decision 0028). */
  scopeOf?: TTaskScopeOf;
}): TListSource {
  const scope = scopeOf?.(doctorTasks);
  const like = (v: string) => `%${escapeLike(v)}%`;
  const filters: SQL[] = [eq(doctorTasks.tenantId, tenantId)];
  if (scope) filters.push(scope);
  if (providerId) filters.push(eq(doctorTasks.providerId, providerId));
  if (filter.title) {
    filters.push(
      or(
        ilike(doctorTasks.taskNo, like(filter.title)),
        ilike(doctorTasks.certificateNo, like(filter.title)),
        ilike(sql`${doctorTasks.cnLastName} || ${doctorTasks.cnFirstName}`, like(filter.title)),
        ilike(sql`${doctorTasks.enFirstName} || ' ' || ${doctorTasks.enLastName}`, like(filter.title)),
      ) as SQL,
    );
  }
  if (filter.taskNo) filters.push(ilike(doctorTasks.taskNo, like(filter.taskNo)));
  if (filter.providerIdLike) filters.push(ilike(doctorTasks.providerId, like(filter.providerIdLike)));
  if (filter.personInCharge) filters.push(ilike(doctorTasks.personInCharge, like(filter.personInCharge)));
  if (filter.taskType?.length) filters.push(inArray(doctorTasks.taskType, [...filter.taskType]));
  if (filter.status?.length) filters.push(inArray(doctorTasks.status, [...filter.status]));
  if (filter.commitFrom) filters.push(gte(doctorTasks.commitDate, filter.commitFrom));
  if (filter.commitBefore) filters.push(lt(doctorTasks.commitDate, filter.commitBefore));
  const byCodesOnly =
    !scope &&
    !filter.title &&
    !filter.taskNo &&
    !filter.providerIdLike &&
    !filter.personInCharge &&
    !filter.commitFrom &&
    !filter.commitBefore;
  const counted = byCodesOnly
    ? { tenantId, providerId, taskTypes: filter.taskType ?? [], statuses: filter.status ?? [] }
    : undefined;
  const walked = !!(filter.title || filter.taskNo || filter.providerIdLike || filter.personInCharge);
  return { kind: 'doctor', tasks: doctorTasks, where: and(...filters), counted, walked };
}

/**
 * A list page's doctor task rows by id, prepared once per database handle: one statement
 * whatever the page's size, its ids bound as one array (docs/performance.md).
 */
const doctorListRows = preparedShapes(
  () => 'doctor_task_list_rows',
  (db, _shape: undefined, name) =>
    db
      .select()
      .from(doctorTasks)
      .where(
        and(
          eq(doctorTasks.tenantId, sql.placeholder('tenantId')),
          sql`${doctorTasks.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ),
      )
      .prepare(name),
);

/** Doctor tasks as rows of the task lists across kinds, in the order of `ids`. */
export async function doctorTaskListRows(
  db: TDbOrTx,
  { tenantId, ids }: { tenantId: string; ids: readonly string[] },
): Promise<TCrossKindTaskRow[]> {
  if (ids.length === 0) return [];
  const rows = await doctorListRows(db, undefined).execute({ tenantId, ids: pgArray(ids) });
  return rows.map((r) => ({
    id: r.id,
    taskNo: r.taskNo,
    taskType: r.taskType,
    status: r.status,
    providerId: r.providerId,
    doctorId: r.doctorId,
    certificateNo: r.certificateNo,
    doctorCnName: doctorNames(r).cnName,
    doctorEnName: doctorNames(r).enName,
    commitDate: iso(r.commitDate),
    auditDate: iso(r.auditDate),
    commitName: r.commitName,
    commitNameEn: r.commitNameEn,
    auditMember: r.auditMember,
    auditMemberEn: r.auditMemberEn,
    publicityDate: iso(r.publicityDate),
    returnReason: r.returnReason,
    personInCharge: r.personInCharge,
    auditResult: r.auditResult,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A doctor task as a row of the lists across kinds (the hospital feature adds provider names). */
export interface TCrossKindTaskRow {
  id: string;
  taskNo: string;
  taskType: string;
  status: string;
  providerId: string;
  doctorId: string | null;
  certificateNo: string;
  doctorCnName: string;
  doctorEnName: string;
  commitDate: string | null;
  auditDate: string | null;
  commitName: string | null;
  commitNameEn: string | null;
  auditMember: string | null;
  auditMemberEn: string | null;
  publicityDate: string | null;
  returnReason: string | null;
  personInCharge: string | null;
  auditResult: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}
