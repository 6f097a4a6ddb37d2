import {
  APPROVAL_CONCLUSION,
  AUDIT_RESULT,
  HOSPITAL_TASK_STATUS,
  TASK_TYPE,
} from '@portal/domain/dictionaries/codes';
import type {
  TApprovalResult,
  TAuditDecision,
  TAuditTaskListItem,
  TAuditTaskView,
  TInitTaskResult,
  TProviderNoteRef,
  TProviderRecordItem,
} from '@portal/domain/hospital-audit/api';
import {
  AUDITABLE_STATUSES,
  canAudit,
  type TApprovalBody,
  type TAuditTaskListRequest,
  type TProviderNoteAddBody,
  type TProviderNoteEditBody,
} from '@portal/domain/hospital-audit/rules';
import { flowTypeFor } from '@portal/domain/hospital-tasks/codes';
import { LABELS, parseCompareResult } from '@portal/domain/hospital-tasks/rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  addProviderNote,
  applyTaskToProvider,
  deleteProviderNotes,
  findIdleTasks,
  findProviderRecord,
  findTenantTask,
  getTaskDetail,
  highestProviderNumber,
  lockProviderChanges,
  pageProviderRecords,
  recordFlow,
  searchTasks,
  type THospitalTaskRow,
  type TProviderNoteRow,
  updateProviderNote,
  updateTaskIf,
} from '../hospital-tasks/hospital-tasks.service.ts';
import { findUserByAccount, highestUserProviderNumber, linkUserToProvider } from '../users/users.service.ts';
import { hospitalTaskAudits, type THospitalTaskAuditRow } from './hospital-audit.tables.ts';

const S = HOSPITAL_TASK_STATUS;
const ADD_HOSPITAL = TASK_TYPE.ADD_HOSPITAL.code;

/** The job that closes idle tasks (status 07, flow type 07 'Overdue'). */
export const OVERDUE_JOB = 'hospital-tasks.overdue';
/** How often the overdue job runs. */
export const OVERDUE_JOB_EVERY_SECONDS = 60 * 60;
/**
 * Statuses a task can go overdue in: waiting for the hospital (draft 08, returned 04) or for
 * the operator (submitted 01). Idle means no change of the task (updated_at) for
 * TASK_OVERDUE_DAYS (decision 0009).
 */
export const OVERDUE_STATUSES: readonly string[] = [S.PENDING.code, S.REJECTED.code, S.AUDITING.code];
const OVERDUE_BATCH = 200;
/** Provider ids allocated to new hospitals: 'P' + 5 digits, after the highest in use. */
const FIRST_PROVIDER_NUMBER = 10001;

/**
 * The providerTaskMsh calls are for operator staff. Provider staff (users bound to a
 * provider) are refused even if a role grants them the permission by mistake.
 */
function assertOperator(actor: TActor) {
  if (actor.providerId && !actor.isSuperAdmin) throw new AppError('NO_PERMISSION');
}

/**
 * The audit task list: every provider's tasks of the tenant. Data scope: the seeded roles have
 * data scope 'all' and the portal has no organisation tree yet, so an operator sees the whole
 * tenant (decision 0009).
 */
export async function listAuditTasks(
  p: TPlatform,
  { actor, request }: { actor: TActor; request: TAuditTaskListRequest },
): Promise<{ records: TAuditTaskListItem[]; current: number; size: number; total: number }> {
  assertOperator(actor);
  return searchTasks(p.db, {
    tenantId: actor.tenantId,
    filter: request.model,
    current: request.current,
    size: request.size,
    sort: request.sort,
    order: request.order,
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
 * initTask: the auditor takes a submitted task (personInCharge set to them when nobody has
 * it; when someone has it, the answer says who and nothing changes), or assigns it to another
 * operator (assignTo: their account). Only a task under audit (01) can be taken; taking does not
 * change the version, so the provider's and other auditors' version checks are unaffected.
 */
export async function initAuditTask(
  p: TPlatform,
  { actor, taskNo, assignTo }: { actor: TActor; taskNo: string; assignTo: string },
): Promise<TInitTaskResult> {
  assertOperator(actor);
  const task = await findTenantTask(p.db, { tenantId: actor.tenantId, idOrTaskNo: taskNo });
  if (!canAudit(task.status)) throw new AppError('CASE_STATUS_CHANGED');
  let name = actor.name;
  if (assignTo) {
    const user = await findUserByAccount(p.db, { tenantId: actor.tenantId, account: assignTo });
    if (!user?.enabled || user.providerId) throw new AppError('TASK_ASSIGNEE_UNKNOWN');
    name = user.name;
  } else if (task.personInCharge) {
    return initResult(task, task.personInCharge === actor.name);
  }
  const row = await updateTaskIf(p.db, {
    tenantId: actor.tenantId,
    taskId: task.id,
    version: task.version,
    from: AUDITABLE_STATUSES,
    set: { personInCharge: name },
    by: actor.userId,
    keepVersion: true,
    unassigned: !assignTo,
  });
  if (row) return initResult(row, true);
  const now = await findTenantTask(p.db, { tenantId: actor.tenantId, idOrTaskNo: task.id });
  if (!canAudit(now.status) || now.version !== task.version) throw new AppError('CASE_STATUS_CHANGED');
  return initResult(now, now.personInCharge === name);
}

/**
 * The provider id an approved task writes to. Update hospital: the task's provider. Add
 * hospital: the task's provider id when it has no approved record yet (the id the
 * administrator gave the hospital's account); otherwise a new id, 'P' + 5 digits after the
 * highest such id of the tenant's records, tasks and users, allocated under a tenant lock.
 */
async function providerIdFor(tx: TDbOrTx, task: THospitalTaskRow): Promise<string> {
  if (task.taskType !== ADD_HOSPITAL) return task.providerId;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-ids:${task.tenantId}`}))`);
  const taken = await findProviderRecord(tx, { tenantId: task.tenantId, providerId: task.providerId });
  if (!taken) return task.providerId;
  const highest = Math.max(
    await highestProviderNumber(tx, { tenantId: task.tenantId }),
    await highestUserProviderNumber(tx, { tenantId: task.tenantId }),
    FIRST_PROVIDER_NUMBER - 1,
  );
  return `P${String(highest + 1).padStart(5, '0')}`;
}

/**
 * approval: approve (01: status 06, publicity date set, the provider record created or its
 * changed fields written) or return (02: status 04 with the reason) a submitted task. One
 * transaction: the conditional update of status and version comes first, so of two auditors
 * (or an auditor and the withdrawing provider) only one gets through and the other gets 409
 * 'case status changed' with nothing written; the decision row is the last write.
 */
export async function approveTask(
  p: TPlatform,
  { actor, body }: { actor: TActor; body: TApprovalBody },
): Promise<TApprovalResult> {
  assertOperator(actor);
  const approve = body.auditResult === AUDIT_RESULT.APPROVE.code;
  let linkedUserId: string | null = null;
  const result = await p.db.transaction(async (tx) => {
    const tenantId = actor.tenantId;
    const task = await findTenantTask(tx, { tenantId, idOrTaskNo: body.taskNo });
    if (!canAudit(task.status)) throw new AppError('CASE_STATUS_CHANGED');
    if (body.version !== undefined && body.version !== task.version)
      throw new AppError('CASE_STATUS_CHANGED');
    await lockProviderChanges(tx, { tenantId, providerId: task.providerId });
    const now = new Date();
    const status = approve ? S.APPROVED.code : S.REJECTED.code;
    const reason = approve ? null : body.returnReason;
    const row = await updateTaskIf(tx, {
      tenantId,
      taskId: task.id,
      version: task.version,
      from: AUDITABLE_STATUSES,
      set: {
        status,
        auditResult: body.auditResult,
        returnReason: reason,
        auditDate: now,
        auditMember: actor.name,
        auditMemberEn: actor.nameEn,
        auditMemberId: actor.userId,
        personInCharge: task.personInCharge ?? actor.name,
        publicityDate: approve ? now : null,
      },
      by: actor.userId,
    });
    if (!row) throw new AppError('CASE_STATUS_CHANGED');
    let providerId = task.providerId;
    let changes: { field: string; oldValue: unknown; newValue: unknown }[] = [];
    if (approve) {
      providerId = await providerIdFor(tx, row);
      ({ changes } = await applyTaskToProvider(tx, { task: row, providerId, now, by: actor.userId }));
      if (row.taskType === ADD_HOSPITAL && row.commitUserId) {
        if (await linkUserToProvider(tx, { tenantId, userId: row.commitUserId, providerId }))
          linkedUserId = row.commitUserId;
      }
    }
    await recordFlow(tx, {
      tenantId,
      taskId: row.id,
      status,
      flowType: flowTypeFor(status),
      by: actor,
      remark: reason ?? '',
    });
    const conclusion = approve ? APPROVAL_CONCLUSION.APPROVED.code : APPROVAL_CONCLUSION.REJECTED.code;
    await tx.insert(hospitalTaskAudits).values({
      tenantId,
      taskId: row.id,
      taskNo: row.taskNo,
      taskType: row.taskType,
      auditResult: body.auditResult,
      conclusion,
      returnReason: reason,
      providerId,
      taskProviderId: row.providerId,
      providerCnName: row.providerCnName,
      providerEnName: row.providerEnName,
      changes,
      auditedAt: now,
      auditMemberId: actor.userId,
      auditMember: actor.name,
      auditMemberEn: actor.nameEn,
      operatorKind: 'O',
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
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
      providerId: approve ? providerId : null,
      appliedFields: changes.map((c) => c.field),
    };
  });
  // The submitter's sessions carry their provider: they see it from their next request on.
  if (linkedUserId) await p.authCache.invalidate({ tenantId: actor.tenantId, userId: linkedUserId });
  return result;
}

/**
 * The overdue job's work: tasks idle (no change) for TASK_OVERDUE_DAYS in 08, 04 or 01 close
 * with status 07, flow type 07 'Overdue (auto-closed by timeout)', operator kind S; a submitted
 * task that closes this way also gets the conclusion 03 cancelled. Each task closes in its own
 * transaction with the same conditional update as every transition, so a task the hospital or
 * an auditor touches meanwhile is left alone.
 */
export async function closeOverdueTasks(
  p: TPlatform,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ closed: number; taskNos: string[] }> {
  const days = p.config.taskOverdueDays;
  const before = new Date(now.getTime() - days * 86_400_000);
  const taskNos: string[] = [];
  const seen = new Set<string>();
  for (;;) {
    const batch = (
      await findIdleTasks(p.db, { statuses: OVERDUE_STATUSES, before, limit: OVERDUE_BATCH })
    ).filter((t) => !seen.has(t.id));
    if (batch.length === 0) break;
    for (const task of batch) {
      seen.add(task.id);
      const closed = await p.db.transaction(async (tx) => {
        const to = S.CLOSED.code;
        const row = await updateTaskIf(tx, {
          tenantId: task.tenantId,
          taskId: task.id,
          version: task.version,
          from: OVERDUE_STATUSES,
          set: { status: to },
          by: 'system',
        });
        if (!row) return false;
        await recordFlow(tx, {
          tenantId: task.tenantId,
          taskId: task.id,
          status: to,
          flowType: flowTypeFor(to, 'overdue'),
          by: 'system',
          remark: `超过 ${days} 天未处理 / No activity for ${days} days`,
        });
        if (task.status === S.AUDITING.code) {
          await tx.insert(hospitalTaskAudits).values({
            tenantId: task.tenantId,
            taskId: task.id,
            taskNo: task.taskNo,
            taskType: task.taskType,
            auditResult: null,
            conclusion: APPROVAL_CONCLUSION.CANCELLED.code,
            providerId: task.providerId,
            taskProviderId: task.providerId,
            providerCnName: task.providerCnName,
            providerEnName: task.providerEnName,
            auditedAt: new Date(),
            auditMember: '系统',
            auditMemberEn: 'System',
            operatorKind: 'S',
            createdBy: 'system',
            updatedBy: 'system',
          });
        }
        return true;
      });
      if (closed) taskNos.push(task.taskNo);
    }
  }
  return { closed: taskNos.length, taskNos };
}

/** Defines the overdue job on the platform's runner (runs hourly on one instance). */
export function defineOverdueJob(p: TPlatform) {
  p.jobs.define({
    name: OVERDUE_JOB,
    everySeconds: OVERDUE_JOB_EVERY_SECONDS,
    run: async () => closeOverdueTasks(p),
  });
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
export async function listDecisions(
  db: TDbOrTx,
  { tenantId, taskId }: { tenantId: string; taskId: string },
): Promise<THospitalTaskAuditRow[]> {
  return db
    .select()
    .from(hospitalTaskAudits)
    .where(and(eq(hospitalTaskAudits.tenantId, tenantId), eq(hospitalTaskAudits.taskId, taskId)))
    .orderBy(asc(hospitalTaskAudits.auditedAt), asc(hospitalTaskAudits.createdAt));
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
  const task = await findTenantTask(p.db, { tenantId: actor.tenantId, idOrTaskNo: id });
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
