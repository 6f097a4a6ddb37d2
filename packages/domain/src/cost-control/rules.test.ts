import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  canCostControl,
  costDeduction,
  normaliseProportion,
  PROPORTION_MESSAGES,
  periodsOverlap,
  proportionIssue,
  ZCostPropose,
} from './rules.ts';

describe('the proportion (spec section 5: it must be a number)', () => {
  it('takes a percent above 0 and at most 100 with two decimals', () => {
    for (const ok of ['5', '5.5', '12.50', '100', '0.01', '007.25'])
      expect(proportionIssue(ok), ok).toBeNull();
    for (const bad of ['', 'abc', '5%', '-5', '1e2', '5.', '.5', '五'])
      expect(proportionIssue(bad), bad).toBe(PROPORTION_MESSAGES.notNumber);
    for (const out of ['0', '0.00', '100.01', '250'])
      expect(proportionIssue(out), out).toBe(PROPORTION_MESSAGES.range);
    expect(proportionIssue('5.125')).toBe(PROPORTION_MESSAGES.decimals);
    expect(normaliseProportion('007.5')).toBe('7.50');
  });

  it('answers in both languages and reads numbers as well as text', () => {
    const base = { providerId: 'P10001', basis: '依据', validFrom: '2030-01-01', validTo: '2030-12-31' };
    expect(ZCostPropose.parse({ ...base, proportion: 7.5 }).proportion).toBe('7.50');
    const bad = ZCostPropose.safeParse({ ...base, proportion: 'abc' });
    expect(parseBilingual(bad.error?.issues[0].message ?? '')).toEqual({
      zh: '比例必须是数字',
      en: 'The proportion must be a number',
    });
    const backwards = ZCostPropose.safeParse({ ...base, proportion: '5', validTo: '2029-12-31' });
    expect(backwards.error?.issues[0].path).toEqual(['validTo']);
  });
});

describe('the suggested deduction', () => {
  it('takes the proportion of the claimed amount, rounded half up to the cent, exactly', () => {
    expect(costDeduction('85.00', '12.50')).toEqual({ deduction: '10.63', payable: '74.37' }); // 10.625
    expect(costDeduction('1250.50', '12.50')).toEqual({ deduction: '156.31', payable: '1094.19' }); // 156.3125
    expect(costDeduction('1250.50', '5.25')).toEqual({ deduction: '65.65', payable: '1184.85' }); // 65.65125
    expect(costDeduction('0.01', '50.00')).toEqual({ deduction: '0.01', payable: '0.00' }); // 0.005
    expect(costDeduction('0.01', '49.99')).toEqual({ deduction: '0.00', payable: '0.01' });
    expect(costDeduction('999999999999.99', '100.00')).toEqual({
      deduction: '999999999999.99',
      payable: '0.00',
    });
  });
});

describe('periods and statuses', () => {
  it('overlap when they share a day, both ends included', () => {
    const a = { validFrom: '2030-01-01', validTo: '2030-06-30' };
    expect(periodsOverlap(a, { validFrom: '2030-06-30', validTo: '2030-12-31' })).toBe(true);
    expect(periodsOverlap(a, { validFrom: '2030-07-01', validTo: '2030-12-31' })).toBe(false);
    expect(periodsOverlap(a, { validFrom: '2029-01-01', validTo: '2031-01-01' })).toBe(true);
  });

  it('let the provider answer a pending measure only and the operator propose again until it is accepted', () => {
    expect(canCostControl('accept', '01')).toBe(true);
    expect(canCostControl('accept', '03')).toBe(false);
    expect(canCostControl('disagree', '01')).toBe(true);
    expect(canCostControl('revise', '03')).toBe(true);
    expect(canCostControl('revise', '02')).toBe(false);
    expect(canCostControl('withdraw', '02')).toBe(false);
    expect(canCostControl('withdraw', '03')).toBe(true);
  });
});
