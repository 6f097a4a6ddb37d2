import { describe, expect, it } from 'vitest';
import { checkMsgImportRow, parseChinaTime, splitCodes } from './import.ts';

describe('parseChinaTime', () => {
  it('reads China wall time with or without seconds, dashes or slashes, a day alone as midnight', () => {
    expect(parseChinaTime('2026-11-25 09:05')).toBe('2026-11-25T09:05:00+08:00');
    expect(parseChinaTime('2026/1/2 9:05:30')).toBe('2026-01-02T09:05:30+08:00');
    expect(parseChinaTime('2026-11-25')).toBe('2026-11-25T00:00:00+08:00');
  });
  it('refuses what is not a time anybody meant', () => {
    for (const v of ['2026-02-30 10:00', '2026-11-25 25:00', '2026-11-25 10:61', 'tomorrow', '25/11/2026']) {
      expect(parseChinaTime(v)).toBeNull();
    }
  });
});

describe('splitCodes', () => {
  it('splits on commas, semicolons, 、 and spaces of either width, without repeats', () => {
    expect(splitCodes('P1, P2；P3、P4 P5，P1')).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect(splitCodes('  ')).toEqual([]);
  });
});

describe('checkMsgImportRow', () => {
  const now = new Date('2026-11-25T02:00:00Z'); // 10:00 China time
  const row = {
    name: '停诊通知',
    nameEn: 'Clinic closure',
    msgType: '1',
    msgLevel: 'Urgent',
    content: '明天停诊',
    enContent: 'Closed tomorrow',
    validFrom: '2026-11-25 00:00',
    validTo: '2026-11-25 10:15',
    searchType: '02',
    recipients: 'P10001',
  };
  it('accepts a row at the edges of the rules: today, 15 minutes ahead', () => {
    const { value, issues } = checkMsgImportRow(2, row, now);
    expect(issues).toEqual([]);
    expect(value).toMatchObject({ msgType: '01', msgLevel: '03', providerIds: ['P10001'], areaCodes: [] });
  });
  it('refuses one minute past each edge', () => {
    const { issues } = checkMsgImportRow(
      2,
      { ...row, validFrom: '2026-11-24 23:59', validTo: '2026-11-25 10:14' },
      now,
    );
    expect(issues.map((i) => [i.column, i.msg_en])).toEqual([
      ['validFrom', 'Start must not be earlier than today'],
      ['validTo', 'Expiry must be at least 15 minutes after now'],
    ]);
  });
  it('names every bad column once, in column order', () => {
    const { value, issues } = checkMsgImportRow(
      7,
      { ...row, name: 'x'.repeat(51), msgType: '03', content: '', recipients: '' },
      now,
    );
    expect(value).toBeNull();
    expect(issues.map((i) => [i.row, i.column])).toEqual([
      [7, 'name'],
      [7, 'msgType'],
      [7, 'content'],
      [7, 'recipients'],
    ]);
  });
});
