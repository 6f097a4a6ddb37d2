import {
  LOGIN_LOG_EVENTS,
  type TCleanedLog,
  type TLogCleanResult,
  type TLogRetention,
  type TLogRetentionState,
  type TOperationLogRecord,
  type ZLoginLogFilter,
  type ZLoginLogPageBody,
  type ZOperationLogFilter,
  type ZOperationLogPageBody,
} from '@portal/domain/logs/rules';
import type { TSecurityEventRecord } from '@portal/domain/security-events/rules';
import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cleanOperationLogs, writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { withTenant } from '../../platform/db/db-scope.ts';
import type { TRetentionChoice } from '../../platform/db/retention.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
import { cleanSecurityEvents } from '../../platform/security-events/security-events.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { cleanErrorLogs } from '../error-logs/error-logs.service.ts';
import { logRetentionSettings } from './logs.tables.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
type TRange = { from?: string; to?: string };

/** The WHERE of the operation log's filters, in the tenant. */
export function operationLogWhere(
  tenantId: string,
  model: z.output<typeof ZOperationLogFilter>,
  range: TRange,
): SQL | undefined {
  return and(
    eq(operationLogs.tenantId, tenantId),
    model.account ? sql`lower(${operationLogs.account}) = lower(${model.account})` : undefined,
    model.action ? eq(operationLogs.action, model.action) : undefined,
    model.targetTable ? eq(operationLogs.targetTable, model.targetTable) : undefined,
    model.targetId ? eq(operationLogs.targetId, model.targetId) : undefined,
    range.from ? gte(operationLogs.createdAt, new Date(range.from)) : undefined,
    range.to ? lte(operationLogs.createdAt, new Date(range.to)) : undefined,
  );
}

export function toOperationLogRecord(r: typeof operationLogs.$inferSelect): TOperationLogRecord {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    userId: r.userId,
    account: r.account,
    action: r.action,
    targetTable: r.targetTable,
    targetId: r.targetId,
    before: r.before ?? null,
    after: r.after ?? null,
    requestId: r.requestId,
  };
}

/** A page of the actor's tenant's operation log, filtered, sorted by time. */
export async function pageOperationLogs(
  p: TPlatform,
  {
    actor,
    current,
    size,
    order,
    model,
    timeRange,
  }: { actor: TActor } & z.output<typeof ZOperationLogPageBody>,
) {
  const where = operationLogWhere(actor.tenantId, model, { from: timeRange?.[0], to: timeRange?.[1] });
  const by = order === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(operationLogs)
      .where(where)
      .orderBy(by(operationLogs.createdAt), by(operationLogs.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(operationLogs).where(where),
  ]);
  return { records: rows.map(toOperationLogRecord), current, size, total: Number(totals[0]?.n ?? 0) };
}

/** The WHERE of the login log: sign-ins, failed sign-ins and sign-outs among the security events. */
export function loginLogWhere(tenantId: string, model: z.output<typeof ZLoginLogFilter>, range: TRange) {
  const events =
    model.result === 'success'
      ? ['sign-in']
      : model.result === 'failure'
        ? ['sign-in-failed']
        : [...LOGIN_LOG_EVENTS];
  return and(
    eq(securityEvents.tenantId, tenantId),
    inArray(securityEvents.event, events),
    model.account ? sql`lower(${securityEvents.account}) = lower(${model.account})` : undefined,
    model.ip ? like(securityEvents.ip, `${escapeLike(model.ip)}%`) : undefined,
    range.from ? gte(securityEvents.createdAt, new Date(range.from)) : undefined,
    range.to ? lte(securityEvents.createdAt, new Date(range.to)) : undefined,
  );
}

export function toSecurityEventRecord(r: typeof securityEvents.$inferSelect): TSecurityEventRecord {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    userId: r.userId,
    account: r.account,
    ip: r.ip,
    event: r.event,
    reason: r.reason,
    requestId: r.requestId,
    detail: r.detail ?? null,
  };
}

/** A page of the login log (a filtered view of the security events), sorted by time. */
export async function pageLoginLog(
  p: TPlatform,
  { actor, current, size, order, model, timeRange }: { actor: TActor } & z.output<typeof ZLoginLogPageBody>,
) {
  const where = loginLogWhere(actor.tenantId, model, { from: timeRange?.[0], to: timeRange?.[1] });
  const by = order === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(by(securityEvents.createdAt), by(securityEvents.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(securityEvents).where(where),
  ]);
  return { records: rows.map(toSecurityEventRecord), current, size, total: Number(totals[0]?.n ?? 0) };
}

/**
 * Rows of a log table matching `where`, newest first, in batches (keyset on time and id), so an
 * export reads any number of rows with flat memory.
 */
export async function* newestFirstBatches<T extends { createdAt: Date; id: string }>(
  db: TDbOrTx,
  table: typeof operationLogs | typeof securityEvents,
  where: SQL | undefined,
  batch: number,
): AsyncGenerator<T[]> {
  let before: { at: Date; id: string } | null = null;
  for (;;) {
    const rows = (await db
      .select()
      .from(table)
      .where(
        and(
          where,
          before
            ? or(lt(table.createdAt, before.at), and(eq(table.createdAt, before.at), lt(table.id, before.id)))
            : undefined,
        ),
      )
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(batch)) as unknown as T[];
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    before = { at: last.createdAt, id: last.id };
  }
}

/** The tenant's retention per log, or the portal's default (LOG_RETENTION) while none was chosen. */
export async function getLogRetention(
  p: TPlatform,
  db: TDbOrTx,
  tenantId: string,
): Promise<TLogRetentionState> {
  const [row] = await db
    .select()
    .from(logRetentionSettings)
    .where(eq(logRetentionSettings.tenantId, tenantId));
  const fallback = p.config.logRetention;
  return {
    operation: (row?.operation ?? fallback) as TLogRetention['operation'],
    security: (row?.security ?? fallback) as TLogRetention['security'],
    error: (row?.error ?? fallback) as TLogRetentionState['error'],
    defaultRetention: fallback,
    chosen: Boolean(row),
  };
}

/** Saves the tenant's retention choices, with an operation-log row, in one transaction. */
export async function setLogRetention(
  p: TPlatform,
  { actor, requestId, input }: { actor: TActor; requestId: string; input: TLogRetention },
): Promise<TLogRetentionState> {
  return p.db.transaction(async (tx) => {
    const before = await getLogRetention(p, tx, actor.tenantId);
    // A client that does not know the error log's choice leaves it as it was.
    const choice = {
      operation: input.operation,
      security: input.security,
      error: input.error ?? before.error,
    };
    const [row] = await tx
      .insert(logRetentionSettings)
      .values({ tenantId: actor.tenantId, ...choice, createdBy: actor.userId, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: logRetentionSettings.tenantId,
        set: {
          ...choice,
          updatedAt: new Date(),
          updatedBy: actor.userId,
          version: sql`${logRetentionSettings.version} + 1`,
        },
      })
      .returning();
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'retention-change',
      targetTable: 'log_retention_settings',
      targetId: row.id,
      before: { operation: before.operation, security: before.security, error: before.error },
      after: { operation: row.operation, security: row.security, error: row.error },
      requestId,
    });
    return getLogRetention(p, tx, actor.tenantId);
  });
}

/** Cleans one log of one tenant with the tenant's retention. */
async function cleanTenantLog(p: TPlatform, tenantId: string, log: TCleanedLog, retention: TRetentionChoice) {
  const cleaners = {
    operation: cleanOperationLogs,
    security: cleanSecurityEvents,
    error: cleanErrorLogs,
  } satisfies Record<TCleanedLog, unknown>;
  const { deleted } = await cleaners[log](p.db, { retention, tenantId });
  return deleted;
}

/** 'Clean now': cleans one log of the actor's tenant with its retention, and logs how many rows went. */
export async function cleanLogNow(
  p: TPlatform,
  { actor, requestId, log }: { actor: TActor; requestId: string; log: TCleanedLog },
): Promise<TLogCleanResult> {
  const retention = (await getLogRetention(p, p.db, actor.tenantId))[log];
  const deleted = await cleanTenantLog(p, actor.tenantId, log, retention);
  await writeOperationLog(p.db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    account: actor.account,
    action: 'clean',
    targetTable: 'log_retention_settings',
    targetId: log,
    after: { log, retention, deleted },
    requestId,
  });
  return { log, retention, deleted };
}

export const LOG_RETENTION_JOB = 'log-retention';
const RETENTION_EVERY_SECONDS = 60 * 60;

/**
 * The hourly cleaner of the operation log, the security events and the front-end error log: each tenant with its own
 * choice (the portal's LOG_RETENTION until an administrator chooses). Runs once across instances.
 */
export function defineLogRetentionJob(p: TPlatform): void {
  p.jobs.define({
    name: LOG_RETENTION_JOB,
    everySeconds: RETENTION_EVERY_SECONDS,
    run: async () => {
      const all = await p.db.select({ id: tenants.id, code: tenants.code }).from(tenants);
      const cleaned: Record<string, { operation: number; security: number; error: number }> = {};
      let deleted = 0;
      for (const tenant of all) {
        await withTenant(tenant.id, async () => {
          const choice = await getLogRetention(p, p.db, tenant.id);
          const operation = await cleanTenantLog(p, tenant.id, 'operation', choice.operation);
          const security = await cleanTenantLog(p, tenant.id, 'security', choice.security);
          const error = await cleanTenantLog(p, tenant.id, 'error', choice.error);
          cleaned[tenant.code] = { operation, security, error };
          deleted += operation + security + error;
        });
      }
      return { deleted, tenants: cleaned };
    },
  });
}
