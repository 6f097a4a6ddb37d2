import { canAudit } from '@portal/domain/change-tasks/lifecycle';
import { APPROVAL_CONCLUSION, HOSPITAL_TASK_STATUS } from '@portal/domain/dictionaries/codes';
import type {
  TApprovalResult,
  TAuditDecision,
  TAuditTaskListItem,
  TAuditTaskView,
  TInitTaskResult,
  TProviderNoteRef,
  TProviderRecordItem,
} from '@portal/domain/hospital-audit/api';
import type {
  TApprovalBody,
  TAuditTaskListRequest,
  TProviderNoteAddBody,
  TProviderNoteEditBody,
} from '@portal/domain/hospital-audit/rules';
import { LABELS, parseCompareResult } from '@portal/domain/hospital-tasks/rules';
import { and, desc, eq } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  assertOperator,
  closeOverdueTasks as closeOverdue,
  decideTask,
  defineOverdueJob as defineJob,
  initTask,
  overdueJobName,
} from '../change-tasks/change-tasks.audit.ts';
import { keptSearches } from '../change-tasks/change-tasks.kept-searches.ts';
import { findTask, listDecisions as listTaskDecisions } from '../change-tasks/change-tasks.store.ts';
import { hospitalTaskKind as kind } from '../hospital-tasks/hospital-tasks.kind.ts';
import { getTaskDetail } from '../hospital-tasks/hospital-tasks.queries.ts';
import {
  addProviderNote,
  deleteProviderNotes,
  pageProviderRecords,
  searchTasks,
  updateProviderNote,
} from '../hospital-tasks/hospital-tasks.records.ts';
import type { THospitalTaskRow, TProviderNoteRow } from '../hospital-tasks/hospital-tasks.tables.ts';
import { hospitalTaskAudits, type THospitalTaskAuditRow } from '../hospital-tasks/hospital-tasks.tables.ts';
import { invalidateDoctorSearch } from '../knowledge/knowledge.search.ts';
import { assertInScope, taskInScope, taskScopeCondition } from '../organisations/organisations.scope.ts';

/** The job that closes idle hospital tasks (status 07, flow type 07 'Overdue'). */
export const OVERDUE_JOB = overdueJobName(kind);

/**
 * The audit task list: the tenant's tasks within the actor's data scope (decision 0028: the
 * tasks of the providers placed in the organisations their roles reach, and those they handle).
 */
export async function listAuditTasks(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: TAuditTaskListRequest },
): Promise<{
  records: TAuditTaskListItem[];
  current: number;
  size: number;
  total: number;
  totalCapped: boolean;
}> {
  assertOperator(actor);
  return searchTasks(p.db, {
    tenantId: actor.tenantId,
    filter: request.model,
    current: request.current,
    size: request.size,
    sort: request.sort,
    order: request.order,
    scopeOf: (tasks) => taskScopeCondition(actor, tasks),
    countCap: p.config.listCountCap,
    textWalkLimit: p.config.listTextWalkLimit,
    viewer: actor.userId,
    marksEvery: p.config.listJumpMarkEvery,
    kept: keptSearches(p),
  });
}

const initResult = (row: THospitalTaskRow, assigned: boolean): TInitTaskResult => ({
  id: row.id,
  taskNo: row.taskNo,
  taskType: row.taskType,
  status: row.status,
  version: row.version,
  personInCharge: row.personInCharge,
  assigned,
});

/**
 * initTask: the auditor takes a submitted task, or assigns it to another operator (assignTo:
 * their account); the engine's rules (change-tasks.audit.ts).
 */
export async function initAuditTask(
  p: TPlatform,
  input: { actor: TActor; taskNo: string; assignTo: string },
): Promise<TInitTaskResult> {
  const { row, assigned } = await initTask(p, kind, input);
  return initResult(row, assigned);
}

/**
 * approval: approve (01: status 06, publicity date set, the provider record created or its
 * changed fields written) or return (02: status 04 with the reason) a submitted task, in one
 * transaction with the 409 'case status changed' on a stale version; nobody decides a task they
 * submitted (the engine's decideTask).
 */
export async function approveTask(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: TApprovalBody },
): Promise<TApprovalResult> {
  const { row, conclusion, applied, now } = await decideTask(p, kind, { actor, ...body });
  const approve = row.status === HOSPITAL_TASK_STATUS.APPROVED.code;
  // An approved hospital may move to another area or change its name: the doctor search's kept
  // rankings read both.
  if (approve) await invalidateDoctorSearch(p, actor.tenantId);
  return {
    id: row.id,
    taskNo: row.taskNo,
    taskType: row.taskType,
    status: row.status,
    version: row.version,
    auditResult: body.auditResult,
    approvalConclusion: conclusion,
    auditDate: now.toISOString(),
    publicityDate: row.publicityDate ? row.publicityDate.toISOString() : null,
    providerId: approve ? applied.providerId : null,
    appliedFields: applied.changes.map((c) => c.field),
  };
}

/** The overdue job's work for hospital tasks (the engine's closeOverdueTasks). */
export function closeOverdueTasks(p: TPlatform, options: { now?: Date } = {}) {
  return closeOverdue(p, kind, options);
}

/** Defines the hospital tasks' overdue job on the platform's runner (runs hourly on one instance). */
export function defineOverdueJob(p: TPlatform) {
  defineJob(p, kind);
}

const decisionView = (r: THospitalTaskAuditRow): TAuditDecision => ({
  auditResult: r.auditResult,
  conclusion: r.conclusion,
  returnReason: r.returnReason,
  providerId: r.providerId,
  auditDate: r.auditedAt.toISOString(),
  auditMember: r.auditMember,
  auditMemberEn: r.auditMemberEn,
  operatorKind: r.operatorKind === 'S' ? 'S' : 'O',
});

/** The decisions taken on a task, oldest first. */
export function listDecisions(
  db: TDbOrTx,
  input: { tenantId: string; taskId: string },
): Promise<THospitalTaskAuditRow[]> {
  return listTaskDecisions<THospitalTaskAuditRow>(db, kind, input);
}

/**
 * detail/{id}: the task as the provider's detail shows it, with the compare view (every changed
 * field labelled, approved value and the task's value), the conclusion of the decision on the
 * current submission, and the provider id an approval wrote to.
 */
export async function getAuditTaskDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TAuditTaskView> {
  assertOperator(actor);
  const task = await findTask<THospitalTaskRow>(p.db, kind, { tenantId: actor.tenantId, idOrTaskNo: id });
  assertInScope(taskInScope(actor, { providerId: task.providerId, handlerIds: [task.auditMemberId] }));
  const view = await getTaskDetail(p, { actor: { ...actor, providerId: null }, id: task.id });
  const decisions = await listDecisions(p.db, { tenantId: actor.tenantId, taskId: task.id });
  const since = task.commitDate?.getTime() ?? 0;
  const current = decisions.filter((d) => d.auditedAt.getTime() >= since).at(-1) ?? null;
  const approved = decisions.filter((d) => d.conclusion === APPROVAL_CONCLUSION.APPROVED.code).at(-1);
  const values = view as unknown as Record<string, unknown>;
  return {
    ...view,
    compareView: parseCompareResult(view.compareResult).map((field) => ({
      field,
      label: LABELS[field],
      oldValue: view.oldData?.[field]?.oldValue ?? null,
      newValue: values[field] ?? null,
    })),
    approvalConclusion: current?.conclusion ?? null,
    approvedProviderId: approved?.providerId ?? null,
    decisions: decisions.map(decisionView),
    auditable: canAudit(task.status),
  };
}

/** The latest approval decision of a task, or null. */
export async function latestApproval(
  db: TDbOrTx,
  { tenantId, taskId }: { tenantId: string; taskId: string },
): Promise<THospitalTaskAuditRow | null> {
  const [row] = await db
    .select()
    .from(hospitalTaskAudits)
    .where(
      and(
        eq(hospitalTaskAudits.tenantId, tenantId),
        eq(hospitalTaskAudits.taskId, taskId),
        eq(hospitalTaskAudits.conclusion, APPROVAL_CONCLUSION.APPROVED.code),
      ),
    )
    .orderBy(desc(hospitalTaskAudits.auditedAt))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Provider notes (operators)

/** The provider records of the tenant for the notes screen, with their note counts. */
export async function pageProviders(
  p: TPlatform,
  { actor, keyword, current, size }: { actor: TActor; keyword: string; current: number; size: number },
): Promise<{ records: TProviderRecordItem[]; current: number; size: number; total: number }> {
  assertOperator(actor);
  return pageProviderRecords(p.db, { tenantId: actor.tenantId, keyword, current, size });
}

const noteRef = (r: TProviderNoteRow): TProviderNoteRef => ({
  id: r.id,
  providerId: r.providerId,
  notesC: r.notesC,
  notesE: r.notesE,
  version: r.version,
});

/** Adds a note (zh and/or en) about a provider with an approved record. */
export async function addNote(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: TProviderNoteAddBody },
): Promise<TProviderNoteRef> {
  assertOperator(actor);
  return noteRef(await addProviderNote(p.db, { tenantId: actor.tenantId, ...body, by: actor }));
}

/** Edits a note; 409 when the version sent is stale. */
export async function editNote(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: TProviderNoteEditBody },
): Promise<TProviderNoteRef> {
  assertOperator(actor);
  return noteRef(await updateProviderNote(p.db, { tenantId: actor.tenantId, ...body, by: actor }));
}

/** Deletes notes by id. */
export async function deleteNotes(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<{ deleted: number }> {
  assertOperator(actor);
  return { deleted: await deleteProviderNotes(p.db, { tenantId: actor.tenantId, ids }) };
}
