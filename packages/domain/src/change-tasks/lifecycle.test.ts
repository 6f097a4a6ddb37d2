import { describe, expect, it } from 'vitest';
import {
  CODE_TABLES,
  findCode,
  HOSPITAL_TASK_STATUS,
  OPERATION_RECORD,
  operationRecordText,
} from '../dictionaries/codes.ts';
import {
  canTransition,
  compareRecords,
  flowTypeOf,
  isOwnSubmission,
  parseCompareFields,
  TASK_STATUS_ORDER,
  TASK_TRANSITIONS,
  taskNoPattern,
  taskStatusName,
} from './lifecycle.ts';

describe('task status names', () => {
  it('are the names of spec section 4, in both languages', () => {
    const names = Object.fromEntries(TASK_STATUS_ORDER.map((e) => [e.code, [e.zh, e.en]]));
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
    expect(TASK_STATUS_ORDER).toHaveLength(table.length);
    for (const entry of table) {
      expect(TASK_STATUS_ORDER).toContain(entry);
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
      const names = TASK_STATUS_ORDER.map((e) => e[lang]);
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

describe('the change-task status machine', () => {
  const statuses = ['08', '01', '04', '03', '06', '07'];
  const from = (action: keyof typeof TASK_TRANSITIONS) => statuses.filter((s) => canTransition(action, s));

  it('allows each action only from the statuses of decision 0006', () => {
    expect(from('save')).toEqual(['08', '04']);
    expect(from('submit')).toEqual(['08', '04']);
    expect(from('withdraw')).toEqual(['01']);
    expect(from('close')).toEqual(['08', '04']);
    expect(from('approve')).toEqual(['01']);
    expect(from('return')).toEqual(['01']);
    expect(from('overdue')).toEqual(['08', '01', '04']);
    expect(canTransition('submit', null)).toBe(false);
  });

  it('keeps 03, 06 and 07 final', () => {
    for (const status of ['03', '06', '07']) {
      const actions = (Object.keys(TASK_TRANSITIONS) as (keyof typeof TASK_TRANSITIONS)[]).filter((a) =>
        canTransition(a, status),
      );
      expect(actions, status).toEqual([]);
    }
  });

  it('writes the operation records of spec section 4', () => {
    expect(flowTypeOf('submit')).toBe('01');
    expect(flowTypeOf('withdraw')).toBe('03');
    expect(flowTypeOf('return')).toBe('04');
    expect(flowTypeOf('approve')).toBe('06');
    expect(flowTypeOf('close')).toBe('06');
    expect(flowTypeOf('overdue')).toBe('07');
    const close = operationRecordText(TASK_TRANSITIONS.close.to, flowTypeOf('close'));
    expect(close?.en).toBe('Closed by Hospital');
    expect(operationRecordText('07', flowTypeOf('overdue'))?.en).toBe('Overdue (auto-closed by timeout)');
  });

  it('refuses a decision by anyone who submitted the task', () => {
    expect(isOwnSubmission('u1', ['u2', 'u1'])).toBe(true);
    expect(isOwnSubmission('u1', ['u2', null])).toBe(false);
    expect(isOwnSubmission('u1', [])).toBe(false);
  });

  it('numbers tasks per kind', () => {
    expect(taskNoPattern('HT').test('HT202606150007')).toBe(true);
    expect(taskNoPattern('HT').test('DT202606150007')).toBe(false);
    expect(taskNoPattern('DT').test('DT2026061500071')).toBe(true);
    expect(taskNoPattern('DT').test('DT20260615007')).toBe(false);
  });

  it('compares a task with the approved record field by field', () => {
    const same = (_f: string, v: unknown) => JSON.stringify(v);
    const result = compareRecords(['a', 'b', 'c'] as const, { a: 1, b: 2, c: 3 }, { a: 1, b: 5, c: 4 }, same);
    expect(result.changed).toEqual(['b', 'c']);
    expect(result.compareResult).toBe('["b","c"]');
    expect(result.oldData).toEqual({
      a: { flag: false, oldValue: 1 },
      b: { flag: true, oldValue: 2 },
      c: { flag: true, oldValue: 3 },
    });
    expect(parseCompareFields(['a', 'b'] as const, '["b","x"]')).toEqual(['b']);
    expect(parseCompareFields(['a'] as const, 'not json')).toEqual([]);
  });
});
