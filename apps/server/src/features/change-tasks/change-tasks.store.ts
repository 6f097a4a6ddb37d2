/**
 * The engine's queries on a kind's tables (change-tasks.kind.ts), always tenant-scoped. The
 * kind's tables are known here only by their common columns, so rows are read as the common
 * row type and the kind reads its own columns from the same objects.
 */
import { operationRecordText } from '@portal/domain/dictionaries/codes';
import type { TOperationRecord } from '@portal/domain/hospital-tasks/api';
import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TAnyChangeTaskKind, TChangeTaskRow, TTaskDecisionRow } from './change-tasks.kind.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Task numbers use China time (decision 0006). */
const TIME_ZONE = 'Asia/Shanghai';

export const isUuid = (v: string) => UUID.test(v);

/** A task of the tenant by id (uuid) or task number; with providerId only that provider's; 404 otherwise. */
export async function findTask<TRow extends TChangeTaskRow = TChangeTaskRow>(
  db: TDbOrTx,
  kind: TAnyChangeTaskKind,
  { tenantId, providerId, idOrTaskNo }: { tenantId: string; providerId?: string | null; idOrTaskNo: string },
): Promise<TRow> {
  const t = kind.tables.tasks;
  const key = isUuid(idOrTaskNo) ? eq(t.id, idOrTaskNo) : eq(t.taskNo, idOrTaskNo);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.tenantId, tenantId), key, ...(providerId ? [eq(t.providerId, providerId)] : [])));
  if (!row) throw new AppError('NOT_FOUND');
  return row as TRow;
}

/** Serialises saves and approvals of one subject (PostgreSQL and PGlite alike), until the transaction ends. */
export async function lockSubject(tx: TDbOrTx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The next task number of the kind: prefix + yyyymmdd (China time) + a daily sequence of at least 4 digits. */
export async function nextTaskNo(
  tx: TDbOrTx,
  kind: TAnyChangeTaskKind,
  { tenantId, now }: { tenantId: string; now: Date },
): Promise<string> {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .replaceAll('-', '');
  const seq = kind.tables.sequences;
  const [row] = await tx
    .insert(seq)
    .values({ tenantId, day, last: 1 })
    .onConflictDoUpdate({ target: [seq.tenantId, seq.day], set: { last: sql`${seq.last} + 1` } })
    .returning({ last: seq.last });
  return `${kind.prefix}${day}${String(row.last).padStart(4, '0')}`;
}

/** An unfinished task (01 or 08) among those `filter` selects, other than `exceptTaskId`; null when none. */
export async function findUnfinished(
  db: TDbOrTx,
  kind: TAnyChangeTaskKind,
  input: { tenantId: string; filter: SQL; statuses: readonly string[]; exceptTaskId?: string },
): Promise<{ id: string; taskNo: string } | null> {
  const t = kind.tables.tasks;
  const rows = (await db
    .select({ id: t.id, taskNo: t.taskNo })
    .from(t)
    .where(and(eq(t.tenantId, input.tenantId), inArray(t.status, [...input.statuses]), input.filter))) as {
    id: string;
    taskNo: string;
  }[];
  return rows.find((r) => r.id !== input.exceptTaskId) ?? null;
}

/** Inserts a task row (the kind's columns and the life-cycle columns). */
export async function insertTask<TRow extends TChangeTaskRow = TChangeTaskRow>(
  tx: TDbOrTx,
  kind: TAnyChangeTaskKind,
  values: Record<string, unknown>,
): Promise<TRow> {
  const [row] = await tx
    .insert(kind.tables.tasks)
    .values(values as never)
    .returning();
  return row as TRow;
}

/** The life-cycle and audit fields a transition may set (besides the kind's columns on a save). */
export type TTaskPatch = Partial<Omit<TChangeTaskRow, 'id' | 'tenantId' | 'taskNo' | 'version'>> &
  Record<string, unknown>;

/**
 * The conditional update of every transition: applies `set` only while the task is still in
 * one of `from` with the `version` read (and, with `unassigned`, nobody in charge). The version
 * goes up unless `keepVersion`. Null when the task changed meanwhile: the caller answers 409
 * 'case status changed' and writes nothing else.
 */
export async function updateTaskIf<TRow extends TChangeTaskRow = TChangeTaskRow>(
  tx: TDbOrTx,
  kind: TAnyChangeTaskKind,
  input: {
    tenantId: string;
    taskId: string;
    version: number;
    from: readonly string[];
    set: TTaskPatch;
    by: string;
    keepVersion?: boolean;
    unassigned?: boolean;
  },
): Promise<TRow | null> {
  const t = kind.tables.tasks;
  const [row] = await tx
    .update(t)
    .set({
      ...input.set,
      version: input.keepVersion ? input.version : input.version + 1,
      updatedAt: new Date(),
      updatedBy: input.by,
    } as never)
    .where(
      and(
        eq(t.tenantId, input.tenantId),
        eq(t.id, input.taskId),
        eq(t.version, input.version),
        inArray(t.status, [...input.from]),
        ...(input.unassigned ? [isNull(t.personInCharge)] : []),
      ),
    )
    .returning();
  return (row as TRow | undefined) ?? null;
}

/**
 * Writes an operation record of a task: by a person (kind O, their names) or by the system
 * (kind S, e.g. the overdue job). Pass the transaction that changes the task.
 */
export async function recordFlow(
  tx: TDbOrTx,
  kind: TAnyChangeTaskKind,
  input: {
    tenantId: string;
    taskId: string;
    status: string;
    flowType: string;
    by: TActor | 'system';
    remark?: string;
  },
) {
  const person = input.by === 'system' ? null : input.by;
  await tx.insert(kind.tables.flows).values({
    tenantId: input.tenantId,
    taskId: input.taskId,
    status: input.status,
    flowType: input.flowType,
    operateDate: new Date(),
    operateMember: person?.name ?? '系统',
    operateMemberEn: person?.nameEn ?? 'System',
    operateMemberId: person?.userId ?? null,
    operateRemark: input.remark ?? '',
    operatorKind: person ? 'O' : 'S',
    createdBy: person?.userId ?? 'system',
    updatedBy: person?.userId ?? 'system',
  });
}

/** The operation records of a task, oldest first, with their texts in both languages. */
export async function listFlows(
  db: TDbOrTx,
  kind: TAnyChangeTaskKind,
  { tenantId, taskId }: { tenantId: string; taskId: string },
): Promise<TOperationRecord[]> {
  const f = kind.tables.flows;
  const rows = await db
    .select()
    .from(f)
    .where(and(eq(f.tenantId, tenantId), eq(f.taskId, taskId)))
    .orderBy(asc(f.operateDate), asc(f.createdAt));
  return rows.map((row) => {
    const text = operationRecordText(row.status, row.flowType);
    return {
      status: row.status,
      flowType: row.flowType,
      operateDate: row.operateDate.toISOString(),
      operateMember: row.operateMember,
      operateMemberEn: row.operateMemberEn,
      operateRemark: row.operateRemark,
      operatorKind: row.operatorKind === 'S' ? ('S' as const) : ('O' as const),
      text: { zh: text?.zh ?? row.status, en: text?.en ?? row.status },
    };
  });
}

/** Everyone who submitted the task, in any round (the submit records' people and the last submitter). */
export async function submitterIds(
  db: TDbOrTx,
  kind: TAnyChangeTaskKind,
  task: Pick<TChangeTaskRow, 'tenantId' | 'id' | 'commitUserId'>,
): Promise<string[]> {
  const f = kind.tables.flows;
  const rows = await db
    .select({ id: f.operateMemberId })
    .from(f)
    .where(and(eq(f.tenantId, task.tenantId), eq(f.taskId, task.id), eq(f.flowType, '01')));
  const ids = rows.map((r) => r.id).filter((id): id is string => !!id);
  return task.commitUserId ? [task.commitUserId, ...ids] : ids;
}

/** Tasks of one tenant in one of `statuses` untouched (updated_at) since `before`, oldest first. */
export async function findIdleTasks<TRow extends TChangeTaskRow = TChangeTaskRow>(
  db: TDbOrTx,
  kind: TAnyChangeTaskKind,
  {
    tenantId,
    statuses,
    before,
    limit,
  }: { tenantId: string; statuses: readonly string[]; before: Date; limit: number },
): Promise<TRow[]> {
  const t = kind.tables.tasks;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.tenantId, tenantId), inArray(t.status, [...statuses]), lt(t.updatedAt, before)))
    .orderBy(asc(t.updatedAt), asc(t.id))
    .limit(limit);
  return rows as TRow[];
}

/** Inserts a decision row (the engine's columns and the kind's). */
export async function insertDecision(tx: TDbOrTx, kind: TAnyChangeTaskKind, values: Record<string, unknown>) {
  await tx.insert(kind.tables.decisions).values(values as never);
}

/** The decisions taken on a task, oldest first. */
export async function listDecisions<TRow extends TTaskDecisionRow = TTaskDecisionRow>(
  db: TDbOrTx,
  kind: TAnyChangeTaskKind,
  { tenantId, taskId }: { tenantId: string; taskId: string },
): Promise<TRow[]> {
  const d = kind.tables.decisions;
  const rows = await db
    .select()
    .from(d)
    .where(and(eq(d.tenantId, tenantId), eq(d.taskId, taskId)))
    .orderBy(asc(d.auditedAt), asc(d.createdAt));
  return rows as TRow[];
}
