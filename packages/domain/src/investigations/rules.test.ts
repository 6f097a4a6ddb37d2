import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  answerHasContent,
  canInvestigation,
  parseTrackingNumbers,
  postingDateIssue,
  TRACKING_MESSAGES,
  ZInvestigationReply,
} from './rules.ts';

const ID = '8c0e4c1e-7a4f-4a51-9d35-0a5f7d1a9b10';

describe('tracking numbers (spec section 5)', () => {
  it('reads numbers separated by English semicolons, dropping empty pieces and spaces around them', () => {
    expect(parseTrackingNumbers(' SF1234567890; YT-998877 ;;')).toEqual({
      numbers: ['SF1234567890', 'YT-998877'],
    });
    expect(parseTrackingNumbers('')).toEqual({ numbers: [] });
  });

  it('holds at most 200 characters in all', () => {
    const exactly = `${'SF12345678;'.repeat(17)}SF12345678901`;
    expect(exactly).toHaveLength(200);
    expect(parseTrackingNumbers(exactly)).toMatchObject({ numbers: expect.any(Array) });
    expect(parseTrackingNumbers(`${exactly}9`)).toEqual({ issue: TRACKING_MESSAGES.tooLong });
  });

  it('refuses other separators, | and ^, and numbers with other characters', () => {
    for (const text of ['SF1；YT2', 'SF1,YT2', 'SF1，YT2', 'SF1、YT2'])
      expect(parseTrackingNumbers(text)).toEqual({ issue: TRACKING_MESSAGES.separator });
    expect(parseTrackingNumbers('SF1|YT2')).toEqual({ issue: TRACKING_MESSAGES.special });
    expect(parseTrackingNumbers('SF 12')).toEqual({ issue: TRACKING_MESSAGES.shape });
    expect(parseTrackingNumbers('顺丰123')).toEqual({ issue: TRACKING_MESSAGES.shape });
  });
});

describe('the posting date', () => {
  it('is needed with tracking numbers and must be earlier than today', () => {
    expect(postingDateIssue(null, '', '2026-11-26')).toBeNull();
    expect(postingDateIssue(null, 'SF1', '2026-11-26')).toBe('required');
    expect(postingDateIssue('2026-11-26', 'SF1', '2026-11-26')).toBe('notPast');
    expect(postingDateIssue('2026-11-27', 'SF1', '2026-11-26')).toBe('notPast');
    expect(postingDateIssue('2026-11-25', 'SF1', '2026-11-26')).toBeNull();
  });
});

describe('an answer', () => {
  it('needs a file or a description', () => {
    expect(answerHasContent({ fileIds: [], description: '  ' })).toBe(false);
    expect(answerHasContent({ fileIds: [ID], description: '' })).toBe(true);
    expect(answerHasContent({ fileIds: [], description: '病历' })).toBe(true);
  });

  it('keeps the remark to 1000 characters and refuses | and ^, in both languages', () => {
    const base = { id: ID, version: 0, description: '病历' };
    expect(ZInvestigationReply.safeParse({ ...base, remark: 'r'.repeat(1000) }).success).toBe(true);
    const long = ZInvestigationReply.safeParse({ ...base, remark: 'r'.repeat(1001) });
    expect(parseBilingual(long.error?.issues[0].message ?? '')).toEqual({
      zh: '最多 1000 个字符',
      en: 'At most 1000 characters',
    });
    const special = ZInvestigationReply.safeParse({ ...base, description: '病历^' });
    expect(parseBilingual(special.error?.issues[0].message ?? '').en).toBe(
      'The characters | and ^ are not allowed',
    );
    const parsed = ZInvestigationReply.parse({ ...base, trackingNumbers: 'SF1; SF2', postingDate: '' });
    expect(parsed).toMatchObject({ trackingNumbers: 'SF1;SF2', postingDate: null, fileIds: [], remark: '' });
  });
});

describe('statuses', () => {
  it('lets only a processing case be answered, completed, cancelled or timed out', () => {
    for (const action of ['reply', 'complete', 'cancel', 'timeout'] as const) {
      expect(canInvestigation(action, '01')).toBe(true);
      for (const final of ['02', '03', '04']) expect(canInvestigation(action, final)).toBe(false);
    }
  });
});
