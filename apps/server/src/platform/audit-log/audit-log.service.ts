import type { TDbOrTx } from '../db/client.ts';
import { deleteBeyondRetention, type TRetentionChoice } from '../db/retention.ts';
import { operationLogs } from './audit-log.tables.ts';

export interface TOperationLog {
  tenantId: string;
  /** The acting user; null for the system. */
  userId: string | null;
  account: string;
  action: 'create' | 'update' | 'delete' | (string & {});
  targetTable: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  requestId?: string;
}

/** Plain JSON of a row (dates as ISO strings), for the before/after columns. */
export function logSnapshot(row: object | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/**
 * Writes one operation-log row. Pass the transaction of the change itself, so the change and
 * its log row commit or roll back together.
 */
export async function writeOperationLog(tx: TDbOrTx, log: TOperationLog): Promise<void> {
  await tx.insert(operationLogs).values({
    tenantId: log.tenantId,
    userId: log.userId,
    createdBy: log.userId,
    account: log.account.slice(0, 30),
    action: log.action,
    targetTable: log.targetTable,
    targetId: log.targetId,
    before: logSnapshot(log.before),
    after: logSnapshot(log.after),
    requestId: (log.requestId ?? '').slice(0, 64),
  });
}

/**
 * The operation log's retention cleaner: deletes what `retention` no longer keeps, of one tenant
 * (or of each tenant when none is given). Returns how many rows went.
 */
export async function cleanOperationLogs(
  db: TDbOrTx,
  { retention, tenantId, now = new Date() }: { retention: TRetentionChoice; tenantId?: string; now?: Date },
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => ({
    deleted: await deleteBeyondRetention(tx, { table: 'operation_logs', retention, tenantId, now }),
  }));
}
