/**
 * Monthly bills (decision 0045), per provider and invoice currency:
 * - by handling month (accrual): the payable amounts handled in the month (a claim batch approved,
 *   an adjustment added), what confirmed payments have paid of them (oldest payable first) and
 *   what is outstanding; in the claim's currency, which is its invoice slot's (decision 0044);
 * - by paid month (cash): the lines of the batches whose payment is dated in the month, in the
 *   batch's invoice currency, and how much of it the provider has reconciled.
 * The bill lists, one bill's items, and the export of the items for the finance system.
 */
import type { Writable } from 'node:stream';
import {
  accName,
  HAND_MONTH_EXPORT_COLUMNS,
  ITEM_STATUS,
  MAX_BILL_MONTHS,
  monthsBetween,
  PAY_MONTH_EXPORT_COLUMNS,
  PAY_STATUS,
  PAYABLE_SOURCE,
  type THandMonthBill,
  type THandMonthBillPage,
  type THandMonthItems,
  type TMonthFilter,
  type TPayMonthBill,
  type TPayMonthBillPage,
  type TPayMonthItems,
} from '@portal/domain/accounting/rules';
import { CLAIM_BATCH_STATUS, CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import { chinaSecond } from '@portal/domain/format/format';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { pgArray } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  chinaDay,
  EXPORT_BATCH,
  pick,
  type TExportFile,
  type TLang,
  writeSheet,
  XLSX_TYPE,
} from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';

const CONFIRMED = PAY_STATUS.CONFIRMED.code;
const CLOSED = [ITEM_STATUS.RECONCILED.code, ITEM_STATUS.RESOLVED.code];

/** The filter with the provider scope applied: provider staff always see their own provider only. */
function scoped(actor: TActor, filter: TMonthFilter): TMonthFilter {
  const scope = providerScope(actor);
  if (filter.monthFrom && filter.monthTo) {
    if (
      filter.monthFrom > filter.monthTo ||
      monthsBetween(filter.monthFrom, filter.monthTo) > MAX_BILL_MONTHS
    )
      throw new AppError('ACC_MONTH_RANGE', { params: { max: MAX_BILL_MONTHS } });
  }
  return scope === null ? filter : { ...filter, providerId: scope };
}

const cents = (v: string | null | undefined) => fromCents(toCents(v ?? '0'));

// ---- Handling month -------------------------------------------------------------------------

/**
 * Every payable entry of the tenant's approved lines (the audit's amount, then each adjustment)
 * with the part of it confirmed payments have paid, oldest entry of a line first, and its China
 * handling month. Provider and currency narrow the lines; the month filter applies afterwards,
 * so a line's payments are allocated over all of its entries.
 */
function handEntries(tenantId: string, filter: TMonthFilter): SQL {
  const line: SQL[] = [];
  const adj: SQL[] = [];
  const paid: SQL[] = [];
  if (filter.providerId) {
    line.push(sql`and b.provider_id = ${filter.providerId}`);
    adj.push(sql`and a.provider_id = ${filter.providerId}`);
    paid.push(sql`and i.provider_id = ${filter.providerId}`);
  }
  if (filter.invoiceCurrency) {
    line.push(sql`and l.currency = ${filter.invoiceCurrency}`);
    adj.push(sql`and a.currency = ${filter.invoiceCurrency}`);
    paid.push(sql`and i.claim_currency = ${filter.invoiceCurrency}`);
  }
  return sql`
    entries as (
      select l.id as line_id, ${PAYABLE_SOURCE.CLAIM.code}::text as source, l.id::text as entry_id,
        l.payable_amount as amount, b.decided_at as handled_at, b.provider_id, l.currency, 0 as ord
      from claim_lines l join claim_batches b on b.id = l.batch_ref
      where l.tenant_id = ${tenantId} and l.status = ${CLAIM_LINE_STATUS.APPROVED.code}
        and b.status = ${CLAIM_BATCH_STATUS.APPROVED.code} ${sql.join(line, sql` `)}
      union all
      select a.line_ref, a.source_type, a.id::text, a.amount, a.created_at, a.provider_id, a.currency, 1
      from claim_payable_adjustments a where a.tenant_id = ${tenantId} ${sql.join(adj, sql` `)}
    ),
    paid as materialized (
      select i.line_ref, sum(i.claim_amount) as paid
      from payment_items i join payment_batches pb on pb.id = i.batch_ref
      where i.tenant_id = ${tenantId} and pb.pay_status = ${CONFIRMED} ${sql.join(paid, sql` `)}
      group by i.line_ref
    ),
    alloc as (
      select e.*, coalesce(p.paid, 0) as line_paid,
        coalesce(sum(e.amount) over (partition by e.line_id order by e.ord, e.handled_at, e.entry_id
          rows between unbounded preceding and 1 preceding), 0) as before
      from entries e left join paid p on p.line_ref = e.line_id
    ),
    hand as (
      select a.*, greatest(0, least(a.amount, a.line_paid - a.before)) as paid_part,
        to_char(a.handled_at at time zone 'Asia/Shanghai', 'YYYY-MM') as hand_month
      from alloc a
    )`;
}

function handMonthTerms(filter: TMonthFilter): SQL {
  const terms: SQL[] = [sql`true`];
  if (filter.monthFrom) terms.push(sql`h.hand_month >= ${filter.monthFrom}`);
  if (filter.monthTo) terms.push(sql`h.hand_month <= ${filter.monthTo}`);
  return sql.join(terms, sql` and `);
}

type TBillRow = {
  month: string;
  providerId: string;
  providerCnName: string;
  providerEnName: string;
  invoiceCurrency: string;
};

const providerNames = (tenantId: string) => sql`
  left join providers pr on pr.tenant_id = ${tenantId} and pr.provider_id = g.provider_id`;

/** POST /claim/acc/handMonth/bill: a page of handling-month bills with the sums of the whole filter. */
export async function listHandMonthBills(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TMonthFilter },
): Promise<THandMonthBillPage> {
  const f = scoped(actor, filter);
  const rows = await query<
    TBillRow & { claimCount: number; payable: string; paid: string; outstanding: string; total: number }
  >(
    p.db,
    sql`with ${handEntries(actor.tenantId, f)},
    g as (
      select h.hand_month, h.provider_id, h.currency, count(distinct h.line_id)::int as claim_count,
        sum(h.amount) as payable, sum(h.paid_part) as paid, sum(h.amount - h.paid_part) as outstanding
      from hand h where ${handMonthTerms(f)}
      group by h.hand_month, h.provider_id, h.currency
    )
    select g.hand_month as month, g.provider_id as "providerId",
      coalesce(pr.provider_cn_name, '') as "providerCnName", coalesce(pr.provider_en_name, '') as "providerEnName",
      g.currency as "invoiceCurrency", g.claim_count as "claimCount",
      g.payable::numeric(16,2)::text as payable, g.paid::numeric(16,2)::text as paid,
      g.outstanding::numeric(16,2)::text as outstanding, (count(*) over ())::int as total
    from g ${providerNames(actor.tenantId)}
    order by g.hand_month desc, g.provider_id, g.currency
    limit ${size} offset ${(current - 1) * size}`,
  );
  const sums = await query<{
    invoiceCurrency: string;
    claimCount: number;
    payable: string;
    paid: string;
    outstanding: string;
  }>(
    p.db,
    sql`with ${handEntries(actor.tenantId, f)}
    select h.currency as "invoiceCurrency", count(distinct h.line_id)::int as "claimCount",
      sum(h.amount)::numeric(16,2)::text as payable, sum(h.paid_part)::numeric(16,2)::text as paid,
      sum(h.amount - h.paid_part)::numeric(16,2)::text as outstanding
    from hand h where ${handMonthTerms(f)} group by h.currency order by h.currency`,
  );
  const total = rows[0]?.total ?? (current > 1 ? await countHandBills(p.db, actor.tenantId, f) : 0);
  return {
    records: rows.map((r) => toHandBill(r)),
    total,
    current,
    size,
    sums: sums.map((s) => ({
      ...s,
      payable: cents(s.payable),
      paid: cents(s.paid),
      outstanding: cents(s.outstanding),
    })),
  };
}

async function countHandBills(db: TDbOrTx, tenantId: string, f: TMonthFilter) {
  const [row] = await query<{ n: number }>(
    db,
    sql`with ${handEntries(tenantId, f)}
    select count(distinct (h.hand_month, h.provider_id, h.currency))::int as n from hand h where ${handMonthTerms(f)}`,
  );
  return row?.n ?? 0;
}

function toHandBill(
  r: TBillRow & { claimCount: number; payable: string; paid: string; outstanding: string },
): THandMonthBill {
  return {
    handMonth: r.month,
    providerId: r.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    invoiceCurrency: r.invoiceCurrency,
    claimCount: r.claimCount,
    payable: cents(r.payable),
    paid: cents(r.paid),
    outstanding: cents(r.outstanding),
  };
}

type THandItemRow = {
  month: string;
  providerId: string;
  invoiceCurrency: string;
  source: string;
  entryId: string;
  lineId: string;
  claimBatchNo: string;
  rowNo: number;
  memberId: string;
  visitDate: string;
  itemName: string;
  handledAt: Date | string;
  payable: string;
  paid: string;
};

/**
 * A page of the items of the handling-month bills of a filter, in bill order. The entries stay
 * narrow through the window functions and the sort (wide rows spilled the sorts to disk), and
 * nothing is joined after them (their row estimates are useless to the planner): the claim line
 * of each item is read afterwards by its id, and the provider names by `withProviderNames`.
 */
async function handItemsPage(
  db: TDbOrTx,
  tenantId: string,
  f: TMonthFilter,
  limit: number,
  offset: number,
): Promise<THandItemRow[]> {
  const entries = await query<
    Omit<THandItemRow, 'claimBatchNo' | 'rowNo' | 'memberId' | 'visitDate' | 'itemName'>
  >(
    db,
    sql`with ${handEntries(tenantId, f)}
    select h.hand_month as month, h.provider_id as "providerId", h.currency as "invoiceCurrency",
      h.source, h.entry_id as "entryId", h.line_id::text as "lineId", h.handled_at as "handledAt",
      h.amount::numeric(14,2)::text as payable, h.paid_part::numeric(14,2)::text as paid
    from hand h
    where ${handMonthTerms(f)}
    order by h.hand_month, h.provider_id, h.currency, h.handled_at, h.entry_id
    limit ${limit} offset ${offset}`,
  );
  if (entries.length === 0) return [];
  const lines = await query<{
    id: string;
    batchNo: string;
    rowNo: number;
    memberId: string;
    visitDate: string;
    itemName: string;
  }>(
    db,
    sql`select l.id::text as id, b.batch_no as "batchNo", l.row_no as "rowNo", l.member_id as "memberId",
        l.visit_date::text as "visitDate", l.item_name as "itemName"
      from claim_lines l join claim_batches b on b.id = l.batch_ref
      where l.tenant_id = ${tenantId} and l.id = any(${pgArray([...new Set(entries.map((e) => e.lineId))])}::uuid[])`,
  );
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  return entries.map((e) => {
    const l = lineOf.get(e.lineId);
    return {
      ...e,
      claimBatchNo: l?.batchNo ?? '',
      rowNo: l?.rowNo ?? 0,
      memberId: l?.memberId ?? '',
      visitDate: l?.visitDate ?? '',
      itemName: l?.itemName ?? '',
    };
  });
}

/** The provider names of the rows, read once by their ids. */
async function withProviderNames<T extends { providerId: string }>(
  db: TDbOrTx,
  tenantId: string,
  rows: T[],
): Promise<(T & { providerCnName: string; providerEnName: string })[]> {
  const ids = [...new Set(rows.map((r) => r.providerId))];
  const names =
    ids.length === 0
      ? []
      : await db
          .select({ id: providers.providerId, cn: providers.providerCnName, en: providers.providerEnName })
          .from(providers)
          .where(and(eq(providers.tenantId, tenantId), inArray(providers.providerId, ids)));
  const of = new Map(names.map((n) => [n.id, n]));
  return rows.map((r) => ({
    ...r,
    providerCnName: of.get(r.providerId)?.cn ?? '',
    providerEnName: of.get(r.providerId)?.en ?? '',
  }));
}

const toHandItem = (r: THandItemRow) => ({
  source: r.source,
  entryId: r.entryId,
  lineId: r.lineId,
  claimBatchNo: r.claimBatchNo,
  rowNo: r.rowNo,
  memberId: r.memberId,
  visitDate: r.visitDate,
  itemName: r.itemName,
  handleTime: chinaSecond(new Date(r.handledAt)),
  payable: cents(r.payable),
  paid: cents(r.paid),
  outstanding: fromCents(toCents(r.payable) - toCents(r.paid)),
});

/** GET /claim/acc/handMonthItem/bill: one handling-month bill and a page of its items. */
export async function handMonthItems(
  p: TPlatform,
  {
    actor,
    month,
    providerId,
    currency,
    current,
    size,
  }: { actor: TActor; month: string; providerId: string; currency: string; current: number; size: number },
): Promise<THandMonthItems> {
  const f = scoped(actor, { monthFrom: month, monthTo: month, providerId, invoiceCurrency: currency });
  if (f.providerId !== providerId) return { bill: null, records: [], total: 0, current, size };
  const page = await listHandMonthBills(p, { actor, current: 1, size: 10, filter: f });
  const bill = page.records[0] ?? null;
  const rows = await handItemsPage(p.db, actor.tenantId, f, size, (current - 1) * size);
  const total = bill ? await countHandItems(p.db, actor.tenantId, f) : 0;
  return { bill, records: rows.map(toHandItem), total, current, size };
}

async function countHandItems(db: TDbOrTx, tenantId: string, f: TMonthFilter) {
  const [row] = await query<{ n: number }>(
    db,
    sql`with ${handEntries(tenantId, f)} select count(*)::int as n from hand h where ${handMonthTerms(f)}`,
  );
  return row?.n ?? 0;
}

// ---- Paid month --------------------------------------------------------------------------------

function payTerms(tenantId: string, f: TMonthFilter): SQL {
  const terms: SQL[] = [
    sql`pb.tenant_id = ${tenantId}`,
    sql`pb.pay_status = ${CONFIRMED}`,
    sql`pb.paid_date is not null`,
  ];
  if (f.providerId) terms.push(sql`pb.provider_id = ${f.providerId}`);
  if (f.invoiceCurrency) terms.push(sql`pb.invoice_currency = ${f.invoiceCurrency}`);
  if (f.monthFrom) terms.push(sql`to_char(pb.paid_date, 'YYYY-MM') >= ${f.monthFrom}`);
  if (f.monthTo) terms.push(sql`to_char(pb.paid_date, 'YYYY-MM') <= ${f.monthTo}`);
  return sql.join(terms, sql` and `);
}

const payAggregates = sql`count(distinct pb.id)::int as "batchCount", count(i.id)::int as "claimCount",
  sum(i.amount)::numeric(16,2)::text as paid,
  coalesce(sum(i.amount) filter (where i.status in (${sql.join(
    CLOSED.map((c) => sql`${c}`),
    sql`, `,
  )})), 0)::numeric(16,2)::text as reconciled`;

/** POST /claim/acc/payMonth/bill: a page of paid-month bills with the sums of the whole filter. */
export async function listPayMonthBills(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TMonthFilter },
): Promise<TPayMonthBillPage> {
  const f = scoped(actor, filter);
  const rows = await query<
    TBillRow & { batchCount: number; claimCount: number; paid: string; reconciled: string; total: number }
  >(
    p.db,
    sql`with g as (
      select to_char(pb.paid_date, 'YYYY-MM') as month, pb.provider_id, pb.invoice_currency, ${payAggregates}
      from payment_batches pb join payment_items i on i.batch_ref = pb.id
      where ${payTerms(actor.tenantId, f)}
      group by 1, 2, 3
    )
    select g.month, g.provider_id as "providerId", coalesce(pr.provider_cn_name, '') as "providerCnName",
      coalesce(pr.provider_en_name, '') as "providerEnName", g.invoice_currency as "invoiceCurrency",
      g."batchCount", g."claimCount", g.paid, g.reconciled, (count(*) over ())::int as total
    from g ${providerNames(actor.tenantId)}
    order by g.month desc, g.provider_id, g.invoice_currency
    limit ${size} offset ${(current - 1) * size}`,
  );
  const sums = await query<{
    invoiceCurrency: string;
    batchCount: number;
    claimCount: number;
    paid: string;
    reconciled: string;
  }>(
    p.db,
    sql`select pb.invoice_currency as "invoiceCurrency", ${payAggregates}
      from payment_batches pb join payment_items i on i.batch_ref = pb.id
      where ${payTerms(actor.tenantId, f)} group by pb.invoice_currency order by pb.invoice_currency`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && current > 1) {
    const [row] = await query<{ n: number }>(
      p.db,
      sql`select count(distinct (to_char(pb.paid_date, 'YYYY-MM'), pb.provider_id, pb.invoice_currency))::int as n
        from payment_batches pb where ${payTerms(actor.tenantId, f)}`,
    );
    total = row?.n ?? 0;
  }
  return {
    records: rows.map(toPayBill),
    total,
    current,
    size,
    sums: sums.map((s) => ({
      ...s,
      paid: cents(s.paid),
      reconciled: cents(s.reconciled),
      toReconcile: fromCents(toCents(s.paid) - toCents(s.reconciled)),
    })),
  };
}

function toPayBill(
  r: TBillRow & { batchCount: number; claimCount: number; paid: string; reconciled: string },
): TPayMonthBill {
  return {
    paidMoth: r.month,
    providerId: r.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    invoiceCurrency: r.invoiceCurrency,
    batchCount: r.batchCount,
    claimCount: r.claimCount,
    paid: cents(r.paid),
    reconciled: cents(r.reconciled),
    toReconcile: fromCents(toCents(r.paid) - toCents(r.reconciled)),
  };
}

type TPayItemRow = {
  month: string;
  providerId: string;
  providerCnName: string;
  providerEnName: string;
  invoiceCurrency: string;
  itemId: string;
  payBatchNo: string;
  paidDate: string;
  bankReference: string;
  lineId: string;
  claimBatchNo: string;
  rowNo: number;
  memberId: string;
  visitDate: string;
  itemName: string;
  claimCurrency: string;
  claimAmount: string;
  rate: string;
  amount: string;
  status: string;
};

function payItemsSql(tenantId: string, f: TMonthFilter, extra: SQL, tail: SQL): SQL {
  return sql`select to_char(pb.paid_date, 'YYYY-MM') as month, pb.provider_id as "providerId",
      coalesce(pr.provider_cn_name, '') as "providerCnName", coalesce(pr.provider_en_name, '') as "providerEnName",
      pb.invoice_currency as "invoiceCurrency", i.id::text as "itemId", pb.pay_batch_no as "payBatchNo",
      pb.paid_date::text as "paidDate", pb.bank_reference as "bankReference", i.line_ref::text as "lineId",
      b.batch_no as "claimBatchNo", l.row_no as "rowNo", l.member_id as "memberId",
      l.visit_date::text as "visitDate", l.item_name as "itemName", i.claim_currency as "claimCurrency",
      i.claim_amount::text as "claimAmount", i.rate::text as rate, i.amount::text as amount, i.status
    from payment_batches pb
    join payment_items i on i.batch_ref = pb.id
    join claim_lines l on l.id = i.line_ref
    join claim_batches b on b.id = i.claim_batch_ref
    left join providers pr on pr.tenant_id = pb.tenant_id and pr.provider_id = pb.provider_id
    where ${payTerms(tenantId, f)} ${extra}
    order by pb.paid_date, pb.pay_batch_no, b.batch_no, l.row_no, i.id
    ${tail}`;
}

const toPayItem = (r: TPayItemRow) => ({
  itemId: r.itemId,
  payBatchNo: r.payBatchNo,
  paidDate: r.paidDate,
  bankReference: r.bankReference,
  lineId: r.lineId,
  claimBatchNo: r.claimBatchNo,
  rowNo: r.rowNo,
  memberId: r.memberId,
  visitDate: r.visitDate,
  itemName: r.itemName,
  claimCurrency: r.claimCurrency,
  claimAmount: r.claimAmount,
  rate: r.rate,
  amount: r.amount,
  status: r.status,
});

/** GET /claim/acc/payMonthItem/bill: one paid-month bill and a page of its items. */
export async function payMonthItems(
  p: TPlatform,
  {
    actor,
    month,
    providerId,
    currency,
    current,
    size,
  }: { actor: TActor; month: string; providerId: string; currency: string; current: number; size: number },
): Promise<TPayMonthItems> {
  const f = scoped(actor, { monthFrom: month, monthTo: month, providerId, invoiceCurrency: currency });
  if (f.providerId !== providerId) return { bill: null, records: [], total: 0, current, size };
  const page = await listPayMonthBills(p, { actor, current: 1, size: 10, filter: f });
  const bill = page.records[0] ?? null;
  const rows = await query<TPayItemRow>(
    p.db,
    payItemsSql(actor.tenantId, f, sql``, sql`limit ${size} offset ${(current - 1) * size}`),
  );
  return { bill, records: rows.map(toPayItem), total: bill?.claimCount ?? 0, current, size };
}

// ---- Finance export ----------------------------------------------------------------------------

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Writes a CSV file (UTF-8 with BOM, CRLF) of a header and the rows of each batch. */
async function writeCsv(out: Writable, header: string[], batches: AsyncIterable<(string | number)[][]>) {
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(text)) resolve();
      else out.once('drain', resolve).once('error', reject);
    });
  await write(`\uFEFF${header.map(csvField).join(',')}\r\n`);
  for await (const rows of batches) {
    if (out.destroyed) return;
    await write(rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join(''));
  }
  out.end();
}

/** Reads a query in pages of EXPORT_BATCH rows until a page is short. */
async function* pages<T>(read: (limit: number, offset: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await read(EXPORT_BATCH, offset);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

async function* mapped<T, U>(source: AsyncIterable<T[]>, map: (rows: T[]) => U[]): AsyncGenerator<U[]> {
  for await (const rows of source) yield map(rows);
}

const sourceName = (code: string, lang: TLang) => accName(PAYABLE_SOURCE, code, lang);
const providerName = (r: { providerCnName: string; providerEnName: string }, lang: TLang) =>
  lang === 'zh' ? r.providerCnName || r.providerEnName : r.providerEnName || r.providerCnName;

/**
 * The handling-month or paid-month items of the filter for the finance system: .xlsx (headers
 * in the request language) or .csv (the column keys as headers, plain amounts, UTF-8 with BOM).
 * The columns are HAND_MONTH_EXPORT_COLUMNS / PAY_MONTH_EXPORT_COLUMNS (decision 0045).
 */
export function monthBillExport(
  p: TPlatform,
  {
    actor,
    kind,
    filter,
    format,
    lang,
  }: { actor: TActor; kind: 'hand' | 'pay'; filter: TMonthFilter; format: 'xlsx' | 'csv'; lang: TLang },
): TExportFile {
  const f = scoped(actor, filter);
  const columns = kind === 'hand' ? HAND_MONTH_EXPORT_COLUMNS : PAY_MONTH_EXPORT_COLUMNS;
  const title =
    kind === 'hand'
      ? pick(lang, { zh: '经办月账单明细', en: 'Bills by handling month' })
      : pick(lang, { zh: '付款月账单明细', en: 'Bills by paid month' });
  const rows: AsyncIterable<(string | number)[][]> =
    kind === 'hand'
      ? mapped(
          pages(async (limit, offset) =>
            withProviderNames(
              p.db,
              actor.tenantId,
              await handItemsPage(p.db, actor.tenantId, f, limit, offset),
            ),
          ),
          (batch) =>
            batch.map((r) => {
              const item = toHandItem(r);
              return [
                r.month,
                r.providerId,
                providerName(r, lang),
                r.invoiceCurrency,
                format === 'csv' ? r.source : sourceName(r.source, lang),
                r.entryId,
                r.claimBatchNo,
                r.rowNo,
                r.lineId,
                r.memberId,
                r.visitDate,
                item.handleTime,
                item.payable,
                item.paid,
                item.outstanding,
              ];
            }),
        )
      : mapped(
          pages((limit, offset) =>
            query<TPayItemRow>(
              p.db,
              payItemsSql(actor.tenantId, f, sql``, sql`limit ${limit} offset ${offset}`),
            ),
          ),
          (batch) =>
            batch.map((r) => [
              r.month,
              r.providerId,
              providerName(r, lang),
              r.invoiceCurrency,
              r.payBatchNo,
              r.paidDate,
              r.bankReference,
              r.itemId,
              r.claimBatchNo,
              r.rowNo,
              r.lineId,
              r.memberId,
              r.visitDate,
              r.claimCurrency,
              r.claimAmount,
              r.rate,
              r.amount,
              format === 'csv' ? r.status : accName(ITEM_STATUS, r.status, lang),
            ]),
        );
  const range = [f.monthFrom, f.monthTo].filter(Boolean).join('~') || chinaDay().slice(0, 7);
  const fileName = `${title}-${range}.${format}`;
  if (format === 'csv')
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName,
      write: (out) =>
        writeCsv(
          out,
          columns.map((c) => c.key),
          rows,
        ),
    };
  return {
    contentType: XLSX_TYPE,
    fileName,
    write: (out) =>
      writeSheet(out, {
        creator: actor.account,
        frame: {
          name: title,
          title,
          subtitle: `${pick(lang, { zh: '导出时间', en: 'Exported' })} ${chinaSecond(new Date())}`,
          columns: columns.map((c) => ({ header: pick(lang, c), width: c.width })),
        },
        batches: rows,
        rows: (batch) => batch,
      }),
  };
}
