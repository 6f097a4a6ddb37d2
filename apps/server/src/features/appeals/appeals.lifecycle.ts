/**
 * The lifecycle of a claim appeal (decision 0049): the provider appeals a claim line (processing);
 * the operator returns it (returned: the provider changes and resubmits it), rejects it or
 * approves it, which adds the approved amount to the line's payable in the same transaction; the
 * provider may withdraw an ongoing appeal (closed). One ongoing appeal per line (an advisory lock
 * and a partial unique index). Each step is one transaction with its flow row and a notice to the
 * other side; every change of an existing appeal is conditional on the version read (409 'Case
 * status changed'), and nobody decides an appeal they submitted.
 */
import { PAYABLE_SOURCE } from '@portal/domain/accounting/rules';
import {
  APPEAL_ACTION,
  APPEAL_BIZ_TYPE,
  APPEAL_FILE_NAME_MAX,
  APPEAL_OPEN_STATUSES,
  APPEAL_STATUS,
  APPEAL_TRANSITIONS,
  appealLabel,
  duplicateFileNames,
  type TAppeal,
  type TAppealAction,
  type TAppealTransition,
  type ZAppealAudit,
  type ZAppealCreate,
  type ZAppealUpdate,
} from '@portal/domain/appeals/rules';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { formatMoney, fromCents, toCents } from '@portal/domain/members/benefits';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { addPayableAdjustment } from '../accounting/accounting.payables.ts';
import { claimLines } from '../claims/claims.tables.ts';
import { attachFiles, getFilesForActor } from '../files/files.service.ts';
import { files } from '../files/files.tables.ts';
import { recordBenefitUsage } from '../members/members.usage.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import {
  announceAppealNotices,
  appealNotice,
  type TAppealNotice,
  writeAppealNotice,
} from './appeals.notices.ts';
import { appealableLine, getAppeal, oneAppealWhere, type TAppealRow } from './appeals.service.ts';
import { appealFlow, appeals } from './appeals.tables.ts';

const senderOf = (actor: TActor) => ({
  id: actor.userId,
  name: actor.name,
  nameEn: actor.nameEn || actor.name,
});

async function writeFlow(
  db: TDbOrTx,
  actor: TActor,
  row: { tenantId: string; id: string },
  step: { action: TAppealAction; from: string; to: string; remark?: string },
) {
  await db.insert(appealFlow).values({
    tenantId: row.tenantId,
    appealRef: row.id,
    action: step.action,
    fromStatus: step.from,
    toStatus: step.to,
    operatorId: actor.userId,
    operatorName: actor.name,
    operatorNameEn: actor.nameEn || actor.name,
    remark: step.remark ?? '',
    createdBy: actor.account,
  });
}

const VERBS: Record<TAppealTransition, { zh: string; en: string }> = {
  resubmit: { zh: '重新提交', en: 'resubmitted' },
  return: { zh: '退回', en: 'returned' },
  reject: { zh: '拒绝', en: 'rejected' },
  approve: { zh: '批准', en: 'approved' },
  close: { zh: '撤回', en: 'withdrawn' },
};

/**
 * The appeal under a lock, ready for `action`: 40480 when hidden; 40900 'Case status changed'
 * when it changed since it was read; 40986 when its status forbids the step.
 */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { id, version, action }: { id: string; version: number; action: TAppealTransition },
): Promise<TAppealRow> {
  const [row] = await tx.select().from(appeals).where(oneAppealWhere(actor, id)).for('update');
  if (!row) throw new AppError('APPEAL_NOT_FOUND');
  if (row.version !== version) throw new AppError('CASE_STATUS_CHANGED');
  if (!(APPEAL_TRANSITIONS[action].from as readonly string[]).includes(row.status)) {
    const entry = ERRORS.APPEAL_STATUS_NOT_ALLOWED;
    const params = (lang: 'zh' | 'en') => ({
      appealNo: row.appealNo,
      status: appealLabel(APPEAL_STATUS, row.status, lang),
      action: VERBS[action][lang],
    });
    throw new AppError('APPEAL_STATUS_NOT_ALLOWED', {
      zh: formatMessage(entry.zh, params('zh')),
      en: formatMessage(entry.en, params('en')),
    });
  }
  return row;
}

/** Provider staff only: an appeal is the provider's word; operators decide it. */
function assertProvider(actor: TActor) {
  if (!isProviderStaff(actor) || !actor.providerId) throw new AppError('NO_PERMISSION');
}

/**
 * The attachments of a submission, checked before the transaction: visible to the actor, not
 * used by another object, names of at most 100 characters and no name twice (with the files the
 * appeal keeps). The 200 MB total is counted again when they are attached.
 */
async function checkAttachments(
  p: TPlatform,
  actor: TActor,
  { fileIds, appealId }: { fileIds: string[]; appealId: string | null },
) {
  const chosen = await getFilesForActor(p, { actor, ids: fileIds });
  if (chosen.some((f) => f.bizId !== null && !(f.bizType === APPEAL_BIZ_TYPE && f.bizId === appealId)))
    throw new AppError('APPEAL_FILE_NOT_USABLE');
  if (chosen.some((f) => Array.from(f.originalName).length > APPEAL_FILE_NAME_MAX))
    throw new AppError('FILE_NAME_TOO_LONG');
  const twice = duplicateFileNames(chosen.map((f) => f.originalName));
  if (twice.length > 0)
    throw new AppError('CLAIM_DUPLICATE_FILE_NAMES', { params: { names: twice.join(', ') } });
}

function assertAmount(amount: string, max: string) {
  if (toCents(amount) > toCents(max))
    throw new AppError('APPEAL_AMOUNT_TOO_HIGH', {
      params: { amount: formatMoney(amount), max: formatMoney(max) },
    });
}

const isOpenAppealViolation = (error: unknown) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint ?? '';
  return code === '23505' && (constraint === '' || constraint === 'appeals_line_open_uq');
};

/**
 * The provider appeals a claim line of its own (a rejected or partly paid line of an approved
 * batch) with a reason, the amount asked (at most claimed less payable) and attachments. Refused
 * while another appeal of the line is ongoing ('Current claim has an appeal in progress').
 */
export async function createAppeal(
  p: TPlatform,
  { actor, input, now = new Date() }: { actor: TActor; input: z.output<typeof ZAppealCreate>; now?: Date },
): Promise<TAppeal> {
  assertProvider(actor);
  await checkAttachments(p, actor, { fileIds: input.fileIds, appealId: null });
  let result: { id: string; noticeId: string };
  try {
    result = await p.db.transaction(async (tx) => {
      // One submission per line at a time; the partial unique index is the last word.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`appeal-line:${input.lineId}`}))`);
      const line = await appealableLine(tx, { actor, lineId: input.lineId });
      if (line.openAppealNo)
        throw new AppError('APPEAL_IN_PROGRESS', { params: { appealNo: line.openAppealNo } });
      assertAmount(input.amount, line.maxAmount);
      const [row] = await tx
        .insert(appeals)
        .values({
          tenantId: actor.tenantId,
          appealNo: sql`'CA' || nextval('appeal_no_seq')::text`,
          status: APPEAL_STATUS.PROCESSING.code,
          providerId: line.providerId,
          batchRef: line.batchId,
          batchNo: line.batchNo,
          lineRef: line.lineId,
          rowNo: line.rowNo,
          currency: line.currency,
          amount: fromCents(toCents(input.amount)),
          reason: input.reason,
          submittedBy: actor.userId,
          submittedByName: actor.name,
          submittedByNameEn: actor.nameEn || actor.name,
          submittedAt: now,
          createdAt: now,
          updatedAt: now,
          createdBy: actor.account,
          updatedBy: actor.account,
        })
        .returning();
      await attachFiles(p, {
        tenantId: actor.tenantId,
        ids: input.fileIds,
        bizType: APPEAL_BIZ_TYPE,
        bizId: row.id,
        actor,
        db: tx,
      });
      await writeFlow(tx, actor, row, {
        action: APPEAL_ACTION.CREATE.code,
        from: '',
        to: row.status,
        remark: input.reason,
      });
      const noticeId = await writeAppealNotice(tx, {
        row,
        to: 'operator',
        text: appealNotice(row, 'submitted', '', formatMoney(row.amount)),
        sender: senderOf(actor),
      });
      return { id: row.id, noticeId };
    });
  } catch (error) {
    // Two submissions that passed the check at once: the unique index lets one through.
    if (isOpenAppealViolation(error)) {
      const [open] = await p.db
        .select({ appealNo: appeals.appealNo })
        .from(appeals)
        .where(
          and(
            eq(appeals.tenantId, actor.tenantId),
            eq(appeals.lineRef, input.lineId),
            inArray(appeals.status, [...APPEAL_OPEN_STATUSES]),
          ),
        );
      throw new AppError('APPEAL_IN_PROGRESS', { params: { appealNo: open?.appealNo ?? '-' } });
    }
    throw error;
  }
  await announceAppealNotices(p, actor.tenantId, [result.noticeId]);
  return getAppeal(p, { actor, id: result.id });
}

/**
 * The provider changes a returned appeal and resubmits it (processing again): the reason, the
 * amount and the attachments; files no longer listed are removed from the appeal.
 */
export async function updateAppeal(
  p: TPlatform,
  {
    actor,
    id,
    input,
    now = new Date(),
  }: { actor: TActor; id: string; input: z.output<typeof ZAppealUpdate>; now?: Date },
): Promise<TAppeal> {
  assertProvider(actor);
  await checkAttachments(p, actor, { fileIds: input.fileIds, appealId: id });
  const noticeId = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version: input.version, action: 'resubmit' });
    const line = await appealableLine(tx, { actor, lineId: row.lineRef });
    assertAmount(input.amount, line.maxAmount);
    // Files the provider took off the appeal: removed (soft-deleted) in this transaction.
    const keep = [...new Set(input.fileIds)];
    await tx
      .update(files)
      .set({ deleted: true, deletedAt: now, deletedBy: actor.userId, updatedAt: now })
      .where(
        and(
          eq(files.tenantId, actor.tenantId),
          eq(files.bizType, APPEAL_BIZ_TYPE),
          eq(files.bizId, row.id),
          eq(files.deleted, false),
          keep.length > 0 ? notInArray(files.id, keep) : undefined,
        ),
      );
    await attachFiles(p, {
      tenantId: actor.tenantId,
      ids: keep,
      bizType: APPEAL_BIZ_TYPE,
      bizId: row.id,
      actor,
      db: tx,
    });
    const to = APPEAL_TRANSITIONS.resubmit.to;
    const amount = fromCents(toCents(input.amount));
    await tx
      .update(appeals)
      .set({
        status: to,
        amount,
        reason: input.reason,
        submitCount: row.submitCount + 1,
        submittedAt: now,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.account,
      })
      .where(eq(appeals.id, row.id));
    await writeFlow(tx, actor, row, {
      action: APPEAL_ACTION.RESUBMIT.code,
      from: row.status,
      to,
      remark: input.reason,
    });
    return writeAppealNotice(tx, {
      row,
      to: 'operator',
      text: appealNotice(row, 'resubmitted', '', formatMoney(amount)),
      sender: senderOf(actor),
    });
  });
  await announceAppealNotices(p, actor.tenantId, [noticeId]);
  return getAppeal(p, { actor, id });
}

/** The provider withdraws an ongoing (processing or returned) appeal: closed, final. */
export async function closeAppeal(
  p: TPlatform,
  {
    actor,
    id,
    version,
    remark,
    now = new Date(),
  }: { actor: TActor; id: string; version: number; remark: string; now?: Date },
): Promise<TAppeal> {
  assertProvider(actor);
  const noticeId = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version, action: 'close' });
    const to = APPEAL_TRANSITIONS.close.to;
    await tx
      .update(appeals)
      .set({
        status: to,
        decisionRemark: remark,
        decidedBy: actor.userId,
        decidedAt: now,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.account,
      })
      .where(eq(appeals.id, row.id));
    await writeFlow(tx, actor, row, { action: APPEAL_ACTION.CLOSE.code, from: row.status, to, remark });
    return writeAppealNotice(tx, {
      row,
      to: 'operator',
      text: appealNotice(row, 'closed', remark),
      sender: senderOf(actor),
    });
  });
  await announceAppealNotices(p, actor.tenantId, [noticeId]);
  return getAppeal(p, { actor, id });
}

const RESULT_ACTION = {
  return: { action: APPEAL_ACTION.RETURN.code, notice: 'returned' },
  reject: { action: APPEAL_ACTION.REJECT.code, notice: 'rejected' },
  approve: { action: APPEAL_ACTION.APPROVE.code, notice: 'approved' },
} as const satisfies Record<string, { action: TAppealAction; notice: TAppealNotice }>;

/**
 * The operator's decision on a processing appeal: return or reject with a reason, or approve
 * (the amount granted, at most the amount asked), which adds it to the line's payable (source
 * 'appeal') and records it as used of the member's benefit in the same transaction, so the
 * provider's next payment batch offers it.
 */
export async function auditAppeal(
  p: TPlatform,
  {
    actor,
    id,
    input,
    now = new Date(),
  }: { actor: TActor; id: string; input: z.output<typeof ZAppealAudit>; now?: Date },
): Promise<TAppeal> {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  const noticeId = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version: input.version, action: input.result });
    if (row.submittedBy === actor.userId) throw new AppError('APPEAL_OWN_SUBMISSION');
    const to = APPEAL_TRANSITIONS[input.result].to;
    let approvedAmount: string | null = null;
    if (input.result === 'approve') {
      approvedAmount = fromCents(toCents(input.approvedAmount ?? row.amount));
      if (toCents(approvedAmount) > toCents(row.amount))
        throw new AppError('APPEAL_APPROVED_TOO_HIGH', {
          params: { approved: formatMoney(approvedAmount), amount: formatMoney(row.amount) },
        });
      // The amount granted consumes the member's benefit, as the claim decision's payable does.
      const [line] = await tx
        .select({ coverageRef: claimLines.coverageRef, visitDate: claimLines.visitDate })
        .from(claimLines)
        .where(eq(claimLines.id, row.lineRef));
      await recordBenefitUsage(tx, {
        tenantId: row.tenantId,
        actor: actor.account,
        coverageRef: line.coverageRef,
        sourceType: 'appeal',
        sourceId: row.id,
        providerId: row.providerId,
        visitDate: line.visitDate,
        amount: approvedAmount,
        status: 'used',
        remark: row.appealNo,
      });
      await addPayableAdjustment(tx, {
        tenantId: row.tenantId,
        lineId: row.lineRef,
        amount: approvedAmount,
        sourceType: PAYABLE_SOURCE.APPEAL.code,
        sourceId: row.id,
        reason: input.remark || row.reason,
        account: actor.account,
      });
    }
    await tx
      .update(appeals)
      .set({
        status: to,
        approvedAmount,
        decisionRemark: input.remark,
        decidedBy: actor.userId,
        decidedAt: now,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.account,
      })
      .where(eq(appeals.id, row.id));
    const step = RESULT_ACTION[input.result];
    await writeFlow(tx, actor, row, { action: step.action, from: row.status, to, remark: input.remark });
    return writeAppealNotice(tx, {
      row,
      to: 'provider',
      text: appealNotice(row, step.notice, input.remark, approvedAmount ? formatMoney(approvedAmount) : ''),
      sender: senderOf(actor),
    });
  });
  await announceAppealNotices(p, actor.tenantId, [noticeId]);
  return getAppeal(p, { actor, id });
}
