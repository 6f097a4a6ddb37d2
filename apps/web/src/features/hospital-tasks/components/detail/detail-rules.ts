/**
 * Show-if rules and display helpers of the hospital detail screens (spec section 2 "Hospital
 * detail screen cards"), kept apart from rendering so they read as the spec does.
 */
import { DOMESTIC_CURRENCY } from '@portal/domain/dictionaries/codes';
import { EMPTY_TEXT } from '@portal/domain/format/format';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { COMPARE_FIELDS, parseCompareResult, type TCompareField } from '@portal/domain/hospital-tasks/rules';

export { EMPTY_TEXT };

/** A value as text, '-' when empty. */
export function textOrDash(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? EMPTY_TEXT : text;
}

/** The bank name (of the domestic bank list) shows only for CNY accounts. */
export function showBankName(currency: string | null | undefined): boolean {
  return currency === DOMESTIC_CURRENCY;
}

/** Chinese name joined to English name by a hyphen; either alone when the other is missing. */
export function providerTitle(cnName: string | null | undefined, enName: string | null | undefined): string {
  const parts = [cnName?.trim(), enName?.trim()].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' - ') : EMPTY_TEXT;
}

/**
 * The remarks: Chinese first and English in brackets when both exist, either alone otherwise,
 * null when both are empty (the card is then not shown).
 */
export function remarksText(
  notesC: string | null | undefined,
  notesE: string | null | undefined,
): { first: string; bracketed: string | null } | null {
  const zh = notesC?.trim() ?? '';
  const en = notesE?.trim() ?? '';
  if (!zh && !en) return null;
  if (zh && en) return { first: zh, bracketed: en };
  return { first: zh || en, bracketed: null };
}

/** A latitude or longitude with a degree sign, '-' when empty. */
export function degrees(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? EMPTY_TEXT : `${text}°`;
}

/** A link target for a website typed with or without its scheme. */
export function websiteHref(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

type TCompareSource = Pick<THospitalTaskView, 'compareResult' | 'oldData'>;

/**
 * The fields a change touched, in form order: the flagged entries of oldData, else the names
 * of compareResult. bankCode goes with bankName (the name tells the bank), so it is listed
 * only when the name did not change.
 */
export function changedFields(view: TCompareSource): TCompareField[] {
  const flagged = view.oldData
    ? COMPARE_FIELDS.filter((field) => view.oldData?.[field]?.flag === true)
    : parseCompareResult(view.compareResult);
  return flagged.filter((field) => field !== 'bankCode' || !flagged.includes('bankName'));
}

/** Whether a field is marked changed (NEW), and its approved value when known. */
export function fieldChange(
  view: TCompareSource,
  field: string,
): { changed: boolean; hasOldValue: boolean; oldValue: unknown } {
  const entry = view.oldData?.[field as TCompareField];
  if (entry)
    return { changed: entry.flag === true, hasOldValue: entry.flag === true, oldValue: entry.oldValue };
  const changed = parseCompareResult(view.compareResult).includes(field as TCompareField);
  return { changed, hasOldValue: false, oldValue: undefined };
}

/** The change-information card shows when fields changed or documents are attached. */
export function showChangeInfo(view: TCompareSource & Pick<THospitalTaskView, 'attacheList'>): boolean {
  return changedFields(view).length > 0 || view.attacheList.length > 0;
}
