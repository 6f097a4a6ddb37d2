/**
 * The invoices being uploaded to one batch (decision 0048): one row per uploaded file, filled from
 * recognition or by hand, confirmed by the user; and the checks the screen runs before it calls
 * the server, with the spec's messages from the shared rules and catalogue.
 */

import { ERRORS, formatMessage, type TErrorKey } from '@portal/domain/errors/catalogue';
import type { TBilingual } from '@portal/domain/i18n/bilingual';
import type { TInvoiceInput, TInvoiceRecognition, TInvoiceSlotDetail } from '@portal/domain/invoices/calls';
import { amountsCover, parseInvoiceNumber, repeatedInvoiceKeys } from '@portal/domain/invoices/rules';
import { isMoney, toCents } from '@portal/domain/members/benefits';

/** recognising: waiting for the server; read: values came from the file; manual: to be typed; refused: not an invoice file. */
export type TRowState = 'recognising' | 'read' | 'manual' | 'refused';

export interface TInvoiceRow {
  fileId: string;
  fileName: string;
  size: number;
  state: TRowState;
  recognition: TInvoiceRecognition | null;
  /** Why recognition gave nothing, or why the file is refused. */
  problem: TBilingual | null;
  invoiceCode: string;
  invoiceNo: string;
  /** False for an overseas invoice or receipt (its number as printed). */
  domestic: boolean;
  amount: string;
  currency: string;
  /** The user has checked the values against the invoice. */
  confirmed: boolean;
}

/** A new row for an uploaded file, waiting for recognition. */
export function newRow(file: { id: string; name: string; size: number }, currency: string): TInvoiceRow {
  return {
    fileId: file.id,
    fileName: file.name,
    size: file.size,
    state: 'recognising',
    recognition: null,
    problem: null,
    invoiceCode: '',
    invoiceNo: '',
    domestic: true,
    amount: '',
    currency,
    confirmed: false,
  };
}

/** The row filled with what recognition read, still to be confirmed. */
export function withRecognition(row: TInvoiceRow, r: TInvoiceRecognition): TInvoiceRow {
  const domestic = parseInvoiceNumber({ invoiceNo: r.invoiceNo, invoiceCode: r.invoiceCode }) !== null;
  return {
    ...row,
    state: 'read',
    recognition: r,
    problem: null,
    invoiceCode: r.invoiceCode ?? '',
    invoiceNo: r.invoiceNo,
    domestic,
    amount: r.amount,
    currency: r.currency ?? row.currency,
    confirmed: false,
  };
}

/** Codes of the catalogue that mean the file itself cannot be an invoice (type, size, pixels, content). */
const FILE_REFUSALS = new Set([40263, 40264, 40265, 40266, 40267, 40435]);

/** The row after recognition failed: typed by hand, or refused when the file is not acceptable. */
export function withFailure(row: TInvoiceRow, code: number | null, message: TBilingual): TInvoiceRow {
  const refused = code !== null && FILE_REFUSALS.has(code);
  return { ...row, state: refused ? 'refused' : 'manual', recognition: null, problem: message };
}

/** A problem of the upload: a catalogue error, or a text of the invoices namespace. */
export type TIssue =
  | { kind: 'error'; error: TErrorKey; params?: Record<string, string | number>; fileName?: string }
  | {
      kind: 'text';
      key: 'noInvoices' | 'recognising' | 'refused' | 'amountInvalid' | 'unconfirmed' | 'uploading';
      fileName?: string;
    };

const error = (key: TErrorKey, params?: Record<string, string | number>, fileName?: string): TIssue => ({
  kind: 'error',
  error: key,
  params,
  fileName,
});
const text = (key: Extract<TIssue, { kind: 'text' }>['key'], fileName?: string): TIssue => ({
  kind: 'text',
  key,
  fileName,
});

/** The catalogue message of an issue in both languages. */
export function catalogueMessage(key: TErrorKey, params?: Record<string, string | number>): TBilingual {
  return { zh: formatMessage(ERRORS[key].zh, params), en: formatMessage(ERRORS[key].en, params) };
}

/** The number of a row as the server reads it, or null when its shape is not valid. */
export function rowNumber(row: TInvoiceRow) {
  return parseInvoiceNumber({
    invoiceNo: row.invoiceNo,
    invoiceCode: row.invoiceCode,
    domestic: row.domestic,
  });
}

/**
 * What stops the rows of one batch from being uploaded, in the order a person fixes them: the
 * title, then each row (file, recognition, number, amount, currency, confirmation), then the
 * rows together (a number twice, amounts that do not cover the payable total).
 */
export function checkRows(slot: TInvoiceSlotDetail, rows: readonly TInvoiceRow[]): TIssue[] {
  if (slot.title === null) return [error('INVOICE_TITLE_NOT_GENERATED')];
  if (rows.length === 0) return [text('noInvoices')];
  const issues: TIssue[] = [];
  for (const row of rows) {
    const name = row.fileName;
    if (row.state === 'refused') issues.push(text('refused', name));
    else if (row.state === 'recognising') issues.push(text('recognising', name));
    else if (!rowNumber(row)) issues.push(error('INVOICE_NUMBER_INVALID', undefined, name));
    else if (!isMoney(row.amount.trim()) || toCents(row.amount.trim()) <= 0n)
      issues.push(text('amountInvalid', name));
    else if (row.currency !== slot.currency)
      issues.push(
        error('INVOICE_CURRENCY_MISMATCH', { currency: row.currency, payableCurrency: slot.currency }, name),
      );
    else if (!row.confirmed) issues.push(text('unconfirmed', name));
  }
  if (issues.length > 0) return issues;
  const numbers = rows.map((r) => rowNumber(r)).filter((n) => n !== null);
  const [repeated] = repeatedInvoiceKeys(numbers);
  if (repeated) {
    const invoiceNo = numbers.find((n) => n.key === repeated)?.invoiceNo ?? repeated;
    return [error('INVOICE_NUMBER_DUPLICATE', { invoiceNo })];
  }
  const [shortfall] = amountsCover({
    invoices: [
      ...slot.invoices.map((i) => ({ amount: i.amount, currency: i.currency })),
      ...rows.map((r) => ({ amount: r.amount.trim(), currency: r.currency })),
    ],
    claims: [{ amount: slot.payableAmount, currency: slot.currency }],
  });
  if (shortfall) return [error('INVOICE_AMOUNT_INSUFFICIENT', { ...shortfall })];
  return [];
}

/** A number repeated across the batches of one batch upload (each batch's own rows are checked above). */
export function repeatedAcrossSlots(rowsBySlot: readonly (readonly TInvoiceRow[])[]): TIssue | null {
  const numbers = rowsBySlot
    .flat()
    .map((r) => rowNumber(r))
    .filter((n) => n !== null);
  const [repeated] = repeatedInvoiceKeys(numbers);
  if (!repeated) return null;
  const invoiceNo = numbers.find((n) => n.key === repeated)?.invoiceNo ?? repeated;
  return error('INVOICE_NUMBER_DUPLICATE', { invoiceNo });
}

/** What the upload call takes of a row: the confirmed values and what recognition showed. */
export function toInput(row: TInvoiceRow): TInvoiceInput {
  return {
    fileId: row.fileId,
    invoiceNo: row.invoiceNo.trim(),
    invoiceCode: row.invoiceCode.trim() || null,
    domestic: row.domestic,
    amount: row.amount.trim(),
    currency: row.currency,
    recognition: row.recognition
      ? {
          source: row.recognition.source,
          confidence: row.recognition.confidence,
          invoiceNo: row.recognition.invoiceNo,
          invoiceCode: row.recognition.invoiceCode,
          amount: row.recognition.amount,
          currency: row.recognition.currency,
        }
      : null,
  };
}

/** The sum of the valid amounts in cents (the running total the screen shows). */
export function rowsTotal(rows: readonly { amount: string }[]): bigint {
  return rows.reduce((sum, r) => {
    const amount = r.amount.trim();
    return isMoney(amount) ? sum + toCents(amount) : sum;
  }, 0n);
}
