import { describe, expect, it } from 'vitest';
import { INVOICE_UPLOAD_MAX, ZInvoicePageBody, ZInvoiceUpload } from './calls.ts';

const invoice = (extra: Record<string, unknown> = {}) => ({
  fileId: '0b6f5c9e-3f5e-4b8e-9d3a-1c2b3d4e5f60',
  invoiceNo: '26442000000012345678',
  amount: '0.01',
  currency: 'CNY',
  ...extra,
});

describe('ZInvoiceUpload', () => {
  it('takes one cent and refuses nothing, a third decimal and a negative amount', () => {
    expect(ZInvoiceUpload.safeParse({ version: 0, invoices: [invoice()] }).success).toBe(true);
    for (const amount of ['0.00', '0.001', '-1.00', 'abc'])
      expect(ZInvoiceUpload.safeParse({ version: 0, invoices: [invoice({ amount })] }).success).toBe(false);
  });

  it('takes 1 to 50 invoices and ISO currencies of the currency table only', () => {
    expect(ZInvoiceUpload.safeParse({ version: 0, invoices: [] }).success).toBe(false);
    const many = Array.from({ length: INVOICE_UPLOAD_MAX + 1 }, () => invoice());
    expect(ZInvoiceUpload.safeParse({ version: 0, invoices: many }).success).toBe(false);
    expect(ZInvoiceUpload.safeParse({ version: 0, invoices: many.slice(1) }).success).toBe(true);
    expect(ZInvoiceUpload.safeParse({ version: 0, invoices: [invoice({ currency: 'XXX' })] }).success).toBe(
      false,
    );
  });
});

describe('ZInvoicePageBody', () => {
  it("defaults to the first tab and knows only the spec's codes 1 and 2", () => {
    expect(ZInvoicePageBody.parse({}).model.tab).toBe('1');
    expect(ZInvoicePageBody.safeParse({ model: { tab: '2' } }).success).toBe(true);
    expect(ZInvoicePageBody.safeParse({ model: { tab: '3' } }).success).toBe(false);
  });
});
