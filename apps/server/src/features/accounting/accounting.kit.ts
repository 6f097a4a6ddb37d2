/**
 * Test fixtures of claim accounting: claim batches submitted by provider staff, decided by the
 * auditor with the payable amounts given, and their invoices uploaded, all through the API.
 */
import { STATEMENT_COLUMNS, statementHeader } from '@portal/domain/claims/rules';
import { chinaDay } from '@portal/domain/format/format';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { upload } from '../../test/change-tasks.ts';
import { call, type TTestApp } from '../../test/test-app.ts';
import { claimLines } from '../claims/claims.tables.ts';
import { invoiceSlots } from '../invoices/invoices.tables.ts';

export interface TKit {
  t: TTestApp;
  tokens: Record<string, string>;
}

export const as = (k: TKit, who: string, options: Parameters<typeof call>[3]) =>
  call(k.t.app, who.split('/')[0], k.tokens[who], options);
export const post = (k: TKit, who: string, url: string, payload: unknown, language: 'zh' | 'en' = 'zh') =>
  as(k, who, {
    method: 'POST',
    url: `/saasapi${url}`,
    payload: payload as Record<string, unknown>,
    headers: { language },
  });
export const get = (k: TKit, who: string, url: string, language: 'zh' | 'en' = 'zh') =>
  as(k, who, { method: 'GET', url: `/saasapi${url}`, headers: { language } });

const VISIT = chinaDay(new Date(Date.now() - 3 * 86_400_000));
let seq = 0;

export interface TLineSpec {
  amount: string;
  payable: string | null;
  currency?: string;
  memberId?: string;
  patientName?: string;
}

async function statement(lines: TLineSpec[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  sheet.addRow(STATEMENT_COLUMNS.map((c) => statementHeader(c)));
  for (const l of lines) {
    const row: Record<string, string> = {
      memberId: l.memberId ?? 'M0001001',
      patientName: l.patientName ?? '张伟',
      visitDate: VISIT,
      visitType: '01',
      coverageCode: 'OP',
      icdCode: 'J06.9',
      diagnosis: '上呼吸道感染',
      itemCode: `ACC-${process.pid}-${++seq}`,
      itemName: `检查 ${seq}`,
      quantity: '1',
      amount: l.amount,
      currency: l.currency ?? 'CNY',
      preauthNo: '',
    };
    sheet.addRow(STATEMENT_COLUMNS.map((c) => row[c[0]] ?? ''));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface TApproved {
  batchId: string;
  batchNo: string;
  /** Line ids in statement order. */
  lineIds: string[];
}

/** A claim batch of `who`'s provider, approved by `decider` line by line (null payable: rejected). */
export async function approvedClaims(
  k: TKit,
  lines: TLineSpec[],
  {
    who = 'demo/hospital',
    decider = 'demo/auditor',
    providerId,
  }: { who?: string; decider?: string; providerId?: string } = {},
): Promise<TApproved> {
  const tenant = who.split('/')[0];
  const [statementFileId] = await upload(
    k.t,
    k.tokens[who],
    [{ filename: `acc-statement-${++seq}.xlsx`, content: await statement(lines) }],
    'bucket=claim&bizType=CLAIM_STATEMENT',
    tenant,
  );
  const imageFileIds = await upload(
    k.t,
    k.tokens[who],
    [{ filename: `acc-${++seq}.pdf`, content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n') }],
    'bucket=claim&bizType=CLAIM_IMAGE',
    tenant,
  );
  const submitted = await post(k, who, '/claim/batch/submit', { statementFileId, imageFileIds, providerId });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const batch = submitted.json().data;
  const rows = await k.t.platform.db
    .select({ id: claimLines.id })
    .from(claimLines)
    .where(eq(claimLines.batchRef, batch.id))
    .orderBy(asc(claimLines.rowNo));
  const decided = await post(k, decider, '/claim/audit/decide', {
    id: batch.id,
    version: batch.version,
    lines: rows.map((r, i) =>
      lines[i].payable === null
        ? { lineId: r.id, result: 'rejected', reasonCodes: ['R04'] }
        : { lineId: r.id, result: 'approved', payableAmount: lines[i].payable },
    ),
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return { batchId: batch.id, batchNo: batch.batchNo, lineIds: rows.map((r) => r.id) };
}

let invoiceSeq = 0;
/** Uploads, as `who`, one invoice per slot of the claim batch covering its payable total. */
export async function invoiced(k: TKit, claims: TApproved, who = 'demo/hospital') {
  const slots = await k.t.platform.db
    .select()
    .from(invoiceSlots)
    .where(eq(invoiceSlots.batchRef, claims.batchId));
  for (const slot of slots) {
    const head = Buffer.from('%PDF-1.4\n%');
    const [fileId] = await upload(
      k.t,
      k.tokens[who],
      [
        {
          filename: `acc-invoice-${++invoiceSeq}.pdf`,
          content: Buffer.concat([head, Buffer.alloc(2000, 0x20)]),
        },
      ],
      'bucket=invoice&bizType=INVOICE',
      who.split('/')[0],
    );
    const res = await post(k, who, `/invoice/upload/${slot.id}`, {
      version: slot.version,
      invoices: [
        {
          fileId,
          invoiceNo: `26442${String(process.pid).padStart(7, '0').slice(-7)}${String(++invoiceSeq).padStart(8, '0')}`,
          amount: slot.payableAmount,
          currency: slot.currency,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return claims;
}

/**
 * What the triggers of migration 0051 keep, against what it is derived from (every tenant):
 * the claim lines whose stored outstanding amount differs from payable + the line's payable
 * adjustments - what payment batches to be confirmed or confirmed take of it, or whose
 * appeal flag differs from whether it has an appeal adjustment; and the (batch, currency) rows
 * of claim_open_totals that differ from the count and sum of the open lines (approved or made
 * payable by an appeal, outstanding > 0). None expected.
 */
export async function outstandingDrift(db: TDbOrTx) {
  const lines = await query<{
    lineId: string;
    stored: string;
    derived: string;
    appeal: boolean;
    appealed: boolean;
  }>(
    db,
    sql`select l.id::text as "lineId", l.outstanding_amount::text as stored, d.derived::text as derived,
        l.appeal_payable as appeal, d.appealed
      from claim_lines l
      cross join lateral (select coalesce(l.payable_amount, 0)
          + coalesce((select sum(a.amount) from claim_payable_adjustments a where a.line_ref = l.id), 0)
          - coalesce((select sum(i.claim_amount) from payment_items i
              join payment_batches p on p.id = i.batch_ref and p.pay_status in ('1', '2')
              where i.line_ref = l.id), 0) as derived,
          exists (select 1 from claim_payable_adjustments a where a.line_ref = l.id and a.source_type = 'appeal')
            as appealed) d
      where l.outstanding_amount <> d.derived or l.appeal_payable <> d.appealed
      order by l.id`,
  );
  const totals = await query<{ batchRef: string; currency: string; kept: string; derived: string }>(
    db,
    sql`select coalesce(t.batch_ref, o.batch_ref)::text as "batchRef", coalesce(t.currency, o.currency) as currency,
        coalesce(t.n, 0) || ' ' || coalesce(t.amount, 0) as kept, coalesce(o.n, 0) || ' ' || coalesce(o.amount, 0) as derived
      from (select * from claim_open_totals where n <> 0 or amount <> 0) t
      full join (select l.tenant_id, l.batch_ref, l.currency, count(*)::int as n, sum(l.outstanding_amount) as amount
          from claim_lines l
          where l.outstanding_amount > 0 and (l.status = '01' or exists (select 1 from claim_payable_adjustments a
            where a.line_ref = l.id and a.source_type = 'appeal'))
          group by 1, 2, 3) o
        on o.tenant_id = t.tenant_id and o.batch_ref = t.batch_ref and o.currency = t.currency
      where t.n is distinct from o.n or t.amount is distinct from o.amount
      order by 1, 2`,
  );
  return [...lines, ...totals];
}

/** Everything migration 0051 keeps equals what it is derived from; answers how many lines are open. */
export async function expectOutstandingKept(k: TKit) {
  const db = k.t.platform.db;
  expect(await outstandingDrift(db)).toEqual([]);
  const [{ open }] = await query<{ open: number }>(
    db,
    sql`select count(*)::int as open from claim_lines where outstanding_amount > 0`,
  );
  return open;
}
