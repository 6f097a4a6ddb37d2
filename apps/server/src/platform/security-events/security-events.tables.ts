import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';

/**
 * Security events (docs/decisions/0021-security-events.md): sign-in failures, brakes, refusals,
 * token reuse, password and role changes, logouts and ended sessions. Append-only: a trigger
 * refuses UPDATE, and DELETE except from the retention cleaner (migration 0009).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The user the event is about, when known (null: an unknown account). */
    userId: uuid('user_id'),
    /** The account as given (a failed sign-in keeps what was typed). */
    account: varchar('account', { length: 30 }).notNull().default(''),
    /** The client address (request.ip, see TRUST_PROXY). */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** One of SECURITY_EVENTS (packages/domain/src/security-events/codes.ts). */
    event: varchar('event', { length: 32 }).notNull(),
    /** Why: one of SECURITY_EVENT_REASONS, or the refused permission of a 403. */
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    /** Small facts of the event: failures counted, wait, method and path of a refusal. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('security_events_tenant_idx').on(t.tenantId, t.createdAt),
    index('security_events_account_idx').on(t.tenantId, t.account, t.createdAt),
  ],
);
