/**
 * The provider's side of the engine: save a draft, submit, withdraw, close. Every write is one
 * transaction holding the subject's lock, and every change of an existing task is conditional
 * on the status and version read, so a lost race answers 409 'case status changed'.
 */
import {
  canTransition,
  EDITABLE_STATUSES,
  flowTypeOf,
  TASK_TRANSITIONS,
  UNFINISHED_STATUSES,
} from '@portal/domain/change-tasks/lifecycle';
import { HOSPITAL_TASK_STATUS, USER_TYPE } from '@portal/domain/dictionaries/codes';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tasksWritten } from './change-tasks.kept-searches.ts';
import type { TChangeTaskKind, TChangeTaskRow, TSaveContext } from './change-tasks.kind.ts';
import {
  findTask,
  findUnfinished,
  insertTask,
  lockSubject,
  nextTaskNo,
  recordFlow,
  updateTaskIf,
} from './change-tasks.store.ts';

const S = HOSPITAL_TASK_STATUS;

/** What the provider's calls answer: the task's identity and state after the call. */
export interface TTaskRef {
  id: string;
  taskNo: string;
  taskType: string;
  status: string;
  version: number;
  compareResult: string | null;
}

export const taskRef = (row: TChangeTaskRow): TTaskRef => ({
  id: row.id,
  taskNo: row.taskNo,
  taskType: row.taskType,
  status: row.status,
  version: row.version,
  compareResult: row.compareResult,
});

/**
 * Maker-checker, the maker's side (issue 11): change tasks are the provider's; only provider
 * staff (user type 02) write them. Operator staff, a super administrator included, audit them
 * and may not submit one they could then decide themselves.
 */
export function assertProviderStaff(actor: TActor) {
  if (actor.userType !== USER_TYPE.PROVIDER.code) throw new AppError('TASK_PROVIDER_STAFF_ONLY');
}

const commitFields = (actor: TActor, now: Date) => ({
  commitDate: now,
  commitName: actor.name,
  commitNameEn: actor.nameEn,
  commitUserId: actor.userId,
});

/** A resubmitted task forgets the previous round's audit. */
const clearedAudit = {
  auditResult: null,
  returnReason: null,
  auditDate: null,
  auditMember: null,
  auditMemberEn: null,
  auditMemberId: null,
};

/**
 * Saves a task: a new one (no taskNo: status 08, or 01 when `submit`) or an existing draft or
 * returned task (status kept, or 01 when `submit`). In one transaction under the subject's
 * lock: the approved record is read, a change refused while another change of the subject is
 * unfinished, compared with the record (and refused on submit when nothing changed and no
 * document is attached), the row written, the files attached and, on submit, the record
 * 'Submitted' written.
 */
export async function saveTask<TForm, TRecord, TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<TForm, TRecord, TRow>,
  input: {
    actor: TActor;
    taskNo?: string;
    taskType: string;
    version?: number;
    form: TForm;
    submit: boolean;
  },
): Promise<TRow> {
  const { actor, submit } = input;
  const tenantId = actor.tenantId;
  const scope = { tenantId, providerId: actor.providerId };
  // The task is read before and again inside the transaction: the form is checked against its
  // subject first, and the change is made only if the task is still what was read.
  const before = input.taskNo
    ? await findTask<TRow>(p.db, kind, { ...scope, idOrTaskNo: input.taskNo })
    : null;
  assertProviderStaff(actor);
  kind.assertSubject({ actor, form: input.form, taskType: before?.taskType ?? input.taskType, task: before });
  const form = await kind.prepare(p, { actor, form: input.form, task: before });
  const saved = await p.db.transaction(async (tx) => {
    const task = before ? await findTask<TRow>(tx, kind, { ...scope, idOrTaskNo: before.id }) : null;
    const taskType = task?.taskType ?? input.taskType;
    const ctx: TSaveContext<TForm, TRow> = { actor, form, taskType, task };
    if (task) {
      if (!canTransition('save', task.status)) throw new AppError('CASE_STATUS_CHANGED');
      if (input.version !== undefined && input.version !== task.version)
        throw new AppError('CASE_STATUS_CHANGED');
    }
    await lockSubject(tx, kind.lockKey({ tenantId, form, task, taskType }));
    const approved = await kind.loadApproved(tx, ctx);
    const isChange = kind.changeTypes.includes(taskType);
    const guarded = (kind.guardedTypes ?? kind.changeTypes).includes(taskType);
    if (guarded && (!task || submit)) {
      const other = await findUnfinished(tx, kind, {
        tenantId,
        filter: kind.sameSubject(ctx),
        statuses: UNFINISHED_STATUSES,
        exceptTaskId: task?.id,
      });
      if (other)
        throw new AppError(kind.errors.unfinished, { params: { taskNo: other.taskNo }, data: other });
    }
    const compared = kind.compare(ctx, approved);
    if (submit && isChange && compared.changed.length === 0 && !kind.hasDocuments(form))
      throw new AppError(kind.errors.noChanges);
    const now = new Date();
    const status = submit ? TASK_TRANSITIONS.submit.to : (task?.status ?? S.PENDING.code);
    const columns = {
      ...kind.toColumns(form),
      compareResult: compared.compareResult,
      oldData: compared.oldData,
      status,
      ...(submit ? { ...commitFields(actor, now), ...(task ? clearedAudit : {}) } : {}),
    };
    let row: TRow | null;
    if (task) {
      row = await updateTaskIf<TRow>(tx, kind, {
        tenantId,
        taskId: task.id,
        version: task.version,
        from: EDITABLE_STATUSES,
        set: columns,
        by: actor.userId,
      });
      if (!row) throw new AppError('CASE_STATUS_CHANGED');
    } else {
      row = await insertTask<TRow>(tx, kind, {
        tenantId,
        taskNo: await nextTaskNo(tx, kind, { tenantId, now }),
        taskType,
        ...columns,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
    }
    await kind.attachFiles(p, tx, { actor, taskId: row.id, form, approved });
    if (submit)
      await recordFlow(tx, kind, {
        tenantId,
        taskId: row.id,
        status,
        flowType: flowTypeOf('submit'),
        by: actor,
      });
    return row;
  });
  await tasksWritten(p, tenantId);
  return saved;
}

/**
 * withdraw (01 to 03, 'Withdrew by Hospital') or close (08/04 to 07, flow type 06 'Closed by
 * Hospital'): one conditional update and its operation record.
 */
export async function moveTask<TRow extends TChangeTaskRow>(
  p: TPlatform,
  kind: TChangeTaskKind<unknown, unknown, TRow>,
  input: { actor: TActor; taskNo: string; version?: number; action: 'withdraw' | 'close' },
): Promise<TRow> {
  const { actor } = input;
  const transition = TASK_TRANSITIONS[input.action];
  const moved = await p.db.transaction(async (tx) => {
    const task = await findTask<TRow>(tx, kind, {
      tenantId: actor.tenantId,
      providerId: actor.providerId,
      idOrTaskNo: input.taskNo,
    });
    assertProviderStaff(actor);
    if (!canTransition(input.action, task.status)) throw new AppError('CASE_STATUS_CHANGED');
    if (input.version !== undefined && input.version !== task.version)
      throw new AppError('CASE_STATUS_CHANGED');
    const row = await updateTaskIf<TRow>(tx, kind, {
      tenantId: actor.tenantId,
      taskId: task.id,
      version: task.version,
      from: transition.from,
      set: { status: transition.to },
      by: actor.userId,
    });
    if (!row) throw new AppError('CASE_STATUS_CHANGED');
    await recordFlow(tx, kind, {
      tenantId: actor.tenantId,
      taskId: row.id,
      status: transition.to,
      flowType: flowTypeOf(input.action),
      by: actor,
    });
    return row;
  });
  await tasksWritten(p, actor.tenantId);
  return moved;
}

/** The unfinished change of a subject (01 or 08), refused with the kind's error (409) when there is one. */
export async function assertNoUnfinishedChange<TForm>(
  p: TPlatform,
  kind: TChangeTaskKind<TForm, unknown>,
  ctx: TSaveContext<TForm>,
) {
  const other = await findUnfinished(p.db, kind, {
    tenantId: ctx.actor.tenantId,
    filter: kind.sameSubject(ctx),
    statuses: UNFINISHED_STATUSES,
  });
  if (other) throw new AppError(kind.errors.unfinished, { params: { taskNo: other.taskNo }, data: other });
}
