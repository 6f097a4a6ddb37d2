import { bigint, pgTable, primaryKey, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * How many tasks of one kind each tenant has, per provider, task type and status, kept exact by
 * triggers on every kind's task table in the writing statement's own transaction (migration
 * 0016); the row with provider `*` counts the whole tenant. The task lists read their totals
 * here when they filter by nothing but provider, type and status, so a count costs a few
 * index lookups instead of a walk over every matching task (decision 0022). A counter, not an
 * entity: no id, audit columns or version.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    taskType: varchar('task_type', { length: 2 }).notNull(),
    status: varchar('status', { length: 2 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.providerId, t.taskType, t.status] })],
);
