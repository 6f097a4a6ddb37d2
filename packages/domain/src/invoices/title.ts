/**
 * The invoice title (发票抬头, decision 0048): the payer the providers' invoices are made out to,
 * the tenant's name and its taxpayer number, which the operator sets and generates onto the
 * batches that wait for one.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';

/** Operators: set the tenant's taxpayer number and generate the missing invoice titles. */
export const INVOICE_TITLE_EDIT = 'invoice:title:edit';

/** The 31 characters of a unified social credit code (GB 32100-2015: no I, O, Z, S, V). */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** Upper case, full-width forms to ASCII, spaces removed: how a taxpayer number is typed. */
export function normaliseTaxNo(raw: string): string {
  return raw
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000]+/g, '')
    .toUpperCase();
}

/**
 * True for an 18-character unified social credit code (统一社会信用代码, the taxpayer number an
 * entity's VAT invoices print since 2015) whose 18th character is the check character.
 */
export function isTaxpayerNumber(value: string): boolean {
  if (!USCC_SHAPE.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(value[i]) * USCC_WEIGHTS[i];
  const check = (31 - (sum % 31)) % 31;
  return USCC_CHARS[check] === value[17];
}

export const ZInvoiceTitleBody = z.object({
  taxNo: z
    .string()
    .transform(normaliseTaxNo)
    .refine(
      isTaxpayerNumber,
      bilingual(
        '纳税人识别号须为 18 位统一社会信用代码，且校验位正确',
        'The taxpayer number must be an 18-character unified social credit code with a valid check character',
      ),
    ),
});
export type TInvoiceTitleBody = z.input<typeof ZInvoiceTitleBody>;

export const ZInvoiceTitle = z.object({
  name: z.string(),
  nameEn: z.string(),
  taxNo: z.string().nullable(),
  /** Batches to be uploaded (tab 1) that have no title yet. */
  missing: z.number().int(),
});
export type TInvoiceTitle = z.infer<typeof ZInvoiceTitle>;

export const ZGenerateTitlesBody = z.object({
  /** Only these slots; all the tenant's slots without a title when absent. */
  ids: z.array(z.uuid()).min(1).max(500).optional(),
});

export const ZGenerateTitlesResult = z.object({ generated: z.number().int() });
