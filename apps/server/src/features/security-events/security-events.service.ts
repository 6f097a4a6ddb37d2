import type { TSecurityEventRecord, ZSecurityEventPageBody } from '@portal/domain/security-events/rules';
import { and, asc, count, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the actor's tenant's security events: filtered by time range, event, account
 * (exact, any case) and address (leading part, so '203.0.113.' finds a network), sorted by time.
 */
export async function pageSecurityEvents(
  p: TPlatform,
  {
    actor,
    current,
    size,
    order,
    model,
    timeRange,
  }: { actor: TActor } & z.output<typeof ZSecurityEventPageBody>,
): Promise<{ records: TSecurityEventRecord[]; current: number; size: number; total: number }> {
  const where = and(
    eq(securityEvents.tenantId, actor.tenantId),
    model.event ? eq(securityEvents.event, model.event) : undefined,
    model.account ? sql`lower(${securityEvents.account}) = lower(${model.account})` : undefined,
    model.ip ? like(securityEvents.ip, `${escapeLike(model.ip)}%`) : undefined,
    timeRange ? gte(securityEvents.createdAt, new Date(timeRange[0])) : undefined,
    timeRange ? lte(securityEvents.createdAt, new Date(timeRange[1])) : undefined,
  );
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
  return {
    records: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      userId: r.userId,
      account: r.account,
      ip: r.ip,
      event: r.event,
      reason: r.reason,
      requestId: r.requestId,
      detail: r.detail ?? null,
    })),
    current,
    size,
    total: Number(totals[0]?.n ?? 0),
  };
}
