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
/** At most this many invoices in one upload. */
export const INVOICE_UPLOAD_MAX = 50;
export const INVOICE_PAGE_SIZES = [10, 20, 30, 50] as const;

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const TAB_CODES = [INVOICE_TAB.to_be_upload.code, INVOICE_TAB.uploaded.code] as const;
const ISO_CURRENCIES = Object.values(CURRENCY).map((c) => c.iso) as [string, ...string[]];
const ZAmount = z
  .string()
  .trim()
  .refine(
    (v) => isMoney(v) && toCents(v) > 0n,
    bilingual('金额须大于 0，最多两位小数', 'The amount must be above 0 with at most 2 decimals'),
  );

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
    })
    .default({ tab: INVOICE_TAB.to_be_upload.code }),
});

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

export const ZInvoice = z.object({
  id: z.string(),
  invoiceNo: z.string(),
  invoiceCode: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  fileId: z.string(),
  uploadedAt: z.string(),
});

export const ZInvoiceSlot = z.object({
  id: z.string(),
  version: z.number(),
  batchId: z.string(),
  batchNo: z.string(),
  providerId: z.string(),
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

export const ZInvoicePage = ZPageOf(ZInvoiceSlot);
export type TInvoicePage = z.infer<typeof ZInvoicePage>;
