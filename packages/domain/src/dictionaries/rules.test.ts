import { describe, expect, it } from 'vitest';
import {
  areaAnyLevelSelectable,
  changeArea,
  entryLabel,
  hasSpecialCharacters,
  provinceCityRequired,
  ZCodeQueryList,
  ZDictionaryEntryInput,
  ZIdList,
} from './rules.ts';

const beijing = { continent: '01', country: '23', provinceCity: ['110000', '110100', '110108'] };

describe('changeArea (hospital form clearing rules)', () => {
  it('changing the continent clears country and province/city', () => {
    expect(changeArea(beijing, 'continent', '02')).toEqual({
      continent: '02',
      country: '',
      provinceCity: [],
    });
  });
  it('clearing the continent clears all three', () => {
    expect(changeArea(beijing, 'continent', '')).toEqual({ continent: '', country: '', provinceCity: [] });
  });
  it('changing the country clears province/city only', () => {
    expect(changeArea(beijing, 'country', 'JP')).toEqual({
      continent: '01',
      country: 'JP',
      provinceCity: [],
    });
  });
  it('choosing the same value again keeps the rest', () => {
    expect(changeArea(beijing, 'continent', '01')).toBe(beijing);
    expect(changeArea(beijing, 'country', '23')).toBe(beijing);
  });
  it('sets province/city without touching the others', () => {
    expect(changeArea(beijing, 'provinceCity', ['310000', '310100'])).toEqual({
      ...beijing,
      provinceCity: ['310000', '310100'],
    });
  });
  it('any level is selectable and province/city optional only outside China (23)', () => {
    expect(areaAnyLevelSelectable('23')).toBe(false);
    expect(areaAnyLevelSelectable('JP')).toBe(true);
    expect(provinceCityRequired('23')).toBe(true);
    expect(provinceCityRequired('')).toBe(false);
  });
});

describe('dictionary rules', () => {
  it('labels an entry by language with a fallback', () => {
    expect(entryLabel({ codeName: '人民币', codeEnName: 'CNY' }, 'en')).toBe('CNY');
    expect(entryLabel({ codeName: '人民币', codeEnName: 'CNY' }, 'zh')).toBe('人民币');
    expect(entryLabel({ codeName: '人民币', codeEnName: '' }, 'en')).toBe('人民币');
  });
  it('finds | and ^', () => {
    expect(hasSpecialCharacters('工商|')).toBe(true);
    expect(hasSpecialCharacters('a^b')).toBe(true);
    expect(hasSpecialCharacters('工商银行')).toBe(false);
  });
  it('reads lookup bodies with or without codeList', () => {
    expect(ZCodeQueryList.parse([{ codeType: 'teltype' }, { codeType: '02', codeList: ['23', ''] }])).toEqual(
      [
        { codeType: 'teltype', codeList: [] },
        { codeType: '02', codeList: ['23'] },
      ],
    );
    expect(ZCodeQueryList.safeParse({ codeType: 'teltype' }).success).toBe(false);
  });
  it('accepts delete bodies as a list or {ids}', () => {
    const id = '0b8f7a4e-8c1a-4f53-9a57-2f1d0c1e5b11';
    expect(ZIdList.parse([id])).toEqual([id]);
    expect(ZIdList.parse({ ids: [id] })).toEqual([id]);
    expect(ZIdList.safeParse([]).success).toBe(false);
  });
  it('validates entries with bilingual messages', () => {
    const result = ZDictionaryEntryInput.safeParse({
      codeType: 'teltype',
      code: '0 1',
      codeName: 'a^',
      codeEnName: '',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['code', 'codeName', 'codeEnName']));
    expect(
      ZDictionaryEntryInput.parse({ codeType: 'teltype', code: '06', codeName: ' 卫星 ', codeEnName: 'Sat' }),
    ).toEqual({
      codeType: 'teltype',
      code: '06',
      codeName: '卫星',
      codeEnName: 'Sat',
      enabled: true,
    });
  });
});
