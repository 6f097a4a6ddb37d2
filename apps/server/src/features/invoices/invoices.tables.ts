import { index, jsonb, numeric, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';
import { claimBatches } from '../claims/claims.tables.ts';

/**
 * The 'to be uploaded' item of invoice management (decision 0044): one per approved claim batch
 * and currency, created when the batch is approved, with the title the invoice must carry.
 */
export const invoiceSlots = pgTable(
  'invoice_slots',
  {
    ...tenantColumns(),
    batchRef: uuid('batch_ref')
      .notNull()
      .references(() => claimBatches.id, { onDelete: 'cascade' }),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    payableAmount: numeric('payable_amount', { precision: 14, scale: 2 }).notNull(),
    /** INVOICE_TAB code: 1 to be uploaded, 2 uploaded. */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** The payer the invoice is made out to; null until a title is generated. */
    titleName: varchar('title_name', { length: 200 }),
    titleNameEn: varchar('title_name_en', { length: 200 }),
    titleTaxNo: varchar('title_tax_no', { length: 32 }),
    /** Where the title came from ('tenant': the operator entity that pays the provider). */
    titleSource: varchar('title_source', { length: 16 }),
    titleGeneratedAt: at('title_generated_at'),
    uploadedAt: at('uploaded_at'),
  },
  (t) => [
    uniqueIndex('invoice_slots_batch_uq').on(t.batchRef, t.currency),
    index('invoice_slots_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    index('invoice_slots_provider_idx').on(t.tenantId, t.providerId, t.status, t.createdAt),
  ],
);

/** An invoice a provider uploaded for a slot; its key must not repeat within the tenant. */
export const invoices = pgTable(
  'invoices',
  {
    ...tenantColumns(),
    slotRef: uuid('slot_ref')
      .notNull()
      .references(() => invoiceSlots.id, { onDelete: 'cascade' }),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    invoiceNo: varchar('invoice_no', { length: 40 }).notNull(),
    invoiceCode: varchar('invoice_code', { length: 12 }),
    /** parseInvoiceNumber's key (decision 0041). */
    invoiceKey: varchar('invoice_key', { length: 64 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    fileId: uuid('file_id').notNull(),
    /** The recognition result the user confirmed, when the values came from it. */
    recognition: jsonb('recognition'),
    uploadedBy: uuid('uploaded_by'),
  },
  (t) => [
    uniqueIndex('invoices_key_uq').on(t.tenantId, t.invoiceKey),
    uniqueIndex('invoices_file_uq').on(t.tenantId, t.fileId),
    index('invoices_slot_idx').on(t.slotRef, t.createdAt),
  ],
);
