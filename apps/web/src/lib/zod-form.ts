/**
 * Ant Design form rules from the shared zod schemas of @portal/domain, so a web form checks a
 * field with the very rule the server applies, and shows its bilingual message in the current
 * language; and the server's per-field messages (400 data.fieldErrors) put on the fields.
 */
import { parseBilingual } from '@portal/domain/i18n/bilingual';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { ApiError } from './http.ts';
import { currentLanguage } from './i18n.ts';

interface TSafeParser {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
}

/** The first issue's message of a bilingual zod message, in the current language. */
export function issueText(message: string): string {
  const pair = parseBilingual(message);
  return currentLanguage() === 'en' ? pair.en : pair.zh;
}

/** An antd rule that validates one field with a zod schema. */
export function zodRule(schema: TSafeParser): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(issueText(result.error?.issues[0]?.message ?? ''));
    },
  };
}

interface TFieldError {
  msg?: string;
  msg_en?: string;
}

/** Puts the server's per-field messages on the form's fields; true when one was placed. */
export function applyServerFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const fieldErrors = (error.data as { fieldErrors?: Record<string, TFieldError> } | null)?.fieldErrors;
  if (!fieldErrors) return false;
  const en = currentLanguage() === 'en';
  const fields = Object.entries(fieldErrors).map(([name, e]) => ({
    name,
    errors: [(en ? e.msg_en || e.msg : e.msg || e.msg_en) ?? ''],
  }));
  form.setFields(fields);
  return fields.length > 0;
}
