import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * Claim batches (issue 18, decision 0040): one hospital statement with its claim images,
 * submitted by a provider and audited by the operator as a whole.
 */
export const claimBatches = pgTable(
  'claim_batches',
  {
    ...tenantColumns(),
    /** 'CB' + 10 digits from the claim_batch_no_seq sequence. */
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    /** CLAIM_BATCH_STATUS code. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    statementFileId: uuid('statement_file_id').notNull(),
    statementName: varchar('statement_name', { length: 200 }).notNull(),
    lineCount: integer('line_count').notNull().default(0),
    remark: text('remark').notNull().default(''),
    /** Who submitted last (maker-checker: nobody decides their own submission). */
    submittedBy: uuid('submitted_by'),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    decisionRemark: text('decision_remark').notNull().default(''),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('claim_batches_no_uq').on(t.tenantId, t.batchNo),
    index('claim_batches_tenant_idx').on(t.tenantId, t.status, t.submittedAt),
    index('claim_batches_provider_idx').on(t.tenantId, t.providerId, t.status, t.submittedAt),
    index('claim_batches_statement_idx').on(t.tenantId, t.providerId, t.statementName),
    // The approved batches of a provider in the payable page's order (decision 0022).
    index('claim_batches_approved_idx')
      .on(t.tenantId, t.providerId, t.decidedAt, t.batchNo)
      .where(sql`${t.status} = '02'`),
  ],
);

/** One line of a batch's statement, with copies of what it was checked against and its decision. */
export const claimLines = pgTable(
  'claim_lines',
  {
    ...tenantColumns(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => claimBatches.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    /** CLAIM_LINE_STATUS code. */
    status: varchar('status', { length: 2 }).notNull().default('00'),
    memberRef: uuid('member_ref').notNull(),
    memberId: varchar('member_id', { length: 64 }).notNull(),
    memberName: varchar('member_name', { length: 100 }).notNull(),
    memberNameEn: varchar('member_name_en', { length: 200 }).notNull().default(''),
    policyRef: uuid('policy_ref').notNull(),
    policyNo: varchar('policy_no', { length: 64 }).notNull(),
    coverageRef: uuid('coverage_ref').notNull(),
    coverageCode: varchar('coverage_code', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    visitType: varchar('visit_type', { length: 2 }).notNull(),
    icdCode: varchar('icd_code', { length: 16 }).notNull(),
    diagnosis: varchar('diagnosis', { length: 200 }).notNull().default(''),
    itemCode: varchar('item_code', { length: 64 }).notNull(),
    itemName: varchar('item_name', { length: 200 }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** member|visit date|item code|cents: the duplicate rule's key (decision 0040). */
    dupKey: varchar('dup_key', { length: 200 }).notNull(),
    preauthRef: uuid('preauth_ref'),
    preauthNo: varchar('preauth_no', { length: 32 }).notNull().default(''),
    payableAmount: numeric('payable_amount', { precision: 14, scale: 2 }),
    reasonCodes: text('reason_codes').array().notNull().default([]),
    decisionRemark: text('decision_remark').notNull().default(''),
    /** Paid above the remaining benefit by a claim administrator. */
    exGratia: boolean('ex_gratia').notNull().default(false),
    /**
     * What is left to pay of the line (decisions 0045, 0022): payable_amount + its payable
     * adjustments - what confirmed and to-be-confirmed payment batches take of it. Kept by the
     * triggers of migration 0051 (never written by the application); the payable page reads the
     * open lines (> 0) by `claim_lines_open_idx`.
     */
    outstandingAmount: numeric('outstanding_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** An approved appeal made the line payable (it has an `appeal` payable adjustment; 0049). Kept by the same triggers. */
    appealPayable: boolean('appeal_payable').notNull().default(false),
  },
  (t) => [
    index('claim_lines_tenant_idx').on(t.tenantId),
    index('claim_lines_batch_idx').on(t.batchRef, t.rowNo),
    index('claim_lines_open_idx').on(t.batchRef, t.rowNo).where(sql`${t.outstandingAmount} > 0`),
    index('claim_lines_dup_idx').on(t.tenantId, t.dupKey),
    index('claim_lines_member_idx').on(t.tenantId, t.memberId, t.visitDate),
  ],
);

/** The flow of a batch: one row per transition, with who, when and a remark. */
export const claimFlow = pgTable(
  'claim_flow',
  {
    ...tenantColumns(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => claimBatches.id, { onDelete: 'cascade' }),
    /** CLAIM_ACTION code. */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 2 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 2 }).notNull(),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('claim_flow_tenant_idx').on(t.tenantId),
    index('claim_flow_batch_idx').on(t.batchRef, t.createdAt),
  ],
);

/** Menu clicks on the claim detail and claim finance menus (spec section 7, POST /claim/buryLog). */
export const claimMenuClicks = pgTable(
  'claim_menu_clicks',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull().default(''),
    menuPath: varchar('menu_path', { length: 64 }).notNull(),
  },
  (t) => [index('claim_menu_clicks_tenant_idx').on(t.tenantId, t.menuPath, t.createdAt)],
);
