/**
 * Benefit usage for the features that consume benefits (pre-authorisations reserve, claims use;
 * decision 0036): the balance of a coverage in the policy year of a visit, and one usage row per
 * source. Usage rows carry their visit date; the policy year they count in follows from it and
 * the policy's validFrom (`policyYearOf`), so no row names its year.
 */
import { policyYearOf, remainingBenefit, type TPolicyYear } from '@portal/domain/members/benefits';
import { and, eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { benefitUsage, policies, policyCoverages } from './members.tables.ts';

export interface TBenefitBalance {
  policyYear: TPolicyYear;
  annualLimit: string | null;
  perVisitLimit: string | null;
  coPayPercent: string;
  deductible: string;
  used: string;
  pending: string;
  /** annualLimit − used − pending, never below zero; null when unlimited. */
  remaining: string | null;
}

/** A coverage's limits and what is used and reserved of it in the policy year that holds `on`; null when unknown. */
export async function benefitBalance(
  db: TDbOrTx,
  { tenantId, coverageRef, on }: { tenantId: string; coverageRef: string; on: string },
): Promise<TBenefitBalance | null> {
  const [coverage] = await db
    .select({
      validFrom: policies.validFrom,
      validTo: policies.validTo,
      annualLimit: policyCoverages.annualLimit,
      perVisitLimit: policyCoverages.perVisitLimit,
      coPayPercent: policyCoverages.coPayPercent,
      deductible: policyCoverages.deductible,
    })
    .from(policyCoverages)
    .innerJoin(policies, eq(policies.id, policyCoverages.policyRef))
    .where(and(eq(policyCoverages.tenantId, tenantId), eq(policyCoverages.id, coverageRef)));
  if (!coverage) return null;
  const policyYear = policyYearOf(on, coverage.validFrom, coverage.validTo);
  const sum = (status: 'used' | 'pending') =>
    sql<string>`coalesce(sum(${benefitUsage.amount}) filter (where ${benefitUsage.status} = ${status}), 0)::numeric(14,2)::text`;
  const [totals] = await db
    .select({ used: sum('used'), pending: sum('pending') })
    .from(benefitUsage)
    .where(
      and(
        eq(benefitUsage.tenantId, tenantId),
        eq(benefitUsage.coverageRef, coverageRef),
        sql`${benefitUsage.visitDate} between ${policyYear.from} and ${policyYear.to}`,
      ),
    );
  return {
    policyYear,
    annualLimit: coverage.annualLimit,
    perVisitLimit: coverage.perVisitLimit,
    coPayPercent: coverage.coPayPercent,
    deductible: coverage.deductible,
    used: totals.used,
    pending: totals.pending,
    remaining: remainingBenefit({ annualLimit: coverage.annualLimit, ...totals }),
  };
}

export interface TUsageRecord {
  tenantId: string;
  actor: string;
  coverageRef: string;
  /** import | preauth | claim */
  sourceType: string;
  /** The source row's id (a claim line); the same source again replaces its row. */
  sourceId: string;
  providerId: string;
  /** The visit day: it decides the policy year the amount counts in. */
  visitDate: string;
  amount: string;
  /** used (paid or payable), pending (reserved) or released. */
  status: 'used' | 'pending' | 'released';
  remark?: string;
}

/**
 * Records what a source consumes of a coverage (inside the caller's transaction): one row per
 * coverage, source type and source id, replaced when the same source records again.
 */
export async function recordBenefitUsage(db: TDbOrTx, record: TUsageRecord): Promise<void> {
  const values = {
    providerId: record.providerId,
    visitDate: record.visitDate,
    amount: record.amount,
    status: record.status,
    remark: record.remark ?? '',
    updatedBy: record.actor,
  };
  await db
    .insert(benefitUsage)
    .values({
      tenantId: record.tenantId,
      coverageRef: record.coverageRef,
      sourceType: record.sourceType,
      sourceId: record.sourceId,
      createdBy: record.actor,
      ...values,
    })
    .onConflictDoUpdate({
      target: [benefitUsage.coverageRef, benefitUsage.sourceType, benefitUsage.sourceId],
      set: { ...values, updatedAt: new Date(), version: sql`${benefitUsage.version} + 1` },
    });
}
