import { integer, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** Columns every tenant-owned table carries; spread into each pgTable. */
export const tenantColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: varchar('created_by', { length: 64 }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: varchar('updated_by', { length: 64 }),
  version: integer('version').notNull().default(0),
});

/** Timestamp column helper with the project's settings. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
