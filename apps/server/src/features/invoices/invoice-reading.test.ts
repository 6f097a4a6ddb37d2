import { describe, expect, it } from 'vitest';
import { hospitalPhotoPng } from '../hospital-tasks/hospital-tasks.seed.ts';
import { invoiceImage, invoicePdf, jpegHeader } from './fixtures/invoice-fixtures.ts';
import { inspectInvoiceBytes, kindOfExtension } from './invoice-bytes.ts';
import { pdfText } from './invoice-pdf.ts';
import { readInvoiceText } from './invoice-text.ts';

describe('invoice bytes', () => {
  it('reads the size of a PNG from its IHDR', () => {
    expect(inspectInvoiceBytes(hospitalPhotoPng([0, 0, 0], [255, 255, 255], 14, 40))).toEqual({
      kind: 'png',
      width: 14,
      height: 40,
    });
  });

  it('reads the size of the committed invoice picture', async () => {
    expect(inspectInvoiceBytes(await invoiceImage())).toEqual({ kind: 'png', width: 1200, height: 640 });
  });

  it('reads baseline (SOF0) and progressive (SOF2) JPEG frames, after fill bytes', () => {
    expect(inspectInvoiceBytes(jpegHeader(0xc0, 8193, 600))).toEqual({
      kind: 'jpeg',
      width: 8193,
      height: 600,
    });
    expect(inspectInvoiceBytes(jpegHeader(0xc2, 15, 15))).toEqual({ kind: 'jpeg', width: 15, height: 15 });
  });

  it('does not take a DHT (C4) segment for a frame', () => {
    const dht = Buffer.from([0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]);
    const jpeg = jpegHeader(0xc0, 640, 480);
    const withDht = Buffer.concat([jpeg.subarray(0, 2), dht, jpeg.subarray(2)]);
    expect(inspectInvoiceBytes(withDht)).toEqual({ kind: 'jpeg', width: 640, height: 480 });
  });

  it('a JPEG whose scan starts before any frame, or that is cut short, is unknown', () => {
    const noFrame = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
    expect(inspectInvoiceBytes(noFrame)).toEqual({ kind: 'unknown' });
    expect(inspectInvoiceBytes(jpegHeader(0xc0, 640, 480).subarray(0, 26))).toEqual({ kind: 'unknown' });
  });

  it('finds the PDF header, also after some leading bytes', async () => {
    expect(inspectInvoiceBytes(await invoicePdf())).toEqual({ kind: 'pdf' });
    expect(inspectInvoiceBytes(Buffer.concat([Buffer.alloc(100, 0x20), Buffer.from('%PDF-1.7\n')]))).toEqual({
      kind: 'pdf',
    });
  });

  it('anything else is unknown, and extensions name the kind they need', () => {
    expect(inspectInvoiceBytes(Buffer.from('GIF89a\x01\x00\x01\x00'))).toEqual({ kind: 'unknown' });
    expect(inspectInvoiceBytes(Buffer.alloc(0))).toEqual({ kind: 'unknown' });
    expect(['png', 'JPG', 'jpeg', 'pdf', 'gif'].map(kindOfExtension)).toEqual([
      'png',
      'jpeg',
      'jpeg',
      'pdf',
      null,
    ]);
  });
});

describe('reading invoice text', () => {
  it('a VAT invoice text layer: code, 8-digit number and the tax-inclusive total by their labels', () => {
    const text = [
      '广东增值税电子普通发票',
      '发票代码：144031900111',
      '发票号码：04817356',
      '校验码：08312 55617 90214 33865',
      '合计 ¥2217.74 ¥133.06',
      '价税合计（大写）贰仟叁佰伍拾元捌角 （小写）¥2,350.80',
    ].join('\n');
    expect(readInvoiceText(text)).toEqual({
      invoiceNo: '04817356',
      invoiceCode: '144031900111',
      amount: '2350.80',
      currency: 'CNY',
      matched: [
        { field: 'invoiceNo', text: '发票号码:04817356', by: 'label' },
        { field: 'invoiceCode', text: '发票代码:144031900111', by: 'label' },
        { field: 'amount', text: '价税合计(大写)贰仟叁佰伍拾元捌角 (小写)¥2,350.80', by: 'label' },
      ],
    });
  });

  it('a fully digitalised e-invoice with full-width digits and ￥', () => {
    const reading = readInvoiceText(
      '发票号码：２６４４２０００００００１２３４５６７８\n价税合计 （小写）￥１０６０.００',
    );
    expect(reading).toMatchObject({
      invoiceNo: '26442000000012345678',
      invoiceCode: null,
      amount: '1060.00',
    });
  });

  it('合计 when no tax-inclusive total is printed (medical receipts)', () => {
    const reading = readInvoiceText('发票代码：1100194130\n发票号码：00123456\n合计金额：人民币 ¥ 386.50');
    expect(reading).toMatchObject({ invoiceCode: '1100194130', invoiceNo: '00123456', amount: '386.50' });
  });

  it('OCR of a Chinese invoice with English data: labels are noise, the shapes are read', () => {
    const ocr = [
      'BFRR (BE%R)',
      'AZ SH: 26442000000012345678',
      'FEE: 20265118208',
      'S—H2ERNIB: 91310000MA1K4BTX2C S—3 REBAR: 91110105600035612K',
      'EFRS TITRE 1 1000.00 1000.00 | 6% 60.00',
      'Ait ¥1000.00 ¥60.00',
      'MHA (KT) SFEHEE (NB) ¥1060.00',
    ].join('\n');
    expect(readInvoiceText(ocr)).toEqual({
      invoiceNo: '26442000000012345678',
      invoiceCode: null,
      amount: '1060.00',
      currency: 'CNY',
      matched: [
        { field: 'invoiceNo', text: 'AZ SH: 26442000000012345678', by: 'shape' },
        { field: 'amount', text: 'MHA (KT) SFEHEE (NB) ¥1060.00', by: 'shape' },
      ],
    });
  });

  it('a simple English invoice: the total due wins over the subtotal and tax lines', () => {
    const text = [
      'Invoice No.: INV-2026/0042',
      'Subtotal USD 1,200.00',
      'Total tax 96.00',
      'Total due: USD 1,296.00',
    ].join('\n');
    expect(readInvoiceText(text)).toMatchObject({
      invoiceNo: 'INV-2026/0042',
      invoiceCode: null,
      amount: '1296.00',
      currency: 'USD',
    });
    expect(readInvoiceText('Invoice number 7781\nTotal €45.10')).toMatchObject({
      amount: '45.10',
      currency: 'EUR',
    });
    expect(readInvoiceText('Invoice # 7781\nTotal $45.10')).toMatchObject({ currency: null });
  });

  it('nothing when the number or the total is missing or has the wrong shape', () => {
    expect(readInvoiceText('')).toBeNull();
    expect(readInvoiceText('发票号码：04817356\n价税合计（小写）¥100.00')).toBeNull();
    expect(readInvoiceText('发票号码：26442000000012345678')).toBeNull();
    expect(readInvoiceText('价税合计（小写）¥100.00')).toBeNull();
    expect(readInvoiceText('发票号码：26442000000012345678\n价税合计（小写）¥0.00')).toBeNull();
    expect(readInvoiceText('264420000000123456789\n¥100.00')).toBeNull();
  });

  it('reads the text layer of the generated PDF invoice', async () => {
    const text = await pdfText(await invoicePdf());
    expect(text).toContain('发票号码：04817356');
    expect(readInvoiceText(text)).toMatchObject({
      invoiceNo: '04817356',
      invoiceCode: '144031900111',
      amount: '2350.80',
    });
  });
});
