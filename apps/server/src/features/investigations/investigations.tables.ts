import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';

/**
 * Claim investigations (issue 20, decision 0046): the operator asks the provider of a claim line
 * for its medical records. Copies of the line as it was (a changed batch replaces its lines),
 * the deadline fixed when the case opens, and the decision.
 */
export const investigations = pgTable(
  'investigations',
  {
    ...tenantColumns(),
    /** 'CI' + 10 digits from the investigation_no_seq sequence. */
    caseNo: varchar('case_no', { length: 32 }).notNull(),
    /** INVESTIGATION_STATUS code. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    /** normal (5 down to -4) or longer (5 down to -9). */
    type: varchar('type', { length: 8 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => claimBatches.id),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    /** The claim line; null once a change of the batch replaced it (the copies below stay). */
    lineRef: uuid('line_ref').references(() => claimLines.id, { onDelete: 'set null' }),
    rowNo: integer('row_no').notNull(),
    memberId: varchar('member_id', { length: 64 }).notNull(),
    memberName: varchar('member_name', { length: 100 }).notNull(),
    memberNameEn: varchar('member_name_en', { length: 200 }).notNull().default(''),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    icdCode: varchar('icd_code', { length: 16 }).notNull(),
    itemCode: varchar('item_code', { length: 64 }).notNull(),
    itemName: varchar('item_name', { length: 200 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** What the operator asks for. */
    request: text('request').notNull(),
    /** The China day the case opened: the countdown starts after it. */
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    openedBy: uuid('opened_by').notNull(),
    openedByName: varchar('opened_by_name', { length: 100 }).notNull().default(''),
    openedByNameEn: varchar('opened_by_name_en', { length: 100 }).notNull().default(''),
    /** The last upload day and the instant upload closes, fixed at opening (decision 0046). */
    lastUploadDay: date('last_upload_day', { mode: 'string' }).notNull(),
    closesAt: at('closes_at').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: at('last_reply_at'),
    /** The completion note or the cancellation reason. */
    decisionRemark: text('decision_remark').notNull().default(''),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('investigations_no_uq').on(t.tenantId, t.caseNo),
    index('investigations_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    index('investigations_provider_idx').on(t.tenantId, t.providerId, t.status, t.createdAt),
    index('investigations_batch_idx').on(t.tenantId, t.batchRef),
    index('investigations_due_idx').on(t.status, t.closesAt),
    // One investigation in progress per claim line.
    uniqueIndex('investigations_line_open_uq').on(t.lineRef).where(sql`status = '01'`),
  ],
);

/** The provider's answers: files (ids of the files feature), description, remark, tracking numbers. */
export const investigationAnswers = pgTable(
  'investigation_answers',
  {
    ...tenantColumns(),
    investigationRef: uuid('investigation_ref')
      .notNull()
      .references(() => investigations.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** The numbers joined by ';'. */
    trackingNumbers: varchar('tracking_numbers', { length: 200 }).notNull().default(''),
    postingDate: date('posting_date', { mode: 'string' }),
    fileIds: uuid('file_ids').array().notNull().default([]),
    authorId: uuid('author_id').notNull(),
    authorName: varchar('author_name', { length: 100 }).notNull().default(''),
    authorNameEn: varchar('author_name_en', { length: 100 }).notNull().default(''),
  },
  (t) => [
    index('investigation_answers_tenant_idx').on(t.tenantId),
    index('investigation_answers_case_idx').on(t.investigationRef, t.createdAt),
  ],
);

/** The flow of an investigation: one row per transition, with who, when and a remark. */
export const investigationFlow = pgTable(
  'investigation_flow',
  {
    ...tenantColumns(),
    investigationRef: uuid('investigation_ref')
      .notNull()
      .references(() => investigations.id, { onDelete: 'cascade' }),
    /** INVESTIGATION_ACTION code. */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 2 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 2 }).notNull(),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('investigation_flow_tenant_idx').on(t.tenantId),
    index('investigation_flow_case_idx').on(t.investigationRef, t.createdAt),
  ],
);
