import type { TProviderStaff } from '@portal/domain/provider-accounts/rules';
import { and, asc, type Column, count, eq, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { users } from './users.tables.ts';

/** A subquery counting the user accounts linked to the provider in `providerId` (its staff). */
export function staffCountOf(providerId: Column, tenantId: Column): SQL<number> {
  return sql<number>`(select count(*)::int from ${users} where ${users.providerId} = ${providerId} and ${users.tenantId} = ${tenantId})`;
}

/** A page of one provider's staff accounts, by account. */
export async function pageProviderStaff(
  db: TDbOrTx,
  {
    tenantId,
    providerId,
    current,
    size,
  }: { tenantId: string; providerId: string; current: number; size: number },
): Promise<{ records: TProviderStaff[]; current: number; size: number; total: number }> {
  const where = and(eq(users.tenantId, tenantId), eq(users.providerId, providerId));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.account))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    records: rows.map((u) => ({
      userId: u.id,
      account: u.account,
      name: u.name,
      nameEn: u.nameEn,
      enabled: u.enabled,
      lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    })),
    current,
    size,
    total: Number(totals[0]?.n ?? 0),
  };
}
