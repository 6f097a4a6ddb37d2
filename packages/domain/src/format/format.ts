/**
 * Display formatters of spec section 5 "Other rules": the date filter ('-' when empty), the
 * date-string helper (cut to 10 characters), the amount filter (2 decimals, '.' and ','
 * grouping, '-' for NaN) and the portal's sex codes (01 male, 02 female, else secret).
 * Pure functions shared by the web and the server's exports.
 */
import type { TBilingual } from '../i18n/bilingual.ts';

/** What the filters print for an empty or unreadable value. */
export const EMPTY_TEXT = '-';

/** China time: UTC+8 all year, no daylight saving. The portal's days and times are China's. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;
const inChina = (instant: Date) => new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString();
/** The China day of an instant (YYYY-MM-DD), wherever the browser or server runs; today by default. */
export const chinaDay = (instant: Date = new Date()) => inChina(instant).slice(0, 10);
/** An instant in China time as YYYY-MM-DD HH:mm. */
export const chinaMinute = (instant: Date) => inChina(instant).slice(0, 16).replace('T', ' ');
/** An instant in China time as YYYY-MM-DD HH:mm:ss. */
export const chinaSecond = (instant: Date) => inChina(instant).slice(0, 19).replace('T', ' ');

export type TDateInput = string | number | Date | null | undefined;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toDate(value: TDateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The date filter: a date, ISO string or epoch ms in the given pattern (tokens YYYY, MM, DD,
 * HH, mm, ss; local time of the runtime), '-' when empty or unreadable.
 */
export function formatDate(value: TDateInput, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const date = toDate(value);
  if (!date) return EMPTY_TEXT;
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}

/** The date-string helper: the first 10 characters ('2026-03-01 10:00:00' -> '2026-03-01'), '-' when empty. */
export function dateOnly(value: string | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_TEXT;
  const text = String(value).trim();
  return text === '' ? EMPTY_TEXT : text.slice(0, 10);
}

/**
 * The amount filter: 2 decimals with '.' and ',' thousands grouping (1234567.891 ->
 * '1,234,567.89'); '-' when the value is not a number.
 */
export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_TEXT;
  if (typeof value === 'string' && value.trim() === '') return EMPTY_TEXT;
  const amount = typeof value === 'number' ? value : Number(String(value).replace(/,/g, '').trim());
  if (!Number.isFinite(amount)) return EMPTY_TEXT;
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, decimals] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = amount < 0 && Number(fixed) !== 0;
  return `${negative ? '-' : ''}${grouped}.${decimals}`;
}

/** Sex codes of the portal (spec section 3): 01 male, 02 female, anything else secret. */
export const SEX_CODES = {
  '01': { code: '01', zh: '男', en: 'Male' },
  '02': { code: '02', zh: '女', en: 'Female' },
} as const;

export const SEX_SECRET: TBilingual = { zh: '保密', en: 'Secret' };

export type TSexCode = keyof typeof SEX_CODES;

/** Both labels of a sex code; unknown or empty codes are 'secret'. */
export function sexLabels(code: string | null | undefined): TBilingual {
  const entry = code ? SEX_CODES[code as TSexCode] : undefined;
  return entry ? { zh: entry.zh, en: entry.en } : SEX_SECRET;
}

/** The label of a sex code in one language. */
export function sexLabel(code: string | null | undefined, lang: 'zh' | 'en'): string {
  return sexLabels(code)[lang];
}
