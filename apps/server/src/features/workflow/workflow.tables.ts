import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/columns.ts';

/**
 * The workflow of a task type in a tenant (decision 0030): the role whose holders audit it and
 * the idle days after which its tasks close as overdue. No row: the audit permissions alone and
 * the portal's TASK_OVERDUE_DAYS.
 */
export const workflowSettings = pgTable(
  'workflow_settings',
  {
    ...tenantColumns(),
    /** A WORKFLOW_TASK_TYPES code: 'hospital', 'doctor'. */
    taskType: varchar('task_type', { length: 32 }).notNull(),
    /** Code of the role whose holders audit the type (role codes never change); null: permissions alone. */
    auditorRoleCode: varchar('auditor_role_code', { length: 64 }),
    overdueDays: integer('overdue_days').notNull(),
  },
  (t) => [uniqueIndex('workflow_settings_tenant_type_uq').on(t.tenantId, t.taskType)],
);
