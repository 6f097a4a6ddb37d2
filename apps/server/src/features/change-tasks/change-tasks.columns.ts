/**
 * The tables every kind of change task has, built the same way so that the engine
 * (change-tasks.store.ts) can work on any kind's tables by their common columns:
 * the task (the kind's own fields plus `changeTaskColumns()`), its operation records, its
 * audit decisions and its daily task-number counters (docs/decisions/0023-change-task-engine.md).
 */
import { index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/** The life-cycle columns of a task: number, type, provider, status, compare, submit and audit fields. */
export const changeTaskColumns = () => ({
  /** Readable number, unique per tenant: the kind's prefix + yyyymmdd (China time) + daily sequence. */
  taskNo: varchar('task_no', { length: 32 }).notNull(),
  taskType: varchar('task_type', { length: 2 }).notNull(),
  /** The provider the task belongs to (provider staff see only their own provider's tasks). */
  providerId: varchar('provider_id', { length: 64 }).notNull(),
  /** Supporting documents of a change. */
  attaches: jsonb('attaches').$type<string[]>().notNull().default([]),
  /** JSON text of the changed fields (change tasks), against the approved record when last saved. */
  compareResult: text('compare_result'),
  /** Per compared field: changed flag and the approved value. */
  oldData: jsonb('old_data').$type<Record<string, { flag: boolean; oldValue: unknown }>>(),
  status: varchar('status', { length: 2 }).notNull(),
  auditResult: varchar('audit_result', { length: 2 }),
  returnReason: varchar('return_reason', { length: 500 }),
  auditDate: at('audit_date'),
  auditMember: varchar('audit_member', { length: 100 }),
  auditMemberEn: varchar('audit_member_en', { length: 200 }),
  auditMemberId: uuid('audit_member_id'),
  commitDate: at('commit_date'),
  commitName: varchar('commit_name', { length: 100 }),
  commitNameEn: varchar('commit_name_en', { length: 200 }),
  commitUserId: uuid('commit_user_id'),
  personInCharge: varchar('person_in_charge', { length: 100 }),
  /** When the approved change was published to the network (set by the approval). */
  publicityDate: at('publicity_date'),
});

/** Operation records (audit flows) of a kind's tasks: one row per transition. */
export const taskFlowsTable = (name: string) =>
  pgTable(
    name,
    {
      ...tenantColumns(),
      taskId: uuid('task_id').notNull(),
      status: varchar('status', { length: 2 }).notNull(),
      /** The status, or for 07 who closed: 06 the hospital, 07 overdue. */
      flowType: varchar('flow_type', { length: 2 }).notNull(),
      operateDate: at('operate_date').notNull().defaultNow(),
      operateMember: varchar('operate_member', { length: 100 }).notNull().default(''),
      operateMemberEn: varchar('operate_member_en', { length: 200 }).notNull().default(''),
      operateMemberId: uuid('operate_member_id'),
      operateRemark: varchar('operate_remark', { length: 1000 }).notNull().default(''),
      /** O an operator (a person), S the system. */
      operatorKind: varchar('operator_kind', { length: 1 }).notNull().default('O'),
    },
    (t) => [
      index(`${name}_tenant_idx`).on(t.tenantId),
      index(`${name}_task_idx`).on(t.tenantId, t.taskId, t.operateDate),
    ],
  );

/** Daily counters of a kind's task numbers per tenant, advanced atomically with an upsert. */
export const taskSequencesTable = (name: string) =>
  pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      day: varchar('day', { length: 8 }).notNull(),
      last: integer('last').notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.day] }), index(`${name}_tenant_idx`).on(t.tenantId)],
  );

/** A field an approval wrote to the approved record, with the approved value before and after. */
export interface TDecisionChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/**
 * The common columns of a kind's audit decisions: one row per approve (conclusion 01), return
 * (02) or the system's cancel of a submitted task that went overdue (03), keeping what the
 * decision wrote. A kind adds the names of its subject.
 */
export const taskDecisionColumns = () => ({
  ...tenantColumns(),
  taskId: uuid('task_id').notNull(),
  taskNo: varchar('task_no', { length: 32 }).notNull(),
  taskType: varchar('task_type', { length: 2 }).notNull(),
  /** auditResult of the audit form (01 approve, 02 return); null for the system's cancel. */
  auditResult: varchar('audit_result', { length: 2 }),
  /** Approval conclusion: 01 approved, 02 rejected, 03 cancelled. */
  conclusion: varchar('conclusion', { length: 2 }).notNull(),
  returnReason: varchar('return_reason', { length: 500 }),
  changes: jsonb('changes').$type<TDecisionChange[]>().notNull().default([]),
  auditedAt: at('audited_at').notNull(),
  auditMemberId: uuid('audit_member_id'),
  auditMember: varchar('audit_member', { length: 100 }).notNull().default(''),
  auditMemberEn: varchar('audit_member_en', { length: 200 }).notNull().default(''),
  /** O an operator, S the system. */
  operatorKind: varchar('operator_kind', { length: 1 }).notNull().default('O'),
});
