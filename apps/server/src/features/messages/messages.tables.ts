import { index, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/** Operator-to-provider messages (codes in packages/domain/src/messages/codes.ts). */
export const messages = pgTable(
  'messages',
  {
    ...tenantColumns(),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    /** MSG_TYPES: 01 pop-up, 02 rolling. */
    msgType: varchar('msg_type', { length: 2 }).notNull(),
    /** MSG_LEVELS: 01 normal, 02 high, 03 urgent. */
    msgLevel: varchar('msg_level', { length: 2 }).notNull().default('01'),
    /** MSG_CATEGORIES: message-centre code 12, 01, 13, 02, 03, 04. */
    code: varchar('code', { length: 2 }).notNull(),
    content: text('content').notNull(),
    enContent: text('en_content').notNull().default(''),
    validFrom: at('valid_from').notNull(),
    /** Null: no end. Pop-up and rolling display stop at this instant. */
    validTo: at('valid_to'),
    /** MSG_STATUSES: 01 sent, 02 withdrawn. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    senderId: uuid('sender_id'),
    senderName: varchar('sender_name', { length: 100 }).notNull().default(''),
    senderNameEn: varchar('sender_name_en', { length: 200 }).notNull().default(''),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_tenant_idx').on(t.tenantId),
    index('messages_tenant_code_idx').on(t.tenantId, t.code, t.sentAt),
  ],
);

/**
 * Who a message addresses: kind 'user' (target = user id), 'provider' (target = provider id),
 * 'allProviders' or 'allOperators' (target empty). A message has one or more rows.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    tenantId: uuid('tenant_id').notNull(),
    messageId: uuid('message_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    target: varchar('target', { length: 64 }).notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.kind, t.target] }),
    index('message_recipients_tenant_idx').on(t.tenantId),
    index('message_recipients_target_idx').on(t.tenantId, t.kind, t.target),
  ],
);

/** Read state per user: a row exists once the user has read the message. */
export const messageReads = pgTable(
  'message_reads',
  {
    tenantId: uuid('tenant_id').notNull(),
    messageId: uuid('message_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index('message_reads_tenant_idx').on(t.tenantId),
    index('message_reads_user_idx').on(t.userId),
  ],
);
