/**
 * Text every input must satisfy, whatever the field: no C0 control characters. PostgreSQL
 * cannot store U+0000 in text at all, and the other controls (BEL, ESC, backspace...) are never
 * typed by a person; tab, newline and carriage return are allowed only in multi-line text.
 * The server's input guard (apps/server/src/platform/http/input-guard.ts) applies the same
 * rule to every route's body, query, path and headers; forms use the schemas below.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';

/** The field message for a value with a forbidden control character, in both languages. */
export const CONTROL_CHARACTER_MESSAGE = {
  zh: '不能包含控制字符（如 U+0000）',
  en: 'must not contain control characters (such as U+0000)',
} as const;

/** The C0 controls each kind of text refuses (multi-line text keeps tab, LF and CR). */
const FORBIDDEN = {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is found
  'single-line': /[\x00-\x1f]/,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is found
  'multi-line': /[\x00-\x08\x0b\x0c\x0e-\x1f]/,
};

/**
 * True when `value` holds a control character the kind of text does not allow. A regular
 * expression, not a loop over char codes: it runs on every header, query and body string of
 * every request, and scans about three times as fast.
 */
export function hasForbiddenControl(
  value: string,
  kind: 'single-line' | 'multi-line' = 'single-line',
): boolean {
  return FORBIDDEN[kind].test(value);
}

/** `value` with every C0 control shown as '?' (to name a field safely in a message or log). */
export function maskControls(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) out += value.charCodeAt(i) <= 0x1f ? '?' : value[i];
  return out;
}

const controlError = bilingual(CONTROL_CHARACTER_MESSAGE.zh, CONTROL_CHARACTER_MESSAGE.en);

/** A single-line string (names, codes, ids, search words): no C0 control character at all. */
export const ZText = z
  .string()
  .refine((v) => !hasForbiddenControl(v, 'single-line'), { error: controlError });

/** A multi-line string (remarks, reasons, addresses typed on several lines): tab, CR and LF allowed. */
export const ZMultilineText = z
  .string()
  .refine((v) => !hasForbiddenControl(v, 'multi-line'), { error: controlError });

/** ZText trimmed, between min and max characters (the usual required text field). */
export const ZRequiredText = (max: number, min = 1) => ZText.trim().min(min).max(max);
