import {
  countdownDeadline,
  countdownOn,
  type TCountdownCase,
  type TCountdownDeadline,
  type TCountdownState,
} from '@portal/domain/calendar/countdown';
import { kindFitsDay, type TCalendarDayInput, type TCalendarDayRecord } from '@portal/domain/calendar/rules';
import {
  addCalendarDays,
  type TCalendarDay,
  type TCalendarDayKind,
  type TWorkingCalendar,
  weekday,
  workingCalendarOf,
} from '@portal/domain/calendar/working-days';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { calendarCache } from './calendar.cache.ts';
import { calendarDays } from './calendar.tables.ts';

interface TChange {
  actor: TActor;
  requestId: string;
}

type TRow = typeof calendarDays.$inferSelect;

const recordOf = (row: TRow): TCalendarDayRecord => ({
  id: row.id,
  day: row.day,
  kind: row.kind as TCalendarDayKind,
  name: row.name,
  nameEn: row.nameEn,
  weekday: weekday(row.day),
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

const logOf = (actor: TActor, requestId: string) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  account: actor.account,
  requestId,
});

/** Unique-index violations (PGlite and node-postgres both report SQLSTATE 23505). */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

function checkKind(input: TCalendarDayInput) {
  if (!kindFitsDay(input.day, input.kind)) throw new AppError('CALENDAR_WORKDAY_NOT_WEEKEND');
}

async function loadDays(db: TDbOrTx, tenantId: string): Promise<TCalendarDay[]> {
  const rows = await db
    .select({ day: calendarDays.day, kind: calendarDays.kind })
    .from(calendarDays)
    .where(eq(calendarDays.tenantId, tenantId));
  return rows.map((row) => ({ day: row.day, kind: row.kind as TCalendarDayKind }));
}

/**
 * The tenant's working-day calendar for the days from `fromDay` to `toDay` (China days), read
 * from the per-tenant cache; days outside the range follow the weekend rule only.
 */
export async function workingCalendar(
  p: Pick<TPlatform, 'db' | 'kv' | 'log'>,
  { tenantId, fromDay, toDay }: { tenantId: string; fromDay: string; toDay: string },
): Promise<TWorkingCalendar> {
  const days = await calendarCache(p).get(tenantId, () => loadDays(p.db, tenantId));
  return workingCalendarOf(days.filter((d) => d.day >= fromDay && d.day <= toDay));
}

/** Calendar days loaded for a countdown: 15 working days never span more than this. */
const COUNTDOWN_SPAN_DAYS = 120;

/** An investigation's countdown on a China day, with its last upload day and closing instant (decision 0043). */
export async function investigationCountdown(
  p: Pick<TPlatform, 'db' | 'kv' | 'log'>,
  { tenantId, investigation, day }: { tenantId: string; investigation: TCountdownCase; day: string },
): Promise<TCountdownState & TCountdownDeadline> {
  const calendar = await workingCalendar(p, {
    tenantId,
    fromDay: investigation.openedOn,
    toDay: addCalendarDays(investigation.openedOn > day ? investigation.openedOn : day, COUNTDOWN_SPAN_DAYS),
  });
  return { ...countdownOn(calendar, investigation, day), ...countdownDeadline(calendar, investigation) };
}

/** A year's special days, in order. */
export async function listYear(
  p: TPlatform,
  { tenantId, year }: { tenantId: string; year: number },
): Promise<TCalendarDayRecord[]> {
  const rows = await p.db
    .select()
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.tenantId, tenantId),
        gte(calendarDays.day, `${year}-01-01`),
        lte(calendarDays.day, `${year}-12-31`),
      ),
    )
    .orderBy(asc(calendarDays.day));
  return rows.map(recordOf);
}

/** Adds a holiday or an adjusted working day; one day holds one entry. */
export async function addDay(
  p: TPlatform,
  { actor, requestId, input }: TChange & { input: TCalendarDayInput },
): Promise<TCalendarDayRecord> {
  checkKind(input);
  const tenantId = actor.tenantId;
  const record = await p.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarDays)
      .values({ tenantId, ...input, createdBy: actor.userId, updatedBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('CALENDAR_DAY_EXISTS', { params: { day: input.day } });
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'create',
      targetTable: 'calendar_days',
      targetId: row.id,
      after: row,
    });
    return recordOf(row);
  });
  await calendarCache(p).invalidate(tenantId);
  return record;
}

async function currentRow(tx: TDbOrTx, tenantId: string, id: string, version: number): Promise<TRow> {
  const [row] = await tx
    .select()
    .from(calendarDays)
    .where(and(eq(calendarDays.tenantId, tenantId), eq(calendarDays.id, id)))
    .for('update');
  if (!row) throw new AppError('CALENDAR_DAY_NOT_FOUND');
  if (row.version !== version) throw new AppError('CALENDAR_DAY_CHANGED');
  return row;
}

/** Changes a day's date, kind or names, if nobody changed it since the operator read it. */
export async function updateDay(
  p: TPlatform,
  { actor, requestId, input }: TChange & { input: TCalendarDayInput & { id: string; version: number } },
): Promise<TCalendarDayRecord> {
  checkKind(input);
  const tenantId = actor.tenantId;
  const { id, version, ...fields } = input;
  const record = await p.db
    .transaction(async (tx) => {
      const before = await currentRow(tx, tenantId, id, version);
      const [row] = await tx
        .update(calendarDays)
        .set({ ...fields, version: version + 1, updatedAt: new Date(), updatedBy: actor.userId })
        .where(and(eq(calendarDays.tenantId, tenantId), eq(calendarDays.id, id)))
        .returning();
      await writeOperationLog(tx, {
        ...logOf(actor, requestId),
        action: 'update',
        targetTable: 'calendar_days',
        targetId: id,
        before,
        after: row,
      });
      return recordOf(row);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CALENDAR_DAY_EXISTS', { params: { day: input.day } });
      throw error;
    });
  await calendarCache(p).invalidate(tenantId);
  return record;
}

/** Removes a day: it follows the weekend rule again. */
export async function removeDay(
  p: TPlatform,
  { actor, requestId, id, version }: TChange & { id: string; version: number },
): Promise<void> {
  const tenantId = actor.tenantId;
  await p.db.transaction(async (tx) => {
    const before = await currentRow(tx, tenantId, id, version);
    await tx.delete(calendarDays).where(and(eq(calendarDays.tenantId, tenantId), eq(calendarDays.id, id)));
    await writeOperationLog(tx, {
      ...logOf(actor, requestId),
      action: 'delete',
      targetTable: 'calendar_days',
      targetId: id,
      before,
    });
  });
  await calendarCache(p).invalidate(tenantId);
}
