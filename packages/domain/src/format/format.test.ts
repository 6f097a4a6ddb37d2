import { describe, expect, it } from 'vitest';
import { dateOnly, EMPTY_TEXT, formatAmount, formatDate, sexLabel, sexLabels } from './format.ts';

describe('formatDate', () => {
  it("prints '-' when empty or unreadable", () => {
    for (const value of [null, undefined, '', '   ', 'not a date', Number.NaN]) {
      expect(formatDate(value)).toBe(EMPTY_TEXT);
    }
  });

  it('formats local date and time by the pattern', () => {
    const date = new Date(2026, 2, 5, 9, 7, 3);
    expect(formatDate(date)).toBe('2026-03-05 09:07:03');
    expect(formatDate(date, 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(formatDate(date.getTime(), 'DD/MM/YYYY HH:mm')).toBe('05/03/2026 09:07');
  });
});

describe('dateOnly', () => {
  it('cuts a date string to 10 characters', () => {
    expect(dateOnly('2026-03-05 09:07:03')).toBe('2026-03-05');
    expect(dateOnly('2026-03-05T09:07:03.000Z')).toBe('2026-03-05');
    expect(dateOnly('2026-03')).toBe('2026-03');
  });

  it("prints '-' when empty", () => {
    expect(dateOnly(null)).toBe('-');
    expect(dateOnly(undefined)).toBe('-');
    expect(dateOnly('  ')).toBe('-');
  });
});

describe('formatAmount', () => {
  it('uses 2 decimals, a dot and comma grouping', () => {
    expect(formatAmount(1234567.891)).toBe('1,234,567.89');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(999.995)).toBe('1,000.00');
    expect(formatAmount(12)).toBe('12.00');
    expect(formatAmount('98765.4')).toBe('98,765.40');
    expect(formatAmount('1,200.5')).toBe('1,200.50');
    expect(formatAmount(-1500)).toBe('-1,500.00');
    expect(formatAmount(-0.001)).toBe('0.00');
  });

  it("prints '-' for NaN and empty values", () => {
    for (const value of [Number.NaN, 'abc', '', null, undefined, Number.POSITIVE_INFINITY]) {
      expect(formatAmount(value)).toBe('-');
    }
  });
});

describe('sex codes', () => {
  it('reads 01 as male, 02 as female and anything else as secret, in both languages', () => {
    expect(sexLabels('01')).toEqual({ zh: '男', en: 'Male' });
    expect(sexLabels('02')).toEqual({ zh: '女', en: 'Female' });
    expect(sexLabel('03', 'en')).toBe('Secret');
    expect(sexLabel(null, 'zh')).toBe('保密');
    expect(sexLabel('1', 'en')).toBe('Secret');
  });
});
