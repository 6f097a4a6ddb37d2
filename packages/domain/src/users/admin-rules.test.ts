import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import {
  accountProblem,
  isMainlandMobile,
  userPasswordProblem,
  ZUserCreate,
  ZUserEdit,
  ZUserPageBody,
} from './rules.ts';

const en = (message: string | null) => (message ? parseBilingual(message).en : null);

describe('accounts (spec: provider account 1-30 letters, digits, - and _, not P/SP; operator the same)', () => {
  it('accepts 1 and 30 characters of letters, digits, - and _', () => {
    for (const ok of ['a', 'zhang_san', 'li-na', 'A1', 'x'.repeat(30)]) {
      expect(accountProblem(ok, '01'), ok).toBeNull();
      expect(accountProblem(ok, '02'), ok).toBeNull();
    }
  });

  it('refuses empty, 31 characters and other characters', () => {
    expect(en(accountProblem('', '01'))).toBe('Please enter the account');
    for (const bad of ['x'.repeat(31), 'zhang san', 'li.na', 'a@b', '张三', 'a|b']) {
      expect(en(accountProblem(bad, '01')), bad).toBe('The account must be 1 to 30 letters, digits, - or _');
    }
  });

  it('refuses provider accounts starting with P or SP in any case, and allows them for operators', () => {
    for (const bad of ['P10001', 'p1', 'SP2', 'sp_x', 'Sp-a', 'sP', 'provider']) {
      expect(en(accountProblem(bad, '02')), bad).toBe(
        'A provider staff account must not start with P or SP (in any case)',
      );
      expect(accountProblem(bad, '01'), bad).toBeNull();
    }
    expect(accountProblem('S1', '02')).toBeNull();
    expect(accountProblem('aSP', '02')).toBeNull();
  });
});

describe('user passwords (spec: 8-15 letters and digits, one capital and one digit, no spaces or specials)', () => {
  it('accepts the bounds', () => {
    for (const ok of ['Abcdefg1', 'Portal2026', 'ABCDEFGHIJKLM12', '1234567A'])
      expect(userPasswordProblem(ok), ok).toBeNull();
  });
  it('refuses 7 and 16 characters', () => {
    expect(en(userPasswordProblem('Abcdef1'))).toBe('The password must be 8 to 15 characters');
    expect(en(userPasswordProblem('Abcdefghijklm123'))).toBe('The password must be 8 to 15 characters');
  });
  it('refuses spaces and special characters', () => {
    for (const bad of ['Abcd efg1', 'Abcdefg1!', 'Abc_defg1', 'Abcdéfg1']) {
      expect(en(userPasswordProblem(bad)), bad).toBe(
        'The password may hold only letters and digits, no spaces or special characters',
      );
    }
  });
  it('needs a capital letter and a digit', () => {
    expect(en(userPasswordProblem('abcdefg1'))).toBe(
      'The password needs at least one capital letter and one digit',
    );
    expect(en(userPasswordProblem('Abcdefgh'))).toBe(
      'The password needs at least one capital letter and one digit',
    );
    expect(parseBilingual(userPasswordProblem('abcdefg1') ?? '').zh).toBe(
      '密码至少包含一个大写字母和一个数字',
    );
  });
});

describe('ZUserCreate / ZUserEdit', () => {
  const base = { account: 'zhangsan', password: 'Portal2026', name: '张三', userType: '01' as const };

  it('links provider staff to a provider and operators to none', () => {
    expect(
      ZUserCreate.safeParse({ ...base, account: 'lina', userType: '02', providerId: 'P10001' }).success,
    ).toBe(true);
    const missing = ZUserCreate.safeParse({ ...base, userType: '02' });
    expect(missing.success).toBe(false);
    expect(parseBilingual(missing.error!.issues[0].message).en).toBe(
      'Provider staff must belong to a provider',
    );
    const operator = ZUserEdit.safeParse({
      id: crypto.randomUUID(),
      name: 'x',
      userType: '01',
      providerId: 'P1',
    });
    expect(parseBilingual(operator.error!.issues[0].message)).toEqual({
      zh: '运营人员不能关联医疗机构',
      en: 'Operator staff are never linked to a provider',
    });
  });

  it('checks email and mainland mobile', () => {
    const bad = ZUserCreate.safeParse({ ...base, email: 'a@b', mobile: '12345' });
    expect(bad.error!.issues.map((i) => parseBilingual(i.message).en)).toEqual([
      'Email is invalid',
      'Phone number is invalid',
    ]);
    expect(isMainlandMobile('13800138000')).toBe(true);
    expect(isMainlandMobile('+8613800138000')).toBe(true);
    expect(isMainlandMobile('12800138000')).toBe(false);
  });

  it('refuses a provider account starting with SP on create', () => {
    const r = ZUserCreate.safeParse({ ...base, account: 'SPx', userType: '02', providerId: 'P10001' });
    expect(r.error!.issues[0].path).toEqual(['account']);
  });
});

describe('ZUserPageBody', () => {
  it('defaults to the newest first, 10 a page', () => {
    expect(ZUserPageBody.parse({})).toMatchObject({ current: 1, size: 10, sort: 'createdAt', order: 'desc' });
  });
  it('refuses unknown sorts and page sizes past 100', () => {
    expect(ZUserPageBody.safeParse({ sort: 'passwordHash' }).success).toBe(false);
    expect(ZUserPageBody.safeParse({ size: 101 }).success).toBe(false);
  });
});
