import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  normalizeMobile,
  parsePhoneList,
  renderSms,
  SMS_MAX_CHARS,
  smsSegments,
  templateVariables,
  ZSmsContent,
  ZSmsPhones,
} from './rules.ts';

const issue = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? null : parseBilingual(r.error?.issues[0]?.message ?? '');
};

describe('SMS content (spec section 5)', () => {
  it("cannot be empty: Can't be empty in both languages", () => {
    expect(issue(ZSmsContent, '')).toEqual({ zh: '不能为空', en: "Can't be empty" });
    expect(issue(ZSmsContent, '   ')).toEqual({ zh: '不能为空', en: "Can't be empty" });
  });

  it('is at most 500 characters (spec section 9), counted as a reader counts them', () => {
    expect(issue(ZSmsContent, '好'.repeat(SMS_MAX_CHARS))).toBeNull();
    expect(issue(ZSmsContent, '好'.repeat(SMS_MAX_CHARS + 1))).toEqual({
      zh: '短信内容最多 500 个字',
      en: 'The content is at most 500 characters',
    });
    // 500 emoji are 1,000 UTF-16 units but 500 characters.
    expect(issue(ZSmsContent, '😀'.repeat(500))).toBeNull();
  });

  it('cannot contain the bracket symbol, in any width', () => {
    for (const text of ['【签名】您好', '您好]', 'see [1]', '［注］', '〖x〗']) {
      expect(issue(ZSmsContent, text)?.en).toBe('The template cannot contain the bracket symbol (【】[])');
    }
    expect(issue(ZSmsContent, '您好（括号 ok）(ok)')).toBeNull();
  });

  it('accepts the #variable# placeholders it knows and names the ones it does not', () => {
    expect(issue(ZSmsContent, '#name# 您好，#provider# (#providerId#) #phone#')).toBeNull();
    expect(issue(ZSmsContent, '#nmae# 您好 #foo#')?.en).toBe(
      'Unknown variable #nmae#, #foo#; use #phone#, #name#, #provider#, #providerId#',
    );
    // '#3 and #4' is plain text, not a variable.
    expect(issue(ZSmsContent, 'Rooms #3 and #4#')).toBeNull();
    expect(templateVariables('#name##name# #phone#')).toEqual(['name', 'phone']);
  });
});

describe('phone numbers (mainland pattern, several at once)', () => {
  it('normalizes +86, 86, spaces and hyphens to the 11 digits', () => {
    expect(normalizeMobile('13800138000')).toBe('13800138000');
    expect(normalizeMobile('+86 138-0013-8000')).toBe('13800138000');
    expect(normalizeMobile('8613800138000')).toBe('13800138000');
    expect(normalizeMobile('12800138000')).toBeNull();
    expect(normalizeMobile('1380013800')).toBeNull();
    expect(normalizeMobile('021-12345678')).toBeNull();
  });

  it('splits on line breaks, commas, semicolons and 、, removes repeats, names every invalid entry', () => {
    expect(parsePhoneList('13800138000\n13900139000，13800138000；+8613800138000、abc, 123 ;abc')).toEqual({
      phones: ['13800138000', '13900139000'],
      invalid: ['abc', '123'],
      duplicates: 2,
    });
  });

  it("'Phone number is invalid' names the invalid entries in both languages", () => {
    expect(issue(ZSmsPhones, '13800138000, 12345, abc')).toEqual({
      zh: '手机号格式不正确：12345, abc',
      en: 'Phone number is invalid: 12345, abc',
    });
    expect(issue(ZSmsPhones, '')).toBeNull();
  });
});

describe('templates filled per recipient', () => {
  it('fills each variable and reports the ones with no value', () => {
    expect(
      renderSms('#name#，您好：#provider# 请回电 #phone#', {
        phone: '13800138000',
        name: '王医生',
        provider: '和睦家',
      }),
    ).toEqual({
      text: '王医生，您好：和睦家 请回电 13800138000',
      missing: [],
    });
    expect(renderSms('#name# 您好', { phone: '13800138000' })).toEqual({
      text: '#name# 您好',
      missing: ['name'],
    });
  });
});

describe('segment counter (spec section 9: 70 single, 67 per part)', () => {
  it('counts one message up to 70 characters and ceil(n/67) parts beyond', () => {
    expect(smsSegments('')).toEqual({ chars: 0, segments: 0, perSegment: 70 });
    expect(smsSegments('好'.repeat(70))).toEqual({ chars: 70, segments: 1, perSegment: 70 });
    expect(smsSegments('好'.repeat(71))).toEqual({ chars: 71, segments: 2, perSegment: 67 });
    expect(smsSegments('好'.repeat(134))).toEqual({ chars: 134, segments: 2, perSegment: 67 });
    expect(smsSegments('好'.repeat(135))).toEqual({ chars: 135, segments: 3, perSegment: 67 });
    expect(smsSegments('好'.repeat(500)).segments).toBe(8);
  });

  it('counts Latin text the same way (mainland carriers bill UCS-2 for every message)', () => {
    expect(smsSegments('a'.repeat(70)).segments).toBe(1);
    expect(smsSegments('a'.repeat(71)).segments).toBe(2);
  });

  it('counts the signature the gateway adds, with its brackets', () => {
    // 【医网】 is 4 characters: 66 + 4 = 70 fits, 67 + 4 = 71 does not.
    expect(smsSegments('好'.repeat(66), '医网')).toEqual({ chars: 70, segments: 1, perSegment: 70 });
    expect(smsSegments('好'.repeat(67), '医网').segments).toBe(2);
  });
});
