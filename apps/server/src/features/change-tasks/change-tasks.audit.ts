/**
 * The operator's side of the engine: take a task, approve or return it (maker-checker, one
 * transaction, optimistic version), and the overdue job that closes idle tasks.
 */
import {
  AUDITABLE_STATUSES,
  canAudit,
  flowTypeOf,
  isOwnSubmission,
  OVERDUE_STATUSES,
  TASK_TRANSITIONS,
} from '@portal/domain/change-tasks/lifecycle';
import { APPROVAL_CONCLUSION, AUDIT_RESULT, HOSPITAL_TASK_STATUS } from '@portal/domain/dictionaries/codes';
import type { TActor } from '../../platform/auth/access.ts';
import { withTenant } from '../../platform/db/db-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { findUserByAccount } from '../users/users.service.ts';
import { assertWorkflowAuditor, overdueDaysOf } from '../workflow/workflow.service.ts';
import { tasksWritten } from './change-tasks.kept-searches.ts';
import type { TApplied, TChangeTaskKind, TChangeTaskRow } from './change-tasks.kind.ts';
import {
  findIdleTasks,
  findTask,
  insertDecision,
  lockSubject,
  recordFlow,
  submitterIds,
  updateTaskIf,
} from './change-tasks.store.ts';

/** How often the overdue jobs run. */
export const OVERDUE_JOB_EVERY_SECONDS = 60 * 60;
const OVERDUE_BATCH = 200;

/** The name of a kind's overdue job. */
export const overdueJobName = (kind: { name: string }) => `${kind.name}-tasks.overdue`;

/**
 * The audit calls are for operator staff. Provider staff (users bound to a provider) are
 * refused even if a role grants them the permission by mistake.
 */
export function assertOperator(actor: TActor) {
  if (actor.providerId && !actor.isSuperAdmin) throw new AppError('NO_PERMISSION');
}

/** What initTask answers. */
export interface TInitResult<TRow> {
  row: TRow;
  assigned: boolean;
}

/**
 * initTask: the auditor takes a submitted task (personInCharge set to them when nobody has it;
 * when someone has it, nothing changes and the answer says who), or assigns it to another
 * operator (assignTo: their account). Only a task under audit (01) can be taken; taking does
 * not change the version, so the provider's and other auditors' version checks are unaffected.
 */
export async function initTask<TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<unknown, unknown, TRow>,
  { actor, taskNo, assignTo }: { actor: TActor; taskNo: string; assignTo: string },
): Promise<TInitResult<TRow>> {
  assertOperator(actor);
  const tenantId = actor.tenantId;
  const task = await findTask<TRow>(p.db, kind, { tenantId, idOrTaskNo: taskNo });
  if (!canAudit(task.status)) throw new AppError('CASE_STATUS_CHANGED');
  let name = actor.name;
  if (assignTo) {
    const user = await findUserByAccount(p.db, { tenantId, account: assignTo });
    if (!user?.enabled || user.providerId) throw new AppError('TASK_ASSIGNEE_UNKNOWN');
    name = user.name;
  } else if (task.personInCharge) {
    return { row: task, assigned: task.personInCharge === actor.name };
  }
  const row = await updateTaskIf<TRow>(p.db, kind, {
    tenantId,
    taskId: task.id,
    version: task.version,
    from: AUDITABLE_STATUSES,
    set: { personInCharge: name },
    by: actor.userId,
    keepVersion: true,
    unassigned: !assignTo,
  });
  if (row) {
    await tasksWritten(p, tenantId);
    return { row, assigned: true };
  }
  const now = await findTask<TRow>(p.db, kind, { tenantId, idOrTaskNo: task.id });
  if (!canAudit(now.status) || now.version !== task.version) throw new AppError('CASE_STATUS_CHANGED');
  return { row: now, assigned: now.personInCharge === name };
}

/** What a decision did: the task after it, the conclusion, and what the approval wrote. */
export interface TDecision<TRow> {
  row: TRow;
  conclusion: string;
  applied: TApplied;
  now: Date;
}

/**
 * approval: approve (status 06, publicity date set, the kind's apply step writes the approved
 * record) or return (status 04 with the reason) a submitted task. Maker-checker: whoever
 * submitted the task, in any round, may not decide it (40302), a super administrator included.
 * One transaction, in this order: the subject's lock, the conditional update on status 01 and
 * the version read (so of two auditors, or an auditor and the withdrawing provider, only one
 * gets through and the other gets 409 'case status changed' with nothing written), the apply
 * step, the operation record, and last the decision row.
 */
export async function decideTask<TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<unknown, unknown, TRow>,
  input: { actor: TActor; taskNo: string; auditResult: string; returnReason: string; version?: number },
): Promise<TDecision<TRow>> {
  const { actor } = input;
  assertOperator(actor);
  // The tenant's workflow may name the role that audits this kind (decision 0030).
  await assertWorkflowAuditor(p, actor, kind.name);
  const approve = input.auditResult === AUDIT_RESULT.APPROVE.code;
  const tenantId = actor.tenantId;
  const decision = await p.db.transaction(async (tx) => {
    const task = await findTask<TRow>(tx, kind, { tenantId, idOrTaskNo: input.taskNo });
    if (isOwnSubmission(actor.userId, await submitterIds(tx, kind, task)))
      throw new AppError('TASK_OWN_SUBMISSION');
    if (!canAudit(task.status)) throw new AppError('CASE_STATUS_CHANGED');
    if (input.version !== undefined && input.version !== task.version)
      throw new AppError('CASE_STATUS_CHANGED');
    await lockSubject(tx, kind.lockKey({ tenantId, form: null, task, taskType: task.taskType }));
    const now = new Date();
    const action = approve ? 'approve' : 'return';
    const status = TASK_TRANSITIONS[action].to;
    const reason = approve ? null : input.returnReason;
    const row = await updateTaskIf<TRow>(tx, kind, {
      tenantId,
      taskId: task.id,
      version: task.version,
      from: TASK_TRANSITIONS[action].from,
      set: {
        status,
        auditResult: input.auditResult,
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
    const applied: TApplied = approve
      ? await kind.apply(tx, { task: row, now, actor })
      : { providerId: row.providerId, changes: [] };
    await recordFlow(tx, kind, {
      tenantId,
      taskId: row.id,
      status,
      flowType: flowTypeOf(action),
      by: actor,
      remark: reason ?? '',
    });
    const conclusion = approve ? APPROVAL_CONCLUSION.APPROVED.code : APPROVAL_CONCLUSION.REJECTED.code;
    await insertDecision(tx, kind, {
      tenantId,
      taskId: row.id,
      taskNo: row.taskNo,
      taskType: row.taskType,
      auditResult: input.auditResult,
      conclusion,
      returnReason: reason,
      changes: applied.changes,
      auditedAt: now,
      auditMemberId: actor.userId,
      auditMember: actor.name,
      auditMemberEn: actor.nameEn,
      operatorKind: 'O',
      createdBy: actor.userId,
      updatedBy: actor.userId,
      ...kind.decisionColumns(row, applied.providerId),
    });
    return { row, conclusion, applied, now };
  });
  await tasksWritten(p, tenantId);
  // A user linked to a provider carries it in their session from their next request on.
  if (decision.applied.linkedUserId)
    await p.authCache.invalidate({ tenantId, userId: decision.applied.linkedUserId });
  return decision;
}

/**
 * The overdue job's work for a kind: in each tenant, tasks idle (no change) for the tenant's
 * overdue period of the kind (its workflow, decision 0030; TASK_OVERDUE_DAYS until set) in 08, 04 or
 * 01 close with status 07, flow type 07 'Overdue (auto-closed by timeout)', operator kind S; a
 * submitted task that closes this way also gets the conclusion 03 cancelled. Each task closes in
 * its own transaction with the same conditional update as every transition, so a task the
 * provider or an auditor touches meanwhile is left alone.
 */
export async function closeOverdueTasks<TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<unknown, unknown, TRow>,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ closed: number; taskNos: string[] }> {
  const taskNos: string[] = [];
  const all = await p.db.select({ id: tenants.id }).from(tenants);
  for (const tenant of all) {
    await withTenant(tenant.id, async () => {
      const days = await overdueDaysOf(p, tenant.id, kind.name);
      taskNos.push(...(await closeTenantOverdue(p, kind, { tenantId: tenant.id, days, now })));
    });
  }
  return { closed: taskNos.length, taskNos };
}

/** Closes one tenant's tasks of a kind idle for `days`; answers their numbers. */
async function closeTenantOverdue<TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<unknown, unknown, TRow>,
  { tenantId, days, now }: { tenantId: string; days: number; now: Date },
): Promise<string[]> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const taskNos: string[] = [];
  const seen = new Set<string>();
  const to = TASK_TRANSITIONS.overdue.to;
  for (;;) {
    const batch = (
      await findIdleTasks<TRow>(p.db, kind, {
        tenantId,
        statuses: OVERDUE_STATUSES,
        before,
        limit: OVERDUE_BATCH,
      })
    ).filter((t) => !seen.has(t.id));
    if (batch.length === 0) break;
    for (const task of batch) {
      seen.add(task.id);
      const closed = await p.db.transaction(async (tx) => {
        const row = await updateTaskIf(tx, kind, {
          tenantId: task.tenantId,
          taskId: task.id,
          version: task.version,
          from: OVERDUE_STATUSES,
          set: { status: to },
          by: 'system',
        });
        if (!row) return false;
        await recordFlow(tx, kind, {
          tenantId: task.tenantId,
          taskId: task.id,
          status: to,
          flowType: flowTypeOf('overdue'),
          by: 'system',
          remark: `超过 ${days} 天未处理 / No activity for ${days} days`,
        });
        if (task.status === HOSPITAL_TASK_STATUS.AUDITING.code) {
          await insertDecision(tx, kind, {
            tenantId: task.tenantId,
            taskId: task.id,
            taskNo: task.taskNo,
            taskType: task.taskType,
            auditResult: null,
            conclusion: APPROVAL_CONCLUSION.CANCELLED.code,
            auditedAt: new Date(),
            auditMember: '系统',
            auditMemberEn: 'System',
            operatorKind: 'S',
            createdBy: 'system',
            updatedBy: 'system',
            ...kind.decisionColumns(task, task.providerId),
          });
        }
        return true;
      });
      if (closed) {
        taskNos.push(task.taskNo);
        await tasksWritten(p, tenantId);
      }
    }
  }
  return taskNos;
}

/** Defines a kind's overdue job on the platform's runner (hourly, on one instance). */
export function defineOverdueJob<TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<unknown, unknown, TRow>,
) {
  p.jobs.define({
    name: overdueJobName(kind),
    everySeconds: OVERDUE_JOB_EVERY_SECONDS,
    run: async () => closeOverdueTasks(p, kind),
  });
}
