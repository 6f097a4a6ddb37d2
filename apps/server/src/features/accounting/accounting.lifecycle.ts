/**
 * The life of a payment batch (decision 0045): the operator builds it from what is left to pay of
 * approved claims whose invoices are uploaded, cancels it or confirms the payment; the provider
 * reconciles its lines or disputes one, and the operator resolves the dispute (the difference it
 * upholds becomes payable again, for the next batch). Every step is one transaction holding the
 * batch row, conditional on the version read (40901), with one flow row and one operation-log row.
 */
import {
  accName,
  batchAmounts,
  canItem,
  canPayBatch,
  convertCents,
  formatRate,
  ITEM_STATUS,
  PAY_BATCH_MAX_ITEMS,
  PAY_STATUS,
  PAYABLE_SOURCE,
  PAYMENT_ACTION,
  PAYMENT_TASK_TYPE,
  RECONCILE_STATUS,
  RESOLUTION,
  reconcileOutcome,
  type TPayBatchAction,
  type TPaymentAction,
  type ZDispute,
  type ZPayBillConfirm,
  type ZPayBillSave,
  type ZReconcile,
  type ZResolve,
} from '@portal/domain/accounting/rules';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { chinaDay } from '@portal/domain/format/format';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { assertWorkflowAuditor } from '../workflow/workflow.service.ts';
import { addPayableAdjustment, payableLinePage, payableLines } from './accounting.payables.ts';
import { oneBatchWhere, payBatchDetail, providerOf, type TPayBatchRow } from './accounting.service.ts';
import { paymentBatches, paymentFlow, paymentItems } from './accounting.tables.ts';

type TItemRow = typeof paymentItems.$inferSelect;
type TContext = { actor: TActor; requestId?: string };

const VERBS: Record<TPayBatchAction, { zh: string; en: string }> = {
  cancel: { zh: '作废', en: 'cancelled' },
  confirm: { zh: '确认付款', en: 'confirmed' },
  reconcile: { zh: '对账', en: 'reconciled' },
  dispute: { zh: '提出争议', en: 'disputed' },
  resolve: { zh: '处理争议', en: 'resolved' },
};

function batchStatusName(row: TPayBatchRow, lang: 'zh' | 'en') {
  if (row.payStatus !== PAY_STATUS.CONFIRMED.code) return accName(PAY_STATUS, row.payStatus, lang);
  return `${accName(PAY_STATUS, row.payStatus, lang)}${lang === 'zh' ? '，' : ', '}${accName(RECONCILE_STATUS, row.reconcileStatus, lang)}`;
}

function statusNotAllowed(row: TPayBatchRow, action: TPayBatchAction): AppError {
  const entry = ERRORS.PAY_STATUS_NOT_ALLOWED;
  const params = (lang: 'zh' | 'en') => ({
    payBatchNo: row.payBatchNo,
    status: batchStatusName(row, lang),
    action: VERBS[action][lang],
  });
  return new AppError('PAY_STATUS_NOT_ALLOWED', {
    zh: formatMessage(entry.zh, params('zh')),
    en: formatMessage(entry.en, params('en')),
  });
}

async function itemNotAllowed(tx: TDbOrTx, item: TItemRow, action: TPayBatchAction): Promise<AppError> {
  const [line] = await tx
    .select({ rowNo: claimLines.rowNo, batchNo: claimBatches.batchNo })
    .from(claimLines)
    .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
    .where(eq(claimLines.id, item.lineRef));
  const entry = ERRORS.PAY_ITEM_STATUS;
  const params = (lang: 'zh' | 'en') => ({
    batchNo: line?.batchNo ?? '',
    row: line?.rowNo ?? 0,
    status: accName(ITEM_STATUS, item.status, lang),
    action: VERBS[action][lang],
  });
  return new AppError('PAY_ITEM_STATUS', {
    zh: formatMessage(entry.zh, params('zh')),
    en: formatMessage(entry.en, params('en')),
  });
}

/** The batch under a lock: 40460 when hidden, 40901 when changed since read, 40970 when the status forbids the action. */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { payBatchNo, version, action }: { payBatchNo: string; version: number; action: TPayBatchAction },
): Promise<TPayBatchRow> {
  const [row] = await tx.select().from(paymentBatches).where(oneBatchWhere(actor, payBatchNo)).for('update');
  // Provider staff never see a batch before it is confirmed.
  if (!row || (providerScope(actor) !== null && row.payStatus !== PAY_STATUS.CONFIRMED.code))
    throw new AppError('PAY_BATCH_NOT_FOUND');
  if (row.version !== version) throw new AppError('BATCH_STATUS_CHANGED');
  if (!canPayBatch(action, row.payStatus, row.reconcileStatus)) throw statusNotAllowed(row, action);
  return row;
}

const snapshot = (row: TPayBatchRow) => ({
  payBatchNo: row.payBatchNo,
  providerId: row.providerId,
  invoiceCurrency: row.invoiceCurrency,
  payStatus: row.payStatus,
  reconcileStatus: row.reconcileStatus,
  totalAmount: row.totalAmount,
  openDisputes: row.openDisputes,
  paidDate: row.paidDate,
  bankReference: row.bankReference,
  version: row.version,
});

/** The flow row and the operation-log row of one step, in the step's transaction. */
async function record(
  tx: TDbOrTx,
  { actor, requestId }: TContext,
  step: {
    action: TPaymentAction;
    before: TPayBatchRow | null;
    after: TPayBatchRow;
    from: string;
    to: string;
    itemRef?: string | null;
    remark?: string;
    detail?: Record<string, unknown>;
  },
) {
  await tx.insert(paymentFlow).values({
    tenantId: actor.tenantId,
    batchRef: step.after.id,
    action: step.action,
    itemRef: step.itemRef ?? null,
    fromStatus: step.from,
    toStatus: step.to,
    operatorId: actor.userId,
    operatorName: actor.name,
    operatorNameEn: actor.nameEn || actor.name,
    remark: step.remark ?? '',
    createdBy: actor.account,
  });
  await writeOperationLog(tx, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    account: actor.account,
    action: `payment-${step.action}`,
    targetTable: 'payment_batches',
    targetId: step.after.id,
    before: step.before ? { ...snapshot(step.before), ...(step.detail ? { step: step.detail } : {}) } : null,
    after: { ...snapshot(step.after), ...(step.detail ? { step: step.detail } : {}) },
    requestId,
  });
}

/** Operators only: provider staff are refused (403) whatever their grants. */
function assertOperator(actor: TActor) {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
}
function assertProviderStaff(actor: TActor) {
  if (!isProviderStaff(actor) || !actor.providerId) throw new AppError('NO_PERMISSION');
}

type TSave = z.output<typeof ZPayBillSave>;

/**
 * Builds a payment batch (to be confirmed) for one provider and invoice currency from what is
 * left to pay of its approved, invoiced claim lines: each line at most its outstanding amount
 * (partial payments leave the rest for a later batch), converted at the batch's rate of its
 * currency, half up to the cent line by line. Builds of one provider run one at a time.
 */
export async function buildPayBatch(p: TPlatform, { actor, requestId, input }: TContext & { input: TSave }) {
  assertOperator(actor);
  await providerOf(p.db, actor.tenantId, input.providerId);
  const payBatchNo = await p.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`payments:${actor.tenantId}:${input.providerId}`}))`,
    );
    const items = input.matching ? await matchingItems(tx, actor.tenantId, input) : input.items;
    const lines = new Map(
      (
        await payableLines(tx, {
          tenantId: actor.tenantId,
          providerId: input.providerId,
          lineIds: items.map((i) => i.lineId),
        })
      ).map((l) => [l.lineId, l]),
    );
    for (const item of items) {
      const line = lines.get(item.lineId);
      if (!line?.invoiced) throw new AppError('ACC_LINE_NOT_PAYABLE');
      if (toCents(item.amount) > toCents(line.outstanding))
        throw new AppError('ACC_AMOUNT_OVER_OUTSTANDING', {
          params: {
            batchNo: line.claimBatchNo,
            row: line.rowNo,
            amount: `${line.currency} ${fromCents(toCents(item.amount))}`,
            outstanding: `${line.currency} ${line.outstanding}`,
          },
        });
    }
    const needed = new Set(
      items.map((i) => lines.get(i.lineId)?.currency ?? '').filter((c) => c !== input.invoiceCurrency),
    );
    const unused = input.rates.find((r) => !needed.has(r.currency));
    if (unused) throw new AppError('ACC_RATE_UNUSED', { params: { currency: unused.currency } });
    const rates = Object.fromEntries(input.rates.map((r) => [r.currency, r.rate]));
    const amounts = batchAmounts(
      items.map((i) => ({ currency: lines.get(i.lineId)?.currency ?? '', amount: i.amount })),
      input.invoiceCurrency,
      rates,
    );
    if ('missingRate' in amounts)
      throw new AppError('ACC_RATE_MISSING', {
        params: { currency: amounts.missingRate, invoiceCurrency: input.invoiceCurrency },
      });
    items.forEach((item, i) => {
      const line = lines.get(item.lineId);
      if (line && convertCents(toCents(item.amount), amounts.lines[i].rate) === 0n)
        throw new AppError('ACC_AMOUNT_ROUNDS_TO_ZERO', {
          params: {
            batchNo: line.claimBatchNo,
            row: line.rowNo,
            amount: `${line.currency} ${amounts.lines[i].claimAmount}`,
            rate: amounts.lines[i].rate,
          },
        });
    });
    const [batch] = await tx
      .insert(paymentBatches)
      .values({
        tenantId: actor.tenantId,
        payBatchNo: sql`'PB' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMM') || lpad(nextval('payment_batch_no_seq')::text, 6, '0')`,
        providerId: input.providerId,
        invoiceCurrency: input.invoiceCurrency,
        rates: input.rates.map((r) => ({ currency: r.currency, rate: formatRate(r.rate) })),
        itemCount: items.length,
        totalAmount: amounts.total,
        remark: input.remark,
        builtBy: actor.userId,
        builtByName: actor.name,
        builtByNameEn: actor.nameEn || actor.name,
        createdBy: actor.account,
        updatedBy: actor.account,
      })
      .returning();
    await tx.insert(paymentItems).values(
      items.map((item, i) => {
        const line = lines.get(item.lineId) as NonNullable<ReturnType<typeof lines.get>>;
        return {
          tenantId: actor.tenantId,
          batchRef: batch.id,
          lineRef: line.lineId,
          claimBatchRef: line.claimBatchId,
          providerId: input.providerId,
          claimCurrency: line.currency,
          claimAmount: amounts.lines[i].claimAmount,
          rate: amounts.lines[i].rate,
          amount: amounts.lines[i].amount,
          createdBy: actor.account,
          updatedBy: actor.account,
        };
      }),
    );
    await record(
      tx,
      { actor, requestId },
      {
        action: PAYMENT_ACTION.BUILD.code,
        before: null,
        after: batch,
        from: '',
        to: PAY_STATUS.TO_BE_CONFIRMED.code,
        remark: input.remark,
        detail: { items: items.length, rates: batch.rates },
      },
    );
    return batch.payBatchNo;
  });
  return payBatchDetail(p, { actor, payBatchNo });
}

/**
 * The items of a batch built from "all matching" (issue 10): every open, invoiced line of the
 * provider the filter matches, at its outstanding amount unless `items` names another, less the
 * excluded lines, plus any line of `items` outside the filter. Refused when more than a batch may
 * pay, and (409) when the count or amounts per claim currency differ from what the screen showed.
 */
async function matchingItems(
  tx: TDbOrTx,
  tenantId: string,
  input: TSave,
): Promise<{ lineId: string; amount: string }[]> {
  const matching = input.matching as NonNullable<TSave['matching']>;
  const excluded = new Set(matching.excludeLineIds);
  const filter = {
    tenantId,
    providerId: input.providerId,
    currency: matching.currency,
    claimBatchNo: matching.claimBatchNo,
    open: 'invoiced' as const,
  };
  // Read at most what a batch may pay plus the excluded lines (one more tells "too many").
  const page = await payableLinePage(tx, filter, {
    offset: 0,
    limit: PAY_BATCH_MAX_ITEMS + excluded.size + 1,
  });
  const given = new Map(input.items.map((i) => [i.lineId, i.amount]));
  const kept = page.rows.filter((l) => !excluded.has(l.lineId));
  const inFilter = new Set(page.rows.map((l) => l.lineId));
  const items = [
    ...kept.map((l) => ({ lineId: l.lineId, amount: given.get(l.lineId) ?? l.outstanding })),
    ...input.items.filter((i) => !inFilter.has(i.lineId)),
  ];
  const count =
    page.total - page.rows.filter((l) => excluded.has(l.lineId)).length + items.length - kept.length;
  if (count > PAY_BATCH_MAX_ITEMS)
    throw new AppError('ACC_PAY_TOO_MANY', { params: { count, max: PAY_BATCH_MAX_ITEMS } });
  const currencyOf = new Map(page.rows.map((l) => [l.lineId, l.currency]));
  const outside = items.filter((i) => !currencyOf.has(i.lineId));
  if (outside.length > 0) {
    const rows = await payableLines(tx, {
      tenantId,
      providerId: input.providerId,
      lineIds: outside.map((i) => i.lineId),
    });
    for (const l of rows) currencyOf.set(l.lineId, l.currency);
  }
  // A line outside the filter that is not payable: the build's own check refuses it (40310).
  if (items.some((i) => !currencyOf.has(i.lineId))) return items;
  const sums = new Map<string, bigint>();
  for (const i of items) {
    const c = currencyOf.get(i.lineId) ?? '';
    sums.set(c, (sums.get(c) ?? 0n) + toCents(i.amount));
  }
  const expected = new Map(matching.expected.amounts.map((a) => [a.currency, toCents(a.amount)]));
  const same =
    items.length === matching.expected.count &&
    sums.size === expected.size &&
    [...sums].every(([c, cents]) => expected.get(c) === cents);
  if (!same)
    throw new AppError('ACC_PAYABLE_CHANGED', {
      params: {
        count: items.length,
        amounts: [...sums]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([c, cents]) => `${c} ${fromCents(cents)}`)
          .join(', '),
      },
    });
  return items;
}

/** Cancels a batch still to be confirmed: its lines are free again for another batch. */
export async function cancelPayBatch(
  p: TPlatform,
  {
    actor,
    requestId,
    payBatchNo,
    version,
    remark,
  }: TContext & { payBatchNo: string; version: number; remark: string },
) {
  assertOperator(actor);
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { payBatchNo, version, action: 'cancel' });
    const [after] = await tx
      .update(paymentBatches)
      .set({
        payStatus: PAY_STATUS.CANCELLED.code,
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(paymentBatches.id, row.id))
      .returning();
    await record(
      tx,
      { actor, requestId },
      {
        action: PAYMENT_ACTION.CANCEL.code,
        before: row,
        after,
        from: row.payStatus,
        to: after.payStatus,
        remark,
      },
    );
  });
  return payBatchDetail(p, { actor, payBatchNo });
}

/**
 * Confirms that a batch was paid (value date, bank reference): it moves to confirmed and the
 * provider may reconcile it. The workflow's payment role gates it, and nobody confirms the payment
 * of a claim batch they submitted themselves (operators may submit on a provider's behalf).
 */
export async function confirmPayBatch(
  p: TPlatform,
  { actor, requestId, input }: TContext & { input: z.output<typeof ZPayBillConfirm> },
) {
  assertOperator(actor);
  await assertWorkflowAuditor(p, actor, PAYMENT_TASK_TYPE);
  if (input.paidDate > chinaDay()) throw new AppError('ACC_PAID_DATE_FUTURE');
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { ...input, action: 'confirm' });
    const [own] = await tx
      .select({ batchNo: claimBatches.batchNo })
      .from(paymentItems)
      .innerJoin(claimBatches, eq(claimBatches.id, paymentItems.claimBatchRef))
      .where(and(eq(paymentItems.batchRef, row.id), eq(claimBatches.submittedBy, actor.userId)))
      .limit(1);
    if (own) throw new AppError('PAY_OWN_CLAIM', { params: { batchNo: own.batchNo } });
    const [after] = await tx
      .update(paymentBatches)
      .set({
        payStatus: PAY_STATUS.CONFIRMED.code,
        reconcileStatus: RECONCILE_STATUS.TO_BE_RECONCILED.code,
        paidDate: input.paidDate,
        bankReference: input.bankReference,
        confirmedBy: actor.userId,
        confirmedByName: actor.name,
        confirmedByNameEn: actor.nameEn || actor.name,
        confirmedAt: new Date(),
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(paymentBatches.id, row.id))
      .returning();
    await record(
      tx,
      { actor, requestId },
      {
        action: PAYMENT_ACTION.CONFIRM.code,
        before: row,
        after,
        from: row.payStatus,
        to: after.payStatus,
        remark: input.remark,
        detail: { paidDate: input.paidDate, bankReference: input.bankReference },
      },
    );
  });
  return payBatchDetail(p, { actor, payBatchNo: input.payBatchNo });
}

async function itemsOfBatch(tx: TDbOrTx, batchId: string) {
  return tx
    .select()
    .from(paymentItems)
    .where(eq(paymentItems.batchRef, batchId))
    .orderBy(asc(paymentItems.id));
}

/** The batch's reconciliation status and open disputes after its lines changed. */
async function settle(tx: TDbOrTx, actor: TActor, row: TPayBatchRow) {
  const items = await itemsOfBatch(tx, row.id);
  const reconcileStatus = reconcileOutcome(items.map((i) => i.status));
  const [after] = await tx
    .update(paymentBatches)
    .set({
      reconcileStatus,
      openDisputes: items.filter((i) => i.status === ITEM_STATUS.DISPUTED.code).length,
      reconciledAt: reconcileStatus === RECONCILE_STATUS.RECONCILED.code ? new Date() : null,
      version: row.version + 1,
      updatedAt: new Date(),
      updatedBy: actor.account,
    })
    .where(eq(paymentBatches.id, row.id))
    .returning();
  return after;
}

/** The provider agrees with the given lines of a confirmed batch; the batch is reconciled once every line is. */
export async function reconcileItems(
  p: TPlatform,
  { actor, requestId, input }: TContext & { input: z.output<typeof ZReconcile> },
) {
  assertProviderStaff(actor);
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { ...input, action: 'reconcile' });
    const ids = [...new Set(input.itemIds)];
    const items = await tx
      .select()
      .from(paymentItems)
      .where(and(eq(paymentItems.batchRef, row.id), inArray(paymentItems.id, ids)));
    if (items.length !== ids.length)
      throw new AppError('ACC_ITEM_UNKNOWN', { params: { payBatchNo: row.payBatchNo } });
    const closed = items.find((i) => !canItem('reconcile', i.status));
    if (closed) throw await itemNotAllowed(tx, closed, 'reconcile');
    await tx
      .update(paymentItems)
      .set({
        status: ITEM_STATUS.RECONCILED.code,
        reconciledBy: actor.userId,
        reconciledAt: new Date(),
        version: sql`${paymentItems.version} + 1`,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(inArray(paymentItems.id, ids));
    const after = await settle(tx, actor, row);
    await record(
      tx,
      { actor, requestId },
      {
        action: PAYMENT_ACTION.RECONCILE.code,
        before: row,
        after,
        from: row.reconcileStatus,
        to: after.reconcileStatus,
        itemRef: ids.length === 1 ? ids[0] : null,
        remark: input.remark,
        detail: { items: ids },
      },
    );
  });
  return payBatchDetail(p, { actor, payBatchNo: input.payBatchNo });
}

/** The provider disputes one line of a confirmed batch, with a reason; it goes back to the operator. */
export async function disputeItem(
  p: TPlatform,
  { actor, requestId, input }: TContext & { input: z.output<typeof ZDispute> },
) {
  assertProviderStaff(actor);
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { ...input, action: 'dispute' });
    const [item] = await tx
      .select()
      .from(paymentItems)
      .where(and(eq(paymentItems.batchRef, row.id), eq(paymentItems.id, input.itemId)));
    if (!item) throw new AppError('ACC_ITEM_UNKNOWN', { params: { payBatchNo: row.payBatchNo } });
    if (!canItem('dispute', item.status)) throw await itemNotAllowed(tx, item, 'dispute');
    await tx
      .update(paymentItems)
      .set({
        status: ITEM_STATUS.DISPUTED.code,
        disputeReasonCode: input.reasonCode,
        disputeReason: input.reason,
        disputedBy: actor.userId,
        disputedAt: new Date(),
        version: item.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(paymentItems.id, item.id));
    const after = await settle(tx, actor, row);
    await record(
      tx,
      { actor, requestId },
      {
        action: PAYMENT_ACTION.DISPUTE.code,
        before: row,
        after,
        from: item.status,
        to: ITEM_STATUS.DISPUTED.code,
        itemRef: item.id,
        remark: input.reason,
        detail: { item: item.id, reasonCode: input.reasonCode },
      },
    );
  });
  return payBatchDetail(p, { actor, payBatchNo: input.payBatchNo });
}

/**
 * The operator resolves a disputed line: either the difference is upheld (at most what the line
 * paid in this batch, in its claim currency; it becomes payable again and the next batch of the
 * provider picks it up) or the payment stands; both with a reply. The line is then closed.
 */
export async function resolveDispute(
  p: TPlatform,
  { actor, requestId, input }: TContext & { input: z.output<typeof ZResolve> },
) {
  assertOperator(actor);
  await assertWorkflowAuditor(p, actor, PAYMENT_TASK_TYPE);
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { ...input, action: 'resolve' });
    const [item] = await tx
      .select()
      .from(paymentItems)
      .where(and(eq(paymentItems.batchRef, row.id), eq(paymentItems.id, input.itemId)));
    if (!item) throw new AppError('ACC_ITEM_UNKNOWN', { params: { payBatchNo: row.payBatchNo } });
    if (!canItem('resolve', item.status)) throw await itemNotAllowed(tx, item, 'resolve');
    if (item.disputedBy === actor.userId) throw new AppError('PAY_OWN_DISPUTE');
    const adjusted = input.result === RESOLUTION.ADJUSTED.code;
    const amount = adjusted ? fromCents(toCents(input.amount ?? '0')) : null;
    if (amount !== null && toCents(amount) > toCents(item.claimAmount))
      throw new AppError('ACC_ADJUSTMENT_TOO_LARGE', {
        params: {
          amount: `${item.claimCurrency} ${amount}`,
          max: `${item.claimCurrency} ${item.claimAmount}`,
        },
      });
    if (amount !== null)
      await addPayableAdjustment(tx, {
        tenantId: actor.tenantId,
        lineId: item.lineRef,
        amount,
        sourceType: PAYABLE_SOURCE.DISPUTE.code,
        sourceId: item.id,
        reason: input.reply,
        account: actor.account,
      });
    await tx
      .update(paymentItems)
      .set({
        status: ITEM_STATUS.RESOLVED.code,
        resolution: input.result,
        resolutionAmount: amount,
        resolutionReply: input.reply,
        resolvedBy: actor.userId,
        resolvedAt: new Date(),
        version: item.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(paymentItems.id, item.id));
    const after = await settle(tx, actor, row);
    await record(
      tx,
      { actor, requestId },
      {
        action: PAYMENT_ACTION.RESOLVE.code,
        before: row,
        after,
        from: item.status,
        to: ITEM_STATUS.RESOLVED.code,
        itemRef: item.id,
        remark: input.reply,
        detail: { item: item.id, result: input.result, amount },
      },
    );
  });
  return payBatchDetail(p, { actor, payBatchNo: input.payBatchNo });
}
