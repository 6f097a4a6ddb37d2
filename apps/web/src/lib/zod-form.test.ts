import { ZProviderNoteAddBody } from '@portal/domain/hospital-audit/rules';
import { ZTaskNo } from '@portal/domain/hospital-tasks/rules';
import { ZNewPassword, ZUserBase } from '@portal/domain/users/rules';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { issueText, zodRule } from './zod-form.ts';

/** The message an antd rule built by zodRule gives for a value ('' when it passes). */
async function messageOf(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string> {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  try {
    await validator({}, value);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('zodRule', () => {
  it('gives the shared rule its message in the current language, English in sentence case', async () => {
    await i18n.changeLanguage('en');
    expect(await messageOf(zodRule(ZUserBase.shape.name), '')).toBe('Please enter the name');
    expect(await messageOf(zodRule(ZNewPassword), '')).toBe('Please enter the new password');
    expect(await messageOf(zodRule(ZTaskNo), '')).toBe('Please enter Task No.');
    await i18n.changeLanguage('zh');
    expect(await messageOf(zodRule(ZUserBase.shape.name), '')).toBe('请输入姓名');
  });

  it('passes a valid value', async () => {
    expect(await messageOf(zodRule(ZUserBase.shape.name), '李娜')).toBe('');
  });

  it('reads object-level messages the same way', async () => {
    await i18n.changeLanguage('en');
    const result = ZProviderNoteAddBody.safeParse({ providerId: 'P10001', notesC: '', notesE: '' });
    expect(result.success).toBe(false);
    expect(issueText(result.error?.issues[0]?.message ?? '')).toBe(
      'Please enter the note in Chinese or English',
    );
  });
});
