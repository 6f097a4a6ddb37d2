import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  hasRecipients,
  MSG_RULE_MESSAGES,
  phaseAt,
  startOfToday,
  type TMsgSaveBody,
  validityIssues,
  ZMsgSaveBody,
} from './compose.ts';

const MIN = 60_000;
const valid = (over: Partial<TMsgSaveBody> = {}): TMsgSaveBody => ({
  action: 'send',
  name: '停诊通知',
  nameEn: 'Clinic closure',
  msgType: '01',
  msgLevel: '03',
  content: '明天停诊。\n请改期。',
  enContent: 'Closed tomorrow.\nPlease reschedule.',
  validFrom: new Date(Date.now() + MIN).toISOString(),
  validTo: new Date(Date.now() + 60 * MIN).toISOString(),
  searchType: '02',
  providerIds: ['P10001'],
  ...over,
});

/** The bilingual messages of a failed parse, by path. */
function errors(body: TMsgSaveBody) {
  const result = ZMsgSaveBody.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), parseBilingual(i.message)]));
}

describe('message name (2 to 50 characters)', () => {
  it.each([
    ['a', false],
    ['ab', true],
    ['x'.repeat(50), true],
    ['x'.repeat(51), false],
  ])('%j accepted: %s', (name, ok) => {
    expect(errors(valid({ name })).name).toEqual(ok ? undefined : MSG_RULE_MESSAGES.name);
    expect(errors(valid({ nameEn: name })).nameEn).toEqual(ok ? undefined : MSG_RULE_MESSAGES.name);
  });

  it('gives the spec message in both languages', () => {
    expect(errors(valid({ name: 'a' })).name).toEqual({
      zh: '名称为 2 到 50 个字符',
      en: 'Name is 2 to 50 characters',
    });
  });
});

describe('message content (at most 2000 characters, line breaks kept)', () => {
  it('accepts 2000 characters and refuses 2001, in both languages', () => {
    expect(errors(valid({ content: '字'.repeat(2000), enContent: 'e'.repeat(2000) }))).toEqual({});
    expect(errors(valid({ content: '字'.repeat(2001) })).content).toEqual({
      zh: '内容最多 2000 个字符',
      en: 'Content is at most 2000 characters',
    });
    expect(errors(valid({ enContent: 'e'.repeat(2001) })).enContent).toEqual(MSG_RULE_MESSAGES.contentMax);
  });
  it('refuses empty content', () => {
    expect(errors(valid({ enContent: '  ' })).enContent).toEqual({ zh: '不能为空', en: "Can't be empty" });
  });
  it('keeps line breaks', () => {
    expect(ZMsgSaveBody.parse(valid()).content).toBe('明天停诊。\n请改期。');
  });
});

describe('validity period', () => {
  const now = new Date('2026-03-10T04:00:00Z'); // 12:00 in China
  it('is required', () => {
    expect(validityIssues({ validFrom: null, validTo: null }, now)).toEqual([
      { path: 'validFrom', message: { zh: '请选择有效期', en: 'A validity period is required' } },
    ]);
    expect(errors(valid({ validTo: null })).validFrom).toEqual(MSG_RULE_MESSAGES.validityRequired);
  });
  it('starts not earlier than today (China time)', () => {
    expect(startOfToday(now).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    const to = '2026-03-11T00:00:00Z';
    expect(validityIssues({ validFrom: '2026-03-09T16:00:00Z', validTo: to }, now)).toEqual([]);
    expect(validityIssues({ validFrom: '2026-03-09T15:59:59Z', validTo: to }, now)).toEqual([
      {
        path: 'validFrom',
        message: { zh: '开始时间不能早于今天', en: 'Start must not be earlier than today' },
      },
    ]);
  });
  it('expires at least 15 minutes after now', () => {
    const from = now.toISOString();
    expect(
      validityIssues({ validFrom: from, validTo: new Date(now.getTime() + 15 * MIN).toISOString() }, now),
    ).toEqual([]);
    expect(
      validityIssues({ validFrom: from, validTo: new Date(now.getTime() + 14 * MIN).toISOString() }, now),
    ).toEqual([
      {
        path: 'validTo',
        message: {
          zh: '失效时间必须至少晚于当前时间 15 分钟',
          en: 'Expiry must be at least 15 minutes after now',
        },
      },
    ]);
  });
  it('expires after the start', () => {
    const from = new Date(now.getTime() + 120 * MIN).toISOString();
    const to = new Date(now.getTime() + 60 * MIN).toISOString();
    expect(validityIssues({ validFrom: from, validTo: to }, now)[0].message).toEqual(
      MSG_RULE_MESSAGES.expiryBeforeStart,
    );
  });
  it('is not checked for a draft', () => {
    expect(errors(valid({ action: 'draft', validFrom: null, validTo: null, providerIds: [] }))).toEqual({});
  });
});

describe('recipients', () => {
  it('cannot be empty', () => {
    expect(errors(valid({ providerIds: [] })).providerIds).toEqual({
      zh: '医疗机构列表不能为空',
      en: 'The provider list cannot be empty',
    });
    expect(errors(valid({ searchType: '01', providerIds: ['P1'] })).providerIds).toEqual(
      MSG_RULE_MESSAGES.providersEmpty,
    );
  });
  it('needs a criterion of the chosen search type, except all providers', () => {
    const base = { areaCodes: [], providerIds: [], personInChargeIds: [] };
    expect(hasRecipients({ ...base, searchType: '04' })).toBe(true);
    expect(hasRecipients({ ...base, searchType: '01', areaCodes: ['110000'] })).toBe(true);
    expect(hasRecipients({ ...base, searchType: '03' })).toBe(false);
    expect(hasRecipients({ ...base, searchType: '03', personInChargeIds: ['u'] })).toBe(true);
  });
  it('refuses unknown types and levels', () => {
    expect(ZMsgSaveBody.safeParse(valid({ msgType: '03' as '01' })).success).toBe(false);
    expect(ZMsgSaveBody.safeParse(valid({ searchType: '05' as '01' })).success).toBe(false);
  });
});

describe('phase', () => {
  it('is scheduled, active or expired', () => {
    const now = new Date('2026-03-10T04:00:00Z');
    expect(phaseAt({ validFrom: new Date(now.getTime() + MIN), validTo: null }, now)).toBe('scheduled');
    expect(phaseAt({ validFrom: now, validTo: new Date(now.getTime() + MIN) }, now)).toBe('active');
    expect(phaseAt({ validFrom: new Date(0), validTo: now }, now)).toBe('expired');
  });
});
