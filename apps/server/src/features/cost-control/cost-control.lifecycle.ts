/**
 * The lifecycle of a cost-control measure (decision 0047): the operator proposes (a new measure,
 * or the next round of a pending or disputed one) and may withdraw; the provider accepts or
 * disagrees with a reason. A provider with auto-confirm accepts every proposal at once. Accepted
 * periods of one provider never overlap. Each change is one transaction with its flow row and a
 * notice to the other side, conditional on the version read (409 'Case status changed').
 */
import {
  COST_CONTROL_ACTION,
  COST_CONTROL_STATUS,
  COST_CONTROL_TRANSITIONS,
  costControlLabel,
  periodsOverlap,
  type TCostControlAction,
  type TCostControlTransition,
  type TCostMeasure,
  type ZCostPropose,
} from '@portal/domain/cost-control/rules';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { effectiveFunctions } from '@portal/domain/provider-accounts/codes';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { announceCostNotices, type TCostNotice, writeCostNotice } from './cost-control.notices.ts';
import {
  acceptedMeasures,
  getMeasure,
  oneMeasureWhere,
  providerAccount,
  type TMeasureRow,
} from './cost-control.service.ts';
import { costControlFlow, costControlMeasures } from './cost-control.tables.ts';

const SYSTEM = { id: null, name: '系统', nameEn: 'System' };
const senderOf = (actor: TActor) => ({
  id: actor.userId,
  name: actor.name,
  nameEn: actor.nameEn || actor.name,
});
const S = COST_CONTROL_STATUS;

async function writeFlow(
  db: TDbOrTx,
  actor: TActor | null,
  row: TMeasureRow,
  step: { action: TCostControlAction; from: string; to: string; remark?: string; terms?: boolean; at?: Date },
) {
  await db.insert(costControlFlow).values({
    ...(step.at ? { createdAt: step.at, updatedAt: step.at } : {}),
    tenantId: row.tenantId,
    measureRef: row.id,
    action: step.action,
    fromStatus: step.from,
    toStatus: step.to,
    proportion: step.terms ? row.proportion : null,
    validFrom: step.terms ? row.validFrom : null,
    validTo: step.terms ? row.validTo : null,
    operatorId: actor?.userId ?? null,
    operatorName: actor?.name ?? SYSTEM.name,
    operatorNameEn: actor ? actor.nameEn || actor.name : SYSTEM.nameEn,
    remark: step.remark ?? '',
    createdBy: actor?.account ?? 'system',
  });
}

const VERBS: Record<TCostControlTransition, { zh: string; en: string }> = {
  revise: { zh: '重新提出', en: 'proposed again' },
  accept: { zh: '接受', en: 'accepted' },
  disagree: { zh: '提出异议', en: 'disputed' },
  withdraw: { zh: '撤回', en: 'withdrawn' },
};

function statusNotAllowed(row: TMeasureRow, action: TCostControlTransition): AppError {
  const entry = ERRORS.COST_STATUS_NOT_ALLOWED;
  const params = (lang: 'zh' | 'en') => ({
    measureNo: row.measureNo,
    status: costControlLabel(S, row.status, lang),
    action: VERBS[action][lang],
  });
  return new AppError('COST_STATUS_NOT_ALLOWED', {
    zh: formatMessage(entry.zh, params('zh')),
    en: formatMessage(entry.en, params('en')),
  });
}

/** The measure under a lock: 40490 when hidden, 40990 when its status forbids the action, 40900 when changed since read. */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { id, version, action }: { id: string; version: number | undefined; action: TCostControlTransition },
): Promise<TMeasureRow> {
  const [row] = await tx.select().from(costControlMeasures).where(oneMeasureWhere(actor, id)).for('update');
  if (!row) throw new AppError('COST_MEASURE_NOT_FOUND');
  if (!(COST_CONTROL_TRANSITIONS[action].from as readonly string[]).includes(row.status))
    throw statusNotAllowed(row, action);
  if (row.version !== version) throw new AppError('CASE_STATUS_CHANGED');
  return row;
}

/** One writer of a provider's measures at a time, so two acceptances cannot both pass the overlap rule. */
async function lockProvider(tx: TDbOrTx, tenantId: string, providerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cost-control:${tenantId}:${providerId}`}))`);
}

/** 40991 when another accepted measure of the provider shares a day with this period. */
async function assertNoOverlap(
  tx: TDbOrTx,
  m: { tenantId: string; providerId: string; id: string; validFrom: string; validTo: string },
) {
  const clash = (
    await acceptedMeasures(tx, {
      tenantId: m.tenantId,
      providerId: m.providerId,
      from: m.validFrom,
      to: m.validTo,
    })
  ).find((other) => other.id !== m.id && periodsOverlap(other, m));
  if (clash)
    throw new AppError('COST_PERIOD_OVERLAP', {
      params: { measureNo: clash.measureNo, validFrom: clash.validFrom, validTo: clash.validTo },
    });
}

/**
 * Proposes a measure (no existing `id`: a new one, numbered CM + sequence) or proposes again
 * (the id and version of a pending or disputed measure; the round counts up). The provider must
 * exist and have medical expense management, and the period must not overlap an accepted
 * measure; it may lie in the past (claims are billed after the visit). With the provider's auto-confirm on, the proposal is accepted at once.
 */
export async function proposeMeasure(
  p: TPlatform,
  { actor, input, now = new Date() }: { actor: TActor; input: z.output<typeof ZCostPropose>; now?: Date },
): Promise<TCostMeasure> {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  const { id, notices } = await p.db.transaction(async (tx) => {
    const [existing] = input.id
      ? await tx.select().from(costControlMeasures).where(oneMeasureWhere(actor, input.id))
      : [];
    if (existing) {
      await lockForAction(tx, actor, { id: existing.id, version: input.version, action: 'revise' });
      if (existing.providerId !== input.providerId) throw new AppError('COST_PROVIDER_CHANGED');
    }
    const account = await providerAccount(tx, actor.tenantId, input.providerId);
    if (!account) throw new AppError('COST_PROVIDER_NOT_FOUND', { params: { providerId: input.providerId } });
    if (!effectiveFunctions(account).includes('medicalExpense'))
      throw new AppError('COST_FUNCTION_OFF', { params: { providerId: input.providerId } });
    await lockProvider(tx, actor.tenantId, input.providerId);
    const terms = {
      proportion: input.proportion,
      basis: input.basis,
      validFrom: input.validFrom,
      validTo: input.validTo,
      proposedBy: actor.userId,
      proposedAt: now,
      reason: '',
      answeredBy: null,
      answeredAt: null,
      updatedAt: now,
      updatedBy: actor.account,
    };
    let row: TMeasureRow | undefined;
    if (existing) {
      [row] = await tx
        .update(costControlMeasures)
        .set({ ...terms, status: S.PENDING.code, round: existing.round + 1, version: existing.version + 1 })
        .where(eq(costControlMeasures.id, existing.id))
        .returning();
    } else {
      [row] = await tx
        .insert(costControlMeasures)
        .values({
          ...(input.id ? { id: input.id } : {}),
          tenantId: actor.tenantId,
          measureNo: sql`'CM' || nextval('cost_control_no_seq')::text`,
          providerId: input.providerId,
          status: S.PENDING.code,
          ...terms,
          createdAt: now,
          createdBy: actor.account,
        })
        .onConflictDoNothing()
        .returning();
      // The same new id twice at once (a double click): the second finds it taken.
      if (!row) throw new AppError('CASE_STATUS_CHANGED');
    }
    await assertNoOverlap(tx, row);
    await writeFlow(tx, actor, row, {
      action: existing ? COST_CONTROL_ACTION.REVISE.code : COST_CONTROL_ACTION.PROPOSE.code,
      from: existing?.status ?? '',
      to: S.PENDING.code,
      remark: input.basis,
      terms: true,
      at: now,
    });
    let kind: TCostNotice = 'proposed';
    if (account.medicalExpenseAutoConfirm) {
      [row] = await tx
        .update(costControlMeasures)
        .set({ status: S.ACCEPTED.code, autoConfirmed: true, answeredAt: now, version: row.version + 1 })
        .where(eq(costControlMeasures.id, row.id))
        .returning();
      await writeFlow(tx, null, row, {
        action: COST_CONTROL_ACTION.AUTO_ACCEPT.code,
        from: S.PENDING.code,
        to: S.ACCEPTED.code,
        // Right after the proposal in the same transaction: one millisecond later keeps the order.
        at: new Date(now.getTime() + 1),
      });
      kind = 'autoAccepted';
    }
    const notice = await writeCostNotice(tx, { m: row, to: 'provider', kind, sender: senderOf(actor) });
    return { id: row.id, notices: [notice] };
  });
  await announceCostNotices(p, actor.tenantId, notices);
  return getMeasure(p, { actor, id });
}

type TAction = { actor: TActor; id: string; version: number; remark?: string; now?: Date };

/** Moves a measure along one answer or withdrawal, with its flow row and notice, in one transaction. */
async function transition(
  p: TPlatform,
  {
    actor,
    id,
    version,
    remark = '',
    now = new Date(),
    action,
  }: TAction & { action: 'accept' | 'disagree' | 'withdraw' },
): Promise<TCostMeasure> {
  const byProvider = action !== 'withdraw';
  if (isProviderStaff(actor) !== byProvider) throw new AppError('NO_PERMISSION');
  const notice = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version, action });
    const to = COST_CONTROL_TRANSITIONS[action].to;
    if (action === 'accept') {
      await lockProvider(tx, row.tenantId, row.providerId);
      await assertNoOverlap(tx, row);
    }
    const [after] = await tx
      .update(costControlMeasures)
      .set({
        status: to,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.account,
        ...(byProvider ? { answeredBy: actor.userId, answeredAt: now } : {}),
        ...(action === 'disagree' ? { reason: remark } : {}),
      })
      .where(eq(costControlMeasures.id, row.id))
      .returning();
    const flowAction = {
      accept: COST_CONTROL_ACTION.ACCEPT.code,
      disagree: COST_CONTROL_ACTION.DISAGREE.code,
      withdraw: COST_CONTROL_ACTION.WITHDRAW.code,
    }[action];
    await writeFlow(tx, actor, after, { action: flowAction, from: row.status, to, remark });
    const kind: TCostNotice =
      action === 'accept' ? 'accepted' : action === 'disagree' ? 'disagreed' : 'withdrawn';
    return writeCostNotice(tx, {
      m: after,
      to: byProvider ? 'operator' : 'provider',
      kind,
      remark,
      sender: senderOf(actor),
    });
  });
  await announceCostNotices(p, actor.tenantId, [notice]);
  return getMeasure(p, { actor, id });
}

/** The provider accepts a pending measure; it then suggests deductions on its claims. */
export const acceptMeasure = (p: TPlatform, a: TAction) => transition(p, { ...a, action: 'accept' });

/** The provider disagrees with a pending measure, with a reason; the operator may propose again. */
export const disagreeMeasure = (p: TPlatform, a: TAction) => transition(p, { ...a, action: 'disagree' });

/** The operator withdraws a pending or disputed measure. */
export const withdrawMeasure = (p: TPlatform, a: TAction) => transition(p, { ...a, action: 'withdraw' });
