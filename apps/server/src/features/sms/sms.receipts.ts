/**
 * The SMS receipt job (decision 0035). The gateway's "OK" to SendSms means it took the message,
 * not that a handset got it; carriers report that later. Each run, tenant by tenant in that
 * tenant's row-level-security scope, rows awaiting a receipt whose next check is due are claimed
 * with FOR UPDATE SKIP LOCKED (the check is counted and the next one pushed out in the same
 * statement, so two instances never ask twice), the gateway is asked, and the answer written only
 * while the row is still that check's claim: delivered, undelivered with the gateway's reason, or
 * still waiting (ask again after receiptBase * 2^checks, up to receiptMaxChecks, then 'unknown').
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTenant } from '../../platform/db/db-scope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import type { TSmsGateway, TSmsReceipt } from './sms.gateway.ts';
import { smsOutbox } from './sms.tables.ts';

export const SMS_RECEIPT_JOB = 'sms-receipts';
/** Rows asked about per tenant per run. */
const RECEIPTS_PER_RUN = 200;
/** A claimed check that never wrote its answer (the instance stopped) is due again after this. */
const CHECK_LEASE_SECONDS = 5 * 60;
/** The longest wait between two checks. */
const MAX_WAIT_SECONDS = 6 * 60 * 60;

export interface TReceiptResult {
  delivered: number;
  undelivered: number;
  /** Still no receipt (or the query failed): asked again later. */
  waiting: number;
  /** Gave up after the last check. */
  unknown: number;
}

/** Runs one receipt pass over every tenant with due checks. */
export async function collectSmsReceipts(
  p: TPlatform,
  gateway: TSmsGateway,
  log: FastifyBaseLogger = p.log,
): Promise<TReceiptResult> {
  const result: TReceiptResult = { delivered: 0, undelivered: 0, waiting: 0, unknown: 0 };
  if (!gateway.queryReceipt) return result;
  const due = await p.db
    .selectDistinct({ tenantId: smsOutbox.tenantId })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.delivery, 'waiting'), lte(smsOutbox.nextReceiptAt, sql`now()`)));
  for (const { tenantId } of due) {
    await withTenant(tenantId, () => collectTenant(p, gateway, tenantId, result, log));
  }
  return result;
}

async function collectTenant(
  p: TPlatform,
  gateway: TSmsGateway,
  tenantId: string,
  result: TReceiptResult,
  log: FastifyBaseLogger,
) {
  const { receiptBaseSeconds, receiptMaxChecks } = p.config.sms;
  const dueWhere = and(
    eq(smsOutbox.tenantId, tenantId),
    eq(smsOutbox.delivery, 'waiting'),
    lte(smsOutbox.nextReceiptAt, sql`now()`),
  );
  const claimed = await p.db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(dueWhere)
      .orderBy(smsOutbox.nextReceiptAt, smsOutbox.id)
      .limit(RECEIPTS_PER_RUN)
      .for('update', { skipLocked: true });
    if (locked.length === 0) return [];
    return tx
      .update(smsOutbox)
      .set({
        receiptChecks: sql`${smsOutbox.receiptChecks} + 1`,
        nextReceiptAt: sql`now() + ${CHECK_LEASE_SECONDS}::int * interval '1 second'`,
      })
      .where(
        and(
          eq(smsOutbox.tenantId, tenantId),
          eq(smsOutbox.delivery, 'waiting'),
          inArray(
            smsOutbox.id,
            locked.map((r) => r.id),
          ),
        ),
      )
      .returning({
        id: smsOutbox.id,
        phone: smsOutbox.phone,
        messageId: smsOutbox.providerMessageId,
        sentAt: smsOutbox.sentAt,
        checks: smsOutbox.receiptChecks,
      });
  });

  for (const row of claimed) {
    const receipt: TSmsReceipt = await (gateway.queryReceipt as NonNullable<TSmsGateway['queryReceipt']>)({
      id: row.id,
      phone: row.phone,
      messageId: row.messageId,
      sentAt: row.sentAt ?? new Date(),
    }).catch((error: unknown) => ({
      state: 'error' as const,
      error: `adapter error: ${error instanceof Error ? error.message : String(error)}`,
    }));
    const mine = and(
      eq(smsOutbox.tenantId, tenantId),
      eq(smsOutbox.id, row.id),
      eq(smsOutbox.delivery, 'waiting'),
      eq(smsOutbox.receiptChecks, row.checks),
    );
    if (receipt.state === 'delivered' || receipt.state === 'undelivered') {
      await p.db
        .update(smsOutbox)
        .set({
          delivery: receipt.state,
          deliveryReason: receipt.state === 'undelivered' ? receipt.reason.slice(0, 1000) : '',
          deliveredAt: receipt.at ?? sql`now()`,
          nextReceiptAt: null,
          updatedAt: sql`now()`,
        })
        .where(mine);
      result[receipt.state] += 1;
      continue;
    }
    const reason = receipt.state === 'error' ? receipt.error.slice(0, 1000) : '';
    if (receipt.state === 'error')
      log.warn({ sms: row.id, check: row.checks, error: reason }, 'sms receipt query failed');
    if (row.checks >= receiptMaxChecks) {
      await p.db
        .update(smsOutbox)
        .set({
          delivery: 'unknown',
          // The tag says 'No receipt'; a reason only when the last query failed.
          deliveryReason: reason,
          nextReceiptAt: null,
          updatedAt: sql`now()`,
        })
        .where(mine);
      result.unknown += 1;
    } else {
      const wait = Math.min(MAX_WAIT_SECONDS, receiptBaseSeconds * 2 ** row.checks);
      await p.db
        .update(smsOutbox)
        .set({
          deliveryReason: reason,
          nextReceiptAt: sql`now() + ${wait}::int * interval '1 second'`,
          updatedAt: sql`now()`,
        })
        .where(mine);
      result.waiting += 1;
    }
  }
}

/** Defines the receipt job when the gateway reports receipts. */
export function defineSmsReceiptJob(p: TPlatform, gateway: TSmsGateway | null): void {
  if (!gateway?.queryReceipt) return;
  p.jobs.define({
    name: SMS_RECEIPT_JOB,
    everySeconds: p.config.sms.receiptSeconds,
    run: async ({ log }) => ({ ...(await collectSmsReceipts(p, gateway, log)) }),
  });
}
