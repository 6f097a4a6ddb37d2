/**
 * The claim-investigation countdown (spec, second document, sections 4 and 9; decision 0043):
 * working days from 5 down to -4, or -9 for the longer type; upload closes and the case
 * terminates when the day that shows the last value ends (00:00 China time of the next day).
 */
import {
  addCalendarDays,
  addWorkingDays,
  chinaMidnight,
  isWorkingDay,
  type TWorkingCalendar,
  workingDaysBetween,
} from './working-days.ts';

export const COUNTDOWN_START = 5;

/** The two investigation types and the last value of their countdown. */
export const INVESTIGATION_COUNTDOWN = {
  NORMAL: { code: 'normal', last: -4, zh: '普通', en: 'Normal' },
  LONGER: { code: 'longer', last: -9, zh: '延长', en: 'Longer' },
} as const;
export type TCountdownType = (typeof INVESTIGATION_COUNTDOWN)[keyof typeof INVESTIGATION_COUNTDOWN]['code'];

const lastValueOf = (type: TCountdownType) =>
  type === 'longer' ? INVESTIGATION_COUNTDOWN.LONGER.last : INVESTIGATION_COUNTDOWN.NORMAL.last;

export interface TCountdownCase {
  /** The China day the case was opened; it does not count. */
  openedOn: string;
  type: TCountdownType;
}

export interface TCountdownDeadline {
  /** The working day that shows the last value: the last day files may be uploaded. */
  lastUploadDay: string;
  /** When upload closes and the case terminates: 00:00 China time after `lastUploadDay`. */
  closesAt: Date;
}

export interface TCountdownState {
  /** 5 down to the type's last value; a rest day shows what the next working day will. */
  value: number;
  uploadOpen: boolean;
}

/** The last upload day and the closing instant of a case. */
export function countdownDeadline(calendar: TWorkingCalendar, c: TCountdownCase): TCountdownDeadline {
  const lastUploadDay = addWorkingDays(calendar, c.openedOn, COUNTDOWN_START - lastValueOf(c.type) + 1);
  return { lastUploadDay, closesAt: chinaMidnight(addCalendarDays(lastUploadDay, 1)) };
}

/** The countdown of a case on a China day: 5 until the first working day after opening ends. */
export function countdownOn(calendar: TWorkingCalendar, c: TCountdownCase, day: string): TCountdownState {
  if (day <= c.openedOn) return { value: COUNTDOWN_START, uploadOpen: true };
  const ended = workingDaysBetween(calendar, c.openedOn, day) - (isWorkingDay(calendar, day) ? 1 : 0);
  const last = lastValueOf(c.type);
  const value = COUNTDOWN_START - ended;
  // The last upload day is the working day that shows `last`; every day after it shows less.
  const uploadOpen = value >= last;
  return { value: Math.max(value, last), uploadOpen };
}
