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
import { AppError } from '../../platform/http/app-error.ts';
import { pgArray } from '../members/members.upsert.ts';
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
 * The payable, paid, held and outstanding amounts of approved lines of the tenant, of one
 * provider or of the given lines. Amounts are in each line's claim currency, to the cent.
 */
export async function payableLines(
  db: TDbOrTx,
  { tenantId, providerId, lineIds }: { tenantId: string; providerId?: string; lineIds?: readonly string[] },
): Promise<TPayableRow[]> {
  const terms: SQL[] = [
    sql`l.tenant_id = ${tenantId}`,
    sql`l.status = ${APPROVED_LINE}`,
    sql`b.status = ${APPROVED_BATCH}`,
  ];
  if (providerId !== undefined) terms.push(sql`b.provider_id = ${providerId}`);
  if (lineIds !== undefined) terms.push(sql`l.id = any(${pgArray(lineIds)}::uuid[])`);
  const rows = await query<{
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
    invoiced: boolean;
    decidedAt: Date | string;
    submittedBy: string | null;
  }>(
    db,
    sql`
    with lines as (
      select l.id, l.batch_ref, b.batch_no, b.provider_id, l.row_no, l.member_id, l.member_name,
        l.member_name_en, l.visit_date, l.item_name, l.coverage_code, l.currency, l.amount,
        l.payable_amount, b.decided_at, b.submitted_by,
        coalesce(s.status = ${UPLOADED}, false) as invoiced
      from claim_lines l
      join claim_batches b on b.id = l.batch_ref
      left join invoice_slots s on s.batch_ref = l.batch_ref and s.currency = l.currency
      where ${sql.join(terms, sql` and `)}
    ),
    adj as (
      select a.line_ref, sum(a.amount) as amount from claim_payable_adjustments a
      where a.tenant_id = ${tenantId} and a.line_ref in (select id from lines)
      group by a.line_ref
    ),
    taken as (
      select i.line_ref,
        coalesce(sum(i.claim_amount) filter (where p.pay_status = ${CONFIRMED}), 0) as paid,
        coalesce(sum(i.claim_amount) filter (where p.pay_status = ${TO_BE_CONFIRMED}), 0) as held
      from payment_items i join payment_batches p on p.id = i.batch_ref
      where i.tenant_id = ${tenantId} and i.line_ref in (select id from lines)
      group by i.line_ref
    )
    select l.id::text as "lineId", l.batch_ref::text as "claimBatchId", l.batch_no as "claimBatchNo",
      l.provider_id as "providerId", l.row_no as "rowNo", l.member_id as "memberId",
      l.member_name as "memberName", l.member_name_en as "memberNameEn",
      l.visit_date::text as "visitDate", l.item_name as "itemName", l.coverage_code as "coverageCode",
      l.currency, l.amount::text as claimed,
      (coalesce(l.payable_amount, 0) + coalesce(adj.amount, 0))::numeric(14,2)::text as payable,
      coalesce(t.paid, 0)::numeric(14,2)::text as paid,
      coalesce(t.held, 0)::numeric(14,2)::text as held,
      l.invoiced, l.decided_at as "decidedAt", l.submitted_by::text as "submittedBy"
    from lines l
    left join adj on adj.line_ref = l.id
    left join taken t on t.line_ref = l.id
    order by l.decided_at, l.batch_no, l.row_no`,
  );
  return rows.map((r) => ({
    ...r,
    outstanding: fromCents(toCents(r.payable) - toCents(r.paid) - toCents(r.held)),
    decidedAt: new Date(r.decidedAt),
  }));
}

/** The payable amount of one line and everything paid or held of it (under the caller's lock). */
export async function payableOfLine(db: TDbOrTx, tenantId: string, lineId: string) {
  const [row] = await payableLines(db, { tenantId, lineIds: [lineId] });
  return row ?? null;
}

/**
 * Adds a payable amount to an approved claim line, in its claim currency, in the caller's
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
  const line = await payableOfLine(tx, input.tenantId, input.lineId);
  if (!line) throw new AppError('ACC_CLAIM_LINE_NOT_FOUND');
  const amount = toCents(input.amount);
  if (
    input.sourceType === PAYABLE_SOURCE.APPEAL.code &&
    toCents(line.payable) + amount > toCents(line.claimed)
  )
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
