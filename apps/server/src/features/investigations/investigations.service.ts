/**
 * Claim investigations, the reading side (decision 0046): list, detail with answers, files and
 * flow, the investigations of a batch, and the countdown of each case on the tenant's working
 * calendar. Provider staff see their own provider's cases only; operators every case of the
 * tenant. The changes are in investigations.lifecycle.ts.
 */
import { countdownOn, INVESTIGATION_COUNTDOWN } from '@portal/domain/calendar/countdown';
import { addCalendarDays, type TWorkingCalendar } from '@portal/domain/calendar/working-days';
import { chinaDay, chinaSecond } from '@portal/domain/format/format';
import {
  INVESTIGATION_BIZ_TYPE,
  INVESTIGATION_STATUS,
  type TInvestigation,
  type TInvestigationDetail,
  type TInvestigationPage,
  type ZInvestigationListBody,
} from '@portal/domain/investigations/rules';
import { maskMemberField } from '@portal/domain/members/rules';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providerScope } from '../appointments/appointments.service.ts';
import { workingCalendar } from '../calendar/calendar.service.ts';
import { listFiles } from '../files/files.service.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { investigationAnswers, investigationFlow, investigations } from './investigations.tables.ts';

export type TInvestigationRow = typeof investigations.$inferSelect;
export type TInvestigationFilter = z.output<typeof ZInvestigationListBody>['model'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The where clause of one investigation the actor may see. */
export function oneInvestigationWhere(actor: TActor, id: string): SQL {
  const scope = providerScope(actor);
  return and(
    eq(investigations.tenantId, actor.tenantId),
    eq(investigations.id, id),
    scope === null ? undefined : eq(investigations.providerId, scope),
  ) as SQL;
}

function listWhere(actor: TActor, filter: TInvestigationFilter): SQL {
  const scope = providerScope(actor);
  const terms: (SQL | undefined)[] = [eq(investigations.tenantId, actor.tenantId)];
  if (scope !== null) terms.push(eq(investigations.providerId, scope));
  else if (filter.providerId) terms.push(eq(investigations.providerId, filter.providerId));
  if (filter.status.length > 0) terms.push(inArray(investigations.status, filter.status));
  if (filter.caseNo) terms.push(ilike(investigations.caseNo, `%${escapeLike(filter.caseNo)}%`));
  if (filter.batchNo) terms.push(ilike(investigations.batchNo, `%${escapeLike(filter.batchNo)}%`));
  if (filter.member) {
    const like = `%${escapeLike(filter.member)}%`;
    terms.push(
      or(
        eq(investigations.memberId, filter.member),
        ilike(investigations.memberName, like),
        ilike(investigations.memberNameEn, like),
      ),
    );
  }
  return and(...terms) as SQL;
}

const columns = {
  row: investigations,
  providerCnName: sql<string>`coalesce(${providers.providerCnName}, '')`,
  providerEnName: sql<string>`coalesce(${providers.providerEnName}, '')`,
};
const withProvider = () =>
  and(eq(providers.tenantId, investigations.tenantId), eq(providers.providerId, investigations.providerId));

type TListed = { row: TInvestigationRow; providerCnName: string; providerEnName: string };

const lastValueOf = (type: string) =>
  type === INVESTIGATION_COUNTDOWN.LONGER.code
    ? INVESTIGATION_COUNTDOWN.LONGER.last
    : INVESTIGATION_COUNTDOWN.NORMAL.last;

/**
 * The countdown of a case at `now`: while it is processing and before its closing instant, the
 * working-day value (never below the type's last value); once upload has closed, the last value;
 * completed and cancelled cases have none. The closing instant is the one fixed at opening.
 */
export function countdownOf(
  calendar: TWorkingCalendar,
  row: Pick<TInvestigationRow, 'status' | 'type' | 'openedOn' | 'closesAt'>,
  now: Date,
): { countdown: number | null; uploadOpen: boolean } {
  const processing = row.status === INVESTIGATION_STATUS.PROCESSING.code;
  if (!processing && row.status !== INVESTIGATION_STATUS.EXPIRED.code)
    return { countdown: null, uploadOpen: false };
  const last = lastValueOf(row.type);
  const uploadOpen = processing && now < row.closesAt;
  if (!uploadOpen) return { countdown: last, uploadOpen: false };
  const type = row.type === 'longer' ? 'longer' : 'normal';
  const { value } = countdownOn(calendar, { openedOn: row.openedOn, type }, chinaDay(now));
  return { countdown: Math.max(value, last), uploadOpen: true };
}

/** The tenant's working calendar covering the countdowns of these rows up to today. */
async function calendarFor(p: TPlatform, tenantId: string, rows: readonly { openedOn: string }[], now: Date) {
  const today = chinaDay(now);
  const from = rows.reduce((min, r) => (r.openedOn < min ? r.openedOn : min), today);
  return workingCalendar(p, { tenantId, fromDay: from, toDay: addCalendarDays(today, 1) });
}

function toDto(r: TListed, calendar: TWorkingCalendar, now: Date): TInvestigation {
  const c = r.row;
  return {
    id: c.id,
    caseNo: c.caseNo,
    status: c.status,
    type: c.type,
    providerId: c.providerId,
    providerCnName: r.providerCnName,
    providerEnName: r.providerEnName,
    batchId: c.batchRef,
    batchNo: c.batchNo,
    lineId: c.lineRef,
    rowNo: c.rowNo,
    memberId: c.memberId,
    memberName: maskMemberField('name', c.memberName),
    memberNameEn: maskMemberField('nameEn', c.memberNameEn),
    visitDate: c.visitDate,
    icdCode: c.icdCode,
    itemCode: c.itemCode,
    itemName: c.itemName,
    amount: c.amount,
    currency: c.currency,
    request: c.request,
    openedOn: c.openedOn,
    openedByName: c.openedByName,
    openedByNameEn: c.openedByNameEn,
    lastUploadDay: c.lastUploadDay,
    closesAt: chinaSecond(c.closesAt),
    ...countdownOf(calendar, c, now),
    replyCount: c.replyCount,
    lastReplyTime: c.lastReplyAt ? chinaSecond(c.lastReplyAt) : null,
    decisionRemark: c.decisionRemark,
    decideTime: c.decidedAt ? chinaSecond(c.decidedAt) : null,
    createTime: chinaSecond(c.createdAt),
    version: c.version,
  };
}

async function toDtos(p: TPlatform, tenantId: string, rows: TListed[], now: Date) {
  const calendar = await calendarFor(
    p,
    tenantId,
    rows.map((r) => r.row),
    now,
  );
  return rows.map((r) => toDto(r, calendar, now));
}

/** A page of the investigations the actor may see, newest first. */
export async function listInvestigations(
  p: TPlatform,
  {
    actor,
    current,
    size,
    filter,
    now = new Date(),
  }: { actor: TActor; current: number; size: number; filter: TInvestigationFilter; now?: Date },
): Promise<TInvestigationPage> {
  const where = listWhere(actor, filter);
  const [{ total }] = await p.db.select({ total: count() }).from(investigations).where(where);
  const rows =
    total === 0
      ? []
      : await p.db
          .select(columns)
          .from(investigations)
          .leftJoin(providers, withProvider())
          .where(where)
          .orderBy(desc(investigations.createdAt), desc(investigations.id))
          .limit(size)
          .offset((current - 1) * size);
  return { records: await toDtos(p, actor.tenantId, rows, now), total, current, size };
}

/** One investigation, or 40470 when it does not exist for this actor. */
export async function getInvestigation(
  p: TPlatform,
  { actor, id, now = new Date() }: { actor: TActor; id: string; now?: Date },
): Promise<TInvestigation> {
  const [row] = await p.db
    .select(columns)
    .from(investigations)
    .leftJoin(providers, withProvider())
    .where(oneInvestigationWhere(actor, id));
  if (!row) throw new AppError('INVESTIGATION_NOT_FOUND');
  return (await toDtos(p, actor.tenantId, [row], now))[0];
}

/** Whether the actor may see the investigation (the files feature's rule for its answers' files). */
export async function investigationVisible(p: TPlatform, { actor, id }: { actor: TActor; id: string }) {
  if (!UUID.test(id)) return false;
  const rows = await p.db
    .select({ id: investigations.id })
    .from(investigations)
    .where(oneInvestigationWhere(actor, id));
  return rows.length > 0;
}

/** The investigation with its answers (oldest first, each with its files), its flow and the bytes its files hold. */
export async function investigationDetail(
  p: TPlatform,
  { actor, id, now = new Date() }: { actor: TActor; id: string; now?: Date },
): Promise<TInvestigationDetail> {
  const investigation = await getInvestigation(p, { actor, id, now });
  const answers = await p.db
    .select()
    .from(investigationAnswers)
    .where(
      and(eq(investigationAnswers.tenantId, actor.tenantId), eq(investigationAnswers.investigationRef, id)),
    )
    .orderBy(asc(investigationAnswers.createdAt), asc(investigationAnswers.id));
  const flow = await p.db
    .select()
    .from(investigationFlow)
    .where(and(eq(investigationFlow.tenantId, actor.tenantId), eq(investigationFlow.investigationRef, id)))
    .orderBy(asc(investigationFlow.createdAt), asc(investigationFlow.id));
  const attached = await listFiles(p, {
    tenantId: actor.tenantId,
    bizType: INVESTIGATION_BIZ_TYPE,
    bizId: id,
  });
  const fileOf = new Map(attached.map((f) => [f.id, f]));
  return {
    investigation,
    answers: answers.map((a) => ({
      id: a.id,
      description: a.description,
      remark: a.remark,
      trackingNumbers: a.trackingNumbers,
      postingDate: a.postingDate,
      files: a.fileIds.flatMap((fileId) => {
        const f = fileOf.get(fileId);
        return f ? [{ id: f.id, originalName: f.originalName, size: f.size }] : [];
      }),
      authorName: a.authorName,
      authorNameEn: a.authorNameEn,
      createTime: chinaSecond(a.createdAt),
    })),
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

/** The investigations of a claim batch's lines, newest first (the audit page shows them per line). */
export async function batchInvestigations(
  p: TPlatform,
  { actor, batchId, now = new Date() }: { actor: TActor; batchId: string; now?: Date },
): Promise<TInvestigation[]> {
  const rows = await p.db
    .select(columns)
    .from(investigations)
    .leftJoin(providers, withProvider())
    .where(and(eq(investigations.tenantId, actor.tenantId), eq(investigations.batchRef, batchId)))
    .orderBy(desc(investigations.createdAt), desc(investigations.id));
  return toDtos(p, actor.tenantId, rows, now);
}
