import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';

/**
 * Claim appeals (issue 20, decision 0049): a provider contests the decision on one claim line of
 * an approved batch, asking an amount on top of what the audit made payable, with a reason and
 * attachments (files feature, business type APPEAL_FILE). One ongoing appeal (processing or
 * returned) per line: the partial unique index below.
 */
export const appeals = pgTable(
  'appeals',
  {
    ...tenantColumns(),
    /** 'CA' + 10 digits from the appeal_no_seq sequence. */
    appealNo: varchar('appeal_no', { length: 32 }).notNull(),
    /** APPEAL_STATUS code. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => claimBatches.id),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    lineRef: uuid('line_ref')
      .notNull()
      .references(() => claimLines.id),
    rowNo: integer('row_no').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** What the provider asks to be paid on top of the line's payable. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** What the operator granted (approved appeals only); the payable adjustment's amount. */
    approvedAmount: numeric('approved_amount', { precision: 14, scale: 2 }),
    reason: text('reason').notNull(),
    submitCount: integer('submit_count').notNull().default(1),
    submittedBy: uuid('submitted_by').notNull(),
    submittedByName: varchar('submitted_by_name', { length: 100 }).notNull().default(''),
    submittedByNameEn: varchar('submitted_by_name_en', { length: 100 }).notNull().default(''),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    /** The return or reject reason, the approval note, or the provider's withdrawal note. */
    decisionRemark: text('decision_remark').notNull().default(''),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('appeals_no_uq').on(t.tenantId, t.appealNo),
    index('appeals_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    index('appeals_provider_idx').on(t.tenantId, t.providerId, t.status, t.createdAt),
    index('appeals_line_idx').on(t.tenantId, t.lineRef),
    // One ongoing appeal (processing or returned) per claim line: the race-safe last word.
    uniqueIndex('appeals_line_open_uq').on(t.lineRef).where(sql`status in ('01', '02')`),
  ],
);

/** The flow of an appeal: one row per step, with who, when and a remark. */
export const appealFlow = pgTable(
  'appeal_flow',
  {
    ...tenantColumns(),
    appealRef: uuid('appeal_ref')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    /** APPEAL_ACTION code. */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 2 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 2 }).notNull(),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('appeal_flow_tenant_idx').on(t.tenantId),
    index('appeal_flow_appeal_idx').on(t.appealRef, t.createdAt),
  ],
);
