/**
 * The SMS dispatch job (decision 0034). Each run, tenant by tenant in that tenant's
 * row-level-security scope: rows left 'sending' past the lease fail (their outcome is unknown,
 * so they are never sent again); then up to the tenant's rate of due pending rows are claimed
 * with one UPDATE over a FOR UPDATE SKIP LOCKED select, which moves them to 'sending' and counts
 * the attempt, so no two instances or runs hold one row; then each is handed to the gateway with
 * its id as the idempotency key, and its outcome written only while the row is still the claimed
 * attempt. Retries wait retryBase * 2^(attempt - 1) seconds.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTenant } from '../../platform/db/db-scope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import type { TSmsGateway } from './sms.gateway.ts';
import { smsOutbox } from './sms.tables.ts';

export const SMS_DISPATCH_JOB = 'sms-dispatch';
/** A row still 'sending' after this long was cut off mid-send (the instance stopped). */
const SENDING_LEASE_SECONDS = 10 * 60;

export interface TDispatchResult {
  sent: number;
  retried: number;
  failed: number;
  /** Due rows left for the next run by the per-tenant rate limit. */
  deferred: number;
}

/** Runs one dispatch pass over every tenant with due rows. */
export async function dispatchSms(
  p: TPlatform,
  gateway: TSmsGateway,
  log: FastifyBaseLogger = p.log,
): Promise<TDispatchResult> {
  const result: TDispatchResult = { sent: 0, retried: 0, failed: 0, deferred: 0 };
  // The job runs cross-tenant: find the tenants with work, then work inside each one's scope.
  const due = await p.db
    .selectDistinct({ tenantId: smsOutbox.tenantId })
    .from(smsOutbox)
    .where(
      sql`(${smsOutbox.status} = 'pending' and ${smsOutbox.nextAttemptAt} <= now()) or (${smsOutbox.status} = 'sending' and ${smsOutbox.lastAttemptAt} < now() - ${SENDING_LEASE_SECONDS}::int * interval '1 second')`,
    );
  for (const { tenantId } of due) {
    await withTenant(tenantId, () => dispatchTenant(p, gateway, tenantId, result, log));
  }
  return result;
}

async function dispatchTenant(
  p: TPlatform,
  gateway: TSmsGateway,
  tenantId: string,
  result: TDispatchResult,
  log: FastifyBaseLogger,
) {
  const { ratePerMinute, maxAttempts, retryBaseSeconds } = p.config.sms;
  const abandoned = await p.db
    .update(smsOutbox)
    .set({
      status: 'failed',
      error: 'no outcome recorded (the sender stopped mid-send); not resent to avoid a duplicate',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(smsOutbox.tenantId, tenantId),
        eq(smsOutbox.status, 'sending'),
        sql`${smsOutbox.lastAttemptAt} < now() - ${SENDING_LEASE_SECONDS}::int * interval '1 second'`,
      ),
    )
    .returning({ id: smsOutbox.id });
  result.failed += abandoned.length;

  // Per-tenant rate: attempts handed to the gateway in the last minute count against it.
  const [recent] = await p.db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(
      and(eq(smsOutbox.tenantId, tenantId), gt(smsOutbox.lastAttemptAt, sql`now() - interval '1 minute'`)),
    );
  const room = Math.max(0, ratePerMinute - Number(recent?.n ?? 0));
  const dueWhere = and(
    eq(smsOutbox.tenantId, tenantId),
    eq(smsOutbox.status, 'pending'),
    lte(smsOutbox.nextAttemptAt, sql`now()`),
  );
  const [dueCount] = await p.db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox).where(dueWhere);
  result.deferred += Math.max(0, Number(dueCount?.n ?? 0) - room);
  if (room === 0) return;

  const claimed = await p.db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(dueWhere)
      .orderBy(smsOutbox.nextAttemptAt, smsOutbox.id)
      .limit(room)
      .for('update', { skipLocked: true });
    if (locked.length === 0) return [];
    const ids = locked.map((r) => r.id);
    return tx
      .update(smsOutbox)
      .set({
        status: 'sending',
        attempts: sql`${smsOutbox.attempts} + 1`,
        lastAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.status, 'pending'), inArray(smsOutbox.id, ids)),
      )
      .returning({
        id: smsOutbox.id,
        phone: smsOutbox.phone,
        body: smsOutbox.body,
        attempts: smsOutbox.attempts,
      });
  });

  for (const row of claimed) {
    const outcome = await gateway
      .send({ id: row.id, phone: row.phone, text: row.body })
      .catch((error: unknown) => ({
        ok: false as const,
        retryable: false,
        error: `adapter error: ${error instanceof Error ? error.message : String(error)}`,
      }));
    // Written only while the row is still this attempt's claim.
    const mine = and(
      eq(smsOutbox.tenantId, tenantId),
      eq(smsOutbox.id, row.id),
      eq(smsOutbox.status, 'sending'),
      eq(smsOutbox.attempts, row.attempts),
    );
    if (outcome.ok) {
      await p.db
        .update(smsOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          providerMessageId: outcome.messageId.slice(0, 128),
          error: '',
          updatedAt: sql`now()`,
          // Decision 0035: known at once, awaited from the receipt job, or not reported by this adapter.
          ...(outcome.delivered
            ? { delivery: 'delivered', deliveredAt: sql`now()` }
            : gateway.queryReceipt
              ? {
                  delivery: 'waiting',
                  receiptChecks: 0,
                  nextReceiptAt: sql`now() + ${p.config.sms.receiptBaseSeconds}::int * interval '1 second'`,
                }
              : {}),
        })
        .where(mine);
      result.sent += 1;
    } else if (outcome.retryable && row.attempts < maxAttempts) {
      const delay = retryBaseSeconds * 2 ** (row.attempts - 1);
      await p.db
        .update(smsOutbox)
        .set({
          status: 'pending',
          nextAttemptAt: sql`now() + ${delay}::int * interval '1 second'`,
          error: outcome.error.slice(0, 1000),
          updatedAt: sql`now()`,
        })
        .where(mine);
      result.retried += 1;
      log.warn({ sms: row.id, attempt: row.attempts, delay, error: outcome.error }, 'sms will be retried');
    } else {
      await p.db
        .update(smsOutbox)
        .set({ status: 'failed', error: outcome.error.slice(0, 1000), updatedAt: sql`now()` })
        .where(mine);
      result.failed += 1;
      log.warn({ sms: row.id, attempt: row.attempts, error: outcome.error }, 'sms failed');
    }
  }
}

/** Defines the dispatch job; without a gateway (SMS disabled) there is nothing to dispatch. */
export function defineSmsDispatchJob(p: TPlatform, gateway: TSmsGateway | null): void {
  if (!gateway) return;
  p.jobs.define({
    name: SMS_DISPATCH_JOB,
    everySeconds: p.config.sms.dispatchSeconds,
    run: async ({ log }) => ({ ...(await dispatchSms(p, gateway, log)) }),
  });
}
