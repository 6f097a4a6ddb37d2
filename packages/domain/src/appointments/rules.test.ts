import { describe, expect, it } from 'vitest';
import { chinaDay } from '../format/format.ts';
import {
  APPOINTMENT_TRANSITIONS,
  appointmentStatusName,
  dbFormCountAllowed,
  fromCents,
  splitBill,
  toCents,
  ZAppointmentListBody,
  ZPatientQuery,
} from './rules.ts';

describe('appointment rules', () => {
  it('names every status in both languages, 01 being to be treated', () => {
    expect(appointmentStatusName('01', 'zh')).toBe('待就诊');
    expect(appointmentStatusName('01', 'en')).toBe('To be treated');
    expect(['02', '03', '04', '05'].map((c) => appointmentStatusName(c, 'en'))).toEqual([
      'Confirmed',
      'Cancelled',
      'Expired',
      'Finished',
    ]);
  });

  it('leaves cancelled, expired and finished final', () => {
    const starts = new Set(Object.values(APPOINTMENT_TRANSITIONS).flatMap((t) => t.from));
    expect([...starts].sort()).toEqual(['01', '02']);
  });

  it('allows the claim form for 1 to 49 records: 0 and 50 are refused', () => {
    expect([0, 1, 49, 50].map(dbFormCountAllowed)).toEqual([false, true, true, false]);
  });

  it('reads the China day: 2026-11-25 17:00 UTC is 2026-11-26 in China', () => {
    expect(chinaDay(new Date('2026-11-25T17:00:00Z'))).toBe('2026-11-26');
    expect(chinaDay(new Date('2026-11-25T15:59:59Z'))).toBe('2026-11-25');
  });

  it('counts money in cents exactly', () => {
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
    expect(fromCents(toCents('123456789012.34'))).toBe('123456789012.34');
  });

  it('splits 3000.50 at 10% co-pay with a 2000.00 limit: member 1000.50, plan 2000.00', () => {
    expect(splitBill({ billAmount: '3000.50', coPayPercent: '10.00', perVisitLimit: '2000.00' })).toEqual({
      coPayAmount: '300.05',
      overLimitAmount: '700.45',
      payableByPlan: '2000.00',
      payableByMember: '1000.50',
    });
  });

  it('splits 999999999999.99 at 12.5% without losing a cent', () => {
    expect(splitBill({ billAmount: '999999999999.99', coPayPercent: '12.50', perVisitLimit: null })).toEqual({
      coPayAmount: '125000000000.00',
      overLimitAmount: '0.00',
      payableByPlan: '874999999999.99',
      payableByMember: '125000000000.00',
    });
  });

  it('wants the createTime end later than the start', () => {
    const parse = (start: string, end: string) =>
      ZAppointmentListBody.safeParse({ model: { createTimeStart: start, createTimeEnd: end } }).success;
    expect(parse('2026-01-01 10:00:00', '2026-01-01 10:00:01')).toBe(true);
    expect(parse('2026-01-01 10:00:00', '2026-01-01 10:00:00')).toBe(false);
    expect(parse('2026-01-02 00:00:00', '2026-01-01 23:59:59')).toBe(false);
  });

  it('finds patients by name and birthday, or by card number', () => {
    expect(ZPatientQuery.safeParse({ name: '张伟', birthday: '1985-03-12' }).success).toBe(true);
    expect(ZPatientQuery.safeParse({ cardNumber: '6200010010001' }).success).toBe(true);
    expect(ZPatientQuery.safeParse({ name: '张伟' }).success).toBe(false);
    expect(ZPatientQuery.safeParse({}).success).toBe(false);
  });
});
