import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../platform/http/app-error.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser, multipart } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { hospitalPhotoPng } from '../hospital-tasks/hospital-tasks.seed.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import {
  IMAGE_INVOICE,
  invoiceImage,
  invoicePdf,
  jpegHeader,
  PDF_INVOICE,
} from './fixtures/invoice-fixtures.ts';
import { OCR_MAX_WAITING, OCR_PATHS, recognizeImage } from './invoice-ocr.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const RECOGNIZE = '/saasapi/invoice/recognize';

const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const recognize = (who: string, fileId: string, language: 'zh' | 'en' = 'zh') =>
  as(who, { method: 'POST', url: RECOGNIZE, payload: { fileId }, headers: { language } });

/** Uploads one file as `who` (bizType INVOICE unless told otherwise); the answer. */
async function uploadAs(who: string, filename: string, content: Buffer, query = 'bizType=INVOICE') {
  const body = multipart([{ filename, content }]);
  return as(who, {
    method: 'POST',
    url: `/saasapi/file/file/anyone/upload?bucket=invoice&${query}`,
    payload: body.payload,
    headers: body.headers,
  });
}
async function uploaded(who: string, filename: string, content: Buffer, query?: string): Promise<string> {
  const res = await uploadAs(who, filename, content, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** Switches the invoice function of the demo hospital P10001 as the operator's admin does. */
async function setInvoiceFunction(invoiceEnabled: boolean) {
  const account = '/saasapi/authority/providerAccount';
  const current = (await as('demo/admin', { method: 'GET', url: `${account}/P10001` })).json().data;
  const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = current;
  return as('demo/admin', { method: 'PUT', url: account, payload: { ...settings, invoiceEnabled } });
}

function textlessPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.rect(20, 20, 100, 60).fill('#333');
  doc.end();
  return done;
}

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  await t.platform.db.insert(providers).values({
    tenantId: demo.id,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second',
  });
  await createUser(t, { account: 'second', userType: '02', roles: ['SMART_PORTAL'], providerId: 'P10002' });
  for (const who of ['demo/admin', 'demo/hospital', 'demo/netview', 'demo/second', 'acme/hospital']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});

afterAll(async () => {
  await t.close();
});

describe('POST /invoice/recognize', () => {
  it('reads number, code, total and currency from the text layer of a PDF invoice', async () => {
    const id = await uploaded('demo/hospital', '发票.pdf', await invoicePdf());
    const res = await recognize('demo/hospital', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...PDF_INVOICE, source: 'pdf-text', confidence: 0.95 });
    expect(res.json().data.matched).toEqual([
      { field: 'invoiceNo', text: `发票号码:${PDF_INVOICE.invoiceNo}`, by: 'label' },
      { field: 'invoiceCode', text: `发票代码:${PDF_INVOICE.invoiceCode}`, by: 'label' },
      { field: 'amount', text: expect.stringContaining(`(小写)¥${PDF_INVOICE.amount}`), by: 'label' },
    ]);
  });

  it('reads number and total of a picture of an e-invoice by OCR, twice on the warm worker', async () => {
    const id = await uploaded('demo/hospital', 'invoice.png', await invoiceImage());
    for (let round = 0; round < 2; round++) {
      const res = await recognize('demo/hospital', id);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ ...IMAGE_INVOICE, source: 'ocr' });
      expect(data.confidence).toBeGreaterThan(0);
      expect(data.confidence).toBeLessThanOrEqual(0.6);
      expect(data.matched.map((m: { field: string }) => m.field)).toEqual(['invoiceNo', 'amount']);
    }
  });

  it("'invoice recognition failed' for a PDF without a text layer and for a picture without an invoice", async () => {
    const pdf = await uploaded('demo/hospital', 'scan.pdf', await textlessPdf());
    const res = await recognize('demo/hospital', pdf, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40262,
      msg: '发票识别失败，请手工填写发票号码和金额',
      msg_en: 'Invoice recognition failed; enter the invoice number and amount by hand',
    });
    const png = await uploaded(
      'demo/hospital',
      'cross.png',
      hospitalPhotoPng([30, 90, 160], [200, 30, 30], 64, 48),
    );
    expect((await recognize('demo/hospital', png)).json().code).toBe(40262);
  });

  it('refuses an image whose shortest side is under 15 px, with the measured size', async () => {
    const id = await uploaded(
      'demo/hospital',
      'thin.png',
      hospitalPhotoPng([0, 0, 0], [255, 255, 255], 400, 14),
    );
    const res = await recognize('demo/hospital', id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40265,
      msg: '发票图片最短边须至少 15 像素（此图片 400×14 像素）',
      msg_en: 'The shortest side of an invoice image must be at least 15 px (this image is 400×14 px)',
    });
  });

  it('refuses a progressive JPEG wider than 8192 px, read from its frame header', async () => {
    const id = await uploaded('demo/hospital', 'wide.jpg', jpegHeader(0xc2, 8193, 600));
    const res = await recognize('demo/hospital', id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40266, msg_en: expect.stringContaining('8193×600 px') });
  });

  it('refuses a file that is not jpg, jpeg, png or pdf (uploaded as a general attachment)', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    const id = await uploaded('demo/hospital', 'bill.xlsx', zip, 'bizType=OTHER');
    const res = await recognize('demo/hospital', id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40263, msg_en: 'Invoice files must be jpg, jpeg, png or pdf' });
  });

  it('bad input: a file id that is not one, and no file id', async () => {
    const bad = await recognize('demo/hospital', 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 40010, msg_en: 'Incorrect file id' });
    const none = await as('demo/hospital', { method: 'POST', url: RECOGNIZE, payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('an unknown file is not found', async () => {
    const res = await recognize('demo/hospital', '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40435, msg_en: 'The invoice file does not exist' });
  });

  it("another tenant's file and another provider's file are not found", async () => {
    const id = await uploaded('demo/hospital', 'mine.pdf', await invoicePdf());
    for (const who of ['acme/hospital', 'demo/second']) {
      const res = await recognize(who, id);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe(40435);
    }
  });

  it('needs the invoice permission', async () => {
    const id = await uploaded('demo/hospital', 'perm.pdf', await invoicePdf());
    const res = await recognize('demo/netview', id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
  });

  it("needs the provider's invoice function switched on", async () => {
    const id = await uploaded('demo/hospital', 'off.pdf', await invoicePdf());
    expect((await setInvoiceFunction(false)).statusCode).toBe(200);
    try {
      const res = await recognize('demo/hospital', id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40303);
    } finally {
      expect((await setInvoiceFunction(true)).statusCode).toBe(200);
    }
  });
});

describe('uploads of bizType INVOICE', () => {
  it('refuses other types with the invoice message', async () => {
    const res = await uploadAs('demo/hospital', 'scan.bmp', Buffer.from('BM\x00\x00'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40263, msg: '发票文件只支持 jpg、jpeg、png、pdf 格式' });
  });

  it('takes 4 MB less one byte and refuses exactly 4 MB', async () => {
    const pdfOf = (size: number) => {
      const head = Buffer.from('%PDF-1.4\n%');
      return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
    };
    expect((await uploadAs('demo/hospital', 'under.pdf', pdfOf(4 * 1024 * 1024 - 1))).statusCode).toBe(200);
    const res = await uploadAs('demo/hospital', 'four.pdf', pdfOf(4 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 40264, msg_en: 'An invoice file must be under 4 MB' });
  });
});

describe('the OCR engine', () => {
  const small = hospitalPhotoPng([30, 90, 160], [200, 30, 30], 64, 48);

  it('loads its language data and worker from node_modules, not from the network', () => {
    expect(OCR_PATHS.langPath).toMatch(/node_modules\/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
    expect(existsSync(join(OCR_PATHS.langPath, 'eng.traineddata.gz'))).toBe(true);
    expect(existsSync(OCR_PATHS.workerPath)).toBe(true);
  });

  it(`queues recognitions one at a time and refuses more than ${OCR_MAX_WAITING} waiting`, async () => {
    const calls = Array.from({ length: OCR_MAX_WAITING + 1 }, () =>
      recognizeImage(small).then(
        () => 'done',
        (error: AppError) => error.code,
      ),
    );
    expect(await Promise.all(calls)).toEqual([...Array(OCR_MAX_WAITING).fill('done'), 50301]);
  });

  it('a recognition past its time-out fails, and the next one gets a new worker', async () => {
    // The whole invoice takes the warm worker a second or more: far past 1 ms.
    await expect(recognizeImage(await invoiceImage(), 1)).rejects.toThrow('OCR took longer than 1 ms');
    expect((await recognizeImage(small)).confidence).toBeGreaterThanOrEqual(0);
  });
});
