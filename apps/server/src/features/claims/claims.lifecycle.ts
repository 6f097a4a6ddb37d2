/**
 * The lifecycle of a claim batch (decision 0040): submission (new, or an edit of a pending or
 * withdrawn batch), withdrawal, and the operator's decision on every line under the
 * maker-checker rules. Each change is one transaction with its flow row; an approved line
 * consumes the member's benefit and releases the pre-authorisation reservation it names.
 */
import {
  batchOutcome,
  CLAIM_ACTION,
  type CLAIM_BATCH_ACTIONS,
  CLAIM_BATCH_STATUS,
  CLAIM_IMAGE_BIZ_TYPE,
  CLAIM_LINE_STATUS,
  CLAIM_STATEMENT_BIZ_TYPE,
  CLAIM_TASK_TYPE,
  canClaimBatch,
  codeName,
  duplicateNames,
  type TClaimAction,
  type ZClaimDecide,
  type ZClaimSubmit,
} from '@portal/domain/claims/rules';
import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { actingProvider } from '../appointments/appointments.service.ts';
import {
  attachFiles,
  getFileForActor,
  getFilesForActor,
  listFiles,
  openFile,
} from '../files/files.service.ts';
import { files } from '../files/files.tables.ts';
import { openInvoiceSlots } from '../invoices/invoice-slots.service.ts';
import { benefitUsage, policyCoverages } from '../members/members.tables.ts';
import { releaseReservation } from '../preauth/preauth.service.ts';
import { isProviderStaff } from '../provider-accounts/provider-accounts.access.ts';
import { assertWorkflowAuditor } from '../workflow/workflow.service.ts';
import {
  benefitKey,
  benefitsOf,
  getBatch,
  isClaimAdmin,
  oneBatchWhere,
  type TBatchRow,
  type TBenefit,
} from './claims.service.ts';
import { checkStatement, type TResolvedLine } from './claims.statement.ts';
import { claimBatches, claimFlow, claimLines } from './claims.tables.ts';

type TBatchAction = keyof typeof CLAIM_BATCH_ACTIONS;

const VERBS: Record<TBatchAction, { zh: string; en: string }> = {
  edit: { zh: '修改', en: 'changed' },
  withdraw: { zh: '撤回', en: 'withdrawn' },
  decide: { zh: '审核', en: 'decided' },
};

function statusNotAllowed(row: TBatchRow, action: TBatchAction): AppError {
  const entry = ERRORS.CLAIM_STATUS_NOT_ALLOWED;
  const params = (lang: 'zh' | 'en') => ({
    batchNo: row.batchNo,
    status: codeName(CLAIM_BATCH_STATUS, row.status, lang),
    action: VERBS[action][lang],
  });
  return new AppError('CLAIM_STATUS_NOT_ALLOWED', {
    zh: formatMessage(entry.zh, params('zh')),
    en: formatMessage(entry.en, params('en')),
  });
}

/** The batch under a lock: 40430 when hidden, 40901 when changed since read, 40950 when the status forbids the action. */
async function lockForAction(
  tx: TDbOrTx,
  actor: TActor,
  { id, version, action }: { id: string; version: number; action: TBatchAction },
): Promise<TBatchRow> {
  const [row] = await tx.select().from(claimBatches).where(oneBatchWhere(actor, id)).for('update');
  if (!row) throw new AppError('CLAIM_BATCH_NOT_FOUND');
  if (row.version !== version) throw new AppError('BATCH_STATUS_CHANGED');
  if (!canClaimBatch(action, row.status)) throw statusNotAllowed(row, action);
  return row;
}

async function writeFlow(
  db: TDbOrTx,
  actor: TActor,
  row: { tenantId: string; id: string },
  step: { action: TClaimAction; from: string; to: string; remark?: string },
) {
  await db.insert(claimFlow).values({
    tenantId: row.tenantId,
    batchRef: row.id,
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

async function bytesOf(p: TPlatform, row: Parameters<typeof openFile>[1]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of await openFile(p, row)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The statement file the actor uploaded as a statement; 40254 when it is another kind of file. */
async function statementFile(p: TPlatform, actor: TActor, id: string) {
  const row = await getFileForActor(p, { actor, id });
  if (row.profile !== 'claimStatement') throw new AppError('CLAIM_STATEMENT_UNREADABLE');
  return row;
}

/** The row report of a statement for the acting provider; nothing is saved. */
export async function checkStatementFile(
  p: TPlatform,
  { actor, statementFileId, providerId }: { actor: TActor; statementFileId: string; providerId?: string },
) {
  const file = await statementFile(p, actor, statementFileId);
  const provider = await actingProvider(p.db, actor, providerId);
  const { report } = await checkStatement(p.db, {
    tenantId: actor.tenantId,
    providerId: provider,
    bytes: await bytesOf(p, file),
    today: chinaDay(new Date()),
  });
  return report;
}

const LINE_CHUNK = 500;

async function insertLines(tx: TDbOrTx, actor: TActor, batchId: string, lines: TResolvedLine[]) {
  for (let at = 0; at < lines.length; at += LINE_CHUNK) {
    await tx.insert(claimLines).values(
      lines.slice(at, at + LINE_CHUNK).map((l) => ({
        tenantId: actor.tenantId,
        batchRef: batchId,
        rowNo: l.row,
        memberRef: l.memberRef,
        memberId: l.memberId,
        memberName: l.memberName,
        memberNameEn: l.memberNameEn,
        policyRef: l.policyRef,
        policyNo: l.policyNo,
        coverageRef: l.coverageRef,
        coverageCode: l.coverageCode,
        currency: l.currency,
        visitDate: l.visitDate,
        visitType: l.visitType,
        icdCode: l.icdCode,
        diagnosis: l.diagnosis,
        itemCode: l.itemCode,
        itemName: l.itemName,
        quantity: l.quantity,
        amount: l.amount,
        dupKey: l.dupKey,
        preauthRef: l.preauthRef,
        preauthNo: l.preauthNo,
        createdBy: actor.account,
        updatedBy: actor.account,
      })),
    );
  }
}

/** Files attached to the batch that the new submission no longer lists are deleted (soft). */
async function dropReplacedFiles(p: TPlatform, tx: TDbOrTx, actor: TActor, batchId: string, keep: string[]) {
  const attached = [
    ...(await listFiles(p, {
      tenantId: actor.tenantId,
      bizType: CLAIM_STATEMENT_BIZ_TYPE,
      bizId: batchId,
      db: tx,
    })),
    ...(await listFiles(p, {
      tenantId: actor.tenantId,
      bizType: CLAIM_IMAGE_BIZ_TYPE,
      bizId: batchId,
      db: tx,
    })),
  ].filter((f) => !keep.includes(f.id));
  if (attached.length === 0) return;
  await tx
    .update(files)
    .set({ deleted: true, deletedAt: new Date(), deletedBy: actor.userId, updatedAt: new Date() })
    .where(
      and(
        eq(files.tenantId, actor.tenantId),
        inArray(
          files.id,
          attached.map((f) => f.id),
        ),
      ),
    );
}

/** Another pending or approved batch of the provider with this statement file name. */
async function assertStatementNameFree(
  tx: TDbOrTx,
  actor: TActor,
  { providerId, name, batchId }: { providerId: string; name: string; batchId: string | null },
) {
  const [used] = await tx
    .select({ batchNo: claimBatches.batchNo })
    .from(claimBatches)
    .where(
      and(
        eq(claimBatches.tenantId, actor.tenantId),
        eq(claimBatches.providerId, providerId),
        sql`lower(${claimBatches.statementName}) = lower(${name})`,
        inArray(claimBatches.status, [CLAIM_BATCH_STATUS.PENDING.code, CLAIM_BATCH_STATUS.APPROVED.code]),
        batchId ? ne(claimBatches.id, batchId) : undefined,
      ),
    )
    .limit(1);
  if (used) throw new AppError('CLAIM_STATEMENT_NAME_USED', { params: { name, batchNo: used.batchNo } });
}

/**
 * Submits a batch: the statement is checked row by row for the provider (every problem refuses
 * the batch, 40252 with the report in data), then the batch, its lines and files are saved in
 * one transaction. With id and version it replaces a pending or withdrawn batch's statement and
 * images and puts it back to pending for audit.
 */
export async function submitBatch(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZClaimSubmit> },
) {
  if (!input.statementFileId || input.imageFileIds.length === 0) throw new AppError('CLAIM_FILES_REQUIRED');
  const statement = await statementFile(p, actor, input.statementFileId);
  const images = await getFilesForActor(p, { actor, ids: input.imageFileIds });
  if (images.some((f) => f.profile !== 'claimImage')) throw new AppError('CLAIM_FILES_REQUIRED');
  const twice = duplicateNames(images.map((f) => f.originalName));
  if (twice.length > 0)
    throw new AppError('CLAIM_DUPLICATE_FILE_NAMES', { params: { names: twice.join(', ') } });
  const bytes = await bytesOf(p, statement);
  const today = chinaDay(new Date());
  const batchId = await p.db.transaction(async (tx) => {
    const existing =
      input.id !== undefined
        ? await lockForAction(tx, actor, { id: input.id, version: input.version ?? -1, action: 'edit' })
        : null;
    const providerId = existing?.providerId ?? (await actingProvider(tx, actor, input.providerId));
    // One submission of a provider at a time, so two batches cannot both pass the duplicate rule.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`claims:${actor.tenantId}:${providerId}`}))`,
    );
    await assertStatementNameFree(tx, actor, {
      providerId,
      name: statement.originalName,
      batchId: existing?.id ?? null,
    });
    const { report, lines } = await checkStatement(tx, {
      tenantId: actor.tenantId,
      providerId,
      bytes,
      today,
      excludeBatch: existing?.id ?? null,
    });
    if (report.rows === 0) throw new AppError('CLAIM_STATEMENT_EMPTY');
    if (report.errorCount > 0)
      throw new AppError('CLAIM_STATEMENT_INVALID', {
        params: { count: report.errorCount },
        data: { report },
      });
    const columns = {
      statementFileId: statement.id,
      statementName: statement.originalName,
      lineCount: lines.length,
      remark: input.remark,
      status: CLAIM_BATCH_STATUS.PENDING.code,
      submittedBy: actor.userId,
      submittedAt: new Date(),
      updatedAt: new Date(),
      updatedBy: actor.account,
    };
    let row: { id: string; tenantId: string };
    if (existing) {
      await tx
        .update(claimBatches)
        .set({ ...columns, version: existing.version + 1 })
        .where(eq(claimBatches.id, existing.id));
      await tx.delete(claimLines).where(eq(claimLines.batchRef, existing.id));
      await dropReplacedFiles(p, tx, actor, existing.id, [statement.id, ...images.map((f) => f.id)]);
      row = existing;
    } else {
      [row] = await tx
        .insert(claimBatches)
        .values({
          tenantId: actor.tenantId,
          batchNo: sql`'CB' || nextval('claim_batch_no_seq')::text`,
          providerId,
          ...columns,
          createdBy: actor.account,
        })
        .returning({ id: claimBatches.id, tenantId: claimBatches.tenantId });
    }
    await insertLines(tx, actor, row.id, lines);
    await attachFiles(p, {
      tenantId: actor.tenantId,
      ids: [statement.id],
      bizType: CLAIM_STATEMENT_BIZ_TYPE,
      bizId: row.id,
      actor,
      field: 'statementFileId',
      db: tx,
    });
    await attachFiles(p, {
      tenantId: actor.tenantId,
      ids: images.map((f) => f.id),
      bizType: CLAIM_IMAGE_BIZ_TYPE,
      bizId: row.id,
      actor,
      field: 'imageFileIds',
      db: tx,
    });
    await writeFlow(tx, actor, row, {
      action: existing ? CLAIM_ACTION.EDIT.code : CLAIM_ACTION.SUBMIT.code,
      from: existing?.status ?? '',
      to: CLAIM_BATCH_STATUS.PENDING.code,
      remark: input.remark,
    });
    return row.id;
  });
  return getBatch(p, { actor, id: batchId });
}

/** Withdraws a batch pending for audit; it may be edited and submitted again. */
export async function withdrawBatch(
  p: TPlatform,
  { actor, id, version, remark }: { actor: TActor; id: string; version: number; remark: string },
) {
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id, version, action: 'withdraw' });
    await tx
      .update(claimBatches)
      .set({
        status: CLAIM_BATCH_STATUS.WITHDRAWN.code,
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(claimBatches.id, row.id));
    await writeFlow(tx, actor, row, {
      action: CLAIM_ACTION.WITHDRAW.code,
      from: row.status,
      to: CLAIM_BATCH_STATUS.WITHDRAWN.code,
      remark,
    });
  });
  return getBatch(p, { actor, id });
}

type TDecision = z.output<typeof ZClaimDecide>['lines'][number];

/** Reservations still pending of the pre-authorisations the lines name: case id -> coverage and amount. */
async function reservationsOf(tx: TDbOrTx, tenantId: string, caseIds: string[]) {
  if (caseIds.length === 0) return new Map<string, { coverageRef: string; amount: bigint }>();
  const rows = await tx
    .select({
      sourceId: benefitUsage.sourceId,
      coverageRef: benefitUsage.coverageRef,
      amount: benefitUsage.amount,
    })
    .from(benefitUsage)
    .where(
      and(
        eq(benefitUsage.tenantId, tenantId),
        eq(benefitUsage.sourceType, 'preauth'),
        eq(benefitUsage.status, 'pending'),
        inArray(benefitUsage.sourceId, caseIds),
      ),
    );
  return new Map(rows.map((r) => [r.sourceId, { coverageRef: r.coverageRef, amount: toCents(r.amount) }]));
}

/**
 * Decides every line of a pending batch and the batch in one transaction: approved lines are
 * paid at most the claimed amount and, unless the decider holds the claim-admin flag, at most
 * the coverage's remaining benefit (the line's own pre-authorisation reservation counting as
 * available); they consume the benefit and release that reservation. One approved line makes
 * the batch approved, otherwise it is not approved.
 */
export async function decideBatch(
  p: TPlatform,
  { actor, input }: { actor: TActor; input: z.output<typeof ZClaimDecide> },
) {
  if (isProviderStaff(actor)) throw new AppError('NO_PERMISSION');
  await assertWorkflowAuditor(p, actor, CLAIM_TASK_TYPE);
  const admin = isClaimAdmin(actor);
  await p.db.transaction(async (tx) => {
    const row = await lockForAction(tx, actor, { id: input.id, version: input.version, action: 'decide' });
    if (row.submittedBy === actor.userId) throw new AppError('CLAIM_OWN_SUBMISSION');
    const lines = await tx
      .select()
      .from(claimLines)
      .where(eq(claimLines.batchRef, row.id))
      .orderBy(asc(claimLines.rowNo));
    const decisions = new Map<string, TDecision>(input.lines.map((d) => [d.lineId, d]));
    if (
      decisions.size !== input.lines.length ||
      input.lines.some((d) => !lines.some((l) => l.id === d.lineId))
    )
      throw new AppError('CLAIM_LINE_UNKNOWN');
    if (lines.some((l) => !decisions.has(l.id))) throw new AppError('CLAIM_DECISION_INCOMPLETE');
    const coverageRefs = [...new Set(lines.map((l) => l.coverageRef))].sort();
    // Lock the coverages so two decisions cannot both take the last of a benefit.
    await tx
      .select({ id: policyCoverages.id })
      .from(policyCoverages)
      .where(inArray(policyCoverages.id, coverageRefs))
      .orderBy(asc(policyCoverages.id))
      .for('update');
    const benefits = await benefitsOf(tx, row.tenantId, lines);
    // What is left of each coverage's policy year, spent line by line (lines of one year share it).
    const left = new Map<TBenefit, bigint | null>(
      [...new Set(benefits.values())].map((b) => [b, b.remaining === null ? null : toCents(b.remaining)]),
    );
    const reservations = await reservationsOf(tx, row.tenantId, [
      ...new Set(lines.map((l) => l.preauthRef).filter((r): r is string => r !== null)),
    ]);
    const statuses: string[] = [];
    for (const line of lines) {
      const d = decisions.get(line.id) as TDecision;
      const common = {
        reasonCodes: d.reasonCodes,
        decisionRemark: d.remark,
        updatedAt: new Date(),
        updatedBy: actor.account,
      };
      if (d.result === 'rejected') {
        await tx
          .update(claimLines)
          .set({ ...common, status: CLAIM_LINE_STATUS.REJECTED.code, payableAmount: '0.00', exGratia: false })
          .where(eq(claimLines.id, line.id));
        statuses.push(CLAIM_LINE_STATUS.REJECTED.code);
        continue;
      }
      const payable = toCents(d.payableAmount ?? '0');
      if (payable > toCents(line.amount))
        throw new AppError('CLAIM_PAYABLE_OVER_CLAIMED', {
          params: { row: line.rowNo, payable: fromCents(payable), amount: line.amount },
        });
      const reservation = line.preauthRef ? reservations.get(line.preauthRef) : undefined;
      const benefit = benefits.get(benefitKey(line));
      let available = benefit ? (left.get(benefit) ?? null) : null;
      if (available !== null && reservation?.coverageRef === line.coverageRef)
        available += reservation.amount;
      const exGratia = available !== null && payable > available;
      if (exGratia && !admin)
        throw new AppError('CLAIM_PAYABLE_OVER_REMAINING', {
          params: { row: line.rowNo, remaining: fromCents(available ?? 0n) },
        });
      if (benefit && available !== null) left.set(benefit, available - payable);
      if (reservation && line.preauthRef) {
        await releaseReservation(tx, { tenantId: row.tenantId, id: line.preauthRef }, actor.account);
        reservations.delete(line.preauthRef);
      }
      await tx.insert(benefitUsage).values({
        tenantId: row.tenantId,
        coverageRef: line.coverageRef,
        sourceType: 'claim',
        sourceId: line.id,
        providerId: row.providerId,
        visitDate: line.visitDate,
        amount: fromCents(payable),
        status: 'used',
        remark: row.batchNo,
        createdBy: actor.account,
        updatedBy: actor.account,
      });
      await tx
        .update(claimLines)
        .set({
          ...common,
          status: CLAIM_LINE_STATUS.APPROVED.code,
          payableAmount: fromCents(payable),
          exGratia,
        })
        .where(eq(claimLines.id, line.id));
      statuses.push(CLAIM_LINE_STATUS.APPROVED.code);
    }
    const to = batchOutcome(statuses);
    await tx
      .update(claimBatches)
      .set({
        status: to,
        decisionRemark: input.remark,
        decidedBy: actor.userId,
        decidedAt: new Date(),
        version: row.version + 1,
        updatedAt: new Date(),
        updatedBy: actor.account,
      })
      .where(eq(claimBatches.id, row.id));
    await writeFlow(tx, actor, row, {
      action: to === CLAIM_BATCH_STATUS.APPROVED.code ? CLAIM_ACTION.APPROVE.code : CLAIM_ACTION.REJECT.code,
      from: row.status,
      to,
      remark: input.remark,
    });
    if (to === CLAIM_BATCH_STATUS.APPROVED.code) await openInvoiceSlots(tx, row, actor.account);
  });
  return getBatch(p, { actor, id: input.id });
}
