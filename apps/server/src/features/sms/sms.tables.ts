import { index, integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/** One operator's send: the template as written and who sent it (decision 0034). */
export const smsBatches = pgTable(
  'sms_batches',
  {
    ...tenantColumns(),
    /** The template as the operator wrote it (#variables# unfilled). */
    content: text('content').notNull(),
    /** The client's key of this send: a repeated request finds the batch instead of sending again. */
    requestKey: uuid('request_key').notNull(),
    senderId: uuid('sender_id'),
    senderAccount: varchar('sender_account', { length: 64 }).notNull().default(''),
    senderName: varchar('sender_name', { length: 100 }).notNull().default(''),
    senderNameEn: varchar('sender_name_en', { length: 100 }).notNull().default(''),
    total: integer('total').notNull(),
  },
  (t) => [
    index('sms_batches_tenant_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('sms_batches_request_key_uq').on(t.tenantId, t.requestKey),
  ],
);

/**
 * The outbox: one row per recipient of a batch. The dispatch job claims due pending rows with
 * FOR UPDATE SKIP LOCKED and moves them to 'sending' in the same statement, so no two
 * instances send one row; its id travels to the gateway as the idempotency key.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    ...tenantColumns(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => smsBatches.id, { onDelete: 'cascade' }),
    phone: varchar('phone', { length: 20 }).notNull(),
    recipientName: varchar('recipient_name', { length: 100 }).notNull().default(''),
    providerId: varchar('provider_id', { length: 64 }).notNull().default(''),
    /** The text this recipient gets (variables filled, without the gateway's signature). */
    body: text('body').notNull(),
    /** pending | sending | sent | failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: at('last_attempt_at'),
    sentAt: at('sent_at'),
    providerMessageId: varchar('provider_message_id', { length: 128 }).notNull().default(''),
    error: text('error').notNull().default(''),
    /**
     * The delivery receipt (decision 0035): '' until sent; waiting (the gateway took it, the
     * receipt job asks), delivered, undelivered (with the gateway's reason), unknown (no receipt
     * after the last check).
     */
    delivery: varchar('delivery', { length: 12 }).notNull().default(''),
    deliveryReason: text('delivery_reason').notNull().default(''),
    /** When the handset received it, as the gateway reports (or when the log adapter took it). */
    deliveredAt: at('delivered_at'),
    /** Receipt queries made so far; after the n-th the next waits receiptBase * 2^n. */
    receiptChecks: integer('receipt_checks').notNull().default(0),
    nextReceiptAt: at('next_receipt_at'),
  },
  (t) => [
    index('sms_outbox_tenant_idx').on(t.tenantId),
    index('sms_outbox_batch_idx').on(t.batchId, t.phone),
    uniqueIndex('sms_outbox_batch_phone_uq').on(t.batchId, t.phone),
    index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('sms_outbox_recent_idx').on(t.tenantId, t.lastAttemptAt),
    index('sms_outbox_receipt_due_idx').on(t.delivery, t.nextReceiptAt),
  ],
);

export type TSmsOutboxRow = typeof smsOutbox.$inferSelect;
