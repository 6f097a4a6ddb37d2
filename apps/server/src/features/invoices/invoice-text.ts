/**
 * Finds the invoice number, invoice code, total amount and currency in the text of an invoice:
 * Chinese VAT invoices by their labels (发票代码, 发票号码, 价税合计（小写）¥, 合计), simple English
 * invoices (Invoice No., Total), and, when English OCR data has turned the Chinese labels into
 * noise, by shape (a lone 20-digit number; the largest ¥ amount, which on a VAT invoice is the
 * tax-inclusive total). Decision 0041.
 */
import { CURRENCY } from '@portal/domain/dictionaries/codes';
import { parseInvoiceNumber, type TInvoiceNumber } from '@portal/domain/invoices/rules';
import { fromCents, toCents } from '@portal/domain/members/benefits';

export type TInvoiceField = 'invoiceNo' | 'invoiceCode' | 'amount';

export interface TTextMatch {
  field: TInvoiceField;
  /** The line of the text the value was read from. */
  text: string;
  /** 'label' when a printed label named the value, 'shape' when only its form did. */
  by: 'label' | 'shape';
}

export interface TInvoiceReading {
  invoiceNo: string;
  invoiceCode: string | null;
  /** Decimal string with 2 decimals. */
  amount: string;
  /** ISO 4217 code when the invoice prints one (or ¥/人民币), else null. */
  currency: string | null;
  matched: TTextMatch[];
}

interface TFound {
  value: string;
  line: string;
  by: 'label' | 'shape';
}

const MONEY = String.raw`(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})`;
const CODE_LABEL = /发票代码\s*:?\s*(\d[\d ]{8,14}\d)/;
const NUMBER_LABEL = /发票号码\s*:?\s*(\d[\d ]{6,24}\d)/;
const ENGLISH_NUMBER_LABEL = /\binvoice\s*(?:no\.?|number|#)\s*[:.]?\s*([A-Z0-9][A-Z0-9/-]{0,39})/i;
const ISO_CURRENCIES: string[] = Object.values(CURRENCY).map((c) => c.iso);
const PRINTED_CURRENCY = `(?:${ISO_CURRENCIES.join('|')}|RMB|[$€£¥])?`;
/** Strongest first: the tax-inclusive total of a VAT invoice, then English totals, then 合计. */
const TOTAL_LABELS = [
  new RegExp(String.raw`\(小写\)\s*[¥Y]?\s*${MONEY}`),
  new RegExp(String.raw`价税合计[^\d¥]*¥?\s*${MONEY}`),
  new RegExp(
    String.raw`\b(?:grand\s+total|total\s+due|amount\s+due|balance\s+due)\b\s*:?\s*${PRINTED_CURRENCY}\s*${MONEY}`,
    'i',
  ),
  new RegExp(String.raw`\btotal(?:\s+amount)?\b\s*:?\s*${PRINTED_CURRENCY}\s*${MONEY}`, 'i'),
  new RegExp(String.raw`(?<!价税)合计\s*(?:金额)?\s*:?\s*(?:人民币)?\s*¥?\s*${MONEY}`),
];
const YUAN_AMOUNT = new RegExp(String.raw`(?:¥|(?<![A-Za-z])Y)\s?${MONEY}`, 'g');
const LONE_20_DIGITS = /(?<![\dA-Z])\d{20}(?![\dA-Z])/;

/** Full-width forms to ASCII (digits, letters, colon, parentheses), ￥ to ¥. */
function halfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\uFFE5/g, '¥')
    .replace(/\u3000/g, ' ');
}

function lineOf(lines: string[], pattern: RegExp): { line: string; match: RegExpMatchArray } | null {
  for (const line of lines) {
    const match = line.match(pattern);
    if (match) return { line, match };
  }
  return null;
}

function amountOf(match: RegExpMatchArray): string {
  const [whole, cents] = match.slice(-2);
  return fromCents(toCents(`${whole.replace(/,/g, '')}.${cents}`));
}

function findNumber(lines: string[]): { number: TInvoiceNumber; found: TFound[] } | null {
  const code = lineOf(lines, CODE_LABEL);
  const labelled = lineOf(lines, NUMBER_LABEL);
  if (labelled) {
    const number = parseInvoiceNumber({ invoiceNo: labelled.match[1], invoiceCode: code?.match[1] });
    if (number) {
      const found: TFound[] = [{ value: number.invoiceNo, line: labelled.line, by: 'label' }];
      if (code && number.invoiceCode) found.push({ value: number.invoiceCode, line: code.line, by: 'label' });
      return { number, found };
    }
  }
  const english = lineOf(lines, ENGLISH_NUMBER_LABEL);
  const other = english && parseInvoiceNumber({ invoiceNo: english.match[1], domestic: false });
  if (english && other)
    return { number: other, found: [{ value: other.invoiceNo, line: english.line, by: 'label' }] };
  const lone = lineOf(lines, LONE_20_DIGITS);
  const digital = lone && parseInvoiceNumber({ invoiceNo: lone.match[0] });
  return lone && digital
    ? { number: digital, found: [{ value: digital.invoiceNo, line: lone.line, by: 'shape' }] }
    : null;
}

function findAmount(lines: string[]): TFound | null {
  for (const pattern of TOTAL_LABELS) {
    const hit = lineOf(lines, pattern);
    if (hit) return { value: amountOf(hit.match), line: hit.line, by: 'label' };
  }
  let best: TFound | null = null;
  for (const line of lines) {
    for (const match of line.matchAll(YUAN_AMOUNT)) {
      const value = amountOf(match);
      if (!best || toCents(value) > toCents(best.value)) best = { value, line, by: 'shape' };
    }
  }
  return best;
}

/** Chinese VAT invoices are in yuan; others in the ISO code they print, or by an unambiguous sign. */
function findCurrency(text: string, number: TInvoiceNumber): string | null {
  if (number.kind !== 'other') return 'CNY';
  const iso = ISO_CURRENCIES.find((c) => new RegExp(String.raw`\b${c}\b`).test(text));
  if (iso) return iso;
  if (/人民币|\bRMB\b/.test(text)) return 'CNY';
  if (text.includes('€')) return 'EUR';
  if (text.includes('£')) return 'GBP';
  return null;
}

/** The invoice's number, code, total and currency, or null when the number or total is not there. */
export function readInvoiceText(raw: string): TInvoiceReading | null {
  const text = halfWidth(raw);
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
  const number = findNumber(lines);
  const amount = findAmount(lines);
  if (!number || !amount || toCents(amount.value) <= 0n) return null;
  const matched: TTextMatch[] = [
    ...number.found.map((f, i) => ({
      field: (i === 0 ? 'invoiceNo' : 'invoiceCode') as TInvoiceField,
      text: f.line,
      by: f.by,
    })),
    { field: 'amount', text: amount.line, by: amount.by },
  ];
  return {
    invoiceNo: number.number.invoiceNo,
    invoiceCode: number.number.invoiceCode,
    amount: amount.value,
    currency: findCurrency(text, number.number),
    matched,
  };
}
