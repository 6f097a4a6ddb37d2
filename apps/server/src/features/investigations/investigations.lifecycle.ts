/**
 * The lifecycle of a claim investigation (decision 0046): the operator opens one on a claim
 * line; the provider answers (files and/or a description, a remark, tracking numbers with their
 * posting date) until upload closes; the operator completes or cancels it; the time-out job
 * terminates a case whose upload closed. Each change is one transaction with its flow row and a
 * message-centre notice to the other side; every change of an existing case is conditional on
 * the version read (409 'Case status changed').
 */

import { ERRORS, formatMessage, type TErrorKey } from '@portal/domain/errors/catalogue';
import { chinaDay } from '@portal/domain/format/format';
import {
  answerHasContent,
  INVESTIGATION_ACTION,
  INVESTIGATION_BIZ_TYPE,
  INVESTIGATION_STATUS,
  INVESTIGATION_TRANSITIONS,
  investigationLabel,
  postingDateIssue,
  type TInvestigation,
  type TInvestigationAction,
  type TInvestigationTransition,
  type ZInvestigationOpen,
  type ZInvestigationReply,
} from '@portal/domain/investigations/rules';
import { effectiveFunctions } from '@portal/domain/provider-accounts/codes';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError, validationError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { investigationCountdown } from '../calendar/calendar.service.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';
import { attachFiles, getFilesForActor } from '../files/files.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { isProviderStaff, providerAccessColumns } from '../provider-accounts/provider-accounts.access.ts';
import {
  announceInvestigationNotices,
  investigationNotice,
  type TInvestigationNotice,
  writeInvestigationNotice,
} from './investigations.notices.ts';
import { getInvestigation, oneInvestigationWhere, type TInvestigationRow } from './investigations.service.ts';
import { investigationAnswers, investigationFlow, investigations } from './investigations.tables.ts';

const SYSTEM = { id: null, name: '系统', nameEn: 'System' };
const senderOf = (actor: TActor) => ({
  id: actor.userId,
  name: actor.name,
  nameEn: actor.nameEn || actor.name,
});

/** An AppError carrying its message as the field error of `field`, so the form shows it in place. */
function onField(key: TErrorKey, field: string): AppError {
  const entry = ERRORS[key];
  return new AppError(key, { data: { fieldErrors: { [field]: { msg: entry.zh, msg_en: entry.en } } } });
}

async function writeFlow(
  db: TDbOrTx,
  actor: TActor | null,
  row: { tenantId: string; id: string },
  step: { action: TInvestigationAction; from: string; to: string; remark?: string },
) {
  await db.insert(investigationFlow).values({
    tenantId: row.tenantId,
    investigationRef: row.id,
    action: step.action,
    fromStatus: step.from,
    toStatus: step.to,
    operatorId: actor?.userId ?? null,
    operatorName: actor?.name ?? SYSTEM.name,
    operatorNameEn: actor ? actor.nameEn || actor.name : SYSTEM.nameEn,
    remark: step.remark ?? '',
    createdBy: actor?.account ?? 'system',
  });
}

const VERBS: Record<TInvestigationTransition, { zh: string; en: string }> = {
  reply: { zh: '回复', en: 'answered' },
  complete: { zh: '完成', en: 'completed' },
  cancel: { zh: '取消', en: 'cancelled' },
  timeout: { zh: '终止', en: 'terminated' },
};

/**
 * The case under a lock, ready for `action`: 40470 when hidden; 40981 'Case cancelled', 40980
 * 'Case timed out and terminated' (also once upload closed, before the job has run), 40982 for a
 * completed case; then 40900 when it changed since it was read.
 */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { id, version, action, now }: { id: string; version: number; action: TInvestigationTransition; now: Date },
): Promise<TInvestigationRow> {
  const [row] = await tx.select().from(investigations).where(oneInvestigationWhere(actor, id)).for('update');
  if (!row) throw new AppError('INVESTIGATION_NOT_FOUND');
  const S = INVESTIGATION_STATUS;
  if (row.status === S.CANCELLED.code) throw new AppError('INVESTIGATION_CANCELLED');
  if (row.status === S.EXPIRED.code || (row.status === S.PROCESSING.code && now >= row.closesAt))
    throw new AppError('INVESTIGATION_TIMED_OUT');
  if (!(INVESTIGATION_TRANSITIONS[action].from as readonly string[]).includes(row.status)) {
    const entry = ERRORS.INVESTIGATION_STATUS_NOT_ALLOWED;
    const params = (lang: 'zh' | 'en') => ({
      caseNo: row.caseNo,
      status: investigationLabel(S, row.status, lang),
      action: VERBS[action][lang],
    });
    throw new AppError('INVESTIGATION_STATUS_NOT_ALLOWED', {
      zh: formatMessage(entry.zh, params('zh')),
      en: formatMessage(entry.en, params('en')),
    });
  }
  if (row.version !== version) throw new AppError('CASE_STATUS_CHANGED');
  return row;
}

/** Operators only: provider staff answer investigations, they never open or decide them. */
function assertOperator(actor: TActor) {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
}

/**
 * Opens an investigation on a claim line: the batch must not be withdrawn, the provider must
 * have claim investigation management, and the line no other investigation in progress. The
 * last upload day and the closing instant are fixed now, on the tenant's working calendar.
 */
export async function openInvestigation(
  p: TPlatform,
  {
    actor,
    input,
    now = new Date(),
  }: { actor: TActor; input: z.output<typeof ZInvestigationOpen>; now?: Date },
): Promise<TInvestigation> {
  assertOperator(actor);
  const openedOn = chinaDay(now);
  const deadline = await investigationCountdown(p, {
    tenantId: actor.tenantId,
    investigation: { openedOn, type: input.type },
    day: openedOn,
  });
  const { id, noticeId } = await p.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ line: claimLines, batch: claimBatches })
      .from(claimLines)
      .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
      .where(and(eq(claimLines.tenantId, actor.tenantId), eq(claimLines.id, input.lineId)));
    if (!found) throw new AppError('INVESTIGATION_LINE_NOT_FOUND');
    const { line, batch } = found;
    if (batch.status === '04')
      throw new AppError('INVESTIGATION_BATCH_WITHDRAWN', { params: { batchNo: batch.batchNo } });
    const [account] = await tx
      .select(providerAccessColumns)
      .from(providers)
      .where(and(eq(providers.tenantId, actor.tenantId), eq(providers.providerId, batch.providerId)));
    if (!account || !effectiveFunctions(account).includes('investigation'))
      throw new AppError('INVESTIGATION_FUNCTION_OFF', { params: { providerId: batch.providerId } });
    // One opening per line at a time; the partial unique index is the last word.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`investigation-line:${line.id}`}))`);
    const [open] = await tx
      .select({ caseNo: investigations.caseNo })
      .from(investigations)
      .where(
        and(
          eq(investigations.tenantId, actor.tenantId),
          eq(investigations.lineRef, line.id),
          eq(investigations.status, INVESTIGATION_STATUS.PROCESSING.code),
        ),
      );
    if (open)
      throw new AppError('INVESTIGATION_IN_PROGRESS', {
        params: { batchNo: batch.batchNo, row: line.rowNo, caseNo: open.caseNo },
      });
    const [row] = await tx
      .insert(investigations)
      .values({
        tenantId: actor.tenantId,
        caseNo: sql`'CI' || nextval('investigation_no_seq')::text`,
        status: INVESTIGATION_STATUS.PROCESSING.code,
        type: input.type,
        providerId: batch.providerId,
        batchRef: batch.id,
        batchNo: batch.batchNo,
        lineRef: line.id,
        rowNo: line.rowNo,
        memberId: line.memberId,
        memberName: line.memberName,
        memberNameEn: line.memberNameEn,
        visitDate: line.visitDate,
        icdCode: line.icdCode,
        itemCode: line.itemCode,
        itemName: line.itemName,
        amount: line.amount,
        currency: line.currency,
        request: input.request,
        openedOn,
        openedBy: actor.userId,
        openedByName: actor.name,
        openedByNameEn: actor.nameEn || actor.name,
        lastUploadDay: deadline.lastUploadDay,
        closesAt: deadline.closesAt,
        createdAt: now,
        updatedAt: now,
        createdBy: actor.account,
        updatedBy: actor.account,
      })
      .returning();
    await writeFlow(tx, actor, row, {
      action: INVESTIGATION_ACTION.OPEN.code,
      from: '',
      to: row.status,
      remark: input.request,
    });
    const noticeId = await writeInvestigationNotice(tx, {
      row,
      to: 'provider',
      text: investigationNotice(row, 'opened', input.request),
      sender: senderOf(actor),
    });
    return { id: row.id, noticeId };
  });
  await announceInvestigationNotices(p, actor.tenantId, [noticeId]);
  return getInvestigation(p, { actor, id, now });
}

/**
 * The provider's answer, while the case is processing and upload open: a file or a description,
 * a remark, tracking numbers with a posting date before today. The files join the case (200 MB
 * in all) in the answer's transaction; the operators are told.
 */
export async function answerInvestigation(
  p: TPlatform,
  {
    actor,
    input,
    now = new Date(),
  }: { actor: TActor; input: z.output<typeof ZInvestigationReply>; now?: Date },
): Promise<TInvestigation> {
  if (!isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  if (!answerHasContent(input)) throw new AppError('INVESTIGATION_ANSWER_EMPTY');
  const issue = postingDateIssue(input.postingDate, input.trackingNumbers, chinaDay(now));
  if (issue === 'required') throw onField('INVESTIGATION_POSTING_DATE_REQUIRED', 'postingDate');
  if (issue === 'notPast') throw onField('INVESTIGATION_POSTING_DATE_NOT_PAST', 'postingDate');
  const chosen = await getFilesForActor(p, { actor, ids: input.fileIds });
  if (chosen.some((f) => f.bizId !== null))
    throw validationError({
      fileIds: {
        msg: '文件已用于其他回复或业务，请重新上传',
        msg_en: 'A file is already used elsewhere; upload it again',
      },
    });
  const noticeId = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, {
      id: input.id,
      version: input.version,
      action: 'reply',
      now,
    });
    await attachFiles(p, {
      tenantId: actor.tenantId,
      ids: input.fileIds,
      bizType: INVESTIGATION_BIZ_TYPE,
      bizId: row.id,
      actor,
      db: tx,
    });
    await tx.insert(investigationAnswers).values({
      tenantId: row.tenantId,
      investigationRef: row.id,
      description: input.description,
      remark: input.remark,
      trackingNumbers: input.trackingNumbers,
      postingDate: input.trackingNumbers ? input.postingDate : null,
      fileIds: [...new Set(input.fileIds)],
      authorId: actor.userId,
      authorName: actor.name,
      authorNameEn: actor.nameEn || actor.name,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.account,
      updatedBy: actor.account,
    });
    await tx
      .update(investigations)
      .set({
        replyCount: row.replyCount + 1,
        lastReplyAt: now,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.account,
      })
      .where(eq(investigations.id, row.id));
    await writeFlow(tx, actor, row, {
      action: INVESTIGATION_ACTION.REPLY.code,
      from: row.status,
      to: row.status,
      remark: input.remark,
    });
    return writeInvestigationNotice(tx, {
      row,
      to: 'operator',
      text: investigationNotice(row, 'answered'),
      sender: senderOf(actor),
    });
  });
  await announceInvestigationNotices(p, actor.tenantId, [noticeId]);
  return getInvestigation(p, { actor, id: input.id, now });
}

/** Completes (after at least one answer) or cancels (with a reason) a processing case; the provider is told. */
async function decide(
  p: TPlatform,
  {
    actor,
    id,
    version,
    remark,
    action,
    now,
  }: { actor: TActor; id: string; version: number; remark: string; action: 'complete' | 'cancel'; now: Date },
): Promise<TInvestigation> {
  assertOperator(actor);
  const noticeId = await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version, action, now });
    if (action === 'complete' && row.replyCount === 0) throw new AppError('INVESTIGATION_NO_ANSWER');
    const to = INVESTIGATION_TRANSITIONS[action].to;
    await tx
      .update(investigations)
      .set({
        status: to,
        decisionRemark: remark,
        decidedBy: actor.userId,
        decidedAt: now,
        version: row.version + 1,
        updatedAt: now,
        updatedBy: actor.account,
      })
      .where(eq(investigations.id, row.id));
    await writeFlow(tx, actor, row, {
      action: action === 'complete' ? INVESTIGATION_ACTION.COMPLETE.code : INVESTIGATION_ACTION.CANCEL.code,
      from: row.status,
      to,
      remark,
    });
    const kind: TInvestigationNotice = action === 'complete' ? 'completed' : 'cancelled';
    return writeInvestigationNotice(tx, {
      row,
      to: 'provider',
      text: investigationNotice(row, kind, remark),
      sender: senderOf(actor),
    });
  });
  await announceInvestigationNotices(p, actor.tenantId, [noticeId]);
  return getInvestigation(p, { actor, id, now });
}

type TDecide = { actor: TActor; id: string; version: number; remark: string; now?: Date };

export const completeInvestigation = (p: TPlatform, { now = new Date(), ...rest }: TDecide) =>
  decide(p, { ...rest, now, action: 'complete' });

export const cancelInvestigation = (p: TPlatform, { now = new Date(), ...rest }: TDecide) =>
  decide(p, { ...rest, now, action: 'cancel' });

/**
 * The time-out job's work in one tenant, in one transaction: processing cases whose upload
 * closed become expired ('Case timed out and terminated'), each with its flow row and a notice
 * to its provider and to the operators. Answers the notice ids.
 */
export async function timeOutTenantCases(db: TDbOrTx, tenantId: string, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(investigations)
      .set({
        status: INVESTIGATION_STATUS.EXPIRED.code,
        version: sql`${investigations.version} + 1`,
        updatedAt: now,
        updatedBy: 'system',
      })
      .where(
        and(
          eq(investigations.tenantId, tenantId),
          eq(investigations.status, INVESTIGATION_STATUS.PROCESSING.code),
          lte(investigations.closesAt, now),
        ),
      )
      .returning();
    const notices: string[] = [];
    for (const row of rows) {
      await writeFlow(tx, null, row, {
        action: INVESTIGATION_ACTION.TIMEOUT.code,
        from: INVESTIGATION_STATUS.PROCESSING.code,
        to: INVESTIGATION_STATUS.EXPIRED.code,
      });
      const text = investigationNotice(row, 'timedOut');
      for (const to of ['provider', 'operator'] as const)
        notices.push(await writeInvestigationNotice(tx, { row, to, text, sender: SYSTEM }));
    }
    return notices;
  });
}
