import { describe, expect, it } from 'vitest';
import { CODE_TABLES, findCode, HOSPITAL_TASK_STATUS, OPERATION_RECORD } from '../dictionaries/codes.ts';
import { HOSPITAL_TASK_STATUS_ORDER, taskStatusName } from './codes.ts';

describe('hospital task status names', () => {
  it('are the names of spec section 4, in both languages', () => {
    const names = Object.fromEntries(HOSPITAL_TASK_STATUS_ORDER.map((e) => [e.code, [e.zh, e.en]]));
    expect(names).toEqual({
      '08': ['待提交', 'Pending'],
      '01': ['审核中', 'Auditing'],
      '04': ['已退回', 'Rejected'],
      '06': ['已通过', 'Approved'],
      '03': ['已撤回', 'Withdrawn'],
      '07': ['已关闭', 'Closed'],
    });
  });

  it('are defined once: the ordered list, the code table and the lookup hold the same entries', () => {
    const table = Object.values(HOSPITAL_TASK_STATUS);
    expect(HOSPITAL_TASK_STATUS_ORDER).toHaveLength(table.length);
    for (const entry of table) {
      expect(HOSPITAL_TASK_STATUS_ORDER).toContain(entry);
      expect(CODE_TABLES.hospitalTaskStatus).toContain(entry);
      expect(findCode('hospitalTaskStatus', entry.code)).toBe(entry);
      expect(taskStatusName(entry.code, 'zh')).toBe(entry.zh);
      expect(taskStatusName(entry.code, 'en')).toBe(entry.en);
    }
    expect(taskStatusName('99', 'en')).toBeNull();
    expect(taskStatusName(null, 'zh')).toBeNull();
  });

  it('give each status its own name in each language', () => {
    for (const lang of ['zh', 'en'] as const) {
      const names = HOSPITAL_TASK_STATUS_ORDER.map((e) => e[lang]);
      expect(new Set(names).size, lang).toBe(names.length);
    }
  });

  it('agree with the operation records that end in the same state', () => {
    for (const record of [OPERATION_RECORD.REJECTED, OPERATION_RECORD.APPROVED, OPERATION_RECORD.CLOSED]) {
      const status = findCode('hospitalTaskStatus', record.code);
      expect({ zh: record.zh, en: record.en }, record.code).toEqual({ zh: status?.zh, en: status?.en });
    }
  });
});

describe('status code tables', () => {
  it('never give two codes of one table the same name', () => {
    for (const [codeType, table] of Object.entries(CODE_TABLES)) {
      if (!/status|state/i.test(codeType)) continue;
      for (const lang of ['zh', 'en'] as const) {
        const names = table.map((e) => e[lang]);
        expect(new Set(names).size, `${codeType} ${lang}`).toBe(names.length);
      }
    }
  });
});
