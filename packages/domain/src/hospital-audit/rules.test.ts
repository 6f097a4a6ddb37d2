import { describe, expect, it } from 'vitest';
import { canAudit } from '../change-tasks/lifecycle.ts';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  canExportTask,
  RETURN_REASON_MAX,
  returnReasonIssue,
  ZApprovalBody,
  ZAuditTaskListRequest,
  ZNewsLetterBody,
  ZProviderNoteAddBody,
} from './rules.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [i.path.join('.'), parseBilingual(i.message).en]),
  );

describe('audit result rules (spec section 5, audit route)', () => {
  it('requires a return reason only when returning, up to 500 characters, without | or ^', () => {
    expect(returnReasonIssue('01', '')).toBeNull();
    expect(parseBilingual(returnReasonIssue('02', ' ')!)).toEqual({
      zh: '请输入退回原因',
      en: 'Please enter Return Reason',
    });
    expect(returnReasonIssue('02', 'x'.repeat(RETURN_REASON_MAX))).toBeNull();
    expect(returnReasonIssue('02', 'x'.repeat(RETURN_REASON_MAX + 1))).not.toBeNull();
    expect(returnReasonIssue('02', 'a|b')).not.toBeNull();
    expect(returnReasonIssue('02', 'a^b')).not.toBeNull();
  });

  it('parses the approval body and ignores the rest of the audit form payload', () => {
    const ok = ZApprovalBody.safeParse({
      taskNo: 'HT202611220001',
      auditResult: '02',
      returnReason: '  请补充  ',
      version: 3,
      providerCnName: 'ignored',
    });
    expect(ok.data).toEqual({
      taskNo: 'HT202611220001',
      auditResult: '02',
      returnReason: '请补充',
      version: 3,
    });
    expect(issues(ZApprovalBody.safeParse({ taskNo: 'HT202611220001', auditResult: '02' }))).toEqual({
      returnReason: 'Please enter Return Reason',
    });
    expect(issues(ZApprovalBody.safeParse({ taskNo: 'HT202611220001' }))).toEqual({
      auditResult: 'Please select Audit Result',
    });
    expect(
      ZApprovalBody.safeParse({ taskNo: 'HT202611220001', auditResult: '01', returnReason: null }).success,
    ).toBe(true);
  });

  it('lets auditors act on submitted tasks and export approved ones only', () => {
    expect(['01', '03', '04', '06', '07', '08'].filter(canAudit)).toEqual(['01']);
    expect(['01', '03', '04', '06', '07', '08'].filter(canExportTask)).toEqual(['06']);
  });
});

describe('list and export requests', () => {
  it('defaults the audit list to 10 a page, newest submit first, and takes one status or a list', () => {
    expect(ZAuditTaskListRequest.parse({})).toMatchObject({
      current: 1,
      size: 10,
      sort: 'commitDate',
      order: 'desc',
      model: { status: [], taskType: [] },
    });
    expect(
      ZAuditTaskListRequest.parse({ model: { status: '01', taskType: ['03', '04'] } }).model,
    ).toMatchObject({
      status: ['01'],
      taskType: ['03', '04'],
    });
    expect(ZAuditTaskListRequest.parse({ sort: 'nonsense', order: 'ascending' })).toMatchObject({
      sort: 'commitDate',
      order: 'asc',
    });
  });

  it('needs both newsletter dates in order, at most 366 days apart', () => {
    expect(ZNewsLetterBody.safeParse({ startDate: '2026-01-01', endDate: '2026-12-31' }).success).toBe(true);
    expect(ZNewsLetterBody.safeParse({ startDate: '2024-01-01', endDate: '2024-12-31' }).success).toBe(true);
    expect(issues(ZNewsLetterBody.safeParse({ startDate: '2025-01-01', endDate: '2026-01-02' }))).toEqual({
      endDate: 'The period must not exceed 366 days',
    });
    expect(issues(ZNewsLetterBody.safeParse({ startDate: '2026-02-01', endDate: '2026-01-31' }))).toEqual({
      endDate: 'The end date must not be before the start date',
    });
    expect(issues(ZNewsLetterBody.safeParse({ endDate: '2026-01-31' }))).toEqual({
      startDate: 'Please select start date',
    });
    expect(ZNewsLetterBody.safeParse({ startDate: '2026/01/01', endDate: '2026-01-31' }).success).toBe(false);
  });

  it('needs note text in at least one language', () => {
    expect(issues(ZProviderNoteAddBody.safeParse({ providerId: 'P10001', notesC: ' ', notesE: '' }))).toEqual(
      {
        notesC: 'Please enter the note in Chinese or English',
      },
    );
    expect(
      ZProviderNoteAddBody.safeParse({ providerId: 'P10001', notesE: 'Closed on Sundays' }).success,
    ).toBe(true);
  });
});
