import { describe, expect, it } from 'vitest';
import {
  adjudicate,
  formatMoney,
  fromCents,
  isMoney,
  isWithin,
  policyYearOf,
  remainingBenefit,
  sumMoney,
  toCents,
} from './benefits.ts';

describe('exact money in cents', () => {
  it("'1,250.50' is 125050 cents and back '1250.50'", () => {
    expect(toCents('1,250.50')).toBe(125050n);
    expect(fromCents(125050n)).toBe('1250.50');
  });
  it("'0.1' + '0.2' is exactly '0.30' (no float drift)", () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.30');
  });
  it("'-5.05' is -505 cents and back '-5.05'", () => {
    expect(toCents('-5.05')).toBe(-505n);
    expect(fromCents(-505n)).toBe('-5.05');
  });
  it("'12.345', 'abc' and '' are not amounts", () => {
    expect(isMoney('12.345')).toBe(false);
    expect(isMoney('abc')).toBe(false);
    expect(isMoney('')).toBe(false);
    expect(() => toCents('abc')).toThrow();
  });
  it("999,999,999,999.99 keeps its last cent (beyond float's exact range for sums)", () => {
    expect(sumMoney(['999999999999.99', '0.01'])).toBe('1000000000000.00');
  });
});

describe('formatMoney (the spec amount format)', () => {
  it("'18749.5' prints 18,749.50; 1234567n cents prints 12,345.67", () => {
    expect(formatMoney('18749.5')).toBe('18,749.50');
    expect(formatMoney(1234567n)).toBe('12,345.67');
  });
  it("null, '' and 'abc' print '-'", () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney('abc')).toBe('-');
  });
});

describe('remainingBenefit', () => {
  it('OP CNY annual 20,000.00, used 1,250.50, pending 0 → remaining 18,749.50', () => {
    expect(remainingBenefit({ annualLimit: '20000.00', used: '1250.50', pending: '0' })).toBe('18749.50');
  });
  it('OP CNY annual 20,000.00, used 1,250.50, pending 500.00 → remaining 18,249.50', () => {
    expect(remainingBenefit({ annualLimit: '20000.00', used: '1250.50', pending: '500.00' })).toBe(
      '18249.50',
    );
  });
  it('DT CNY annual 3,000.00, used 2,800.00, pending 400.00 → remaining 0.00 (never negative)', () => {
    expect(remainingBenefit({ annualLimit: '3000.00', used: '2800.00', pending: '400.00' })).toBe('0.00');
  });
  it('IP with no annual limit, used 50,000.00 → unlimited (null)', () => {
    expect(remainingBenefit({ annualLimit: null, used: '50000.00', pending: '0' })).toBeNull();
  });
  it('OP HKD annual 22,000.00, used 0.10, pending 0.20 → remaining 21,999.70', () => {
    expect(remainingBenefit({ annualLimit: '22000.00', used: '0.10', pending: '0.20' })).toBe('21999.70');
  });
});

describe('adjudicate (deductible, then co-pay, then caps)', () => {
  it('OP claim 1,000.00, co-pay 10%, no deductible, per visit 2,000.00 → payable 900.00, member 100.00', () => {
    expect(
      adjudicate({
        claimed: '1000.00',
        deductibleLeft: '0',
        coPayPercent: '10.00',
        perVisitLimit: '2000.00',
        remaining: '18749.50',
      }),
    ).toEqual({ deductible: '0.00', coPay: '100.00', payable: '900.00', memberShare: '100.00' });
  });
  it('OP claim 3,000.00, co-pay 10%, per visit 2,000.00 → payable capped at 2,000.00, member 1,000.00', () => {
    expect(
      adjudicate({
        claimed: '3000.00',
        deductibleLeft: '0',
        coPayPercent: '10.00',
        perVisitLimit: '2000.00',
        remaining: '18749.50',
      }),
    ).toEqual({ deductible: '0.00', coPay: '300.00', payable: '2000.00', memberShare: '1000.00' });
  });
  it('IP claim 5,000.00, deductible left 1,000.00, co-pay 0% → payable 4,000.00, member 1,000.00', () => {
    expect(
      adjudicate({
        claimed: '5000.00',
        deductibleLeft: '1000.00',
        coPayPercent: '0',
        perVisitLimit: null,
        remaining: null,
      }),
    ).toEqual({ deductible: '1000.00', coPay: '0.00', payable: '4000.00', memberShare: '1000.00' });
  });
  it('claim 600.00 below deductible left 1,000.00 → payable 0.00, member 600.00', () => {
    expect(
      adjudicate({
        claimed: '600.00',
        deductibleLeft: '1000.00',
        coPayPercent: '20',
        perVisitLimit: null,
        remaining: null,
      }),
    ).toEqual({ deductible: '600.00', coPay: '0.00', payable: '0.00', memberShare: '600.00' });
  });
  it('DT claim 333.33, co-pay 20%, remaining 100.00 → co-pay 66.67 (half up), payable 100.00, member 233.33', () => {
    expect(
      adjudicate({
        claimed: '333.33',
        deductibleLeft: '0',
        coPayPercent: '20.00',
        perVisitLimit: '500.00',
        remaining: '100.00',
      }),
    ).toEqual({ deductible: '0.00', coPay: '66.67', payable: '100.00', memberShare: '233.33' });
  });
  it('co-pay 12.5% of 0.10 → 0.01 (half up from 0.0125)', () => {
    expect(
      adjudicate({
        claimed: '0.10',
        deductibleLeft: '0',
        coPayPercent: '12.50',
        perVisitLimit: null,
        remaining: null,
      }).coPay,
    ).toBe('0.01');
  });
  it('a co-pay over 100% or a negative claim is refused', () => {
    const base = { deductibleLeft: '0', perVisitLimit: null, remaining: null };
    expect(() => adjudicate({ ...base, claimed: '10.00', coPayPercent: '100.01' })).toThrow();
    expect(() => adjudicate({ ...base, claimed: '-1.00', coPayPercent: '0' })).toThrow();
  });
});

describe('isWithin', () => {
  it('2026-06-01 is within 2026-01-01..2026-12-31 and open ends; 2027-01-01 is not', () => {
    expect(isWithin('2026-06-01', '2026-01-01', '2026-12-31')).toBe(true);
    expect(isWithin('2026-06-01', null, null)).toBe(true);
    expect(isWithin('2027-01-01', '2026-01-01', '2026-12-31')).toBe(false);
  });
});

describe('policyYearOf (usage counts per policy year, from the anniversary of validFrom)', () => {
  it('a calendar-year policy: one year, the whole validity', () => {
    expect(policyYearOf('2026-06-30', '2026-01-01', '2026-12-31')).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
  });

  it('a two-year policy from 1 July: the year boundary is the anniversary', () => {
    const validity = ['2025-07-01', '2027-06-30'] as const;
    expect(policyYearOf('2026-06-30', ...validity)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(policyYearOf('2026-07-01', ...validity)).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(policyYearOf('2025-12-31', ...validity)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
  });

  it('the last year ends on validTo when the policy ends early; days outside take the nearest year', () => {
    const validity = ['2025-04-15', '2026-10-31'] as const;
    expect(policyYearOf('2026-05-01', ...validity)).toEqual({ from: '2026-04-15', to: '2026-10-31' });
    expect(policyYearOf('2027-03-01', ...validity)).toEqual({ from: '2026-04-15', to: '2026-10-31' });
    expect(policyYearOf('2025-01-01', ...validity)).toEqual({ from: '2025-04-15', to: '2026-04-14' });
  });

  it('a policy from 29 February: its anniversaries fall on 28 February in common years', () => {
    const validity = ['2024-02-29', '2028-02-28'] as const;
    expect(policyYearOf('2025-02-27', ...validity)).toEqual({ from: '2024-02-29', to: '2025-02-27' });
    expect(policyYearOf('2025-02-28', ...validity)).toEqual({ from: '2025-02-28', to: '2026-02-27' });
    expect(policyYearOf('2027-12-31', ...validity)).toEqual({ from: '2027-02-28', to: '2028-02-28' });
  });
});
