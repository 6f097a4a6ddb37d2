import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/**
 * A tenant's log retention, chosen by an administrator (docs/decisions/0031-clients-and-logs.md):
 * one of the spec's choices per cleaned log. No row: the portal's LOG_RETENTION for both.
 */
export const logRetentionSettings = pgTable(
  'log_retention_settings',
  {
    ...tenantColumns(),
    /** What the operation log keeps: '1m', '3m', '6m', '1y', '1000', '10000', '30000', '100000'. */
    operation: varchar('operation', { length: 8 }).notNull(),
    /** What the security events (and so the login log) keep. */
    security: varchar('security', { length: 8 }).notNull(),
    /** What the front-end error log keeps; null: the portal's LOG_RETENTION. */
    error: varchar('error', { length: 8 }),
  },
  (t) => [uniqueIndex('log_retention_settings_tenant_idx').on(t.tenantId)],
);
