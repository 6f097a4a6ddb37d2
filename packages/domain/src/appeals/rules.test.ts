import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  APPEAL_TRANSITIONS,
  canAppeal,
  duplicateFileNames,
  hasAppealCriterion,
  ZAppealAudit,
  ZAppealCreate,
} from './rules.ts';

describe('appeal rules', () => {
  it('names each duplicate file name once, ignoring case', () => {
    expect(duplicateFileNames(['a.pdf', 'b.pdf', 'A.pdf', 'c.pdf'])).toEqual(['a.pdf', 'A.pdf']);
    expect(duplicateFileNames(['a.pdf', 'b.pdf'])).toEqual([]);
  });

  it('needs at least one search criterion (blank texts do not count)', () => {
    expect(hasAppealCriterion({ status: [] })).toBe(false);
    expect(hasAppealCriterion({ status: [], appealNo: '  ', member: '' })).toBe(false);
    expect(hasAppealCriterion({ status: ['01'] })).toBe(true);
    expect(hasAppealCriterion({ batchNo: 'CB1' })).toBe(true);
  });

  it('lets processing appeals be decided and returned ones be resubmitted; the rest are final', () => {
    expect(canAppeal('approve', '01')).toBe(true);
    expect(canAppeal('return', '02')).toBe(false);
    expect(canAppeal('resubmit', '02')).toBe(true);
    expect(canAppeal('close', '02')).toBe(true);
    for (const final of ['03', '04', '05'])
      for (const action of Object.keys(APPEAL_TRANSITIONS) as (keyof typeof APPEAL_TRANSITIONS)[])
        expect(canAppeal(action, final)).toBe(false);
  });

  it('needs a reason for Return and Reject, in both languages, not for Approve', () => {
    for (const result of ['return', 'reject'] as const) {
      const parsed = ZAppealAudit.safeParse({ version: 0, result, remark: ' ' });
      expect(parsed.success).toBe(false);
      expect(parseBilingual(parsed.error?.issues[0].message ?? '')).toEqual({
        zh: '退回或拒绝须填写原因',
        en: 'Enter the reason for Return or Reject',
      });
    }
    expect(ZAppealAudit.safeParse({ version: 0, result: 'approve' }).success).toBe(true);
  });

  it('takes an amount above 0 with at most two decimals and a reason', () => {
    const base = { lineId: '5b0c2a8e-8f5e-4a51-9f3d-2d7b8f0c6a11', reason: '补充资料' };
    expect(ZAppealCreate.safeParse({ ...base, amount: '80.00' }).success).toBe(true);
    expect(ZAppealCreate.safeParse({ ...base, amount: '0.00' }).success).toBe(false);
    expect(ZAppealCreate.safeParse({ ...base, amount: '1.234' }).success).toBe(false);
    expect(ZAppealCreate.safeParse({ ...base, amount: '5', reason: '' }).success).toBe(false);
  });
});
