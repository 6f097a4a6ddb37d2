/**
 * Claim appeals, the reading side (decision 0049): the list (a search needs at least one
 * criterion), one appeal with its files and flow, and the claim line an appeal may contest.
 * Provider staff see their own provider's appeals only; operators every appeal of the tenant.
 * The changes are in appeals.lifecycle.ts.
 */
import {
  APPEAL_BIZ_TYPE,
  APPEAL_OPEN_STATUSES,
  hasAppealCriterion,
  type TAppeal,
  type TAppealableLine,
  type TAppealDetail,
  type TAppealPage,
  type ZAppealListBody,
} from '@portal/domain/appeals/rules';
import { CLAIM_BATCH_STATUS, CLAIM_LINE_STATUS } from '@portal/domain/claims/rules';
import { chinaSecond } from '@portal/domain/format/format';
import { fromCents, toCents } from '@portal/domain/members/benefits';
import { maskMemberField } from '@portal/domain/members/rules';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { escapeLike, isUuid } from '../../platform/db/values.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { payableLines } from '../accounting/accounting.payables.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { claimBatches, claimLines } from '../claims/claims.tables.ts';
import { listFiles } from '../files/files.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { appealFlow, appeals } from './appeals.tables.ts';

export type TAppealRow = typeof appeals.$inferSelect;
export type TAppealFilter = z.output<typeof ZAppealListBody>['model'];

/** The where clause of one appeal the actor may see. */
export function oneAppealWhere(actor: TActor, id: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(appeals.tenantId, actor.tenantId),
    eq(appeals.id, id),
    scope === null ? undefined : eq(appeals.providerId, scope),
  ) as SQL;
}

function listWhere(actor: TActor, filter: TAppealFilter): SQL {
  const scope = providerScope(actor);
  const terms: (SQL | undefined)[] = [eq(appeals.tenantId, actor.tenantId)];
  if (scope !== null) terms.push(eq(appeals.providerId, scope));
  else if (filter.providerId) terms.push(eq(appeals.providerId, filter.providerId));
  if (filter.status.length > 0) terms.push(inArray(appeals.status, filter.status));
  if (filter.appealNo) terms.push(ilike(appeals.appealNo, `%${escapeLike(filter.appealNo)}%`));
  if (filter.batchNo) terms.push(ilike(appeals.batchNo, `%${escapeLike(filter.batchNo)}%`));
  if (filter.member) {
    const like = `%${escapeLike(filter.member)}%`;
    terms.push(
      or(
        eq(claimLines.memberId, filter.member),
        ilike(claimLines.memberName, like),
        ilike(claimLines.memberNameEn, like),
      ),
    );
  }
  return and(...terms) as SQL;
}

const columns = {
  row: appeals,
  line: claimLines,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};
const withProvider = () =>
  and(eq(providers.tenantId, appeals.tenantId), eq(providers.providerId, appeals.providerId));
type TListed = {
  row: TAppealRow;
  line: typeof claimLines.$inferSelect;
  providerCnName: string;
  providerEnName: string;
};

function toDto(r: TListed): TAppeal {
  const a = r.row;
  return {
    id: a.id,
    appealNo: a.appealNo,
    status: a.status,
    providerId: a.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    batchId: a.batchRef,
    batchNo: a.batchNo,
    lineId: a.lineRef,
    rowNo: a.rowNo,
    lineStatus: r.line.status,
    memberId: r.line.memberId,
    memberName: maskMemberField('name', r.line.memberName),
    memberNameEn: maskMemberField('nameEn', r.line.memberNameEn),
    visitDate: r.line.visitDate,
    itemCode: r.line.itemCode,
    itemName: r.line.itemName,
    currency: a.currency,
    claimedAmount: r.line.amount,
    decidedAmount: r.line.payableAmount,
    amount: a.amount,
    approvedAmount: a.approvedAmount,
    reason: a.reason,
    submitCount: a.submitCount,
    submittedByName: a.submittedByName,
    submittedByNameEn: a.submittedByNameEn,
    submitTime: chinaSecond(a.submittedAt),
    decisionRemark: a.decisionRemark,
    decideTime: a.decidedAt ? chinaSecond(a.decidedAt) : null,
    createTime: chinaSecond(a.createdAt),
    version: a.version,
  };
}

/** A page of the appeals the actor may see, newest first; the search needs at least one criterion. */
export async function listAppeals(
  p: TPlatform,
  { actor, current, size, filter }: { actor: TActor; current: number; size: number; filter: TAppealFilter },
): Promise<TAppealPage> {
  if (!hasAppealCriterion(filter)) throw new AppError('APPEAL_SEARCH_CONDITION');
  const where = listWhere(actor, filter);
  const [{ total }] = await p.db
    .select({ total: count() })
    .from(appeals)
    .innerJoin(claimLines, eq(claimLines.id, appeals.lineRef))
    .where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(columns)
          .from(appeals)
          .innerJoin(claimLines, eq(claimLines.id, appeals.lineRef))
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(appeals.createdAt), desc(appeals.id))
          .limit(size)
          .offset((current - 1) * size);
  return { records: rows.map(toDto), total, current, size };
}

/** One appeal, or 40480 when it does not exist for this actor. */
export async function getAppeal(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TAppeal> {
  const [row] = await p.db
    .select(columns)
    .from(appeals)
    .innerJoin(claimLines, eq(claimLines.id, appeals.lineRef))
    .leftJoin(providers, withProvider())
    .where(oneAppealWhere(actor, id));
  if (!row) throw new AppError('APPEAL_NOT_FOUND');
  return toDto(row);
}

/** Whether the actor may see the appeal (the files feature's rule for its attachments). */
export async function appealVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!isUuid(id)) return false;
  const rows = await p.db.select({ id: appeals.id }).from(appeals).where(oneAppealWhere(actor, id));
  return rows.length > 0;
}

/** The appeal with its attachments, its flow and the bytes its files hold. */
export async function appealDetail(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TAppealDetail> {
  const appeal = await getAppeal(p, { actor, id });
  const flow = await p.db
    .select()
    .from(appealFlow)
    .where(and(eq(appealFlow.tenantId, actor.tenantId), eq(appealFlow.appealRef, id)))
    .orderBy(asc(appealFlow.createdAt), asc(appealFlow.id));
  const attached = await listFiles(p, { tenantId: actor.tenantId, bizType: APPEAL_BIZ_TYPE, bizId: id });
  return {
    appeal,
    files: attached.map((f) => ({ id: f.id, originalName: f.originalName, size: f.size })),
    flow: flow.map((f) => ({
      id: f.id,
      action: f.action,
      fromStatus: f.fromStatus,
      toStatus: f.toStatus,
      operatorName: f.operatorName,
      operatorNameEn: f.operatorNameEn,
      remark: f.remark,
      createTime: chinaSecond(f.createdAt),
    })),
    usedBytes: attached.reduce((sum, f) => sum + f.size, 0),
  };
}

/**
 * A claim line the actor's provider may appeal: 40481 when it is not theirs (or not in the
 * tenant); 40353 unless it is a rejected or partly paid line of an approved batch. Answers the
 * line with the most an appeal may ask (claimed less payable, adjustments included).
 */
export async function appealableLine(
  db: TDbOrTx,
  { actor, lineId }: { actor: TActor; lineId: string },
): Promise<TAppealableLine & { providerId: string }> {
  const scope = providerScope(actor);
  const [found] = await db
    .select({ line: claimLines, batch: claimBatches })
    .from(claimLines)
    .innerJoin(claimBatches, eq(claimBatches.id, claimLines.batchRef))
    .where(
      and(
        eq(claimLines.tenantId, actor.tenantId),
        eq(claimLines.id, lineId),
        scope === null ? undefined : eq(claimBatches.providerId, scope),
      ),
    );
  if (!found) throw new AppError('APPEAL_LINE_NOT_FOUND');
  const { line, batch } = found;
  const notAppealable = () =>
    new AppError('APPEAL_LINE_NOT_APPEALABLE', { params: { batchNo: batch.batchNo, row: line.rowNo } });
  const decided =
    line.status === CLAIM_LINE_STATUS.APPROVED.code || line.status === CLAIM_LINE_STATUS.REJECTED.code;
  if (batch.status !== CLAIM_BATCH_STATUS.APPROVED.code || !decided) throw notAppealable();
  const [payable] = await payableLines(db, {
    tenantId: actor.tenantId,
    lineIds: [line.id],
    anyLineStatus: true,
  });
  const max = toCents(line.amount) - toCents(payable?.payable ?? '0');
  if (max <= 0n) throw notAppealable();
  const [open] = await db
    .select({ appealNo: appeals.appealNo })
    .from(appeals)
    .where(
      and(
        eq(appeals.tenantId, actor.tenantId),
        eq(appeals.lineRef, line.id),
        inArray(appeals.status, [...APPEAL_OPEN_STATUSES]),
      ),
    );
  return {
    lineId: line.id,
    providerId: batch.providerId,
    batchId: batch.id,
    batchNo: batch.batchNo,
    rowNo: line.rowNo,
    status: line.status,
    memberId: line.memberId,
    memberName: maskMemberField('name', line.memberName),
    memberNameEn: maskMemberField('nameEn', line.memberNameEn),
    visitDate: line.visitDate,
    itemCode: line.itemCode,
    itemName: line.itemName,
    currency: line.currency,
    claimedAmount: line.amount,
    decidedAmount: line.payableAmount,
    maxAmount: fromCents(max),
    reasonCodes: line.reasonCodes,
    decisionRemark: line.decisionRemark,
    openAppealNo: open?.appealNo ?? null,
  };
}
