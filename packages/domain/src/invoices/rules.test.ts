import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors/catalogue.ts';
import { checkFile, fileIssueError, profileForBizType } from '../files/rules.ts';
import {
  amountsCover,
  checkInvoiceFile,
  checkInvoiceImage,
  INVOICE_BIZ_TYPE,
  INVOICE_TAB,
  invoiceTabOf,
  normaliseInvoiceText,
  parseInvoiceNumber,
  repeatedInvoiceKeys,
} from './rules.ts';

const MB = 1024 * 1024;

describe('invoice tabs', () => {
  it('uses the codes of spec section 9: to_be_upload 1, uploaded 2', () => {
    expect(INVOICE_TAB.to_be_upload.code).toBe('1');
    expect(INVOICE_TAB.uploaded.code).toBe('2');
    expect(invoiceTabOf('1')).toBe('to_be_upload');
    expect(invoiceTabOf('2')).toBe('uploaded');
    expect(invoiceTabOf('01')).toBeNull();
  });
});

describe('invoice files', () => {
  it('takes jpg, jpeg, png and pdf in any case, nothing else', () => {
    for (const extension of ['jpg', 'jpeg', 'png', 'pdf', 'PDF', 'Jpg']) {
      expect(checkInvoiceFile({ extension, size: 1 })).toBeNull();
    }
    for (const extension of ['gif', 'bmp', 'doc', 'xlsx', '']) {
      expect(checkInvoiceFile({ extension, size: 1 })?.error).toBe('INVOICE_FILE_TYPE');
    }
  });

  it('takes files under 4 MB: one byte under passes, exactly 4 MB fails', () => {
    expect(checkInvoiceFile({ extension: 'pdf', size: 4 * MB - 1 })).toBeNull();
    expect(checkInvoiceFile({ extension: 'pdf', size: 4 * MB })?.error).toBe('INVOICE_FILE_TOO_LARGE');
    expect(checkInvoiceFile({ extension: 'png', size: 4 * MB + 1 })?.error).toBe('INVOICE_FILE_TOO_LARGE');
  });

  it('the upload profile of bizType INVOICE applies the same limits with the invoice messages', () => {
    const profile = profileForBizType(INVOICE_BIZ_TYPE);
    expect(profile.key).toBe('invoice');
    expect(checkFile(profile, { name: 'a.pdf', size: 4 * MB - 1 })).toBeNull();
    expect(checkFile(profile, { name: 'a.pdf', size: 4 * MB })).toBe('size');
    expect(checkFile(profile, { name: 'a.gif', size: 1 })).toBe('type');
    expect(fileIssueError(profile, 'size')).toBe('INVOICE_FILE_TOO_LARGE');
    expect(fileIssueError(profile, 'type')).toBe('INVOICE_FILE_TYPE');
  });

  it('images: shortest side 15 px passes and 14 px fails', () => {
    expect(checkInvoiceImage({ width: 15, height: 15 })).toBeNull();
    expect(checkInvoiceImage({ width: 800, height: 15 })).toBeNull();
    expect(checkInvoiceImage({ width: 14, height: 800 })).toEqual({
      error: 'INVOICE_IMAGE_TOO_SMALL',
      params: { width: 14, height: 800 },
    });
  });

  it('images: longest side 8192 px passes and 8193 px fails', () => {
    expect(checkInvoiceImage({ width: 8192, height: 8192 })).toBeNull();
    expect(checkInvoiceImage({ width: 100, height: 8193 })).toEqual({
      error: 'INVOICE_IMAGE_TOO_LARGE',
      params: { width: 100, height: 8193 },
    });
  });

  it('the size messages carry the measured pixels in both languages', () => {
    const { params } = checkInvoiceImage({ width: 14, height: 20 }) ?? { params: {} };
    expect(params).toEqual({ width: 14, height: 20 });
    expect(ERRORS.INVOICE_IMAGE_TOO_SMALL.en).toContain('{width}×{height}');
    expect(ERRORS.INVOICE_IMAGE_TOO_SMALL.zh).toContain('{width}×{height}');
  });
});

describe('invoice numbers', () => {
  it('a fully digitalised e-invoice: 20 digits, no code; the number is the key', () => {
    expect(parseInvoiceNumber({ invoiceNo: '26442000000012345678' })).toEqual({
      kind: 'digital',
      invoiceNo: '26442000000012345678',
      invoiceCode: null,
      key: '26442000000012345678',
    });
  });

  it('an older VAT invoice: 8 digits under a 10- or 12-digit code; code and number are the key', () => {
    expect(parseInvoiceNumber({ invoiceNo: '04817356', invoiceCode: '144031900111' })?.key).toBe(
      '144031900111-04817356',
    );
    expect(parseInvoiceNumber({ invoiceNo: '04817356', invoiceCode: '1100194130' })?.kind).toBe('vat');
  });

  it('normalises full-width digits and spaces; keeps leading zeros', () => {
    expect(normaliseInvoiceText('０４８１ ７３５６')).toBe('04817356');
    expect(
      parseInvoiceNumber({ invoiceNo: ' 0481 7356 ', invoiceCode: '１４４０３１９００１１１' })?.key,
    ).toBe('144031900111-04817356');
  });

  it('refuses the wrong lengths and a missing or stray code', () => {
    for (const input of [
      { invoiceNo: '0481735' },
      { invoiceNo: '04817356' },
      { invoiceNo: '04817356', invoiceCode: '14403190011' },
      { invoiceNo: '048173567', invoiceCode: '144031900111' },
      { invoiceNo: '2644200000001234567' },
      { invoiceNo: '264420000000123456789' },
      { invoiceNo: '26442000000012345678', invoiceCode: '144031900111' },
      { invoiceNo: '0481735A', invoiceCode: '144031900111' },
    ]) {
      expect(parseInvoiceNumber(input), JSON.stringify(input)).toBeNull();
    }
  });

  it('the same 8-digit number under two codes is two invoices', () => {
    const a = parseInvoiceNumber({ invoiceNo: '04817356', invoiceCode: '144031900111' });
    const b = parseInvoiceNumber({ invoiceNo: '04817356', invoiceCode: '144031900112' });
    expect(a?.key).not.toBe(b?.key);
  });

  it('overseas numbers are kept as printed, upper-cased, and never meet a domestic key', () => {
    const other = parseInvoiceNumber({ invoiceNo: 'inv-2026/0042', domestic: false });
    expect(other).toEqual({
      kind: 'other',
      invoiceNo: 'INV-2026/0042',
      invoiceCode: null,
      key: 'O:INV-2026/0042',
    });
    const digits = parseInvoiceNumber({ invoiceNo: '26442000000012345678', domestic: false });
    expect(digits?.key).not.toBe(parseInvoiceNumber({ invoiceNo: '26442000000012345678' })?.key);
    expect(parseInvoiceNumber({ invoiceNo: '#1', domestic: false })).toBeNull();
    expect(parseInvoiceNumber({ invoiceNo: 'A'.repeat(41), domestic: false })).toBeNull();
  });

  it('finds numbers repeated within one batch', () => {
    const n = (invoiceNo: string, invoiceCode?: string) =>
      parseInvoiceNumber({ invoiceNo, invoiceCode }) ?? expect.unreachable();
    expect(
      repeatedInvoiceKeys([
        n('26442000000012345678'),
        n('04817356', '144031900111'),
        n('２６４４２０００００００１２３４５６７８'),
      ]),
    ).toEqual(['26442000000012345678']);
    expect(repeatedInvoiceKeys([n('04817356', '144031900111'), n('04817356', '144031900112')])).toEqual([]);
  });
});

describe('amounts must cover', () => {
  const CNY = (amount: string) => ({ amount, currency: 'CNY' });

  it('covers when the invoices sum to exactly the payable sum, to the cent', () => {
    expect(amountsCover({ invoices: [CNY('0.10'), CNY('0.20')], claims: [CNY('0.30')] })).toEqual([]);
    expect(amountsCover({ invoices: [CNY('1060.00')], claims: [CNY('1000.00'), CNY('60')] })).toEqual([]);
  });

  it('one cent short is insufficient, with both sums', () => {
    expect(amountsCover({ invoices: [CNY('0.10'), CNY('0.19')], claims: [CNY('0.30')] })).toEqual([
      { currency: 'CNY', invoiced: '0.29', payable: '0.30' },
    ]);
  });

  it('more than the claims covers', () => {
    expect(amountsCover({ invoices: [CNY('2350.80')], claims: [CNY('2350.79')] })).toEqual([]);
  });

  it('counts each currency on its own: a USD invoice does not pay CNY claims', () => {
    expect(
      amountsCover({
        invoices: [{ amount: '5000.00', currency: 'USD' }],
        claims: [CNY('100.00'), { amount: '100.00', currency: 'USD' }],
      }),
    ).toEqual([{ currency: 'CNY', invoiced: '0.00', payable: '100.00' }]);
  });

  it('large sums stay exact (no floating point)', () => {
    const many = Array.from({ length: 10 }, () => CNY('0.10'));
    expect(amountsCover({ invoices: many, claims: [CNY('1.00')] })).toEqual([]);
    expect(
      amountsCover({ invoices: [CNY('999999999999.99')], claims: [CNY('999999999999.98'), CNY('0.02')] }),
    ).toEqual([{ currency: 'CNY', invoiced: '999999999999.99', payable: '1000000000000.00' }]);
  });

  it('no claims are covered by anything; grouped amounts are read', () => {
    expect(amountsCover({ invoices: [], claims: [] })).toEqual([]);
    expect(amountsCover({ invoices: [CNY('1,060.00')], claims: [CNY('1060')] })).toEqual([]);
  });

  it('refuses an amount that is not one', () => {
    expect(() => amountsCover({ invoices: [CNY('1.005')], claims: [] })).toThrow();
  });
});
