import type { TSecurityEvent, TSecurityEventReason } from '@portal/domain/security-events/codes';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TLogRetention } from '../config.ts';
import type { TDbOrTx } from '../db/client.ts';
import { withTenant } from '../db/db-scope.ts';
import { deleteBeyondRetention } from '../db/retention.ts';
import { securityEvents } from './security-events.tables.ts';

export interface TSecurityEventInput {
  tenantId: string;
  userId?: string | null;
  account?: string;
  ip?: string;
  event: TSecurityEvent;
  /** A reason code, or for a 403 the refused permission. */
  reason: TSecurityEventReason | (string & {});
  requestId?: string;
  detail?: Record<string, unknown>;
}

/** Events worth a warning in the log; the others are info. */
const WARN_EVENTS: ReadonlySet<TSecurityEvent> = new Set([
  'sign-in-failed',
  'lockout',
  'forbidden',
  'token-reuse',
]);

/** Rows kept per event kind and source (address or user) and minute, per instance. */
const ROWS_PER_MINUTE = 60;

/**
 * A per-instance budget of rows per source and minute, so that a flood of refused requests
 * (random captcha keys, a script hammering a forbidden route) cannot turn into a flood of
 * inserts. Past it the event still reaches the log, marked `stored: false`.
 */
function createBudget(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { minute: number; used: number }>();
  return (key: string): boolean => {
    const minute = Math.floor(now() / 60_000);
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (w.minute !== minute) windows.delete(k);
    }
    const window = windows.get(key);
    if (!window || window.minute !== minute) {
      windows.set(key, { minute, used: 1 });
      return true;
    }
    window.used++;
    return window.used <= perMinute;
  };
}

export type TSecurityEventWriter = (db: TDbOrTx, input: TSecurityEventInput) => Promise<void>;

/**
 * The writer of security events: one append-only row (unless the source's budget is spent)
 * and one structured log line with the same fields, `securityEvent: {...}`. Pass the
 * transaction of the change it records when there is one, so both commit together.
 */
export function createSecurityEventWriter(log: FastifyBaseLogger | null): TSecurityEventWriter {
  const budget = createBudget(ROWS_PER_MINUTE);
  return async (db, input) => {
    const row = {
      tenantId: input.tenantId,
      userId: input.userId ?? null,
      account: (input.account ?? '').slice(0, 30),
      ip: (input.ip ?? '').slice(0, 64),
      event: input.event,
      reason: input.reason.slice(0, 200),
      requestId: (input.requestId ?? '').slice(0, 64),
      detail: input.detail ?? null,
    };
    const stored = budget(`${input.event}\n${input.tenantId}\n${input.ip || input.userId || input.account}`);
    // In the event's own tenant (row-level security): some are recorded outside any request's
    // scope (a refusal seen by an error hook). Inside a transaction the transaction's scope holds.
    if (stored) await withTenant(input.tenantId, () => db.insert(securityEvents).values(row));
    const line = { securityEvent: { ...row, detail: input.detail }, stored, reqId: input.requestId };
    if (WARN_EVENTS.has(input.event)) log?.warn(line, `security event: ${input.event}`);
    else log?.info(line, `security event: ${input.event}`);
  };
}

/**
 * The retention cleaner: the only code allowed to delete security events. It sets the
 * transaction-local `portal.log_retention` flag the append-only trigger looks for, then deletes
 * what the retention choice no longer keeps, of one tenant (or of each tenant when none is
 * given): rows older than 1, 3, 6 or 12 months, or all but the latest N rows of the tenant.
 * Returns how many rows went.
 */
export async function cleanSecurityEvents(
  db: TDbOrTx,
  { retention, tenantId, now = new Date() }: { retention: TLogRetention; tenantId?: string; now?: Date },
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('portal.log_retention', 'on', true)`);
    return {
      deleted: await deleteBeyondRetention(tx, { table: 'security_events', retention, tenantId, now }),
    };
  });
}
