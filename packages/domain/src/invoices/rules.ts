/**
 * Invoices (issue 18, docs/decisions/0041-invoice-recognition.md): the tabs, the file rules,
 * invoice numbers and 'amounts must cover' (spec, second document, sections 4, 5 and 9), shared
 * by the server, the future invoice screen and its upload component.
 */
import { INVOICE_STATUS } from '../dictionaries/codes.ts';
import type { TErrorKey } from '../errors/catalogue.ts';
import { fromCents, type TCents, toCents } from '../members/benefits.ts';

/** Provider staff: recognise (and later upload) the invoices of their own provider. */
export const INVOICE_RECOGNIZE = 'invoice:invoice:recognize';
/** The files feature's business type (and upload profile) of invoice files. */
export const INVOICE_BIZ_TYPE = 'INVOICE';

/** The two tabs of invoice management with the spec's codes (section 9: to_be_upload 1, uploaded 2). */
export const INVOICE_TAB = {
  to_be_upload: INVOICE_STATUS.TO_BE_UPLOADED,
  uploaded: INVOICE_STATUS.UPLOADED,
} as const;
export type TInvoiceTab = keyof typeof INVOICE_TAB;
export type TInvoiceTabCode = (typeof INVOICE_TAB)[TInvoiceTab]['code'];

/** The tab of a status code, or null for a code that is not one. */
export function invoiceTabOf(code: string): TInvoiceTab | null {
  const found = (Object.keys(INVOICE_TAB) as TInvoiceTab[]).find((tab) => INVOICE_TAB[tab].code === code);
  return found ?? null;
}

// ---------------------------------------------------------------------------------------
// Files

export const INVOICE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'] as const;
export type TInvoiceExtension = (typeof INVOICE_EXTENSIONS)[number];
/** 'Under 4 MB': a file of exactly 4 MB (4194304 bytes) is refused. */
export const INVOICE_SIZE_LIMIT = 4 * 1024 * 1024;
export const INVOICE_MAX_BYTES = INVOICE_SIZE_LIMIT - 1;
export const INVOICE_IMAGE_MIN_SIDE = 15;
export const INVOICE_IMAGE_MAX_SIDE = 8192;

/** A broken rule: the catalogue error and the numbers for its message. */
export interface TInvoiceIssue {
  error: TErrorKey;
  params: Record<string, string | number>;
}

export function isInvoiceExtension(extension: string): extension is TInvoiceExtension {
  return (INVOICE_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

/** Type by extension, then size; null when the file may be an invoice. */
export function checkInvoiceFile({
  extension,
  size,
}: {
  extension: string;
  size: number;
}): TInvoiceIssue | null {
  if (!isInvoiceExtension(extension)) return { error: 'INVOICE_FILE_TYPE', params: { extension } };
  if (size >= INVOICE_SIZE_LIMIT) return { error: 'INVOICE_FILE_TOO_LARGE', params: {} };
  return null;
}

/** Pixel sizes of an image: shortest side >= 15 px, longest <= 8192 px. */
export function checkInvoiceImage({
  width,
  height,
}: {
  width: number;
  height: number;
}): TInvoiceIssue | null {
  const params = { width, height };
  if (Math.min(width, height) < INVOICE_IMAGE_MIN_SIDE) return { error: 'INVOICE_IMAGE_TOO_SMALL', params };
  if (Math.max(width, height) > INVOICE_IMAGE_MAX_SIDE) return { error: 'INVOICE_IMAGE_TOO_LARGE', params };
  return null;
}

// ---------------------------------------------------------------------------------------
// Invoice numbers

/**
 * 'vat': an older VAT invoice, 8-digit number under a 10- or 12-digit invoice code;
 * 'digital': a fully digitalised e-invoice (全电发票), 20-digit number and no code;
 * 'other': an overseas invoice or receipt, its number as printed.
 */
export type TInvoiceNumberKind = 'vat' | 'digital' | 'other';

export interface TInvoiceNumber {
  kind: TInvoiceNumberKind;
  invoiceNo: string;
  invoiceCode: string | null;
  /** What 'must not repeat' compares within a tenant. */
  key: string;
}

const OTHER_NUMBER = /^[A-Z0-9][A-Z0-9/-]{0,39}$/;

/** Full-width digits and letters to ASCII, spaces and dashes between digit groups removed. */
export function normaliseInvoiceText(raw: string): string {
  return raw
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .toUpperCase();
}

/**
 * The number and code of a domestic (Chinese VAT) invoice or, with `domestic: false`, of an
 * overseas one; null when they do not have a valid shape.
 */
export function parseInvoiceNumber(input: {
  invoiceNo: string;
  invoiceCode?: string | null;
  domestic?: boolean;
}): TInvoiceNumber | null {
  const invoiceNo = normaliseInvoiceText(input.invoiceNo);
  const code = normaliseInvoiceText(input.invoiceCode ?? '').replace(/-/g, '');
  if (input.domestic === false) {
    return OTHER_NUMBER.test(invoiceNo) && code === ''
      ? { kind: 'other', invoiceNo, invoiceCode: null, key: `O:${invoiceNo}` }
      : null;
  }
  const digits = invoiceNo.replace(/-/g, '');
  if (/^\d{20}$/.test(digits) && code === '') {
    return { kind: 'digital', invoiceNo: digits, invoiceCode: null, key: digits };
  }
  if (/^\d{8}$/.test(digits) && /^(\d{10}|\d{12})$/.test(code)) {
    return { kind: 'vat', invoiceNo: digits, invoiceCode: code, key: `${code}-${digits}` };
  }
  return null;
}

/** The keys that appear more than once (a batch upload must not repeat a number within itself). */
export function repeatedInvoiceKeys(numbers: readonly TInvoiceNumber[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { key } of numbers) (seen.has(key) ? repeated : seen).add(key);
  return [...repeated];
}

// ---------------------------------------------------------------------------------------
// Amounts must cover

export interface TMoneyLine {
  /** Decimal string with at most 2 decimals ('1060.00'). */
  amount: string;
  /** ISO 4217 code ('CNY'). */
  currency: string;
}

export interface TCoverShortfall {
  currency: string;
  invoiced: string;
  payable: string;
}

function totalsByCurrency(lines: readonly TMoneyLine[]): Map<string, TCents> {
  const totals = new Map<string, TCents>();
  for (const { amount, currency } of lines) {
    totals.set(currency, (totals.get(currency) ?? 0n) + toCents(amount));
  }
  return totals;
}

/**
 * 'Amounts must cover': per currency, the invoices' sum is at least the payable sum of the
 * claims they pay, counted in cents. The shortfalls are empty when the invoices cover.
 */
export function amountsCover({
  invoices,
  claims,
}: {
  invoices: readonly TMoneyLine[];
  claims: readonly TMoneyLine[];
}): TCoverShortfall[] {
  const invoiced = totalsByCurrency(invoices);
  const shortfalls: TCoverShortfall[] = [];
  for (const [currency, payable] of totalsByCurrency(claims)) {
    const paid = invoiced.get(currency) ?? 0n;
    if (paid < payable) shortfalls.push({ currency, invoiced: fromCents(paid), payable: fromCents(payable) });
  }
  return shortfalls;
}
