import { sql } from 'drizzle-orm';
import type { TDbOrTx } from './client.ts';
import { query } from './raw-query.ts';

/** The log retention choices (spec, second document, section 9): months, a year, or the latest N entries. */
export type TRetentionChoice = '1m' | '3m' | '6m' | '1y' | '1000' | '10000' | '30000' | '100000';

const MONTHS: Partial<Record<TRetentionChoice, number>> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 };

/** The instant before which a time-based choice drops rows; null for an entry-count choice. */
export function retentionCutoff(retention: TRetentionChoice, now: Date): Date | null {
  const months = MONTHS[retention];
  if (months === undefined) return null;
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - months);
  return cutoff;
}

/**
 * Deletes from a log table (columns `id`, `tenant_id`, `created_at`) what `retention` no longer
 * keeps, for one tenant or (no tenant) each tenant: rows older than the cutoff, or all but the
 * newest N of the tenant. Returns how many rows went. The caller owns the transaction (and any
 * flag the table's trigger wants).
 */
export async function deleteBeyondRetention(
  tx: TDbOrTx,
  {
    table,
    retention,
    tenantId,
    now = new Date(),
  }: {
    table: 'security_events' | 'operation_logs' | 'error_logs';
    retention: TRetentionChoice;
    tenantId?: string;
    now?: Date;
  },
): Promise<number> {
  const target = sql.identifier(table);
  const ofTenant = tenantId ? sql`tenant_id = ${tenantId}::uuid` : sql`true`;
  const cutoff = retentionCutoff(retention, now);
  const statement = cutoff
    ? sql`with gone as (delete from ${target} where ${ofTenant} and created_at < ${cutoff.toISOString()}::timestamptz returning 1)
          select count(*)::int as n from gone`
    : sql`with ranked as (
            select id, row_number() over (partition by tenant_id order by created_at desc, id desc) as rank
              from ${target} where ${ofTenant}),
          gone as (delete from ${target} where id in (select id from ranked where rank > ${Number(retention)}) returning 1)
          select count(*)::int as n from gone`;
  const [row] = await query<{ n: number }>(tx, statement);
  return Number(row?.n ?? 0);
}
