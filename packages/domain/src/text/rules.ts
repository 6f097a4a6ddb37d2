/**
 * Text every input must satisfy, whatever the field: no C0 control characters. PostgreSQL
 * cannot store U+0000 in text at all, and the other controls (BEL, ESC, backspace...) are never
 * typed by a person; tab, newline and carriage return are allowed only in multi-line text.
 * The server's input guard (apps/server/src/platform/http/input-guard.ts) applies the same
 * rule to every route's body, query, path and headers; forms use the schemas below.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';

/** Any C0 control, tab, newline and carriage return included (single-line text). */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f]/;
/** C0 controls other than tab, newline and carriage return (multi-line text). */
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The field message for a value with a forbidden control character, in both languages. */
export const CONTROL_CHARACTER_MESSAGE = {
  zh: '不能包含控制字符（如 U+0000）',
  en: 'must not contain control characters (such as U+0000)',
} as const;

/** True when `value` holds a control character the kind of text does not allow. */
export function hasForbiddenControl(
  value: string,
  kind: 'single-line' | 'multi-line' = 'single-line',
): boolean {
  return (kind === 'single-line' ? SINGLE_LINE_FORBIDDEN : MULTI_LINE_FORBIDDEN).test(value);
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
