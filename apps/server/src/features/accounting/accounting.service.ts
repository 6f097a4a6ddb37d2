/**
 * Claim accounting, the reading side (decision 0045): the payment list, one batch with its lines
 * and history (the spec's reconciliation call), what a new batch of a provider may take, the
 * filter options and the home board's figures. Provider staff see their own provider's batches
 * only; operators every batch of the tenant. The changes are in accounting.lifecycle.ts, the
 * monthly bills in accounting.bills.ts.
 */
import {
  ACC_PROVIDER_OPTIONS_MAX,
  DISPUTE_REASON,
  ITEM_STATUS,
  isoCurrency,
  PAY_STATUS,
  RECONCILE_STATUS,
  RESOLUTION,
  type TAccDashboard,
  type TAccOption,
  type TCurrencyAmount,
  type TPayable,
  type TPayBatch,
  type TPayBatchPage,
  type TPayDetail,
  type TPayItem,
  type ZPayableQuery,
  type ZPayBillListBody,
} from '@portal/domain/accounting/rules';
import { CLAIM_BATCH_STATUS, CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import { CURRENCY } from '@portal/domain/dictionaries/codes';
import { chinaDay } from '@portal/domain/format/format';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { maskMemberField } from '@portal/domain/members/rules';
import { and, asc, count, desc, eq, gt, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { escapeLike } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { chinaSecond, providerScope } from '../appointments/appointments.service.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { payableLinePage, payableLines } from './accounting.payables.ts';
import { paymentBatches, paymentFlow, paymentItems } from './accounting.tables.ts';

export type TPayBatchRow = typeof paymentBatches.$inferSelect;
type TItemRow = typeof paymentItems.$inferSelect;

/** The where clause of one batch the actor may see, by its number. */
export function oneBatchWhere(actor: TActor, payBatchNo: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(paymentBatches.tenantId, actor.tenantId),
    eq(paymentBatches.payBatchNo, payBatchNo),
    scope === null ? undefined : eq(paymentBatches.providerId, scope),
  ) as SQL;
}

const columns = {
  row: paymentBatches,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
  reconciled: sql<string>`coalesce((select sum(i.amount) from payment_items i where i.batch_ref = ${sql.raw('"payment_batches"."id"')} and i.status in ('2', '4')), 0)::numeric(16,2)::text`,
};
const withProvider = () =>
  and(eq(providers.tenantId, paymentBatches.tenantId), eq(providers.providerId, paymentBatches.providerId));

function toBatch(r: {
  row: TPayBatchRow;
  providerCnName: string;
  providerEnName: string;
  reconciled: string;
}): TPayBatch {
  const b = r.row;
  return {
    id: b.id,
    payBatchNo: b.payBatchNo,
    providerId: b.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    invoiceCurrency: b.invoiceCurrency,
    rates: b.rates,
    payStatus: b.payStatus,
    reconcileStatus: b.reconcileStatus,
    itemCount: b.itemCount,
    totalAmount: b.totalAmount,
    reconciledAmount: fromCents(toCents(r.reconciled)),
    openDisputes: b.openDisputes,
    paidDate: b.paidDate,
    bankReference: b.bankReference,
    remark: b.remark,
    builtByName: b.builtByName,
    builtByNameEn: b.builtByNameEn,
    buildTime: chinaSecond(b.builtAt),
    confirmedByName: b.confirmedByName,
    confirmedByNameEn: b.confirmedByNameEn,
    confirmTime: b.confirmedAt ? chinaSecond(b.confirmedAt) : null,
    version: b.version,
  };
}

type TListFilter = z.output<typeof ZPayBillListBody>['model'];

/** POST /claim/acc/payBill: a page of the batches the actor may see, newest first. */
export async function listPayBatches(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TListFilter },
): Promise<TPayBatchPage> {
  const scope = providerScope(actor);
  const where = and(
    eq(paymentBatches.tenantId, actor.tenantId),
    scope === null ? undefined : eq(paymentBatches.providerId, scope),
    // Provider staff see a batch once the operator has confirmed it (the payment is theirs then).
    scope === null ? undefined : eq(paymentBatches.payStatus, PAY_STATUS.CONFIRMED.code),
    filter.payBatchNo ? ilike(paymentBatches.payBatchNo, `%${escapeLike(filter.payBatchNo)}%`) : undefined,
    filter.providerId && scope === null ? eq(paymentBatches.providerId, filter.providerId) : undefined,
    filter.invoiceCurrency ? eq(paymentBatches.invoiceCurrency, filter.invoiceCurrency) : undefined,
    filter.payStatus.length > 0 ? inArray(paymentBatches.payStatus, filter.payStatus) : undefined,
    filter.reconcileStatus.length > 0
      ? and(
          eq(paymentBatches.payStatus, PAY_STATUS.CONFIRMED.code),
          inArray(paymentBatches.reconcileStatus, filter.reconcileStatus),
        )
      : undefined,
    filter.disputed ? gt(paymentBatches.openDisputes, 0) : undefined,
  ) as SQL;
  const [{ total }] = await p.db.select({ total: count() }).from(paymentBatches).where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(columns)
          .from(paymentBatches)
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(paymentBatches.builtAt), desc(paymentBatches.id))
          .limit(size)
          .offset((current - 1) * size);
  return { records: rows.map(toBatch), total, current, size };
}

/** The batch row the actor may see (provider staff: confirmed ones only), or 40460. */
export async function findBatch(db: TDbOrTx, actor: TActor, payBatchNo: string) {
  const [row] = await db
    .select(columns)
    .from(paymentBatches)
    .leftJoin(providers, withProvider())
    .where(oneBatchWhere(actor, payBatchNo));
  if (!row) throw new AppError('PAY_BATCH_NOT_FOUND');
  if (providerScope(actor) !== null && row.row.payStatus !== PAY_STATUS.CONFIRMED.code)
    throw new AppError('PAY_BATCH_NOT_FOUND');
  return row;
}

/**
 * The lines of a batch with what the claim line says of them. Three keyed reads rather than one
 * join: a join planned on stale statistics (PGlite runs no autovacuum) scanned every claim line
 * once per payment line.
 */
export async function itemsOf(db: TDbOrTx, batchId: string): Promise<TPayItem[]> {
  const items = await db.select().from(paymentItems).where(eq(paymentItems.batchRef, batchId));
  if (items.length === 0) return [];
  const lineIds = items.map((i) => i.lineRef);
  const [lines, batches, payables] = await Promise.all([
    db.select().from(claimLines).where(inArray(claimLines.id, lineIds)),
    db
      .select({ id: claimBatches.id, batchNo: claimBatches.batchNo })
      .from(claimBatches)
      .where(inArray(claimBatches.id, [...new Set(items.map((i) => i.claimBatchRef))])),
    payableLines(db, { tenantId: items[0].tenantId, lineIds }),
  ]);
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  const batchNoOf = new Map(batches.map((b) => [b.id, b.batchNo]));
  const payableOf = new Map(payables.map((l) => [l.lineId, l.payable]));
  return items
    .map((item) => {
      const line = lineOf.get(item.lineRef) as typeof claimLines.$inferSelect;
      return toItem(item, line, batchNoOf.get(item.claimBatchRef) ?? '', payableOf.get(line.id));
    })
    .sort((a, b) => a.claimBatchNo.localeCompare(b.claimBatchNo) || a.rowNo - b.rowNo);
}

function toItem(
  item: TItemRow,
  line: typeof claimLines.$inferSelect,
  claimBatchNo: string,
  payable: string | undefined,
): TPayItem {
  return {
    id: item.id,
    lineId: line.id,
    claimBatchId: item.claimBatchRef,
    claimBatchNo,
    rowNo: line.rowNo,
    memberId: line.memberId,
    memberName: maskMemberField('name', line.memberName),
    memberNameEn: maskMemberField('nameEn', line.memberNameEn),
    visitDate: line.visitDate,
    coverageCode: line.coverageCode,
    itemName: line.itemName,
    claimedAmount: line.amount,
    payableAmount: payable ?? line.payableAmount ?? '0.00',
    claimCurrency: item.claimCurrency,
    claimAmount: item.claimAmount,
    rate: item.rate,
    amount: item.amount,
    status: item.status,
    disputeReasonCode: item.disputeReasonCode,
    disputeReason: item.disputeReason,
    disputeTime: item.disputedAt ? chinaSecond(item.disputedAt) : null,
    resolution: item.resolution,
    resolutionAmount: item.resolutionAmount,
    resolutionReply: item.resolutionReply,
    resolveTime: item.resolvedAt ? chinaSecond(item.resolvedAt) : null,
    reconcileTime: item.reconciledAt ? chinaSecond(item.reconciledAt) : null,
  };
}

/** GET /claim/acc/reconciliation?payBatchNo=: the batch, its lines and its history. */
export async function payBatchDetail(
  p: TPlatform,
  { actor, payBatchNo }: { actor: TActor; payBatchNo: string },
): Promise<TPayDetail> {
  const found = await findBatch(p.db, actor, payBatchNo);
  const batch = toBatch(found);
  const items = await itemsOf(p.db, batch.id);
  const flow = await p.db
    .select()
    .from(paymentFlow)
    .where(and(eq(paymentFlow.tenantId, actor.tenantId), eq(paymentFlow.batchRef, batch.id)))
    .orderBy(asc(paymentFlow.createdAt), asc(paymentFlow.id));
  return {
    batch,
    items,
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
  };
}

/** The provider record of the tenant, or 40461. */
export async function providerOf(db: TDbOrTx, tenantId: string, providerId: string) {
  const [row] = await db
    .select({
      providerId: providers.providerId,
      cnName: providers.providerCnName,
      enName: providers.providerEnName,
      currency: providers.currency,
    })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  if (!row) throw new AppError('ACC_PROVIDER_NOT_FOUND', { params: { providerId } });
  return row;
}

/** Sums of amounts per currency, in code-table order. */
export function perCurrency(rows: readonly { currency: string; amount: string }[]): TCurrencyAmount[] {
  const sums = new Map<string, bigint>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0n) + toCents(r.amount));
  return [...sums.entries()]
    .filter(([, cents]) => cents !== 0n)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cents]) => ({ currency, amount: fromCents(cents) }));
}

/**
 * GET /claim/acc/payable?providerId=&current=&size=: a page of what a new batch of the provider
 * may take (operators), with the count and outstanding sums of everything the filter matches
 * (the screen's "all matching") and what still waits for invoices.
 */
export async function payableFor(
  p: TPlatform,
  { actor, filter }: { actor: TActor; filter: z.output<typeof ZPayableQuery> },
): Promise<TPayable> {
  const { providerId, currency, claimBatchNo, current, size } = filter;
  const provider = await providerOf(p.db, actor.tenantId, providerId);
  const base = { tenantId: actor.tenantId, providerId, currency, claimBatchNo };
  const page = await payableLinePage(
    p.db,
    { ...base, open: 'invoiced' },
    { offset: (current - 1) * size, limit: size },
  );
  const awaiting = await payableLinePage(p.db, { ...base, open: 'awaiting' }, { offset: 0, limit: 0 });
  return {
    providerId,
    providerCnName: provider.cnName,
    providerEnName: provider.enName,
    accountCurrency: isoCurrency(provider.currency),
    records: page.rows.map((l) => ({
      lineId: l.lineId,
      claimBatchId: l.claimBatchId,
      claimBatchNo: l.claimBatchNo,
      rowNo: l.rowNo,
      memberId: l.memberId,
      memberName: maskMemberField('name', l.memberName),
      memberNameEn: maskMemberField('nameEn', l.memberNameEn),
      visitDate: l.visitDate,
      itemName: l.itemName,
      currency: l.currency,
      claimedAmount: l.claimed,
      payableAmount: l.payable,
      paidAmount: l.paid,
      heldAmount: l.held,
      outstanding: l.outstanding,
      handleTime: chinaSecond(l.decidedAt),
    })),
    current,
    size,
    total: page.total,
    outstanding: page.outstanding,
    awaitingInvoice: perCurrency(awaiting.outstanding),
  };
}

const coded = (table: Record<string, { code: string; zh: string; en: string }>): TAccOption[] =>
  Object.values(table).map((e) => ({ code: e.code, label: e.zh, labelEn: e.en }));

/**
 * GET /claim/acc/getByType?type=: the options of a filter or form of the finance screens. For
 * `provider`, the providers with approved claims or payment batches (provider staff: their own):
 * those named by `codes` and `code` (the picker's values) first, then up to `limit` others whose
 * id or either name contains `keyword`, by id (issue 10: a picker searches the server). Nothing
 * is cut silently: a caller that wants to know whether more match asks one more.
 */
export async function accOptions(
  p: TPlatform,
  {
    actor,
    type,
    keyword = '',
    code,
    codes = [],
    limit = ACC_PROVIDER_OPTIONS_MAX,
  }: {
    actor: TActor;
    type: string;
    keyword?: string;
    code?: string;
    codes?: readonly string[];
    limit?: number;
  },
): Promise<TAccOption[]> {
  switch (type) {
    case 'payStatus':
      return coded(PAY_STATUS);
    case 'reconcileStatus':
      return coded(RECONCILE_STATUS);
    case 'itemStatus':
      return coded(ITEM_STATUS);
    case 'disputeReason':
      return coded(DISPUTE_REASON);
    case 'resolution':
      return coded(RESOLUTION);
    case 'currency':
      return Object.values(CURRENCY).map((c) => ({ code: c.iso, label: c.zh, labelEn: c.en }));
    default:
      return accProviderOptions(p, {
        actor,
        keyword,
        named: [...new Set([...codes, ...(code ? [code] : [])])],
        limit,
      });
  }
}

/** The provider options of getByType: `named` first (by id), then up to `limit` others matching `keyword`. */
async function accProviderOptions(
  p: TPlatform,
  { actor, keyword, named, limit }: { actor: TActor; keyword: string; named: string[]; limit: number },
): Promise<TAccOption[]> {
  const scope = providerScope(actor);
  const like = `%${escapeLike(keyword)}%`;
  const list = sql.join(
    named.map((c) => sql`${c}`),
    sql`, `,
  );
  const pick = (where: SQL, tail: SQL) =>
    query<{ providerId: string; cnName: string; enName: string }>(
      p.db,
      sql`select p.provider_id as "providerId", p.provider_cn_name as "cnName", p.provider_en_name as "enName"
        from providers p
        where p.tenant_id = ${actor.tenantId}
          ${scope === null ? sql`` : sql`and p.provider_id = ${scope}`}
          and (exists (select 1 from claim_batches b where b.tenant_id = p.tenant_id
                 and b.provider_id = p.provider_id and b.status = ${CLAIM_BATCH_STATUS.APPROVED.code})
            or exists (select 1 from payment_batches pb where pb.tenant_id = p.tenant_id
                 and pb.provider_id = p.provider_id))
          and ${where}
        order by p.provider_id ${tail}`,
    );
  const matching = keyword
    ? sql`(p.provider_id ilike ${like} or p.provider_cn_name ilike ${like} or p.provider_en_name ilike ${like})`
    : sql`true`;
  const [chosen, found] = await Promise.all([
    named.length > 0 ? pick(sql`p.provider_id in (${list})`, sql``) : [],
    pick(
      named.length > 0 ? sql`p.provider_id not in (${list}) and ${matching}` : matching,
      sql`limit ${limit}`,
    ),
  ]);
  return [...chosen, ...found].map((r) => ({
    code: r.providerId,
    label: r.cnName || r.enName,
    labelEn: r.enName || r.cnName,
  }));
}

/** GET /claim/acc/dashboard: the finance figures of the home board. */
export async function accDashboard(p: TPlatform, { actor }: { actor: TActor }): Promise<TAccDashboard> {
  const scope = providerScope(actor);
  const month = chinaDay().slice(0, 7);
  const tenantId = actor.tenantId;
  const [disputes] = await query<{ n: number }>(
    p.db,
    sql`select coalesce(sum(open_disputes), 0)::int as n from payment_batches
      where tenant_id = ${tenantId} and pay_status = ${PAY_STATUS.CONFIRMED.code}
      ${scope === null ? sql`` : sql`and provider_id = ${scope}`}`,
  );
  if (scope !== null) {
    const toReconcile = await query<{ currency: string; amount: string; batches: number }>(
      p.db,
      sql`select invoice_currency as currency, sum(total_amount)::numeric(16,2)::text as amount, count(*)::int as batches
        from payment_batches where tenant_id = ${tenantId} and provider_id = ${scope}
          and pay_status = ${PAY_STATUS.CONFIRMED.code} and reconcile_status = ${RECONCILE_STATUS.TO_BE_RECONCILED.code}
        group by invoice_currency`,
    );
    const paid = await query<{ currency: string; amount: string }>(
      p.db,
      sql`select invoice_currency as currency, sum(total_amount)::numeric(16,2)::text as amount
        from payment_batches where tenant_id = ${tenantId} and provider_id = ${scope}
          and pay_status = ${PAY_STATUS.CONFIRMED.code} and to_char(paid_date, 'YYYY-MM') = ${month}
        group by invoice_currency`,
    );
    return {
      side: 'provider',
      month,
      claimsAwaitingAudit: null,
      awaitingConfirmation: null,
      outstanding: null,
      openDisputes: disputes?.n ?? 0,
      toReconcile: {
        batches: toReconcile.reduce((n, r) => n + r.batches, 0),
        amounts: perCurrency(toReconcile),
      },
      paidThisMonth: perCurrency(paid),
    };
  }
  const [audit] = await query<{ batches: number; lines: number }>(
    p.db,
    sql`select count(distinct b.id)::int as batches, count(l.id)::int as lines
      from claim_batches b left join claim_lines l on l.batch_ref = b.id
      where b.tenant_id = ${tenantId} and b.status = ${CLAIM_BATCH_STATUS.PENDING.code}`,
  );
  const awaiting = await query<{ currency: string; amount: string; batches: number }>(
    p.db,
    sql`select invoice_currency as currency, sum(total_amount)::numeric(16,2)::text as amount, count(*)::int as batches
      from payment_batches where tenant_id = ${tenantId} and pay_status = ${PAY_STATUS.TO_BE_CONFIRMED.code}
      group by invoice_currency`,
  );
  // Approved and not yet paid (held by a batch to be confirmed or not), per claim currency.
  const outstanding = await query<{ currency: string; amount: string }>(
    p.db,
    sql`select currency, sum(amount)::numeric(16,2)::text as amount from (
        select l.currency, l.payable_amount as amount from claim_lines l
          join claim_batches b on b.id = l.batch_ref
          where l.tenant_id = ${tenantId} and l.status = ${CLAIM_LINE_STATUS.APPROVED.code}
            and b.status = ${CLAIM_BATCH_STATUS.APPROVED.code}
        union all
        select a.currency, a.amount from claim_payable_adjustments a where a.tenant_id = ${tenantId}
        union all
        select i.claim_currency, -i.claim_amount from payment_items i
          join payment_batches pb on pb.id = i.batch_ref
          where i.tenant_id = ${tenantId} and pb.pay_status = ${PAY_STATUS.CONFIRMED.code}
      ) x group by currency`,
  );
  return {
    side: 'operator',
    month,
    claimsAwaitingAudit: { batches: audit?.batches ?? 0, lines: audit?.lines ?? 0 },
    awaitingConfirmation: {
      batches: awaiting.reduce((n, r) => n + r.batches, 0),
      amounts: perCurrency(awaiting),
    },
    outstanding: perCurrency(outstanding),
    openDisputes: disputes?.n ?? 0,
    toReconcile: null,
    paidThisMonth: null,
  };
}
