import { index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';

/** Short-lived shared state (captcha answers, login counters) when Redis is not configured. */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('kv_entries_expires_idx').on(t.expiresAt)],
);
