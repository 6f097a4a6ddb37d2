import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
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
    /** MSG_STATUSES: 01 sent, 02 withdrawn, 03 draft. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    /** Provider search type of the sending screen (01 area, 02 provider, 03 person in charge, 04 all); '' for system messages. */
    searchType: varchar('search_type', { length: 2 }).notNull().default(''),
    /** The sender's criteria (area codes, provider ids, user ids), kept to edit the message again. */
    criteria: jsonb('criteria')
      .$type<{ areaCodes: string[]; providerIds: string[]; personInChargeIds: string[] }>()
      .notNull()
      .default({ areaCodes: [], providerIds: [], personInChargeIds: [] }),
    /** Providers addressed when it was last sent (the recipient rows of kind 'provider'). */
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Set by the job messages.validity once the message has started and once it has expired. */
    startedAt: at('started_at'),
    expiredAt: at('expired_at'),
    senderId: uuid('sender_id'),
    senderName: varchar('sender_name', { length: 100 }).notNull().default(''),
    senderNameEn: varchar('sender_name_en', { length: 200 }).notNull().default(''),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_tenant_idx').on(t.tenantId),
    index('messages_tenant_code_idx').on(t.tenantId, t.code, t.sentAt),
    // The message centre's list: a tenant's messages newest first, walked until a page is full.
    index('messages_tenant_sent_idx').on(t.tenantId, t.sentAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The operator's list: newest first among a tenant's messages of the sending screen.
    index('messages_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
  ],
);

/**
 * Who a message addresses: kind 'user' (target = user id), 'provider' (target = provider id),
 * 'allProviders' or 'allOperators' (target empty). A message has one or more rows.
 *
 * Each row also carries copies of its message's status, code, sent time and validity, written
 * only by triggers (migration 0050: filled on insert, kept when the message changes), so that a
 * recipient's inbox is one index range: the message centre counts and pages a user's messages
 * from `message_recipients_inbox_idx` without visiting each message (decision 0032, amendment
 * "messages at scale"). Writers insert only the four columns above.
 */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    tenantId: uuid('tenant_id').notNull(),
    messageId: uuid('message_id').notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    target: varchar('target', { length: 64 }).notNull().default(''),
    /** Copy of messages.status (trigger-kept). */
    status: varchar('status', { length: 2 }).notNull().default(''),
    /** Copy of messages.code (trigger-kept). */
    code: varchar('code', { length: 2 }).notNull().default(''),
    /** Copies of messages.sent_at, valid_from and valid_to (trigger-kept). */
    sentAt: at('sent_at'),
    validFrom: at('valid_from'),
    validTo: at('valid_to'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.kind, t.target] }),
    index('message_recipients_tenant_idx').on(t.tenantId),
    index('message_recipients_target_idx').on(t.tenantId, t.kind, t.target),
    // A recipient's sent messages newest first, with what the centre filters on, so counts and
    // pages are index-only walks of the recipient's own range.
    index('message_recipients_inbox_idx')
      .on(
        t.tenantId,
        t.kind,
        t.target,
        t.sentAt.desc().nullsFirst(),
        t.messageId.desc().nullsFirst(),
        t.code,
        t.validFrom,
        t.validTo,
      )
      .where(sql`status = '01'`),
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
    // A user's read messages without visiting the rows (the centre's unread and read filters).
    index('message_reads_tenant_user_idx').on(t.tenantId, t.userId, t.messageId),
  ],
);
