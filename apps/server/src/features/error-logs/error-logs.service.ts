import type { TErrorLogRecord } from '@portal/domain/error-logs/rules';
import { and, count, desc, eq, gte, ilike, lte, or } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { deleteBeyondRetention, type TRetentionChoice } from '../../platform/db/retention.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { errorLogs } from './error-logs.tables.ts';

/** Reports kept per user and minute; more are dropped so a failing render loop cannot flood the store. */
const REPORTS_PER_MINUTE = 30;

/** Stores one front-end error of the actor; answers false when the per-minute budget is spent. */
export async function recordErrorReport(
  p: TPlatform,
  {
    actor,
    ip,
    message,
    stack = '',
    url,
    userAgent = '',
    info,
  }: {
    actor: TActor;
    ip: string;
    message: string;
    stack?: string;
    url: string;
    userAgent?: string;
    info?: Record<string, unknown>;
  },
): Promise<{ stored: boolean }> {
  const used = await p.kv.incr(`error-log-rate:${actor.tenantId}:${actor.userId}`, 60);
  if (used > REPORTS_PER_MINUTE) return { stored: false };
  await p.db.insert(errorLogs).values({
    tenantId: actor.tenantId,
    createdBy: actor.userId,
    userId: actor.userId,
    account: actor.account,
    message,
    stack,
    url,
    userAgent,
    ip: ip.slice(0, 64),
    info: info ?? null,
  });
  return { stored: true };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of the tenant's error reports, newest first. */
export async function pageErrorLogs(
  p: TPlatform,
  {
    actor,
    current,
    size,
    model,
    timeRange,
  }: {
    actor: TActor;
    current: number;
    size: number;
    model: { account?: string; keyword?: string };
    timeRange?: [string, string];
  },
): Promise<{ records: TErrorLogRecord[]; current: number; size: number; total: number }> {
  const keyword = model.keyword ? `%${escapeLike(model.keyword)}%` : null;
  const where = and(
    eq(errorLogs.tenantId, actor.tenantId),
    model.account ? eq(errorLogs.account, model.account) : undefined,
    keyword ? or(ilike(errorLogs.message, keyword), ilike(errorLogs.url, keyword)) : undefined,
    timeRange ? gte(errorLogs.createdAt, new Date(timeRange[0])) : undefined,
    timeRange ? lte(errorLogs.createdAt, new Date(timeRange[1])) : undefined,
  );
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(errorLogs)
      .where(where)
      .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(errorLogs).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      userId: r.userId,
      account: r.account,
      message: r.message,
      stack: r.stack,
      url: r.url,
      userAgent: r.userAgent,
      ip: r.ip,
      info: r.info ?? null,
    })),
    current,
    size,
    total: Number(totals[0]?.n ?? 0),
  };
}

/**
 * The error log's retention cleaner (decision 0031's log cleaning, extended in issue 14): deletes
 * what `retention` no longer keeps of one tenant. Returns how many rows went.
 */
export async function cleanErrorLogs(
  db: TDbOrTx,
  { retention, tenantId, now = new Date() }: { retention: TRetentionChoice; tenantId?: string; now?: Date },
): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => ({
    deleted: await deleteBeyondRetention(tx, { table: 'error_logs', retention, tenantId, now }),
  }));
}
