// The payable page placed by the kept open-line totals (decision 0022, payable lines, amendment
// "pages placed by the kept totals"): every page of every filter is exactly the page OFFSET reads
// in the same order, with ties in the decision time and in the row number, a batch decided at no
// recorded time, a claim batch whose two currencies are not both invoiced, and after lines are paid,
// freed, approved or changed between two page requests.
import { CLAIM_BATCH_STATUS, CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import { INVOICE_TAB } from '@portal/domain/invoices/rules';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db/raw-query.ts';
import { createTestApp, login } from '../../test/test-app.ts';
import {
  approvedClaims,
  expectOutstandingKept,
  get,
  invoiced,
  post,
  type TApproved,
  type TKit,
} from './accounting.kit.ts';

const k: TKit = { t: undefined as unknown as TKit['t'], tokens: {} };
let tenantId = '';

beforeAll(async () => {
  k.t = await createTestApp();
  for (const who of ['demo/auditor', 'demo/hospital']) {
    const [tenant, account] = who.split('/');
    k.tokens[who] = (await login(k.t.app, tenant, account)).token;
  }
  [{ tenantId }] = await query<{ tenantId: string }>(
    k.t.platform.db,
    sql`select id::text as "tenantId" from tenants where code = 'demo'`,
  );
});
afterAll(async () => {
  await k.t?.close();
});
afterEach(async () => {
  if (k.t) await expectOutstandingKept(k);
});

type TFilter = { currency?: string; claimBatchNo?: string };

/** The page the route answers: its line ids, and its total. */
async function routePage(current: number, size: number, filter: TFilter = {}) {
  const params = new URLSearchParams({ providerId: 'P10001', current: String(current), size: String(size) });
  if (filter.currency) params.set('currency', filter.currency);
  if (filter.claimBatchNo) params.set('claimBatchNo', filter.claimBatchNo);
  const res = await get(k, 'demo/auditor', `/claim/acc/payable?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { records: { lineId: string }[]; total: number };
  return { ids: data.records.map((r) => r.lineId), total: data.total };
}

/**
 * The same page read the way it was before, written out here from the definition of an open,
 * invoiced line: the whole filter, ordered, and `LIMIT size OFFSET (current - 1) * size`.
 */
async function offsetPage(current: number, size: number, filter: TFilter = {}) {
  const terms: SQL[] = [
    sql`l.tenant_id = ${tenantId}`,
    sql`b.status = ${CLAIM_BATCH_STATUS.APPROVED.code}`,
    sql`b.provider_id = 'P10001'`,
    sql`(l.status = ${CLAIM_LINE_STATUS.APPROVED.code} or exists (select 1 from claim_payable_adjustments x
      where x.line_ref = l.id and x.source_type = 'appeal'))`,
    sql`l.outstanding_amount > 0`,
    sql`s.status = ${INVOICE_TAB.uploaded.code}`,
  ];
  if (filter.currency) terms.push(sql`l.currency = ${filter.currency}`);
  if (filter.claimBatchNo) terms.push(sql`b.batch_no ilike ${`%${filter.claimBatchNo}%`}`);
  const where = sql.join(terms, sql` and `);
  const from = sql`claim_lines l join claim_batches b on b.id = l.batch_ref
    left join invoice_slots s on s.batch_ref = l.batch_ref and s.currency = l.currency`;
  const rows = await query<{ id: string }>(
    k.t.platform.db,
    sql`select l.id::text as id from ${from} where ${where}
      order by b.decided_at, b.batch_no, l.row_no, l.id limit ${size} offset ${(current - 1) * size}`,
  );
  const [{ n }] = await query<{ n: number }>(
    k.t.platform.db,
    sql`select count(*)::int as n from ${from} where ${where}`,
  );
  return { ids: rows.map((r) => r.id), total: n };
}

/** Every page of the filter (and the one past the end) against the offset read; answers the pages. */
async function expectEveryPage(size: number, filter: TFilter = {}) {
  const pages: string[][] = [];
  const { total } = await offsetPage(1, size, filter);
  const last = Math.ceil(total / size);
  for (let current = 1; current <= last + 1; current++) {
    const [got, want] = [await routePage(current, size, filter), await offsetPage(current, size, filter)];
    expect(got, `page ${current} of ${size} ${JSON.stringify(filter)}`).toEqual(want);
    pages.push(got.ids);
  }
  expect(pages.flat()).toHaveLength(total);
  expect(new Set(pages.flat()).size).toBe(total);
  expect(pages[last]).toEqual([]);
  return pages;
}

const lines = (n: number, currency = 'CNY', from = 10) =>
  Array.from({ length: n }, (_, i) => ({ amount: `${from + i}.00`, payable: `${from + i}.00`, currency }));

const batches: Record<string, TApproved> = {};

describe('the payable page placed by the kept open-line totals', () => {
  beforeAll(async () => {
    // Seven invoiced batches of 1 to 25 open lines (one line rejected, two currencies in one
    // batch, one batch in HKD only), and one batch waiting for its invoice.
    batches.a = await invoiced(k, await approvedClaims(k, lines(7)));
    batches.b = await invoiced(
      k,
      await approvedClaims(k, [...lines(2), { amount: '9.00', payable: null }, ...lines(3, 'HKD', 50)]),
    );
    batches.c = await invoiced(k, await approvedClaims(k, lines(9, 'CNY', 20)));
    batches.d = await invoiced(k, await approvedClaims(k, lines(1)));
    batches.e = await invoiced(k, await approvedClaims(k, lines(4, 'HKD')));
    batches.f = await invoiced(k, await approvedClaims(k, lines(5, 'CNY', 30)));
    // A longer batch: pages that start past its middle are read from its end.
    batches.h = await invoiced(k, await approvedClaims(k, lines(25, 'CNY', 40)));
    batches.waiting = await approvedClaims(k, lines(3));
    const db = k.t.platform.db;
    // Ties: a, c and e decided at one instant (their batch numbers order them), f at no recorded
    // time (last); two lines of c share a row number (their ids order them).
    await db.execute(sql`update claim_batches set decided_at = '2026-01-02T03:04:05Z'
      where id in (${batches.a.batchId}, ${batches.c.batchId}, ${batches.e.batchId})`);
    await db.execute(sql`update claim_batches set decided_at = null where id = ${batches.f.batchId}`);
    await db.execute(sql`update claim_lines set row_no = (select row_no from claim_lines where id = ${batches.c.lineIds[1]})
      where id = ${batches.c.lineIds[2]}`);
    // b's HKD invoice is not uploaded after all: its CNY lines are offered, its HKD lines wait.
    await db.execute(sql`update invoice_slots set status = ${INVOICE_TAB.to_be_upload.code}
      where batch_ref = ${batches.b.batchId} and currency = 'HKD'`);
  });

  it('answers every page of every filter exactly as the offset read, ties and null decision times included', async () => {
    const first = await expectEveryPage(10);
    expect(first.flat()).toHaveLength(7 + 2 + 9 + 1 + 4 + 5 + 25);
    // f (decided at no recorded time) comes last; c's two lines of one row number in id order.
    expect(first.flat().slice(-5)).toEqual(batches.f.lineIds);
    const tied = [batches.c.lineIds[1], batches.c.lineIds[2]].sort();
    const flat = first.flat();
    expect(flat.indexOf(tied[0])).toBe(flat.indexOf(batches.c.lineIds[0]) + 1);
    expect(flat.indexOf(tied[1])).toBe(flat.indexOf(tied[0]) + 1);
    expect(flat).not.toContain(batches.b.lineIds[2]);
    expect(flat).not.toContain(batches.b.lineIds[3]);
    for (const size of [20, 50]) await expectEveryPage(size);
    await expectEveryPage(10, { currency: 'HKD' });
    await expectEveryPage(10, { currency: 'CNY' });
    await expectEveryPage(10, { claimBatchNo: batches.c.batchNo.slice(-4) });
    expect((await routePage(1, 10, { claimBatchNo: 'NO-SUCH' })).ids).toEqual([]);
  });

  it('answers the offset page after lines were paid, freed, approved and changed between two requests', async () => {
    const before = await routePage(2, 10);
    expect(before).toEqual(await offsetPage(2, 10));
    // Pay all of a's first three lines and part of c's first: the first leave the list, the
    // second stays with less outstanding; page 2 now starts three lines later.
    const save = await post(k, 'demo/auditor', '/claim/acc/payBill/save', {
      providerId: 'P10001',
      invoiceCurrency: 'CNY',
      items: [
        ...batches.a.lineIds.slice(0, 3).map((lineId, i) => ({ lineId, amount: `${10 + i}.00` })),
        { lineId: batches.c.lineIds[0], amount: '5.00' },
      ],
    });
    expect(save.statusCode, save.body).toBe(200);
    const paid = await routePage(2, 10);
    expect(paid).toEqual(await offsetPage(2, 10));
    expect(paid.total).toBe(before.total - 3);
    expect(paid.ids).not.toEqual(before.ids);
    expect(paid.ids.slice(0, 7)).toEqual(before.ids.slice(3));
    await expectEveryPage(10);

    // A new batch decided now (after a, c and e, before f), a line's payable amount set to
    // nothing left (a write no route makes) and the payment batch cancelled: its lines are open again.
    batches.g = await invoiced(k, await approvedClaims(k, lines(4, 'CNY', 60)));
    await k.t.platform.db.execute(
      sql`update claim_lines set payable_amount = 0 where id = ${batches.d.lineIds[0]}`,
    );
    const d = save.json().data as { batch: { payBatchNo: string; version: number } };
    const cancel = await post(k, 'demo/auditor', '/claim/acc/payBill/cancel', {
      payBatchNo: d.batch.payBatchNo,
      version: d.batch.version,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const pages = await expectEveryPage(10);
    expect(pages.flat()).toHaveLength(before.total - 1 + 4);
    expect(pages.flat()).not.toContain(batches.d.lineIds[0]);
    expect(pages.flat().slice(-9)).toEqual([...batches.g.lineIds, ...batches.f.lineIds]);
    await expectEveryPage(20, { currency: 'CNY' });
  });
});
