/**
 * The payable-outstanding read (decision 0045): per approved claim line, what is payable (the
 * audit's amount plus every adjustment added since: a dispute the operator upheld, an approved
 * appeal), what confirmed payment batches paid, what batches still to be confirmed hold, and what
 * is left. A payment batch takes from what is left of lines whose invoice is uploaded.
 *
 * Later features add a payable amount to a line with `addPayableAdjustment` in their own
 * transaction (an approved appeal does); the next payment batch then picks it up.
 */

import { PAY_STATUS, PAYABLE_SOURCE, type TAdjustmentSource } from '@portal/domain/accounting/rules';
import { CLAIM_BATCH_STATUS, CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import { INVOICE_TAB } from '@portal/domain/invoices/rules';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { escapeLike, pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { claimPayableAdjustments } from './accounting.tables.ts';

export interface TPayableRow {
  lineId: string;
  claimBatchId: string;
  claimBatchNo: string;
  providerId: string;
  rowNo: number;
  memberId: string;
  memberName: string;
  memberNameEn: string;
  visitDate: string;
  itemName: string;
  coverageCode: string;
  currency: string;
  claimed: string;
  payable: string;
  paid: string;
  held: string;
  outstanding: string;
  /** The invoice slot of the line's batch and currency is uploaded. */
  invoiced: boolean;
  decidedAt: Date;
  submittedBy: string | null;
}

const APPROVED_LINE = CLAIM_LINE_STATUS.APPROVED.code;
const APPROVED_BATCH = CLAIM_BATCH_STATUS.APPROVED.code;
const UPLOADED = INVOICE_TAB.uploaded.code;
const CONFIRMED = PAY_STATUS.CONFIRMED.code;
const TO_BE_CONFIRMED = PAY_STATUS.TO_BE_CONFIRMED.code;

/**
 * The payable, paid, held and outstanding amounts of approved lines (and rejected lines an
 * approved appeal made payable, decision 0049) of approved batches of the tenant, of one
 * provider or of the given lines. Amounts are in each line's claim currency, to the cent.
 */
export async function payableLines(db: TDbOrTx, filter: TPayableFilter): Promise<TPayableRow[]> {
  return (await selectPayable(db, filter)).rows;
}

/** Which payable lines to read: the tenant's, one provider's, the given lines; the optional narrowing of a list. */
export interface TPayableFilter {
  tenantId: string;
  providerId?: string;
  lineIds?: readonly string[];
  /** Rejected lines too (an appeal about to be approved reads the line it pays, decision 0049). */
  anyLineStatus?: boolean;
  /** Lines of this claim currency only. */
  currency?: string;
  /** Lines of claim batches whose number contains this text. */
  claimBatchNo?: string;
  /**
   * Only lines with something left to pay (payable + adjustments - paid - held > 0), whose
   * invoice is uploaded ('invoiced': what a payment batch may take) or not yet ('awaiting').
   */
  open?: 'invoiced' | 'awaiting';
}

/**
 * One page of the payable lines of a filter (issue 10: the payment-batch screen pages on the
 * server), in their order, with how many lines the filter matches and, when `open` is given,
 * their outstanding amounts per claim currency (a separate aggregate over the same filter).
 */
export async function payableLinePage(
  db: TDbOrTx,
  filter: TPayableFilter,
  page: { offset: number; limit: number },
): Promise<{
  rows: TPayableRow[];
  total: number;
  outstanding: { currency: string; count: number; amount: string }[];
}> {
  const { rows, sums } = await selectPayable(db, filter, page);
  const outstanding = sums ?? [];
  return { rows, total: outstanding.reduce((n, s) => n + s.count, 0), outstanding };
}

/**
 * What is left to pay of line `l`, in SQL: the stored `claim_lines.outstanding_amount`, the same
 * sum as the keyed reads below make in code (payable + adjustments - what confirmed and
 * to-be-confirmed batches take), kept by the triggers of migration 0051 in the transaction that
 * changes any of its sources. The open lines (> 0) are read by the partial index
 * `claim_lines_open_idx` under the provider's approved batches (`claim_batches_approved_idx`):
 * deriving it per request summed every line's payments and adjustments of the provider, 0.25-0.5 s
 * a page at 50,000 open lines on PGlite (decision 0022, payable lines, amendment of 27 Nov). The
 * count and sums of a page come from `claim_open_totals` (one row per claim batch and currency).
 */
const OUTSTANDING = sql`l.outstanding_amount`;

/** The terms of the kept open-line totals (`t`) matching an open filter, as the rows' terms. */
function totalsTerms({
  tenantId,
  providerId,
  currency,
  claimBatchNo,
  open,
}: Pick<TPayableFilter, 'tenantId' | 'providerId' | 'currency' | 'claimBatchNo' | 'open'>): SQL[] {
  const terms: SQL[] = [sql`t.tenant_id = ${tenantId}`, sql`t.n > 0`, sql`b.status = ${APPROVED_BATCH}`];
  if (providerId !== undefined) terms.push(sql`b.provider_id = ${providerId}`);
  if (currency !== undefined) terms.push(sql`t.currency = ${currency}`);
  if (claimBatchNo) terms.push(sql`b.batch_no ilike ${`%${escapeLike(claimBatchNo)}%`}`);
  if (open === 'invoiced') terms.push(sql`s.status = ${UPLOADED}`);
  if (open === 'awaiting') terms.push(sql`s.status is distinct from ${UPLOADED}`);
  return terms;
}

async function selectPayable(
  db: TDbOrTx,
  { tenantId, providerId, lineIds, currency, claimBatchNo, open, anyLineStatus = false }: TPayableFilter,
  page?: { offset: number; limit: number },
): Promise<{ rows: TPayableRow[]; sums?: { currency: string; count: number; amount: string }[] }> {
  // Terms of the line (and its invoice slot `s`), and of its claim batch `b`.
  const terms: SQL[] = [sql`l.tenant_id = ${tenantId}`];
  const batchTerms: SQL[] = [sql`b.status = ${APPROVED_BATCH}`];
  // An approved line, or a rejected one an approved appeal made payable (decision 0049).
  if (!anyLineStatus)
    terms.push(
      sql`(l.status = ${APPROVED_LINE} or exists (select 1 from claim_payable_adjustments x
        where x.tenant_id = l.tenant_id and x.line_ref = l.id and x.source_type = ${PAYABLE_SOURCE.APPEAL.code}))`,
    );
  if (providerId !== undefined) batchTerms.push(sql`b.provider_id = ${providerId}`);
  if (lineIds !== undefined) terms.push(sql`l.id = any(${pgArray(lineIds)}::uuid[])`);
  if (currency !== undefined) terms.push(sql`l.currency = ${currency}`);
  if (claimBatchNo) batchTerms.push(sql`b.batch_no ilike ${`%${escapeLike(claimBatchNo)}%`}`);
  if (open === 'invoiced') terms.push(sql`s.status = ${UPLOADED}`);
  if (open === 'awaiting') terms.push(sql`s.status is distinct from ${UPLOADED}`);
  if (open !== undefined) terms.push(sql`${OUTSTANDING} > 0`);
  const kept = open !== undefined && lineIds === undefined && !anyLineStatus;
  const columns = (slotStatus: SQL) => sql`l.id::text as "lineId", l.batch_ref::text as "claimBatchId",
      b.batch_no as "claimBatchNo", b.provider_id as "providerId", l.row_no as "rowNo", l.member_id as "memberId",
      l.member_name as "memberName", l.member_name_en as "memberNameEn",
      l.visit_date::text as "visitDate", l.item_name as "itemName", l.coverage_code as "coverageCode",
      l.currency, l.amount::text as claimed, coalesce(l.payable_amount, 0)::text as payable,
      coalesce(${slotStatus} = ${UPLOADED}, false) as invoiced, b.decided_at as "decidedAt",
      b.submitted_by::text as "submittedBy"`;
  // A page of open lines, placed by the kept totals: the open lines per approved batch of the
  // filter (claim_open_totals, one row per batch and currency) in page order give how many lines
  // come before each batch, so only the batches the page overlaps are read (decision 0022, payable
  // lines, amendment "pages placed by the kept totals"). Of each, `take` lines after the first
  // `skip` by claim_lines_open_idx, from the batch's nearer end (pageWindow's rule, within the
  // batch), with only the columns the page shows (a whole claim line is wide). So the first, middle
  // and last page cost about the same: the provider's totals and at most half a batch's lines
  // before or after the page, where OFFSET read every line before it. One statement, so the
  // totals and the lines are of one snapshot: the page is the OFFSET page of the same terms and
  // order. Line ids break ties of row numbers (batch ids those of batch numbers, unique anyway).
  const end = page ? page.offset + page.limit : 0;
  const lineOf = (
    direction: SQL,
    where: SQL,
    offset: SQL,
  ) => sql`(select l.id, l.batch_ref, l.row_no, l.member_id, l.member_name, l.member_name_en, l.visit_date,
        l.item_name, l.coverage_code, l.currency, l.amount, l.payable_amount, s.status as slot_status
      from claim_lines l
      left join invoice_slots s on s.batch_ref = l.batch_ref and s.currency = l.currency
      where l.batch_ref = p.id and ${sql.join(terms, sql` and `)} and ${where}
      order by l.row_no ${direction}, l.id ${direction} limit p.take offset ${offset})`;
  const statement =
    page && kept
      ? sql`with counted as (
          select b.id, b.decided_at, b.batch_no, sum(t.n)::int as n
          from claim_open_totals t
          join claim_batches b on b.id = t.batch_ref
          left join invoice_slots s on s.batch_ref = t.batch_ref and s.currency = t.currency
          where ${sql.join(totalsTerms({ tenantId, providerId, currency, claimBatchNo, open }), sql` and `)}
          group by b.id, b.decided_at, b.batch_no
        ), placed as (
          select id, decided_at, batch_no, n,
            (sum(n) over (order by decided_at, batch_no, id rows unbounded preceding) - n)::int as before
          from counted
        ), paged as (
          select id, decided_at, batch_no, n, greatest(${page.offset}::int - before, 0) as skip,
            least(n, ${end}::int - before) - greatest(${page.offset}::int - before, 0) as take
          from placed where before < ${end}::int and before + n > ${page.offset}::int
        )
        select ${columns(sql`l.slot_status`)}
        from paged p
        join claim_batches b on b.id = p.id
        cross join lateral (${lineOf(sql`asc`, sql`p.skip * 2 + p.take <= p.n`, sql`p.skip`)}
          union all ${lineOf(sql`desc`, sql`p.skip * 2 + p.take > p.n`, sql`p.n - p.skip - p.take`)}) l
        order by p.decided_at, p.batch_no, p.id, l.row_no, l.id limit ${page.limit}`
      : sql`select ${columns(sql`s.status`)}
        from claim_lines l
        join claim_batches b on b.id = l.batch_ref
        left join invoice_slots s on s.batch_ref = l.batch_ref and s.currency = l.currency
        where ${sql.join([...terms, ...batchTerms], sql` and `)}
        order by b.decided_at, b.batch_no, b.id, l.row_no, l.id${page ? sql` limit ${page.limit} offset ${page.offset}` : sql``}`;
  // A page of no rows (the awaiting sums) reads none.
  const rows =
    page?.limit === 0
      ? []
      : await query<
          Omit<TPayableRow, 'paid' | 'held' | 'outstanding' | 'decidedAt'> & { decidedAt: Date | string }
        >(db, statement);
  // A page's count and sums. Of the open lines of a provider (the payable page, "all matching"):
  // the kept counts and sums per claim batch and currency (claim_open_totals, migration 0051),
  // under the same batch, slot and currency terms; the lines' own terms (approved or made payable
  // by an appeal, outstanding > 0) are what the trigger counts. Otherwise the same joins and
  // terms as the rows, grouped by currency.
  const sums =
    page &&
    (
      await query<{ currency: string; count: number; amount: string }>(
        db,
        kept
          ? sql`select t.currency, sum(t.n)::int as count, sum(t.amount)::text as amount
            from claim_open_totals t
            join claim_batches b on b.id = t.batch_ref
            left join invoice_slots s on s.batch_ref = t.batch_ref and s.currency = t.currency
            where ${sql.join(totalsTerms({ tenantId, providerId, currency, claimBatchNo, open }), sql` and `)}
            group by t.currency order by t.currency`
          : sql`select l.currency, count(*)::int as count, sum(${OUTSTANDING})::text as amount
            from claim_lines l
            join claim_batches b on b.id = l.batch_ref
            left join invoice_slots s on s.batch_ref = l.batch_ref and s.currency = l.currency
            where ${sql.join([...terms, ...batchTerms], sql` and `)}
            group by l.currency order by l.currency`,
      )
    ).map((r) => ({ currency: r.currency, count: r.count, amount: fromCents(toCents(r.amount)) }));
  if (rows.length === 0) return { rows: [], sums };
  // Adjustments and payments of these lines, each read by its (tenant, line) index. Separate
  // keyed reads rather than joined subqueries: joined, a plan made on stale statistics (PGlite
  // runs no autovacuum) summed every line's payments once per line.
  const ids = pgArray(rows.map((r) => r.lineId));
  const [adjustments, taken] = await Promise.all([
    query<{ lineId: string; amount: string }>(
      db,
      sql`select a.line_ref::text as "lineId", sum(a.amount)::text as amount from claim_payable_adjustments a
        where a.tenant_id = ${tenantId} and a.line_ref = any(${ids}::uuid[]) group by a.line_ref`,
    ),
    query<{ lineId: string; paid: string; held: string }>(
      db,
      sql`select i.line_ref::text as "lineId",
          coalesce(sum(i.claim_amount) filter (where p.pay_status = ${CONFIRMED}), 0)::text as paid,
          coalesce(sum(i.claim_amount) filter (where p.pay_status = ${TO_BE_CONFIRMED}), 0)::text as held
        from payment_items i join payment_batches p on p.id = i.batch_ref
        where i.tenant_id = ${tenantId} and i.line_ref = any(${ids}::uuid[])
        group by i.line_ref`,
    ),
  ]);
  const added = new Map(adjustments.map((a) => [a.lineId, toCents(a.amount)]));
  const takenOf = new Map(taken.map((t) => [t.lineId, t]));
  const lines = rows.map((r) => {
    const payable = toCents(r.payable) + (added.get(r.lineId) ?? 0n);
    const paid = toCents(takenOf.get(r.lineId)?.paid ?? '0');
    const held = toCents(takenOf.get(r.lineId)?.held ?? '0');
    return {
      ...r,
      payable: fromCents(payable),
      paid: fromCents(paid),
      held: fromCents(held),
      outstanding: fromCents(payable - paid - held),
      decidedAt: new Date(r.decidedAt),
    };
  });
  return { rows: lines, sums };
}

/** The payable amount of one line and everything paid or held of it (under the caller's lock). */
export async function payableOfLine(db: TDbOrTx, tenantId: string, lineId: string) {
  const [row] = await payableLines(db, { tenantId, lineIds: [lineId] });
  return row ?? null;
}

/**
 * Adds a payable amount to an approved claim line (an appeal: also a rejected line of an approved
 * batch, which the adjustment makes payable, decision 0049), in its claim currency, in the caller's
 * transaction: a dispute the operator upheld (source id: the payment item) or an approved appeal
 * (source id: the appeal). The line's next payment batch picks it up. An appeal may not make the
 * line's payable more than its claimed amount (40319); the same source adds once (unique index).
 */
export async function addPayableAdjustment(
  tx: TDbOrTx,
  input: {
    tenantId: string;
    lineId: string;
    amount: string;
    sourceType: TAdjustmentSource;
    sourceId: string;
    reason: string;
    account: string;
  },
) {
  const appeal = input.sourceType === PAYABLE_SOURCE.APPEAL.code;
  const [line] = await payableLines(tx, {
    tenantId: input.tenantId,
    lineIds: [input.lineId],
    anyLineStatus: appeal,
  });
  if (!line) throw new AppError('ACC_CLAIM_LINE_NOT_FOUND');
  const amount = toCents(input.amount);
  if (appeal && toCents(line.payable) + amount > toCents(line.claimed))
    throw new AppError('ACC_PAYABLE_OVER_CLAIMED', {
      params: { payable: fromCents(toCents(line.payable) + amount), claimed: line.claimed },
    });
  const [row] = await tx
    .insert(claimPayableAdjustments)
    .values({
      tenantId: input.tenantId,
      lineRef: input.lineId,
      providerId: line.providerId,
      currency: line.currency,
      amount: fromCents(amount),
      sourceType: input.sourceType,
      sourceId: input.sourceId,
      reason: input.reason,
      createdBy: input.account,
      updatedBy: input.account,
    })
    .returning();
  return row;
}
