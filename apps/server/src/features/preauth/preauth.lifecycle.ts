/**
 * The lifecycle of a pre-authorisation case (decision 0039): save and submit by the provider (or
 * an operator on its behalf), cancel, supplement documents, reopen; the operator's decisions
 * (approve, reject, ask for documents) under the maker-checker rules. Every change is one
 * transaction with its flow row; an approval reserves the amount in benefit_usage (pending),
 * a rejection, cancellation or expiry releases it. A decision writes a message-centre notice to
 * the provider in its transaction (preauth.notices.ts).
 */
import { ERRORS, formatMessage, type TErrorKey } from '@portal/domain/errors/catalogue';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import {
  canPreauth,
  PREAUTH_ACTION,
  PREAUTH_ATTACH_BIZ_TYPE,
  PREAUTH_STATUS,
  PREAUTH_TASK_TYPE,
  PREAUTH_TRANSITIONS,
  preauthStatusName,
  type TPreauthAction,
  type TPreauthCase,
  visitWithinWindow,
  type ZPreauthApprove,
  type ZPreauthForm,
  type ZPreauthSave,
} from '@portal/domain/preauth/rules';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { actingProvider, patientQuery, servedPolicyTerms } from '../appointments/appointments.service.ts';
import { attachFiles } from '../files/files.service.ts';
import { benefitUsage, members, policies, policyCoverages } from '../members/members.tables.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { assertWorkflowAuditor } from '../workflow/workflow.service.ts';
import { announceNotices, decisionNotice, writeNotice } from './preauth.notices.ts';
import { benefitOf, getCase, oneCaseWhere, releaseReservation, type TPreauthRow } from './preauth.service.ts';
import { preauthCases, preauthFlow } from './preauth.tables.ts';

type TForm = z.output<typeof ZPreauthForm>;
type TTransition = keyof typeof PREAUTH_TRANSITIONS;

/** An AppError carrying the message as the field error of `field` too, so the form shows it in place. */
function onField(key: TErrorKey, field: string, params: Record<string, string> = {}): AppError {
  const entry = ERRORS[key];
  return new AppError(key, {
    params,
    data: {
      fieldErrors: {
        [field]: { msg: formatMessage(entry.zh, params), msg_en: formatMessage(entry.en, params) },
      },
    },
  });
}

/** The visit window counts from the application day (today, China time, when saving or submitting). */
function assertWindow(visitDate: string, applyDate: string) {
  if (!visitWithinWindow(visitDate, applyDate)) throw onField('PREAUTH_VISIT_WINDOW', 'visitDate');
}

/** The member's policy in force on the visit date under a plan the provider serves, and the coverage in the currency. */
async function resolveCoverage(
  db: TDbOrTx,
  actor: TActor,
  providerId: string,
  v: { memberId: string; visitDate: string; coverageCode: string; currency: string },
) {
  const [found] = await patientQuery(
    db,
    and(servedPolicyTerms(actor.tenantId, providerId, v.visitDate), eq(members.memberId, v.memberId)) as SQL,
  )
    .orderBy(asc(policies.validFrom))
    .limit(1);
  if (!found) throw new AppError('PREAUTH_MEMBER_NOT_FOUND', { params: { memberId: v.memberId } });
  const coverages = await db
    .select()
    .from(policyCoverages)
    .where(
      and(
        eq(policyCoverages.tenantId, actor.tenantId),
        eq(policyCoverages.policyRef, found.policy.id),
        eq(policyCoverages.coverageCode, v.coverageCode),
      ),
    );
  const coverage = coverages.find((c) => c.currency === v.currency);
  if (!coverage) {
    throw onField('PREAUTH_CURRENCY_NOT_COVERED', coverages.length === 0 ? 'coverageCode' : 'currency', {
      currency: v.currency,
      coverageCode: v.coverageCode,
    });
  }
  return { ...found, coverage };
}

async function writeFlow(
  db: TDbOrTx,
  actor: TActor | null,
  row: { tenantId: string; id: string },
  step: { action: TPreauthAction; from: string; to: string; remark?: string; amount?: string | null },
) {
  await db.insert(preauthFlow).values({
    tenantId: row.tenantId,
    caseRef: row.id,
    action: step.action,
    fromStatus: step.from,
    toStatus: step.to,
    operatorId: actor?.userId ?? null,
    operatorName: actor?.name ?? '系统',
    operatorNameEn: actor ? actor.nameEn || actor.name : 'System',
    remark: step.remark ?? '',
    amount: step.amount ?? null,
    createdBy: actor?.account ?? 'system',
  });
}

const VERBS: Record<TTransition | 'edit', { zh: string; en: string }> = {
  edit: { zh: '修改', en: 'changed' },
  submit: { zh: '提交', en: 'submitted' },
  approve: { zh: '批准', en: 'approved' },
  reject: { zh: '拒绝', en: 'rejected' },
  requestDocuments: { zh: '要求补充资料', en: 'sent back for documents' },
  supplement: { zh: '补充资料', en: 'supplemented' },
  cancel: { zh: '取消', en: 'cancelled' },
  reopen: { zh: '重开', en: 'reopened' },
  expire: { zh: '过期', en: 'expired' },
};

function statusNotAllowed(row: TPreauthRow, action: TTransition | 'edit'): AppError {
  const entry = ERRORS.PREAUTH_STATUS_NOT_ALLOWED;
  return new AppError('PREAUTH_STATUS_NOT_ALLOWED', {
    zh: formatMessage(entry.zh, {
      caseNo: row.caseNo,
      status: preauthStatusName(row.status, 'zh'),
      action: VERBS[action].zh,
    }),
    en: formatMessage(entry.en, {
      caseNo: row.caseNo,
      status: preauthStatusName(row.status, 'en'),
      action: VERBS[action].en,
    }),
  });
}

/** The row under a lock: 40425 when hidden, 40900 when changed since read, 40940 when the status forbids the action. */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { id, version, action }: { id: string; version: number; action: TTransition | 'edit' },
): Promise<TPreauthRow> {
  const [row] = await tx.select().from(preauthCases).where(oneCaseWhere(actor, id)).for('update');
  if (!row) throw new AppError('PREAUTH_NOT_FOUND');
  if (row.version !== version) throw new AppError('CASE_STATUS_CHANGED');
  const allowed =
    action === 'edit' ? row.status === PREAUTH_STATUS.UNSUBMITTED.code : canPreauth(action, row.status);
  if (!allowed) throw statusNotAllowed(row, action);
  return row;
}

function formColumns(found: Awaited<ReturnType<typeof resolveCoverage>>, form: TForm) {
  return {
    memberRef: found.member.id,
    memberId: found.member.memberId,
    memberName: found.member.name,
    memberNameEn: found.member.nameEn,
    patientBirthday: found.member.birthday,
    customerId: found.customer.customerId,
    planRef: found.plan.id,
    grpPlanCode: found.plan.grpPlanCode,
    policyRef: found.policy.id,
    policyNo: found.policy.policyNo,
    coverageRef: found.coverage.id,
    coverageCode: found.coverage.coverageCode,
    currency: found.coverage.currency,
    visitType: form.visitType,
    visitDate: form.visitDate,
    lengthOfStay: form.lengthOfStay,
    department: form.department,
    doctor: form.doctor,
    estimatedCost: form.estimatedCost,
    icdCodes: form.icdCodes,
    caseHandler: form.caseHandler,
    remark: form.remark,
  };
}

async function attach(p: TPlatform, tx: TDbOrTx, actor: TActor, caseId: string, fileIds: string[]) {
  await attachFiles(p, {
    tenantId: actor.tenantId,
    ids: fileIds,
    bizType: PREAUTH_ATTACH_BIZ_TYPE,
    bizId: caseId,
    actor,
    db: tx,
  });
}

/**
 * Saves an unsubmitted case: without id a new one (number PA + sequence), with id and version a
 * change of a draft. The member must be served by the provider on the visit date and the visit
 * within 30 days of today; the currency one of the coverage's.
 */
export async function saveCase(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZPreauthSave> },
): Promise<TPreauthCase> {
  const { id, version, fileIds, providerId: named, ...form } = input;
  assertWindow(form.visitDate, chinaDay(new Date()));
  const caseId = await p.db.transaction(async (tx) => {
    if (id) {
      const row = await lockForAction(tx, actor, { id, version: version ?? -1, action: 'edit' });
      const found = await resolveCoverage(tx, actor, row.providerId, form);
      await tx
        .update(preauthCases)
        .set({
          ...formColumns(found, { ...form, fileIds, providerId: named }),
          version: row.version + 1,
          updatedAt: new Date(),
          updatedBy: actor.account,
        })
        .where(eq(preauthCases.id, row.id));
      await writeFlow(tx, actor, row, {
        action: 'save',
        from: row.status,
        to: row.status,
        remark: form.remark,
      });
      await attach(p, tx, actor, row.id, fileIds);
      return row.id;
    }
    const providerId = await actingProvider(tx, actor, named).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ERRORS.APPOINT_PROVIDER_REQUIRED.code)
        throw new AppError('PREAUTH_PROVIDER_REQUIRED');
      throw error;
    });
    const found = await resolveCoverage(tx, actor, providerId, form);
    const [row] = await tx
      .insert(preauthCases)
      .values({
        tenantId: actor.tenantId,
        caseNo: sql`'PA' || nextval('preauth_no_seq')::text`,
        status: PREAUTH_STATUS.UNSUBMITTED.code,
        providerId,
        ...formColumns(found, { ...form, fileIds, providerId: named }),
        createdBy: actor.account,
        updatedBy: actor.account,
      })
      .returning({ id: preauthCases.id, tenantId: preauthCases.tenantId });
    await writeFlow(tx, actor, row, {
      action: 'save',
      from: '',
      to: PREAUTH_STATUS.UNSUBMITTED.code,
      remark: form.remark,
    });
    await attach(p, tx, actor, row.id, fileIds);
    return row.id;
  });
  return getCase(p, { actor, id: caseId });
}

/** Moves a case along one transition with its flow row, in one transaction; answers the case. */
async function transition(
  p: TPlatform,
  {
    actor,
    id,
    version,
    action,
    remark,
    run,
  }: {
    actor: TActor;
    id: string;
    version: number;
    action: TTransition;
    remark?: string;
    run?: (
      tx: TDbOrTx,
      row: TPreauthRow,
    ) => Promise<
      { set?: Partial<typeof preauthCases.$inferInsert>; to?: string; amount?: string | null } | undefined
    >;
  },
): Promise<TPreauthCase> {
  const noticeId = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version, action });
    const extra = (await run?.(tx, row)) ?? {};
    const to = extra.to ?? PREAUTH_TRANSITIONS[action].to;
    await tx
      .update(preauthCases)
      .set({
        ...extra.set,
        status: to,
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(preauthCases.id, row.id));
    await writeFlow(tx, actor, row, { action, from: row.status, to, remark, amount: extra.amount });
    const text = decisionNotice(row, to, {
      remark: remark ?? '',
      approvedAmount: extra.set?.approvedAmount,
      validUntil: extra.set?.validUntil,
    });
    return text ? writeNotice(tx, { actor, row, to: 'provider', text }) : null;
  });
  if (noticeId) await announceNotices(p, actor.tenantId, [noticeId]);
  return getCase(p, { actor, id });
}

type TAction = { actor: TActor; id: string; version: number; remark?: string };

/** Submits a draft for audit: the member must still be served and the visit within 30 days of today. */
export function submitCase(p: TPlatform, { actor, id, version, remark }: TAction) {
  return transition(p, {
    actor,
    id,
    version,
    action: 'submit',
    remark,
    run: async (tx, row) => {
      const today = chinaDay(new Date());
      assertWindow(row.visitDate, today);
      await resolveCoverage(tx, actor, row.providerId, row);
      return { set: { applyDate: today, submittedBy: actor.userId, submittedAt: new Date() } };
    },
  });
}

/** Cancels a case not yet decided, or an approval no longer needed (its reservation is released). */
export function cancelCase(p: TPlatform, { actor, id, version, remark }: TAction) {
  return transition(p, {
    actor,
    id,
    version,
    action: 'cancel',
    remark,
    run: async (tx, row) => {
      await releaseReservation(tx, row, actor.account);
      return undefined;
    },
  });
}

/** Sends the documents asked for: the case goes back to auditing. */
export function supplementCase(
  p: TPlatform,
  { actor, id, version, remark, fileIds }: TAction & { fileIds: string[] },
) {
  return transition(p, {
    actor,
    id,
    version,
    action: 'supplement',
    remark,
    run: async (tx, row) => {
      await attach(p, tx, actor, row.id, fileIds);
      return { set: { submittedBy: actor.userId, submittedAt: new Date() } };
    },
  });
}

/** Asks to reopen a cancelled case: it goes back to auditing, marked reopened. */
export function reopenCase(p: TPlatform, { actor, id, version, remark }: TAction) {
  return transition(p, {
    actor,
    id,
    version,
    action: 'reopen',
    remark,
    run: async () => ({ set: { reopened: true, submittedBy: actor.userId, submittedAt: new Date() } }),
  });
}

/**
 * The checks before any decision: operator staff only, the workflow's auditor role for
 * 'preauth' when configured (decision 0030), and never on one's own submission.
 */
async function assertMayDecide(p: TPlatform, actor: TActor) {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  await assertWorkflowAuditor(p, actor, PREAUTH_TASK_TYPE);
}
function assertNotOwn(actor: TActor, row: TPreauthRow) {
  if (row.submittedBy === actor.userId) throw new AppError('PREAUTH_OWN_SUBMISSION');
}

/**
 * Approves an amount (at most the requested cost and the coverage's remaining benefit) until a
 * validity end date; reserves it in benefit_usage as pending, in the same transaction.
 */
export async function approveCase(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZPreauthApprove> },
) {
  await assertMayDecide(p, actor);
  if (input.validUntil < chinaDay(new Date())) throw onField('PREAUTH_VALID_UNTIL_PAST', 'validUntil');
  return transition(p, {
    actor,
    id: input.id,
    version: input.version,
    action: 'approve',
    remark: input.remark,
    run: async (tx, row) => {
      assertNotOwn(actor, row);
      const amount = toCents(input.approvedAmount);
      if (amount > toCents(row.estimatedCost)) {
        throw onField('PREAUTH_APPROVED_OVER_REQUESTED', 'approvedAmount', {
          approvedAmount: fromCents(amount),
          estimatedCost: row.estimatedCost,
        });
      }
      // Lock the coverage so two approvals cannot both take the last of the benefit.
      await tx
        .select({ id: policyCoverages.id })
        .from(policyCoverages)
        .where(eq(policyCoverages.id, row.coverageRef))
        .for('update');
      const benefit = await benefitOf(tx, row);
      if (benefit?.remaining != null && amount > toCents(benefit.remaining)) {
        throw onField('PREAUTH_APPROVED_OVER_REMAINING', 'approvedAmount', {
          approvedAmount: fromCents(amount),
          remaining: benefit.remaining,
        });
      }
      const approved = fromCents(amount);
      await tx
        .insert(benefitUsage)
        .values({
          tenantId: row.tenantId,
          coverageRef: row.coverageRef,
          sourceType: 'preauth',
          sourceId: row.id,
          providerId: row.providerId,
          visitDate: row.visitDate,
          amount: approved,
          status: 'pending',
          remark: row.caseNo,
          createdBy: actor.account,
          updatedBy: actor.account,
        })
        .onConflictDoUpdate({
          target: [benefitUsage.coverageRef, benefitUsage.sourceType, benefitUsage.sourceId],
          set: { amount: approved, status: 'pending', updatedAt: new Date(), updatedBy: actor.account },
        });
      return {
        amount: approved,
        set: {
          approvedAmount: approved,
          validUntil: input.validUntil,
          decisionRemark: input.remark,
          decidedBy: actor.userId,
          decidedAt: new Date(),
        },
      };
    },
  });
}

/** Rejects with a reason; a reopened case becomes 'reopen rejected'. Any reservation is released. */
export async function rejectCase(p: TPlatform, { actor, id, version, remark = '' }: TAction) {
  await assertMayDecide(p, actor);
  return transition(p, {
    actor,
    id,
    version,
    action: 'reject',
    remark,
    run: async (tx, row) => {
      assertNotOwn(actor, row);
      await releaseReservation(tx, row, actor.account);
      return {
        to: row.reopened ? PREAUTH_STATUS.REOPEN_REJECTED.code : PREAUTH_STATUS.REJECTED.code,
        set: { decisionRemark: remark, decidedBy: actor.userId, decidedAt: new Date() },
      };
    },
  });
}

/** Asks the provider for more documents, with a note of what is needed. */
export async function requestDocuments(p: TPlatform, { actor, id, version, remark = '' }: TAction) {
  await assertMayDecide(p, actor);
  return transition(p, {
    actor,
    id,
    version,
    action: 'requestDocuments',
    remark,
    run: async (_tx, row) => {
      assertNotOwn(actor, row);
      return { set: { decisionRemark: remark, decidedBy: actor.userId, decidedAt: new Date() } };
    },
  });
}

/** The expiry job's work in one tenant: approved cases past their validity expire and release their reservation. */
export async function expireTenantCases(db: TDbOrTx, tenantId: string, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(preauthCases)
      .set({
        status: PREAUTH_STATUS.EXPIRED.code,
        version: sql`${preauthCases.version} + 1`,
        updatedAt: new Date(),
        updatedBy: 'system',
      })
      .where(
        and(
          eq(preauthCases.tenantId, tenantId),
          eq(preauthCases.status, PREAUTH_STATUS.APPROVED.code),
          sql`${preauthCases.validUntil} < ${today}`,
        ),
      )
      .returning({ id: preauthCases.id, tenantId: preauthCases.tenantId });
    for (const row of rows) {
      await releaseReservation(tx, row, 'system');
      await writeFlow(tx, null, row, {
        action: PREAUTH_ACTION.EXPIRE.code,
        from: PREAUTH_STATUS.APPROVED.code,
        to: PREAUTH_STATUS.EXPIRED.code,
      });
    }
    return rows.length;
  });
}
