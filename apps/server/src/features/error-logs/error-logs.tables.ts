import { index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/** Unhandled front-end errors reported by the web app in production (spec section 8). */
export const errorLogs = pgTable(
  'error_logs',
  {
    ...tenantColumns(),
    userId: uuid('user_id'),
    account: varchar('account', { length: 30 }).notNull().default(''),
    message: varchar('message', { length: 2000 }).notNull(),
    stack: text('stack').notNull().default(''),
    url: varchar('url', { length: 2000 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    info: jsonb('info').$type<Record<string, unknown>>(),
  },
  (t) => [index('error_logs_tenant_idx').on(t.tenantId, t.createdAt)],
);
