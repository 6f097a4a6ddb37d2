import { describe, expect, it } from 'vitest';
import { parseBilingual } from '../i18n/bilingual.ts';
import { hasForbiddenControl, maskControls, ZMultilineText, ZRequiredText, ZText } from './rules.ts';

describe('control characters in text', () => {
  it('refuses U+0000 and every C0 control in single-line text', () => {
    for (const code of [0x00, 0x01, 0x07, 0x09, 0x0a, 0x0d, 0x1b, 0x1f]) {
      expect(hasForbiddenControl(`a${String.fromCharCode(code)}b`, 'single-line')).toBe(true);
    }
    expect(hasForbiddenControl('普通文字 plain text ~!', 'single-line')).toBe(false);
    expect(hasForbiddenControl('\u007f\u0080', 'single-line')).toBe(false);
  });

  it('allows tab, newline and carriage return in multi-line text only', () => {
    expect(hasForbiddenControl('line 1\r\n\tline 2', 'multi-line')).toBe(false);
    expect(hasForbiddenControl('line 1\u0000', 'multi-line')).toBe(true);
    expect(hasForbiddenControl('bell\u0007', 'multi-line')).toBe(true);
    expect(hasForbiddenControl('form\u000c', 'multi-line')).toBe(true);
  });

  it('decides every code below U+0100 by the rule, in both kinds', () => {
    for (let code = 0; code < 0x100; code++) {
      const text = `x${String.fromCharCode(code)}y`;
      const control = code <= 0x1f;
      expect(hasForbiddenControl(text, 'single-line'), `single-line ${code}`).toBe(control);
      expect(hasForbiddenControl(text, 'multi-line'), `multi-line ${code}`).toBe(
        control && code !== 0x09 && code !== 0x0a && code !== 0x0d,
      );
    }
  });

  it('answers with the message in both languages', () => {
    const result = ZText.safeParse('a\u0000b');
    expect(result.success).toBe(false);
    const text = parseBilingual(result.error?.issues[0].message ?? '');
    expect(text.zh).toBe('不能包含控制字符（如 U+0000）');
    expect(text.en).toBe('must not contain control characters (such as U+0000)');
    expect(ZMultilineText.safeParse('a\nb').success).toBe(true);
    expect(ZMultilineText.safeParse('a\u0000b').success).toBe(false);
    expect(ZText.safeParse('a\nb').success).toBe(false);
  });

  it('keeps the usual length rules of a required field', () => {
    const name = ZRequiredText(5);
    expect(name.parse('  abc ')).toBe('abc');
    expect(name.safeParse('   ').success).toBe(false);
    expect(name.safeParse('abcdef').success).toBe(false);
    expect(name.safeParse('ab\u0000').success).toBe(false);
  });

  it('masks controls for safe display', () => {
    expect(maskControls('a\u0000b\nc')).toBe('a?b?c');
  });
});
