import type { TInvoiceSlotDetail } from '@portal/domain/invoices/calls';
import { describe, expect, it } from 'vitest';
import {
  catalogueMessage,
  checkRows,
  newRow,
  repeatedAcrossSlots,
  type TInvoiceRow,
  toInput,
  withFailure,
  withRecognition,
} from './invoice-rows.ts';

const slot = (extra: Partial<TInvoiceSlotDetail> = {}): TInvoiceSlotDetail => ({
  id: 's1',
  version: 1,
  batchId: 'b1',
  batchNo: 'CB1000000001',
  providerId: 'P10001',
  providerCnName: '和睦家医院',
  providerEnName: 'United Family Hospital',
  currency: 'CNY',
  payableAmount: '205.50',
  invoicedAmount: '0.00',
  status: '1',
  title: { name: '示例', nameEn: 'Demo', taxNo: '91310115MA1K3D7P2X', source: 'tenant' },
  approvedAt: '2026-11-25T01:00:00.000Z',
  uploadedAt: null,
  invoices: [],
  ...extra,
});

const row = (extra: Partial<TInvoiceRow> = {}): TInvoiceRow => ({
  ...newRow({ id: `f-${Math.random()}`, name: 'a.pdf', size: 10 }, 'CNY'),
  state: 'read',
  invoiceNo: '26442000000012345678',
  amount: '205.50',
  confirmed: true,
  ...extra,
});

const keys = (issues: ReturnType<typeof checkRows>) =>
  issues.map((i) => (i.kind === 'error' ? i.error : i.key));

describe('checkRows', () => {
  it('passes confirmed rows that cover the payable total to the cent', () => {
    expect(
      checkRows(slot(), [
        row({ amount: '200.00' }),
        row({ invoiceNo: '26442000000012345679', amount: '5.50' }),
      ]),
    ).toEqual([]);
  });

  it('asks for the title first, then for an invoice', () => {
    expect(keys(checkRows(slot({ title: null }), [row()]))).toEqual(['INVOICE_TITLE_NOT_GENERATED']);
    expect(keys(checkRows(slot(), []))).toEqual(['noInvoices']);
  });

  it('checks each row: refused, still read, number, amount, currency, confirmation', () => {
    const issues = checkRows(slot(), [
      row({ state: 'refused', fileName: 'x.png' }),
      row({ state: 'recognising' }),
      row({ invoiceNo: '1234567' }),
      row({ amount: '1.001' }),
      row({ currency: 'USD' }),
      row({ confirmed: false }),
    ]);
    expect(keys(issues)).toEqual([
      'refused',
      'recognising',
      'INVOICE_NUMBER_INVALID',
      'amountInvalid',
      'INVOICE_CURRENCY_MISMATCH',
      'unconfirmed',
    ]);
    expect(issues[0]).toMatchObject({ fileName: 'x.png' });
  });

  it('finds a number twice, and amounts one cent short with both sums', () => {
    expect(keys(checkRows(slot(), [row({ amount: '100.00' }), row({ amount: '105.50' })]))).toEqual([
      'INVOICE_NUMBER_DUPLICATE',
    ]);
    const [short] = checkRows(slot(), [row({ amount: '205.49' })]);
    expect(short).toMatchObject({
      error: 'INVOICE_AMOUNT_INSUFFICIENT',
      params: { currency: 'CNY', invoiced: '205.49', payable: '205.50' },
    });
    expect(
      catalogueMessage('INVOICE_AMOUNT_INSUFFICIENT', short.kind === 'error' ? short.params : {}).en,
    ).toBe('Insufficient invoice amount: CNY invoices total 205.49, the claims they pay 205.50');
  });

  it('takes an older VAT invoice (code and 8-digit number) and an overseas one', () => {
    expect(
      checkRows(slot(), [
        row({ invoiceNo: '04817356', invoiceCode: '144031900111', amount: '200.00' }),
        row({ invoiceNo: 'INV-2026/11', domestic: false, amount: '5.50' }),
      ]),
    ).toEqual([]);
  });
});

describe('rows from recognition', () => {
  const reading = {
    invoiceNo: '04817356',
    invoiceCode: '144031900111',
    amount: '2350.80',
    currency: 'CNY',
    source: 'pdf-text' as const,
    confidence: 0.95,
    matched: [],
  };

  it('fills the values to confirm and keeps what was read for the upload', () => {
    const filled = withRecognition(newRow({ id: 'f1', name: 'a.pdf', size: 1 }, 'CNY'), reading);
    expect(filled).toMatchObject({
      state: 'read',
      invoiceCode: '144031900111',
      domestic: true,
      confirmed: false,
    });
    expect(toInput({ ...filled, amount: '2350.00', confirmed: true })).toMatchObject({
      fileId: 'f1',
      amount: '2350.00',
      invoiceCode: '144031900111',
      recognition: { source: 'pdf-text', amount: '2350.80', invoiceNo: '04817356' },
    });
  });

  it('an overseas number read is kept as overseas; a failure asks for typing, a bad file is refused', () => {
    const overseas = withRecognition(newRow({ id: 'f2', name: 'b.pdf', size: 1 }, 'CNY'), {
      ...reading,
      invoiceNo: 'INV-77',
      invoiceCode: null,
      currency: 'USD',
    });
    expect(overseas).toMatchObject({ domestic: false, currency: 'USD' });
    const message = catalogueMessage('INVOICE_RECOGNITION_FAILED');
    expect(withFailure(overseas, 40262, message)).toMatchObject({ state: 'manual', recognition: null });
    expect(withFailure(overseas, 40265, message).state).toBe('refused');
  });

  it('a number repeated across the batches of one upload', () => {
    expect(repeatedAcrossSlots([[row()], [row()]])).toMatchObject({ error: 'INVOICE_NUMBER_DUPLICATE' });
    expect(repeatedAcrossSlots([[row()], [row({ invoiceNo: '26442000000012345670' })]])).toBeNull();
  });
});
