import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/** A field an approval wrote to the provider record, with the approved value before and after. */
export interface TDecisionChange {
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

/**
 * Audit decisions on hospital tasks: one row per approve (conclusion 01), return (02) or the
 * system's cancel of a submitted task that went overdue (03). The row keeps what the decision
 * wrote (provider id, changed fields with old and new values) so the newsletter and the
 * announcement are built from what was approved, not from a record that changed since.
 */
export const hospitalTaskAudits = pgTable(
  'hospital_task_audits',
  {
    ...tenantColumns(),
    taskId: uuid('task_id').notNull(),
    taskNo: varchar('task_no', { length: 32 }).notNull(),
    taskType: varchar('task_type', { length: 2 }).notNull(),
    /** auditResult of the audit form (01 approve, 02 return); null for the system's cancel. */
    auditResult: varchar('audit_result', { length: 2 }),
    /** Approval conclusion: 01 approved, 02 rejected, 03 cancelled. */
    conclusion: varchar('conclusion', { length: 2 }).notNull(),
    returnReason: varchar('return_reason', { length: 500 }),
    /** The provider record the approval created or updated; the task's provider otherwise. */
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    /** The provider the task was submitted for (differs from providerId when an add created a new id). */
    taskProviderId: varchar('task_provider_id', { length: 64 }).notNull(),
    providerCnName: varchar('provider_cn_name', { length: 100 }).notNull().default(''),
    providerEnName: varchar('provider_en_name', { length: 200 }).notNull().default(''),
    changes: jsonb('changes').$type<TDecisionChange[]>().notNull().default([]),
    auditedAt: at('audited_at').notNull(),
    auditMemberId: uuid('audit_member_id'),
    auditMember: varchar('audit_member', { length: 100 }).notNull().default(''),
    auditMemberEn: varchar('audit_member_en', { length: 200 }).notNull().default(''),
    /** O an operator, S the system. */
    operatorKind: varchar('operator_kind', { length: 1 }).notNull().default('O'),
  },
  (t) => [
    index('hospital_task_audits_tenant_idx').on(t.tenantId),
    index('hospital_task_audits_task_idx').on(t.tenantId, t.taskId, t.auditedAt),
    index('hospital_task_audits_audited_idx').on(t.tenantId, t.conclusion, t.auditedAt),
  ],
);

export type THospitalTaskAuditRow = typeof hospitalTaskAudits.$inferSelect;
