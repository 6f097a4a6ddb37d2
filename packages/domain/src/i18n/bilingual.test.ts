import { describe, expect, it } from 'vitest';
import { bilingual, parseBilingual, pleaseInput, pleaseSelect } from './bilingual.ts';

describe('bilingual messages', () => {
  it('round-trips a pair', () => {
    expect(parseBilingual(bilingual('请输入', 'please input'))).toEqual({ zh: '请输入', en: 'please input' });
  });
  it('reads a plain message as both languages', () => {
    expect(parseBilingual('Required')).toEqual({ zh: 'Required', en: 'Required' });
    expect(parseBilingual('{not json')).toEqual({ zh: '{not json', en: '{not json' });
  });
  it('builds the spec required-field messages', () => {
    expect(parseBilingual(pleaseInput({ zh: '账号', en: 'account' }))).toEqual({
      zh: '请输入账号',
      en: 'Please enter account',
    });
    expect(parseBilingual(pleaseSelect({ zh: '币种', en: 'currency' })).en).toBe('Please select currency');
  });
});
