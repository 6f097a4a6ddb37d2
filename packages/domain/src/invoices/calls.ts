/**
 * The invoice management calls' bodies and answers (decision 0044): the two tabs of slots (one
 * per approved claim batch and currency) and the upload of one or several invoices to a slot.
 */
import { z } from 'zod';
import { CURRENCY } from '../dictionaries/codes.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { isMoney, toCents } from '../members/benefits.ts';
import { INVOICE_TAB } from './rules.ts';

/** Provider staff read and upload their own provider's invoices; operators read. */
export const INVOICE_VIEW = 'invoice:invoice:view';
export const INVOICE_UPLOAD = 'invoice:invoice:upload';
/** At most this many invoices in one upload (of one batch, or of several batches together). */
export const INVOICE_UPLOAD_MAX = 50;
/** At most this many batches (slots) in one batch upload (decision 0048). */
export const INVOICE_BATCH_UPLOAD_MAX_SLOTS = 20;
export const INVOICE_PAGE_SIZES = [10, 20, 30, 50] as const;

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const TAB_CODES = [INVOICE_TAB.to_be_upload.code, INVOICE_TAB.uploaded.code] as const;
const ISO_CURRENCIES = Object.values(CURRENCY).map((c) => c.iso) as [string, ...string[]];
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, FORMAT);
const ZAmount = z
  .string()
  .trim()
  .refine(
    (v) => isMoney(v) && toCents(v) > 0n,
    bilingual('金额须大于 0，最多两位小数', 'The amount must be above 0 with at most 2 decimals'),
  );

/** POST /invoice/recognize: what was read from an invoice file, for the user to confirm (decision 0041). */
export const ZInvoiceRecognition = z.object({
  invoiceNo: z.string(),
  invoiceCode: z
    .string()
    .nullable()
    .describe('10 or 12 digits on older VAT invoices; null on 20-digit e-invoices'),
  amount: z.string().describe('the total, 2 decimals'),
  currency: z.string().nullable().describe('ISO 4217, when printed (CNY for Chinese VAT invoices)'),
  source: z.enum(['pdf-text', 'ocr']),
  confidence: z.number().describe('0-1'),
  matched: z.array(
    z.object({
      field: z.enum(['invoiceNo', 'invoiceCode', 'amount']),
      text: z.string().describe('the line the value was read from'),
      by: z.enum(['label', 'shape']),
    }),
  ),
});
export type TInvoiceRecognition = z.infer<typeof ZInvoiceRecognition>;

export const ZInvoicePageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (INVOICE_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
  model: z
    .object({
      tab: z.enum(TAB_CODES, FORMAT).default(INVOICE_TAB.to_be_upload.code),
      batchNo: z.string().trim().max(100).optional(),
      /** The slots of one claim batch (the batch detail's invoice section; decision 0048). */
      batchId: z.uuid(FORMAT).optional(),
      currency: z.enum(ISO_CURRENCIES, FORMAT).optional(),
      /** Operators: a provider ID or part of its name (provider staff see their own anyway). */
      provider: z.string().trim().max(100).optional(),
      /** China days, 'YYYY-MM-DD', both ends included: when the batch was approved. */
      approvedFrom: ZDay.optional(),
      approvedTo: ZDay.optional(),
      /** Only slots whose invoice title is not generated yet. */
      titleMissing: z.boolean().optional(),
    })
    .refine(
      (m) => !m.approvedFrom || !m.approvedTo || m.approvedFrom <= m.approvedTo,
      bilingual('开始日期不能晚于结束日期', 'The start date cannot be later than the end date'),
    )
    .default({ tab: INVOICE_TAB.to_be_upload.code }),
});
export type TInvoicePageBody = z.input<typeof ZInvoicePageBody>;
export type TInvoiceFilter = Omit<NonNullable<TInvoicePageBody['model']>, 'tab'>;

export const ZInvoiceInput = z.object({
  fileId: z.uuid(bilingual('文件编号格式不正确', 'Incorrect file id')),
  invoiceNo: z.string().trim().min(1).max(60),
  invoiceCode: z.string().trim().max(20).nullish(),
  /** false for an overseas invoice or receipt (its number as printed). */
  domestic: z.boolean().default(true),
  amount: ZAmount,
  currency: z.enum(ISO_CURRENCIES, FORMAT),
  /** The recognition result the values were confirmed from, kept beside the invoice. */
  recognition: z.record(z.string(), z.unknown()).nullish(),
});

export const ZInvoiceUpload = z.object({
  version: z.number().int().min(0),
  invoices: z.array(ZInvoiceInput).min(1).max(INVOICE_UPLOAD_MAX),
});
export type TInvoiceUpload = z.input<typeof ZInvoiceUpload>;
export type TInvoiceInput = z.input<typeof ZInvoiceInput>;

/**
 * Several batches at once (decision 0048): each slot with its version and its own invoices, all
 * saved in one transaction or none; at most 20 slots and 50 invoices in all.
 */
export const ZInvoiceBatchUpload = z.object({
  slots: z
    .array(ZInvoiceUpload.extend({ id: z.uuid(FORMAT) }))
    .min(1)
    .max(INVOICE_BATCH_UPLOAD_MAX_SLOTS)
    .refine(
      (slots) => slots.reduce((n, s) => n + s.invoices.length, 0) <= INVOICE_UPLOAD_MAX,
      bilingual(
        `一次最多上传 ${INVOICE_UPLOAD_MAX} 张发票`,
        `At most ${INVOICE_UPLOAD_MAX} invoices can be uploaded at once`,
      ),
    ),
});
export type TInvoiceBatchUpload = z.input<typeof ZInvoiceBatchUpload>;

export const ZInvoice = z.object({
  id: z.string(),
  invoiceNo: z.string(),
  invoiceCode: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  fileId: z.string(),
  uploadedAt: z.string(),
  /** The account that uploaded it. */
  uploadedBy: z.string(),
  /**
   * What recognition read from the file, when the values were confirmed from it: `corrected` is
   * true when the saved number or amount differs from what was read.
   */
  recognition: z
    .object({
      source: z.enum(['pdf-text', 'ocr']),
      invoiceNo: z.string(),
      amount: z.string(),
      corrected: z.boolean(),
    })
    .nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceSlot = z.object({
  id: z.string(),
  version: z.number(),
  batchId: z.string(),
  batchNo: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  currency: z.string(),
  payableAmount: z.string(),
  invoicedAmount: z.string(),
  status: z.enum(TAB_CODES),
  title: z.object({ name: z.string(), nameEn: z.string(), taxNo: z.string(), source: z.string() }).nullable(),
  approvedAt: z.string(),
  uploadedAt: z.string().nullable(),
});
export type TInvoiceSlot = z.infer<typeof ZInvoiceSlot>;

export const ZInvoiceSlotDetail = ZInvoiceSlot.extend({ invoices: z.array(ZInvoice) });
export type TInvoiceSlotDetail = z.infer<typeof ZInvoiceSlotDetail>;

/** A page of one tab, with how many slots each tab holds under the same filter. */
export const ZInvoicePage = ZPageOf(ZInvoiceSlot).extend({
  counts: z.object({ '1': z.number().int(), '2': z.number().int() }),
});
export type TInvoicePage = z.infer<typeof ZInvoicePage>;

export const ZInvoiceBatchUploadResult = z.object({ slots: z.array(ZInvoiceSlotDetail) });
export type TInvoiceBatchUploadResult = z.infer<typeof ZInvoiceBatchUploadResult>;
