import { describe, expect, it } from 'vitest';
import {
  AREA_LEVEL,
  AREA_LEVEL_CODE_TYPES,
  BENEFITS_ENQUIRY_USER_TYPES,
  CODE_TABLES,
  CODE_TYPE_NAMES,
  CURRENCY,
  DOMESTIC_COUNTRY_CODE,
  DOMESTIC_CURRENCY,
  findCode,
  operationRecordText,
  type TCodeEntry,
} from './codes.ts';

const codesOf = (codeType: keyof typeof CODE_TABLES): string[] =>
  (CODE_TABLES[codeType] as readonly TCodeEntry[]).map((e) => e.code);

describe('code tables', () => {
  it('give every entry a code and both labels', () => {
    for (const [codeType, table] of Object.entries(CODE_TABLES)) {
      expect(table.length, codeType).toBeGreaterThan(0);
      for (const entry of table as readonly TCodeEntry[]) {
        expect(entry.code.trim(), codeType).not.toBe('');
        expect(entry.zh.trim(), `${codeType} ${entry.code} zh`).not.toBe('');
        expect(entry.en.trim(), `${codeType} ${entry.code} en`).not.toBe('');
        expect(entry.zh, `${codeType} ${entry.code} zh is Chinese`).toMatch(/[\u4e00-\u9fff]/);
        expect(entry.en, `${codeType} ${entry.code} en has no Chinese`).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('keep codes unique within a code type', () => {
    for (const [codeType, table] of Object.entries(CODE_TABLES)) {
      const codes = (table as readonly TCodeEntry[]).map((e) => e.code);
      expect(new Set(codes).size, codeType).toBe(codes.length);
    }
  });

  it('name every code type in both languages, area levels and departments included', () => {
    const types = [...Object.keys(CODE_TABLES), 'outpatients', ...AREA_LEVEL_CODE_TYPES];
    for (const type of types) {
      const name = (CODE_TYPE_NAMES as Record<string, { zh: string; en: string }>)[type];
      expect(name?.zh, type).toBeTruthy();
      expect(name?.en, type).toBeTruthy();
    }
  });

  it('carry the code types the spec names', () => {
    for (const type of [
      'ldCode-language',
      'ldCode-medicaltype',
      'ldCode-providerpro',
      'ldCode-providerleval',
      'ldCode-directpaytype',
      'ldCode-prodeptcategory',
      'bizDict-invoice_type',
      'ldCode-currency',
      'teltype',
      'planreasunit',
      'user_type',
    ]) {
      expect(Object.keys(CODE_TABLES)).toContain(type);
    }
  });
});

describe('codes fixed by the spec', () => {
  it('domestic country 23 and currency 01 (CNY)', () => {
    expect(DOMESTIC_COUNTRY_CODE).toBe('23');
    expect(DOMESTIC_CURRENCY).toBe('01');
    expect(findCode('ldCode-currency', DOMESTIC_CURRENCY)).toEqual(CURRENCY.CNY);
    expect(CURRENCY.CNY.iso).toBe('CNY');
  });

  it('provider character 01 to 04, level 10 and department category 01', () => {
    expect(codesOf('ldCode-providerpro')).toEqual(['01', '02', '03', '04']);
    expect(findCode('ldCode-providerleval', '10')?.en).toBe('Not graded');
    expect(findCode('ldCode-prodeptcategory', '01')).toBeDefined();
  });

  it('hospital task statuses 01, 03, 04, 06, 07, 08', () => {
    expect(codesOf('hospitalTaskStatus')).toEqual(['01', '03', '04', '06', '07', '08']);
    expect(findCode('hospitalTaskStatus', '06')?.en).toBe('Approved');
    expect(findCode('hospitalTaskStatus', '08')?.en).toBe('Pending');
  });

  it('task types, approval conclusions and audit results', () => {
    expect(codesOf('taskType')).toEqual(['01', '02', '03', '04']);
    expect(findCode('taskType', '03')?.en).toBe('Add hospital');
    expect(codesOf('approvalConclusion')).toEqual(['01', '02', '03']);
    expect(findCode('approvalConclusion', '03')?.en).toBe('Cancelled');
    expect(codesOf('auditResult')).toEqual(['01', '02']);
    expect(findCode('auditResult', '02')?.en).toBe('Return');
  });

  it('operation record texts, with status 07 read by flowType', () => {
    expect(operationRecordText('01')?.en).toBe('Submitted');
    expect(operationRecordText('03')?.en).toBe('Withdrew by Hospital');
    expect(operationRecordText('04')?.en).toBe('Rejected');
    expect(operationRecordText('06')?.en).toBe('Approved');
    expect(operationRecordText('07', '06')?.en).toBe('Closed by Hospital');
    expect(operationRecordText('07', '07')?.en).toBe('Overdue (auto-closed by timeout)');
    expect(operationRecordText('07')?.zh).toBe('已关闭');
    expect(codesOf('operatorKind')).toEqual(['O', 'S']);
  });

  it('other codes of section 4 and the contact, phone and message codes', () => {
    expect(codesOf('preAuthHandler')).toEqual(['01', '02']);
    expect(codesOf('bookable')).toEqual(['01', '02']);
    expect(codesOf('yesNo')).toEqual(['01', '02']);
    expect(codesOf('socialSecurity')).toEqual(['01', '02']);
    expect(codesOf('dbFlag')).toEqual(['01', '02']);
    expect(codesOf('providerSearchType')).toEqual(['01', '02', '03', '04']);
    expect(codesOf('contactType')).toEqual(['01', '02', '03', '04', '05']);
    expect(findCode('contactShow', '01')?.en).toBe('Shown to patients');
    expect(codesOf('msgType')).toEqual(['01', '02', '03']);
    expect(findCode('msgCode', '04')?.en).toBe('Announcements');
    expect(codesOf('serviceTimeType')).toEqual(['AM', 'PM', 'OTHER']);
    expect(codesOf('msgCode')).toEqual(['12', '01', '13', '02', '03', '04']);
    expect(findCode('msgLevel', '03')).toBeDefined();
    expect(codesOf('weekday')).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(BENEFITS_ENQUIRY_USER_TYPES).toEqual(['01', '04']);
  });

  it('claims-side statuses', () => {
    expect(codesOf('appointmentStatus')).toEqual(['01', '02', '03', '04', '05']);
    expect(findCode('appointmentStatus', '01')?.en).toBe('To be treated');
    expect(codesOf('invoiceStatus')).toEqual(['1', '2']);
    expect(codesOf('preAuthStatus')).toHaveLength(8);
    expect(codesOf('appealStatus')).toHaveLength(5);
    expect(codesOf('investigationStatus')).toHaveLength(4);
    expect(codesOf('batchClaimStatus')).toHaveLength(3);
  });

  it('area levels 01 to 05', () => {
    expect(Object.values(AREA_LEVEL).map((l) => l.code)).toEqual([...AREA_LEVEL_CODE_TYPES]);
  });
});

describe('findCode', () => {
  it('answers undefined for unknown types and codes, inherited names included', () => {
    expect(findCode('no-such-type', '01')).toBeUndefined();
    expect(findCode('toString', '01')).toBeUndefined();
    expect(findCode('ldCode-currency', '99')).toBeUndefined();
  });
});
