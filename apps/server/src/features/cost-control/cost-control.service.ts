/**
 * Cost management, the reading side (decision 0047): list, detail with its rounds, the providers
 * an operator may propose to, and the suggested deduction of a claim batch's lines under the
 * provider's accepted measures. Provider staff see their own provider's measures only. The
 * changes are in cost-control.lifecycle.ts.
 */
import {
  COST_CONTROL_STATUS,
  costDeduction,
  type TCostDetail,
  type TCostMeasure,
  type TCostPage,
  type TCostProvider,
  type TCostSuggestions,
  type ZCostListBody,
} from '@portal/domain/cost-control/rules';
import { chinaSecond } from '@portal/domain/format/format';
import { effectiveFunctions } from '@portal/domain/provider-accounts/codes';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { providerMatching } from '../hospital-tasks/providers.match.ts';
import { providerAccessColumns } from '../provider-accounts/provider-accounts.access.ts';
import { costControlFlow, costControlMeasures } from './cost-control.tables.ts';

export type TMeasureRow = typeof costControlMeasures.$inferSelect;
type TFilter = z.output<typeof ZCostListBody>['model'];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The where clause of one measure the actor may see. */
export function oneMeasureWhere(actor: TActor, id: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(costControlMeasures.tenantId, actor.tenantId),
    eq(costControlMeasures.id, id),
    scope === null ? undefined : eq(costControlMeasures.providerId, scope),
  ) as SQL;
}

function listWhere(actor: TActor, filter: TFilter): SQL {
  const scope = providerScope(actor);
  const terms: (SQL | undefined)[] = [eq(costControlMeasures.tenantId, actor.tenantId)];
  if (scope !== null) terms.push(eq(costControlMeasures.providerId, scope));
  else if (filter.provider) {
    const like = `%${escapeLike(filter.provider)}%`;
    terms.push(
      or(
        ilike(costControlMeasures.providerId, like),
        ilike(providers.providerCnName, like),
        ilike(providers.providerEnName, like),
      ),
    );
  }
  if (filter.status.length > 0) terms.push(inArray(costControlMeasures.status, filter.status));
  if (filter.measureNo) terms.push(ilike(costControlMeasures.measureNo, `%${escapeLike(filter.measureNo)}%`));
  return and(...terms) as SQL;
}

const columns = {
  row: costControlMeasures,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};
const withProvider = () =>
  and(
    eq(providers.tenantId, costControlMeasures.tenantId),
    eq(providers.providerId, costControlMeasures.providerId),
  );

function toDto(r: { row: TMeasureRow; providerCnName: string; providerEnName: string }): TCostMeasure {
  const m = r.row;
  return {
    id: m.id,
    measureNo: m.measureNo,
    status: m.status,
    providerId: m.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    proportion: m.proportion,
    basis: m.basis,
    validFrom: m.validFrom,
    validTo: m.validTo,
    round: m.round,
    reason: m.reason,
    autoConfirmed: m.autoConfirmed,
    proposeTime: chinaSecond(m.proposedAt),
    answerTime: m.answeredAt ? chinaSecond(m.answeredAt) : null,
    createTime: chinaSecond(m.createdAt),
    version: m.version,
  };
}

/** A page of the measures the actor may see, newest first. */
export async function listMeasures(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TFilter },
): Promise<TCostPage> {
  const where = listWhere(actor, filter);
  const [{ total }] = await p.db
    .select({ total: count() })
    .from(costControlMeasures)
    .leftJoin(providers, withProvider())
    .where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(columns)
          .from(costControlMeasures)
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(costControlMeasures.createdAt), desc(costControlMeasures.id))
          .limit(size)
          .offset((current - 1) * size);
  return { records: rows.map(toDto), total, current, size };
}

/** One measure, or 40490 when it does not exist for this actor. */
export async function getMeasure(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TCostMeasure> {
  const [row] = await p.db
    .select(columns)
    .from(costControlMeasures)
    .leftJoin(providers, withProvider())
    .where(oneMeasureWhere(actor, id));
  if (!row) throw new AppError('COST_MEASURE_NOT_FOUND');
  return toDto(row);
}

/** The measure with its flow, oldest first: every round's terms and every answer. */
export async function measureDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TCostDetail> {
  const measure = await getMeasure(p, { actor, id });
  const flow = await p.db
    .select()
    .from(costControlFlow)
    .where(and(eq(costControlFlow.tenantId, actor.tenantId), eq(costControlFlow.measureRef, id)))
    .orderBy(asc(costControlFlow.createdAt), asc(costControlFlow.id));
  return {
    measure,
    flow: flow.map((f) => ({
      id: f.id,
      action: f.action,
      fromStatus: f.fromStatus,
      toStatus: f.toStatus,
      operatorName: f.operatorName,
      operatorNameEn: f.operatorNameEn,
      remark: f.remark,
      createTime: chinaSecond(f.createdAt),
      proportion: f.proportion,
      validFrom: f.validFrom,
      validTo: f.validTo,
    })),
  };
}

/** A provider's account as the proposal needs it; null when the tenant has no such provider. */
export async function providerAccount(db: TDbOrTx, tenantId: string, providerId: string) {
  const [row] = await db
    .select({
      ...providerAccessColumns,
      providerId: providers.providerId,
      providerCnName: providers.providerCnName,
      providerEnName: providers.providerEnName,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  return row ?? null;
}

const toProvider = (row: NonNullable<Awaited<ReturnType<typeof providerAccount>>>): TCostProvider => {
  const medicalExpense = effectiveFunctions(row).includes('medicalExpense');
  return {
    providerId: row.providerId,
    providerCnName: row.providerCnName ?? '',
    providerEnName: row.providerEnName ?? '',
    medicalExpense,
    autoConfirm: medicalExpense && row.medicalExpenseAutoConfirm,
  };
};

/** Providers whose id or name (either language) contains the keyword, at most 20, with their medical expense settings. */
export async function providerOptions(
  p: TPlatform,
  { actor, keyword }: { actor: TActor; keyword: string },
): Promise<TCostProvider[]> {
  const rows = await p.db
    .select({
      ...providerAccessColumns,
      providerId: providers.providerId,
      providerCnName: providers.providerCnName,
      providerEnName: providers.providerEnName,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, actor.tenantId), providerMatching(keyword)))
    .orderBy(asc(providers.providerId))
    .limit(20);
  return rows.map(toProvider);
}

/** The accepted measures of a provider whose period shares a day with [from, to], earliest first. */
export async function acceptedMeasures(
  db: TDbOrTx,
  { tenantId, providerId, from, to }: { tenantId: string; providerId: string; from: string; to: string },
) {
  return db
    .select()
    .from(costControlMeasures)
    .where(
      and(
        eq(costControlMeasures.tenantId, tenantId),
        eq(costControlMeasures.providerId, providerId),
        eq(costControlMeasures.status, COST_CONTROL_STATUS.ACCEPTED.code),
        lte(costControlMeasures.validFrom, to),
        gte(costControlMeasures.validTo, from),
      ),
    )
    .orderBy(asc(costControlMeasures.validFrom));
}

/**
 * The suggested deduction of each line of a claim batch: the accepted measure of the batch's
 * provider whose period holds the line's visit, its proportion of the claimed amount (rounded
 * half up to the cent) and what remains payable. Lines no measure covers are left out. Nothing
 * is written: the auditor decides whether to apply it (decision 0047).
 */
export async function batchSuggestions(
  p: TPlatform,
  { actor, batchId }: { actor: TActor; batchId: string },
): Promise<TCostSuggestions> {
  const [batch] = await p.db
    .select({ id: claimBatches.id, providerId: claimBatches.providerId })
    .from(claimBatches)
    .where(and(eq(claimBatches.tenantId, actor.tenantId), eq(claimBatches.id, batchId)));
  if (!batch) throw new AppError('CLAIM_BATCH_NOT_FOUND');
  const lines = await p.db
    .select({ id: claimLines.id, visitDate: claimLines.visitDate, amount: claimLines.amount })
    .from(claimLines)
    .where(and(eq(claimLines.tenantId, actor.tenantId), eq(claimLines.batchRef, batch.id)))
    .orderBy(asc(claimLines.rowNo));
  if (lines.length === 0) return { batchId, lines: [] };
  const visits = lines.map((l) => l.visitDate).sort();
  const measures = await acceptedMeasures(p.db, {
    tenantId: actor.tenantId,
    providerId: batch.providerId,
    from: visits[0],
    to: visits[visits.length - 1],
  });
  return {
    batchId,
    lines: lines.flatMap((l) => {
      const m = measures.find((x) => x.validFrom <= l.visitDate && l.visitDate <= x.validTo);
      if (!m) return [];
      const { deduction, payable } = costDeduction(l.amount, m.proportion);
      return [
        {
          lineId: l.id,
          measureId: m.id,
          measureNo: m.measureNo,
          proportion: m.proportion,
          deduction,
          suggestedPayable: payable,
        },
      ];
    }),
  };
}
