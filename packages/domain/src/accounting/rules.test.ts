import { describe, expect, it } from 'vitest';
import {
  allocatePaid,
  batchAmounts,
  canItem,
  canPayBatch,
  convertCents,
  formatRate,
  isoCurrency,
  isRate,
  monthDays,
  monthsBetween,
  normaliseMonth,
  reconcileOutcome,
  ZPayBillConfirm,
  ZPayBillSave,
  ZResolve,
} from './rules.ts';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('money', () => {
  it('converts at a rate half up to the cent', () => {
    // 1,000.00 HKD at 0.912345 CNY is 912.345: paid 912.35.
    expect(convertCents(100_000n, '0.912345')).toBe(91_235n);
    // 333.33 HKD is 304.111... : 304.11.
    expect(convertCents(33_333n, '0.912345')).toBe(30_411n);
    // Exactly half a cent goes up; just below goes down.
    expect(convertCents(1n, '0.5')).toBe(1n);
    expect(convertCents(1n, '0.499999')).toBe(0n);
    expect(convertCents(12_345n, '1')).toBe(12_345n);
  });

  it('reads and writes rates with six decimals', () => {
    expect(isRate('7.1')).toBe(true);
    expect(isRate('0')).toBe(false);
    expect(isRate('0.0000001')).toBe(false);
    expect(isRate('-1')).toBe(false);
    expect(isRate('abc')).toBe(false);
    expect(formatRate('7.1')).toBe('7.100000');
    expect(formatRate('0.912345')).toBe('0.912345');
  });

  it('totals a batch as the sum of its rounded lines (worked example)', () => {
    const result = batchAmounts(
      [
        { currency: 'CNY', amount: '85.00' },
        { currency: 'CNY', amount: '120.5' },
        { currency: 'HKD', amount: '1000.00' },
        { currency: 'HKD', amount: '333.33' },
      ],
      'CNY',
      { HKD: '0.912345' },
    );
    expect(result).toEqual({
      lines: [
        { claimCurrency: 'CNY', claimAmount: '85.00', rate: '1.000000', amount: '85.00' },
        { claimCurrency: 'CNY', claimAmount: '120.50', rate: '1.000000', amount: '120.50' },
        { claimCurrency: 'HKD', claimAmount: '1000.00', rate: '0.912345', amount: '912.35' },
        { claimCurrency: 'HKD', claimAmount: '333.33', rate: '0.912345', amount: '304.11' },
      ],
      // 1,333.33 HKD converted at once would be 1,216.45; line by line it is 1,216.46.
      total: '1421.96',
    });
  });

  it('names the currency whose rate is missing', () => {
    expect(batchAmounts([{ currency: 'USD', amount: '10.00' }], 'CNY', {})).toEqual({ missingRate: 'USD' });
  });

  it('allocates payments to the oldest payable entry first', () => {
    expect(allocatePaid(['100.00', '30.00', '5.00'], '110.00')).toEqual(['100.00', '10.00', '0.00']);
    expect(allocatePaid(['100.00'], '0')).toEqual(['0.00']);
    expect(allocatePaid(['100.00', '30.00'], '130.00')).toEqual(['100.00', '30.00']);
  });

  it('maps the currency code table to ISO codes', () => {
    expect(isoCurrency('01')).toBe('CNY');
    expect(isoCurrency('hkd')).toBe('HKD');
    expect(isoCurrency('')).toBeNull();
    expect(isoCurrency('XXX')).toBeNull();
  });
});

describe('statuses', () => {
  it('lets the operator cancel or confirm only a batch to be confirmed', () => {
    expect(canPayBatch('confirm', '1')).toBe(true);
    expect(canPayBatch('cancel', '1')).toBe(true);
    expect(canPayBatch('confirm', '2')).toBe(false);
    expect(canPayBatch('cancel', '3')).toBe(false);
  });

  it('lets the provider reconcile or dispute a confirmed batch until it is reconciled', () => {
    expect(canPayBatch('reconcile', '2', '1')).toBe(true);
    expect(canPayBatch('dispute', '2', '1')).toBe(true);
    expect(canPayBatch('reconcile', '2', '2')).toBe(false);
    expect(canPayBatch('reconcile', '1', '1')).toBe(false);
    expect(canPayBatch('resolve', '2', '1')).toBe(true);
  });

  it('moves lines: to be reconciled -> reconciled or disputed; disputed -> resolved', () => {
    expect(canItem('reconcile', '1')).toBe(true);
    expect(canItem('dispute', '1')).toBe(true);
    expect(canItem('reconcile', '3')).toBe(false);
    expect(canItem('resolve', '3')).toBe(true);
    expect(canItem('resolve', '2')).toBe(false);
  });

  it('reconciles a batch when every line is reconciled or resolved', () => {
    expect(reconcileOutcome(['2', '4'])).toBe('2');
    expect(reconcileOutcome(['2', '3'])).toBe('1');
    expect(reconcileOutcome(['1'])).toBe('1');
    expect(reconcileOutcome([])).toBe('1');
  });
});

describe('months', () => {
  it('reads YYYY-MM and YYYYMM', () => {
    expect(normaliseMonth('2026-11')).toBe('2026-11');
    expect(normaliseMonth('202611')).toBe('2026-11');
    expect(normaliseMonth('2026-13')).toBeNull();
    expect(normaliseMonth('2026-1')).toBeNull();
  });

  it('knows the days and spans of months', () => {
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthsBetween('2025-11', '2026-02')).toBe(4);
    expect(monthsBetween('2026-02', '2025-11')).toBe(0);
  });
});

describe('call bodies', () => {
  it('refuses a batch without claims, with a claim twice, or with two rates of a currency', () => {
    const base = { providerId: 'P10001', invoiceCurrency: 'cny' };
    expect(ZPayBillSave.safeParse({ ...base, items: [] }).success).toBe(false);
    expect(
      ZPayBillSave.safeParse({
        ...base,
        items: [
          { lineId: ID(1), amount: '1.00' },
          { lineId: ID(1), amount: '2.00' },
        ],
      }).success,
    ).toBe(false);
    expect(
      ZPayBillSave.safeParse({
        ...base,
        items: [{ lineId: ID(1), amount: '1.00' }],
        rates: [
          { currency: 'HKD', rate: '0.9' },
          { currency: 'HKD', rate: '0.8' },
        ],
      }).success,
    ).toBe(false);
    const ok = ZPayBillSave.parse({ ...base, items: [{ lineId: ID(1), amount: '1.5' }] });
    expect(ok.invoiceCurrency).toBe('CNY');
    expect(ZPayBillSave.safeParse({ ...base, items: [{ lineId: ID(1), amount: '0' }] }).success).toBe(false);
    expect(ZPayBillSave.safeParse({ ...base, items: [{ lineId: ID(1), amount: '1.005' }] }).success).toBe(
      false,
    );
    expect(
      ZPayBillSave.safeParse({ ...base, invoiceCurrency: 'XYZ', items: [{ lineId: ID(1), amount: '1' }] })
        .success,
    ).toBe(false);
  });

  it('needs a bank reference and a real paid date to confirm', () => {
    const base = { payBatchNo: 'PB202611000001', version: 0, paidDate: '2026-11-20' };
    expect(ZPayBillConfirm.safeParse({ ...base, bankReference: '' }).success).toBe(false);
    expect(ZPayBillConfirm.safeParse({ ...base, bankReference: 'TRX|1' }).success).toBe(false);
    expect(
      ZPayBillConfirm.safeParse({ ...base, paidDate: '2026-02-30', bankReference: 'TRX1' }).success,
    ).toBe(false);
    expect(ZPayBillConfirm.safeParse({ ...base, bankReference: 'TRX1' }).success).toBe(true);
  });

  it('needs the amount of an upheld dispute and a reply', () => {
    const base = { payBatchNo: 'PB202611000001', version: 1, itemId: ID(2), reply: 'Bank fee refunded' };
    expect(ZResolve.safeParse({ ...base, result: 'adjusted' }).success).toBe(false);
    expect(ZResolve.safeParse({ ...base, result: 'adjusted', amount: '20.00' }).success).toBe(true);
    expect(ZResolve.safeParse({ ...base, result: 'rejected' }).success).toBe(true);
    expect(ZResolve.safeParse({ ...base, result: 'rejected', reply: '' }).success).toBe(false);
  });
});
