import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../db/columns.ts';

/** Who changed what and when: one row per administrative change, written in its transaction. */
export const operationLogs = pgTable(
  'operation_logs',
  {
    ...tenantColumns(),
    userId: uuid('user_id'),
    account: varchar('account', { length: 30 }).notNull().default(''),
    /** create | update | delete, or a feature's own verb. */
    action: varchar('action', { length: 32 }).notNull(),
    targetTable: varchar('target_table', { length: 64 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('operation_logs_tenant_idx').on(t.tenantId, t.createdAt),
    index('operation_logs_target_idx').on(t.tenantId, t.targetTable, t.targetId),
  ],
);
