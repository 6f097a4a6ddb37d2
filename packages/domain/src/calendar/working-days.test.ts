import { describe, expect, it } from 'vitest';
import { countdownDeadline, countdownOn, type TCountdownCase } from './countdown.ts';
import {
  addCalendarDays,
  addWorkingDays,
  chinaDay,
  chinaMidnight,
  isCalendarDay,
  isWorkingDay,
  type TCalendarDay,
  weekday,
  workingCalendarOf,
  workingDaysBetween,
} from './working-days.ts';

const holidays = (...days: string[]): TCalendarDay[] => days.map((day) => ({ day, kind: 'holiday' }));
const workdays = (...days: string[]): TCalendarDay[] => days.map((day) => ({ day, kind: 'workday' }));

/** Autumn 2026 as the State Council arranged it (国办发明电〔2025〕7号). */
const autumn2026 = workingCalendarOf([
  ...holidays('2026-09-25', '2026-09-26', '2026-09-27'),
  ...holidays(
    '2026-10-01',
    '2026-10-02',
    '2026-10-03',
    '2026-10-04',
    '2026-10-05',
    '2026-10-06',
    '2026-10-07',
  ),
  ...workdays('2026-09-20', '2026-10-10'),
]);
/** New Year 2027 and the statutory Spring Festival days of 2027 (New Year's Eve to the third day). */
const winter2027 = workingCalendarOf(
  holidays('2027-01-01', '2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08'),
);
const weekendsOnly = workingCalendarOf([]);

describe('working days', () => {
  it('numbers weekdays 1 to 7 from Monday', () => {
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-25')).toBe(3);
    expect(weekday('2026-11-29')).toBe(7);
    expect(weekday('1970-01-01')).toBe(4);
  });

  it('rests on weekends and holidays and works on adjusted working days', () => {
    expect(isWorkingDay(weekendsOnly, '2026-11-27')).toBe(true);
    expect(isWorkingDay(weekendsOnly, '2026-11-28')).toBe(false);
    expect(isWorkingDay(autumn2026, '2026-09-20')).toBe(true);
    expect(isWorkingDay(autumn2026, '2026-10-10')).toBe(true);
    expect(isWorkingDay(autumn2026, '2026-10-01')).toBe(false);
    expect(isWorkingDay(autumn2026, '2026-09-25')).toBe(false);
    expect(isWorkingDay(autumn2026, '2026-10-11')).toBe(false);
    expect(isWorkingDay(autumn2026, '2026-10-08')).toBe(true);
  });

  it('adds working days across the golden week both ways', () => {
    expect(addWorkingDays(autumn2026, '2026-09-30', 1)).toBe('2026-10-08');
    expect(addWorkingDays(autumn2026, '2026-10-08', -1)).toBe('2026-09-30');
    expect(addWorkingDays(autumn2026, '2026-10-09', 1)).toBe('2026-10-10');
    expect(addWorkingDays(autumn2026, '2026-10-03', 0)).toBe('2026-10-03');
    expect(addWorkingDays(autumn2026, '2026-09-18', 1)).toBe('2026-09-20');
  });

  it('counts the working days in (from, to], negative backwards', () => {
    expect(workingDaysBetween(autumn2026, '2026-09-30', '2026-10-08')).toBe(1);
    expect(workingDaysBetween(autumn2026, '2026-10-08', '2026-09-30')).toBe(-1);
    expect(workingDaysBetween(autumn2026, '2026-09-18', '2026-10-12')).toBe(12);
    expect(workingDaysBetween(weekendsOnly, '2026-11-25', '2026-11-25')).toBe(0);
    expect(workingDaysBetween(weekendsOnly, '2026-11-27', '2026-11-30')).toBe(1);
  });

  it('takes only real days', () => {
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-1-5')).toBe(false);
    expect(() => addWorkingDays(weekendsOnly, '2026-13-01', 1)).toThrow(RangeError);
  });

  it('draws the China day boundary at 16:00 UTC', () => {
    expect(chinaDay(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
    expect(chinaDay(new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
    expect(chinaMidnight('2026-11-26').toISOString()).toBe('2026-11-25T16:00:00.000Z');
  });
});

const valuesFrom = (calendar: typeof weekendsOnly, c: TCountdownCase, days: string[]) =>
  days.map((day) => countdownOn(calendar, c, day).value);

describe('investigation countdown', () => {
  it('counts 5 down to -4 over two ordinary weeks', () => {
    const c: TCountdownCase = { openedOn: '2026-11-25', type: 'normal' };
    expect(
      valuesFrom(weekendsOnly, c, [
        '2026-11-25', // opening day (Wednesday): does not count
        '2026-11-26',
        '2026-11-27',
        '2026-11-28', // Saturday: what Monday will show
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2026-12-04',
        '2026-12-07',
        '2026-12-08',
        '2026-12-09',
      ]),
    ).toEqual([5, 5, 4, 3, 3, 2, 1, 0, -1, -2, -3, -4]);
    expect(countdownDeadline(weekendsOnly, c)).toEqual({
      lastUploadDay: '2026-12-09',
      closesAt: new Date('2026-12-09T16:00:00Z'),
    });
    expect(countdownOn(weekendsOnly, c, '2026-12-09').uploadOpen).toBe(true);
    expect(countdownOn(weekendsOnly, c, '2026-12-10')).toEqual({ value: -4, uploadOpen: false });
  });

  it('runs five working days longer, to -9, for the longer type', () => {
    const c: TCountdownCase = { openedOn: '2026-11-25', type: 'longer' };
    expect(countdownDeadline(weekendsOnly, c).lastUploadDay).toBe('2026-12-16');
    expect(valuesFrom(weekendsOnly, c, ['2026-12-10', '2026-12-15', '2026-12-16', '2026-12-17'])).toEqual([
      -5, -8, -9, -9,
    ]);
    expect(countdownOn(weekendsOnly, c, '2026-12-16').uploadOpen).toBe(true);
    expect(countdownOn(weekendsOnly, c, '2026-12-17').uploadOpen).toBe(false);
  });

  it('skips the Mid-autumn and National Day holidays and counts the adjusted Sunday and Saturday', () => {
    const c: TCountdownCase = { openedOn: '2026-09-18', type: 'normal' };
    expect(
      valuesFrom(autumn2026, c, [
        '2026-09-19', // Saturday, rest
        '2026-09-20', // Sunday, adjusted working day
        '2026-09-24',
        '2026-09-26', // Mid-autumn
        '2026-09-28',
        '2026-09-30',
        '2026-10-03', // golden week
        '2026-10-08',
        '2026-10-09',
      ]),
    ).toEqual([5, 5, 1, 0, 0, -2, -3, -3, -4]);
    expect(countdownDeadline(autumn2026, c).lastUploadDay).toBe('2026-10-09');
    expect(countdownDeadline(autumn2026, { ...c, type: 'longer' }).lastUploadDay).toBe('2026-10-15');
  });

  it('starts a case opened on a rest day on the next working day, like one opened the working day before', () => {
    expect(countdownDeadline(autumn2026, { openedOn: '2026-09-19', type: 'normal' }).lastUploadDay).toBe(
      '2026-10-09',
    );
    const golden: TCountdownCase = { openedOn: '2026-10-01', type: 'normal' };
    expect(
      valuesFrom(autumn2026, golden, ['2026-10-05', '2026-10-08', '2026-10-09', '2026-10-10', '2026-10-12']),
    ).toEqual([5, 5, 4, 3, 2]);
    expect(countdownDeadline(autumn2026, golden)).toEqual({
      lastUploadDay: '2026-10-20',
      closesAt: new Date('2026-10-20T16:00:00Z'),
    });
  });

  it('keeps upload open exactly up to the last upload day, whatever the opening day and type', () => {
    for (let opening = 0; opening < 60; opening += 1) {
      for (const type of ['normal', 'longer'] as const) {
        const c: TCountdownCase = { openedOn: addCalendarDays('2026-09-01', opening), type };
        const { lastUploadDay } = countdownDeadline(autumn2026, c);
        for (let n = 0; n < 45; n += 1) {
          const day = addCalendarDays(c.openedOn, n);
          expect(countdownOn(autumn2026, c, day).uploadOpen, `${c.openedOn} ${type} ${day}`).toBe(
            day <= lastUploadDay,
          );
        }
      }
    }
  });

  it('skips the Spring Festival of 2027', () => {
    const c: TCountdownCase = { openedOn: '2027-02-03', type: 'normal' };
    expect(
      valuesFrom(winter2027, c, ['2027-02-04', '2027-02-05', '2027-02-08', '2027-02-09', '2027-02-15']),
    ).toEqual([5, 4, 4, 4, 0]);
    expect(countdownDeadline(winter2027, c).lastUploadDay).toBe('2027-02-19');
  });

  it('crosses the year end and New Year’s Day', () => {
    const c: TCountdownCase = { openedOn: '2026-12-28', type: 'normal' };
    expect(valuesFrom(winter2027, c, ['2026-12-31', '2027-01-01', '2027-01-04', '2027-01-06'])).toEqual([
      3, 2, 2, 0,
    ]);
    expect(countdownDeadline(winter2027, c)).toEqual({
      lastUploadDay: '2027-01-12',
      closesAt: new Date('2027-01-12T16:00:00Z'),
    });
  });
});
