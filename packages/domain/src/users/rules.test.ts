import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import { PASSWORD_FORBIDDEN_CHARACTERS, ZNewPassword, ZPasswordChange, ZUserBase } from './rules.ts';

const firstError = (value: unknown) => {
  const r = ZNewPassword.safeParse(value);
  return r.success ? null : parseBilingual(r.error.issues[0].message);
};

describe('personal-centre new password (spec section 5)', () => {
  it('accepts 8 to 15 characters with a letter and a number', () => {
    for (const ok of ['Abcdefg1', 'abcdefg1', '1234567a', 'Portal2026', 'abcdefghijklm12', 'Pass!word1']) {
      expect(ZNewPassword.safeParse(ok).success, ok).toBe(true);
    }
  });

  it('refuses 7 and 16 characters', () => {
    expect(firstError('Abcdef1')?.en).toBe('The password must be 8 to 15 characters');
    expect(firstError('Abcdefghijklm123')?.en).toBe('The password must be 8 to 15 characters');
    expect(ZNewPassword.safeParse('Abcdefghijklm12').success).toBe(true);
  });

  it('refuses spaces anywhere', () => {
    for (const bad of ['Abcd efg1', ' Abcdefg1', 'Abcdefg1 ', 'Abc\tdefg1']) {
      expect(firstError(bad)).toEqual({ zh: '密码不能包含空格', en: 'The password must not contain spaces' });
    }
  });

  it('needs at least one letter and one number', () => {
    expect(firstError('12345678')?.en).toBe('The password needs at least one letter and one number');
    expect(firstError('abcdefgh')?.en).toBe('The password needs at least one letter and one number');
    expect(firstError('!!!!!!!!')?.en).toBe('The password needs at least one letter and one number');
  });

  it('refuses each of @ _ - . #', () => {
    expect(PASSWORD_FORBIDDEN_CHARACTERS).toEqual(['@', '_', '-', '.', '#']);
    for (const c of PASSWORD_FORBIDDEN_CHARACTERS) {
      expect(firstError(`Abcdef1${c}`)).toEqual({
        zh: '密码不能包含 @ _ - . # 字符',
        en: 'The password must not contain the characters @ _ - . #',
      });
    }
    expect(ZNewPassword.safeParse('Abcdef1!').success).toBe(true);
  });

  it('asks for a value when empty', () => {
    expect(firstError('')?.en).toBe('Please enter the new password');
  });
});

describe('password-change form', () => {
  it('passes when the confirmation matches', () => {
    const r = ZPasswordChange.safeParse({
      oldPassword: 'Portal2026',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass123',
    });
    expect(r.success).toBe(true);
  });

  it('reports Password mismatch on confirmPassword', () => {
    const r = ZPasswordChange.safeParse({
      oldPassword: 'Portal2026',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass124',
    });
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0];
    expect(issue.path).toEqual(['confirmPassword']);
    expect(parseBilingual(issue.message)).toEqual({ zh: '两次输入的密码不一致', en: 'Password mismatch' });
  });

  it('needs the old password', () => {
    const r = ZPasswordChange.safeParse({
      oldPassword: '',
      newPassword: 'Newpass123',
      confirmPassword: 'Newpass123',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['oldPassword']);
  });
});

describe('profile base info', () => {
  it('trims and defaults', () => {
    expect(ZUserBase.parse({ name: '  李娜 ' })).toEqual({ name: '李娜', nameEn: '', workDescribe: '' });
  });
  it('needs a name and refuses | and ^', () => {
    expect(ZUserBase.safeParse({ name: '   ' }).success).toBe(false);
    const r = ZUserBase.safeParse({ name: 'Li|Na' });
    expect(parseBilingual(r.error!.issues[0].message).en).toBe('The characters | and ^ are not allowed');
    expect(ZUserBase.safeParse({ name: 'Li', workDescribe: 'x'.repeat(501) }).success).toBe(false);
  });
});
