import { parseBilingual } from '@portal/domain/i18n/bilingual';
import type { FormInstance } from 'antd';
import { ApiError } from '../../lib/http.ts';

interface TFieldError {
  msg: string;
  msg_en: string;
}

/**
 * Puts the server's per-field messages (400 data.fieldErrors) on the form's fields, in the
 * current language. Returns true when at least one field got a message.
 */
export function showFieldErrors(form: FormInstance, error: unknown, language: string): boolean {
  if (!(error instanceof ApiError)) return false;
  const fieldErrors = (error.data as { fieldErrors?: Record<string, TFieldError> } | null)?.fieldErrors;
  if (!fieldErrors) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = Object.entries(fieldErrors)
    .filter(([name]) => known.has(name))
    .map(([name, e]) => ({ name, errors: [language === 'en' ? e.msg_en || e.msg : e.msg || e.msg_en] }));
  form.setFields(fields);
  return fields.length > 0;
}

/**
 * Checks form values with a shared zod schema. On failure the messages (bilingual pairs from
 * @portal/domain) go on the form's fields and null is returned; else the parsed value.
 */
export function parseWithSchema<T>(
  form: FormInstance,
  schema: {
    safeParse: (
      value: unknown,
    ) =>
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  values: unknown,
  language: string,
): T | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || byField.has(name)) continue;
    const pair = parseBilingual(issue.message);
    byField.set(name, language === 'en' ? pair.en : pair.zh);
  }
  form.setFields([...byField].map(([name, message]) => ({ name, errors: [message] })));
  return null;
}
