import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';

/**
 * A payment batch (issue 19, decision 0045): what the operator pays one provider in one invoice
 * currency, built from approved claim lines whose invoices are uploaded, confirmed by the
 * operator when paid, then reconciled by the provider line by line.
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    ...tenantColumns(),
    /** 'PB' + the China month of building (YYYYMM) + 6 digits of payment_batch_no_seq. */
    payBatchNo: varchar('pay_batch_no', { length: 32 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    /** ISO 4217 code of the currency the provider is paid in. */
    invoiceCurrency: varchar('invoice_currency', { length: 3 }).notNull(),
    /** The rate of each other claim currency of the batch: [{ currency, rate }] (6 decimals). */
    rates: jsonb('rates').$type<{ currency: string; rate: string }[]>().notNull().default([]),
    /** PAY_STATUS code. */
    payStatus: varchar('pay_status', { length: 1 }).notNull().default('1'),
    /** RECONCILE_STATUS code (meaningful once confirmed). */
    reconcileStatus: varchar('reconcile_status', { length: 1 }).notNull().default('1'),
    itemCount: integer('item_count').notNull().default(0),
    /** Sum of the items' invoice-currency amounts. */
    totalAmount: numeric('total_amount', { precision: 16, scale: 2 }).notNull(),
    openDisputes: integer('open_disputes').notNull().default(0),
    remark: text('remark').notNull().default(''),
    builtBy: uuid('built_by'),
    builtByName: varchar('built_by_name', { length: 100 }).notNull().default(''),
    builtByNameEn: varchar('built_by_name_en', { length: 100 }).notNull().default(''),
    builtAt: at('built_at').notNull().defaultNow(),
    /** The value date of the transfer (China day). */
    paidDate: date('paid_date', { mode: 'string' }),
    bankReference: varchar('bank_reference', { length: 64 }).notNull().default(''),
    confirmedBy: uuid('confirmed_by'),
    confirmedByName: varchar('confirmed_by_name', { length: 100 }).notNull().default(''),
    confirmedByNameEn: varchar('confirmed_by_name_en', { length: 100 }).notNull().default(''),
    confirmedAt: at('confirmed_at'),
    reconciledAt: at('reconciled_at'),
  },
  (t) => [
    uniqueIndex('payment_batches_no_uq').on(t.tenantId, t.payBatchNo),
    index('payment_batches_tenant_idx').on(t.tenantId, t.payStatus, t.builtAt),
    index('payment_batches_provider_idx').on(t.tenantId, t.providerId, t.payStatus, t.builtAt),
    index('payment_batches_paid_idx').on(t.tenantId, t.paidDate),
    check('payment_batches_total_ck', sql`${t.totalAmount} >= 0`),
  ],
);

/** One claim line paid (in part or in full) by a payment batch, and its reconciliation. */
export const paymentItems = pgTable(
  'payment_items',
  {
    ...tenantColumns(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    lineRef: uuid('line_ref')
      .notNull()
      .references(() => claimLines.id),
    claimBatchRef: uuid('claim_batch_ref')
      .notNull()
      .references(() => claimBatches.id),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    claimCurrency: varchar('claim_currency', { length: 3 }).notNull(),
    /** What this batch pays of the line, in the line's claim currency. */
    claimAmount: numeric('claim_amount', { precision: 14, scale: 2 }).notNull(),
    /** Invoice-currency units per claim-currency unit; 1 when they are the same. */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    /** claimAmount at the rate, half up to the cent, in the batch's invoice currency. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** ITEM_STATUS code. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    reconciledBy: uuid('reconciled_by'),
    reconciledAt: at('reconciled_at'),
    disputeReasonCode: varchar('dispute_reason_code', { length: 8 }).notNull().default(''),
    disputeReason: text('dispute_reason').notNull().default(''),
    disputedBy: uuid('disputed_by'),
    disputedAt: at('disputed_at'),
    /** RESOLUTION code, '' until resolved. */
    resolution: varchar('resolution', { length: 16 }).notNull().default(''),
    resolutionAmount: numeric('resolution_amount', { precision: 14, scale: 2 }),
    resolutionReply: text('resolution_reply').notNull().default(''),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('payment_items_line_uq').on(t.batchRef, t.lineRef),
    index('payment_items_tenant_idx').on(t.tenantId),
    index('payment_items_line_idx').on(t.tenantId, t.lineRef),
    check('payment_items_amount_ck', sql`${t.claimAmount} > 0 and ${t.amount} > 0 and ${t.rate} > 0`),
  ],
);

/**
 * Payable amounts added to a claim line after its audit (decision 0045): a dispute the operator
 * upheld, an approved appeal. The payable-outstanding read adds them to the audit's amount, so
 * the next payment batch picks them up.
 */
export const claimPayableAdjustments = pgTable(
  'claim_payable_adjustments',
  {
    ...tenantColumns(),
    lineRef: uuid('line_ref')
      .notNull()
      .references(() => claimLines.id),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    /** The line's claim currency. */
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** PAYABLE_SOURCE code: dispute | appeal. */
    sourceType: varchar('source_type', { length: 16 }).notNull(),
    /** The payment item (dispute) or appeal the amount comes from. */
    sourceId: varchar('source_id', { length: 64 }).notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('claim_payable_adjustments_source_uq').on(t.tenantId, t.sourceType, t.sourceId),
    index('claim_payable_adjustments_line_idx').on(t.tenantId, t.lineRef),
    index('claim_payable_adjustments_month_idx').on(t.tenantId, t.providerId, t.createdAt),
    check('claim_payable_adjustments_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** The history of a payment batch: one row per step, with who, when, the line and a remark. */
export const paymentFlow = pgTable(
  'payment_flow',
  {
    ...tenantColumns(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    /** PAYMENT_ACTION code. */
    action: varchar('action', { length: 16 }).notNull(),
    /** The item a line step concerns (reconcile of several lines: null). */
    itemRef: uuid('item_ref'),
    fromStatus: varchar('from_status', { length: 4 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 4 }).notNull(),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('payment_flow_tenant_idx').on(t.tenantId),
    index('payment_flow_batch_idx').on(t.batchRef, t.createdAt),
  ],
);

/**
 * The open claim lines of each claim batch and claim currency (issue 10, decision 0022): how many
 * lines have something left to pay (approved, or made payable by an approved appeal, with
 * `outstanding_amount` > 0) and the sum of what is left. Kept by a statement-level trigger on
 * claim_lines from the rows each statement writes (migration 0051), never by the application:
 * the payable page's count and sums per currency read these rows, one per batch and currency,
 * instead of every open line. No foreign key: a deleted batch's lines bring its rows to zero.
 */
export const claimOpenTotals = pgTable(
  'claim_open_totals',
  {
    tenantId: uuid('tenant_id').notNull(),
    batchRef: uuid('batch_ref').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.batchRef, t.currency] })],
);
