/**
 * Claims, the reading side (decision 0040): batch list, detail with lines beside the benefit of
 * their coverage, images and flow, the claim schedule, and the menu-click log. Provider staff
 * see their own provider's batches only; operators see every batch of the tenant. The changes
 * are in claims.lifecycle.ts.
 */
import {
  CLAIM_ADMIN_OVERRIDE,
  CLAIM_IMAGE_BIZ_TYPE,
  CLAIM_STATEMENT_BIZ_TYPE,
  type TClaimAuditLine,
  type TClaimBatch,
  type TClaimBatchPage,
  type TClaimDetail,
  type TClaimLine,
  type TSchedulePage,
  type ZClaimListBody,
  type ZScheduleBody,
} from '@portal/domain/claims/rules';
import { policyYearOf, remainingBenefit } from '@portal/domain/members/benefits';
import { maskMemberField } from '@portal/domain/members/rules';
import { isPermitted } from '@portal/domain/permissions';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { chinaSecond, providerScope } from '../appointments/appointments.service.ts';
import { listFiles } from '../files/files.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { policies, policyCoverages } from '../members/members.tables.ts';
import { claimBatches, claimFlow, claimLines, claimMenuClicks } from './claims.tables.ts';

export type TBatchRow = typeof claimBatches.$inferSelect;
export type TLineRow = typeof claimLines.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether the actor holds the claim-admin flag (spec section 6). */
export const isClaimAdmin = (actor: TActor) => isPermitted(actor.permissions, CLAIM_ADMIN_OVERRIDE);

/** The where clause of one batch the actor may see. */
export function oneBatchWhere(actor: TActor, id: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(claimBatches.tenantId, actor.tenantId),
    eq(claimBatches.id, id),
    scope === null ? undefined : eq(claimBatches.providerId, scope),
  ) as SQL;
}

const columns = {
  row: claimBatches,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};
const withProvider = () =>
  and(eq(providers.tenantId, claimBatches.tenantId), eq(providers.providerId, claimBatches.providerId));

async function batchTotals(db: TDbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, TClaimBatch['totals']>();
  const rows = await db
    .select({
      batchRef: claimLines.batchRef,
      currency: claimLines.currency,
      claimed: sql<string>`sum(${claimLines.amount})::numeric(14,2)::text`,
      payable: sql<string>`coalesce(sum(${claimLines.payableAmount}), 0)::numeric(14,2)::text`,
    })
    .from(claimLines)
    .where(inArray(claimLines.batchRef, ids))
    .groupBy(claimLines.batchRef, claimLines.currency)
    .orderBy(claimLines.currency);
  const out = new Map<string, TClaimBatch['totals']>();
  for (const r of rows) {
    const list = out.get(r.batchRef) ?? [];
    list.push({ currency: r.currency, claimed: r.claimed, payable: r.payable });
    out.set(r.batchRef, list);
  }
  return out;
}

function toBatch(
  r: { row: TBatchRow; providerCnName: string; providerEnName: string },
  totals: TClaimBatch['totals'],
): TClaimBatch {
  const b = r.row;
  return {
    id: b.id,
    batchNo: b.batchNo,
    status: b.status,
    providerId: b.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    statementName: b.statementName,
    lineCount: b.lineCount,
    totals,
    remark: b.remark,
    decisionRemark: b.decisionRemark,
    submitTime: chinaSecond(b.submittedAt),
    decideTime: b.decidedAt ? chinaSecond(b.decidedAt) : null,
    version: b.version,
  };
}

type TListFilter = z.output<typeof ZClaimListBody>['model'];

/** A page of the batches the actor may see, newest submission first. */
export async function listBatches(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TListFilter },
): Promise<TClaimBatchPage> {
  const scope = providerScope(actor);
  const where = and(
    eq(claimBatches.tenantId, actor.tenantId),
    scope === null ? undefined : eq(claimBatches.providerId, scope),
    filter.status.length > 0 ? inArray(claimBatches.status, filter.status) : undefined,
    filter.batchNo ? ilike(claimBatches.batchNo, `%${escapeLike(filter.batchNo)}%`) : undefined,
    filter.providerId && scope === null ? eq(claimBatches.providerId, filter.providerId) : undefined,
  ) as SQL;
  const [{ total }] = await p.db.select({ total: count() }).from(claimBatches).where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(columns)
          .from(claimBatches)
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(claimBatches.submittedAt), desc(claimBatches.id))
          .limit(size)
          .offset((current - 1) * size);
  const totals = await batchTotals(
    p.db,
    rows.map((r) => r.row.id),
  );
  return { records: rows.map((r) => toBatch(r, totals.get(r.row.id) ?? [])), total, current, size };
}

/** One batch, or 40430 when it does not exist for this actor. */
export async function getBatch(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TClaimBatch> {
  const [row] = await p.db
    .select(columns)
    .from(claimBatches)
    .leftJoin(providers, withProvider())
    .where(oneBatchWhere(actor, id));
  if (!row) throw new AppError('CLAIM_BATCH_NOT_FOUND');
  return toBatch(row, (await batchTotals(p.db, [id])).get(id) ?? []);
}

/** Whether the actor may see the batch (the files feature's visibility rule of its statement and images). */
export async function batchVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!UUID.test(id)) return false;
  const rows = await p.db.select({ id: claimBatches.id }).from(claimBatches).where(oneBatchWhere(actor, id));
  return rows.length > 0;
}

export function toLine(l: TLineRow): TClaimLine {
  return {
    id: l.id,
    rowNo: l.rowNo,
    status: l.status,
    memberId: l.memberId,
    memberName: maskMemberField('name', l.memberName),
    memberNameEn: maskMemberField('nameEn', l.memberNameEn),
    policyNo: l.policyNo,
    coverageCode: l.coverageCode,
    currency: l.currency,
    visitDate: l.visitDate,
    visitType: l.visitType,
    icdCode: l.icdCode,
    diagnosis: l.diagnosis,
    itemCode: l.itemCode,
    itemName: l.itemName,
    quantity: l.quantity,
    amount: l.amount,
    preauthNo: l.preauthNo,
    payableAmount: l.payableAmount,
    reasonCodes: l.reasonCodes,
    decisionRemark: l.decisionRemark,
    exGratia: l.exGratia,
  };
}

export type TBenefit = NonNullable<TClaimAuditLine['benefit']>;

/** Where a line's benefit is counted: its coverage in the policy year that holds its visit. */
export const benefitKey = (line: { coverageRef: string; visitDate: string }) =>
  `${line.coverageRef}|${line.visitDate}`;

/**
 * The benefit of each line's coverage in the policy year of its visit (decision 0036 arithmetic,
 * the policy-year rule of `members.usage.ts`): limit, used, pending (reservations), remaining;
 * by `benefitKey`. Lines of one coverage and policy year share one object, so a decision can
 * spend the same remaining amount once.
 */
export async function benefitsOf(
  db: TDbOrTx,
  tenantId: string,
  lines: readonly { coverageRef: string; visitDate: string }[],
) {
  const out = new Map<string, TBenefit>();
  if (lines.length === 0) return out;
  const coverages = await db
    .select({
      id: policyCoverages.id,
      annualLimit: policyCoverages.annualLimit,
      validFrom: policies.validFrom,
      validTo: policies.validTo,
    })
    .from(policyCoverages)
    .innerJoin(policies, eq(policies.id, policyCoverages.policyRef))
    .where(
      and(
        eq(policyCoverages.tenantId, tenantId),
        inArray(policyCoverages.id, [...new Set(lines.map((l) => l.coverageRef))]),
      ),
    );
  const coverageOf = new Map(coverages.map((c) => [c.id, c]));
  const years = new Map<string, { ref: string; from: string; to: string; keys: string[] }>();
  for (const line of lines) {
    const coverage = coverageOf.get(line.coverageRef);
    if (!coverage) continue;
    const year = policyYearOf(line.visitDate, coverage.validFrom, coverage.validTo);
    const id = `${line.coverageRef}|${year.from}`;
    const entry = years.get(id) ?? { ref: line.coverageRef, from: year.from, to: year.to, keys: [] };
    entry.keys.push(benefitKey(line));
    years.set(id, entry);
  }
  const wanted = [...years.values()];
  const result = await db.execute(sql`
    select k.ref::text as ref, k.year_from::text as "from",
      coalesce(sum(u.amount) filter (where u.status = 'used'), 0)::numeric(14,2)::text as used,
      coalesce(sum(u.amount) filter (where u.status = 'pending'), 0)::numeric(14,2)::text as pending
    from unnest(${pgArray(wanted.map((w) => w.ref))}::uuid[], ${pgArray(wanted.map((w) => w.from))}::date[],
      ${pgArray(wanted.map((w) => w.to))}::date[]) as k(ref, year_from, year_to)
    left join benefit_usage u on u.tenant_id = ${tenantId} and u.coverage_ref = k.ref
      and u.visit_date between k.year_from and k.year_to
    group by k.ref, k.year_from`);
  const totals = (
    result as unknown as { rows: { ref: string; from: string; used: string; pending: string }[] }
  ).rows;
  for (const t of totals) {
    const year = years.get(`${t.ref}|${t.from}`);
    if (!year) continue;
    const annualLimit = coverageOf.get(t.ref)?.annualLimit ?? null;
    const benefit = {
      annualLimit,
      used: t.used,
      pending: t.pending,
      remaining: remainingBenefit({ annualLimit, ...t }),
    };
    for (const key of year.keys) out.set(key, benefit);
  }
  return out;
}

async function linesOf(db: TDbOrTx, tenantId: string, batchId: string) {
  return db
    .select()
    .from(claimLines)
    .where(and(eq(claimLines.tenantId, tenantId), eq(claimLines.batchRef, batchId)))
    .orderBy(asc(claimLines.rowNo));
}

const fileDto = (f: { id: string; originalName: string; size: number }) => ({
  id: f.id,
  originalName: f.originalName,
  size: f.size,
});

/** The batch with its lines beside their coverage's benefit, its statement, images and flow. */
export async function batchDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TClaimDetail> {
  const batch = await getBatch(p, { actor, id });
  const lines = await linesOf(p.db, actor.tenantId, id);
  const benefits = await benefitsOf(p.db, actor.tenantId, lines);
  const flow = await p.db
    .select()
    .from(claimFlow)
    .where(and(eq(claimFlow.tenantId, actor.tenantId), eq(claimFlow.batchRef, id)))
    .orderBy(asc(claimFlow.createdAt), asc(claimFlow.id));
  const [statement] = await listFiles(p, {
    tenantId: actor.tenantId,
    bizType: CLAIM_STATEMENT_BIZ_TYPE,
    bizId: id,
  });
  const images = await listFiles(p, { tenantId: actor.tenantId, bizType: CLAIM_IMAGE_BIZ_TYPE, bizId: id });
  return {
    batch,
    lines: lines.map((l) => ({ ...toLine(l), benefit: benefits.get(benefitKey(l)) ?? null })),
    statement: statement ? fileDto(statement) : null,
    images: images.map(fileDto),
    flow: flow.map((f) => ({
      id: f.id,
      action: f.action,
      fromStatus: f.fromStatus,
      toStatus: f.toStatus,
      operatorName: f.operatorName,
      operatorNameEn: f.operatorNameEn,
      remark: f.remark,
      createTime: chinaSecond(f.createdAt),
    })),
    claimAdmin: isClaimAdmin(actor),
  };
}

type TScheduleFilter = z.output<typeof ZScheduleBody>['model'];

/** The where clause of the claim schedule: lines of the batches the actor may see. */
export function scheduleWhere(actor: TActor, filter: TScheduleFilter): SQL {
  const scope = providerScope(actor);
  const member = filter.member ? `%${escapeLike(filter.member)}%` : null;
  return and(
    eq(claimLines.tenantId, actor.tenantId),
    scope === null ? undefined : eq(claimBatches.providerId, scope),
    filter.status.length > 0 ? inArray(claimBatches.status, filter.status) : undefined,
    filter.batchNo ? ilike(claimBatches.batchNo, `%${escapeLike(filter.batchNo)}%`) : undefined,
    member
      ? or(
          eq(claimLines.memberId, filter.member as string),
          ilike(claimLines.memberName, member),
          ilike(claimLines.memberNameEn, member),
        )
      : undefined,
    filter.visitFrom ? gte(claimLines.visitDate, filter.visitFrom) : undefined,
    filter.visitTo ? lte(claimLines.visitDate, filter.visitTo) : undefined,
  ) as SQL;
}

export const scheduleColumns = {
  line: claimLines,
  batchId: claimBatches.id,
  batchNo: claimBatches.batchNo,
  batchStatus: claimBatches.status,
  providerId: claimBatches.providerId,
  submittedAt: claimBatches.submittedAt,
};

export function toScheduleRow(r: {
  line: TLineRow;
  batchId: string;
  batchNo: string;
  batchStatus: string;
  providerId: string;
  submittedAt: Date;
}) {
  return {
    ...toLine(r.line),
    batchId: r.batchId,
    batchNo: r.batchNo,
    batchStatus: r.batchStatus,
    providerId: r.providerId,
    submitTime: chinaSecond(r.submittedAt),
  };
}

/** A page of the claim schedule: which claim is in which batch, its status and amounts. */
export async function listSchedule(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TScheduleFilter },
): Promise<TSchedulePage> {
  const where = scheduleWhere(actor, filter);
  const [{ total }] = await p.db
    .select({ total: count() })
    .from(claimLines)
    .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
    .where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(scheduleColumns)
          .from(claimLines)
          .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
          .where(where)
          .orderBy(desc(claimBatches.submittedAt), asc(claimBatches.id), asc(claimLines.rowNo))
          .limit(size)
          .offset((current - 1) * size);
  return { records: rows.map(toScheduleRow), total, current, size };
}

/** Logs a click on a claim detail or claim finance menu (spec section 7). */
export async function logMenuClick(p: TPlatform, { actor, menuPath }: { actor: TActor; menuPath: string }) {
  await p.db.insert(claimMenuClicks).values({
    tenantId: actor.tenantId,
    userId: actor.userId,
    providerId: actor.providerId ?? '',
    menuPath,
    createdBy: actor.account,
  });
}
