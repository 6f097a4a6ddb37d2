import { describe, expect, it } from 'vitest';
import { checkFileSize, fileIssueError, profileForBizType } from '../files/rules.ts';
import {
  canPreauth,
  PREAUTH_ATTACH_BIZ_TYPE,
  PREAUTH_STATUS_CODES,
  visitWithinWindow,
  ZPreauthApprove,
  ZPreauthForm,
} from './rules.ts';

const form = {
  memberId: 'M0001001',
  coverageCode: 'IP',
  currency: 'CNY',
  visitType: '02',
  visitDate: '2026-12-01',
  lengthOfStay: 3,
  estimatedCost: '12000.50',
  icdCodes: ['j18.9'],
  caseHandler: '01',
};

const issues = (input: unknown) => {
  const r = ZPreauthForm.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('pre-authorisation statuses', () => {
  it('has the eight statuses of the spec with distinct two-digit codes', () => {
    expect(PREAUTH_STATUS_CODES).toEqual(['01', '02', '03', '04', '05', '06', '07', '08']);
  });
  it('reopens only a cancelled case and expires only an approved one', () => {
    expect(canPreauth('reopen', '06')).toBe(true);
    expect(canPreauth('reopen', '05')).toBe(false);
    expect(canPreauth('expire', '04')).toBe(true);
    expect(canPreauth('expire', '01')).toBe(false);
    expect(canPreauth('supplement', '03')).toBe(true);
    expect(canPreauth('supplement', '02')).toBe(false);
  });
});

describe('visit window (30 days either side of the apply date, both ends included)', () => {
  it('accepts the edges and refuses one day past them', () => {
    expect(visitWithinWindow('2026-12-25', '2026-11-25')).toBe(true); // +30
    expect(visitWithinWindow('2026-12-26', '2026-11-25')).toBe(false); // +31
    expect(visitWithinWindow('2026-10-26', '2026-11-25')).toBe(true); // -30
    expect(visitWithinWindow('2026-10-25', '2026-11-25')).toBe(false); // -31
    expect(visitWithinWindow('2026-11-25', '2026-11-25')).toBe(true);
  });
  it('counts calendar days across a month end and a leap day', () => {
    expect(visitWithinWindow('2028-03-01', '2028-01-31')).toBe(true); // 30 days, 29 Feb included
    expect(visitWithinWindow('2028-03-02', '2028-01-31')).toBe(false);
  });
});

describe('the request form', () => {
  it('accepts a complete request and upper-cases ICD codes', () => {
    const r = ZPreauthForm.parse(form);
    expect(r.icdCodes).toEqual(['J18.9']);
    expect(r.department).toBe('');
  });
  it('refuses a cost with three decimals, zero or negative', () => {
    expect(issues({ ...form, estimatedCost: '10.005' })).toEqual(['estimatedCost']);
    expect(issues({ ...form, estimatedCost: '0' })).toEqual(['estimatedCost']);
    expect(issues({ ...form, estimatedCost: '-5' })).toEqual(['estimatedCost']);
    expect(issues({ ...form, estimatedCost: '0.01' })).toEqual([]);
  });
  it('refuses | and ^ in text fields', () => {
    expect(issues({ ...form, department: '内科|外科' })).toEqual(['department']);
    expect(issues({ ...form, doctor: 'Dr ^ Li' })).toEqual(['doctor']);
    expect(issues({ ...form, remark: 'a|b' })).toEqual(['remark']);
  });
  it('takes a whole, non-negative length of stay', () => {
    expect(issues({ ...form, lengthOfStay: 0 })).toEqual([]);
    expect(issues({ ...form, lengthOfStay: -1 })).toEqual(['lengthOfStay']);
    expect(issues({ ...form, lengthOfStay: 1.5 })).toEqual(['lengthOfStay']);
  });
  it('needs at least one ICD-10 code of the right shape', () => {
    expect(issues({ ...form, icdCodes: [] })).toEqual(['icdCodes']);
    expect(issues({ ...form, icdCodes: ['J189'] })).toEqual(['icdCodes.0']);
    expect(issues({ ...form, icdCodes: ['S72.001', 'I10'] })).toEqual([]);
  });
  it('takes case handler 01 or 02 only', () => {
    expect(issues({ ...form, caseHandler: '02' })).toEqual([]);
    expect(issues({ ...form, caseHandler: '03' })).toEqual(['caseHandler']);
  });
  it('approval needs a positive two-decimal amount and a real day', () => {
    const base = { id: '00000000-0000-4000-8000-000000000000', version: 1, validUntil: '2026-12-31' };
    expect(ZPreauthApprove.safeParse({ ...base, approvedAmount: '100.00' }).success).toBe(true);
    expect(ZPreauthApprove.safeParse({ ...base, approvedAmount: '100.001' }).success).toBe(false);
    expect(
      ZPreauthApprove.safeParse({ ...base, approvedAmount: '1', validUntil: '2026-02-30' }).success,
    ).toBe(false);
  });
});

describe('attachments (100 MB a file, 500 MB a case)', () => {
  const profile = profileForBizType(PREAUTH_ATTACH_BIZ_TYPE);
  const MB = 1_048_576;
  it('takes a file of exactly 100 MB and refuses one byte more', () => {
    expect(checkFileSize(profile, { size: 100 * MB })).toBeNull();
    expect(checkFileSize(profile, { size: 100 * MB + 1 })).toBe('size');
    expect(fileIssueError(profile, 'size')).toBe('PREAUTH_FILE_TOO_LARGE');
  });
  it('refuses what would take the case past 500 MB', () => {
    expect(checkFileSize(profile, { size: 50 * MB, existingTotal: 450 * MB })).toBeNull();
    expect(checkFileSize(profile, { size: 50 * MB + 1, existingTotal: 450 * MB })).toBe('total');
    expect(fileIssueError(profile, 'total')).toBe('PREAUTH_FILES_TOTAL_EXCEEDED');
  });
});
