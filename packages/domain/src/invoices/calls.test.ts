import { describe, expect, it } from 'vitest';
import {
  INVOICE_BATCH_UPLOAD_MAX_SLOTS,
  INVOICE_UPLOAD_MAX,
  ZInvoiceBatchUpload,
  ZInvoicePageBody,
  ZInvoiceUpload,
} from './calls.ts';

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

describe('ZInvoiceBatchUpload', () => {
  const slot = (n: number) => ({
    id: '0b6f5c9e-3f5e-4b8e-9d3a-1c2b3d4e5f61',
    version: 0,
    invoices: Array.from({ length: n }, () => invoice()),
  });

  it(`takes 1 to ${INVOICE_BATCH_UPLOAD_MAX_SLOTS} batches with ${INVOICE_UPLOAD_MAX} invoices in all`, () => {
    expect(ZInvoiceBatchUpload.safeParse({ slots: [] }).success).toBe(false);
    expect(ZInvoiceBatchUpload.safeParse({ slots: [slot(25), slot(25)] }).success).toBe(true);
    expect(ZInvoiceBatchUpload.safeParse({ slots: [slot(25), slot(26)] }).success).toBe(false);
    const many = Array.from({ length: INVOICE_BATCH_UPLOAD_MAX_SLOTS + 1 }, () => slot(1));
    expect(ZInvoiceBatchUpload.safeParse({ slots: many }).success).toBe(false);
    expect(ZInvoiceBatchUpload.safeParse({ slots: many.slice(1) }).success).toBe(true);
  });
});

describe('ZInvoicePageBody filters', () => {
  it('takes a day range in order, a known currency and a batch id', () => {
    const model = {
      approvedFrom: '2026-11-01',
      approvedTo: '2026-11-01',
      currency: 'CNY',
      titleMissing: true,
    };
    expect(ZInvoicePageBody.safeParse({ model }).success).toBe(true);
    expect(
      ZInvoicePageBody.safeParse({ model: { approvedFrom: '2026-11-02', approvedTo: '2026-11-01' } }).success,
    ).toBe(false);
    expect(ZInvoicePageBody.safeParse({ model: { currency: 'RMB' } }).success).toBe(false);
    expect(ZInvoicePageBody.safeParse({ model: { batchId: 'CB1' } }).success).toBe(false);
  });
});
