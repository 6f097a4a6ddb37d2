import type { TInvoiceRecognition, TInvoiceSlotDetail } from '@portal/domain/invoices/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceDetailPage, InvoiceUploadPage } from './InvoiceViewPage.tsx';

const ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const ID2 = '2c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bee';
const NUMBER = '26442000000012345678';

const slot = (extra: Partial<TInvoiceSlotDetail> = {}): TInvoiceSlotDetail => ({
  id: ID,
  version: 2,
  batchId: 'b1',
  batchNo: 'CB1000000007',
  providerId: 'P10001',
  providerCnName: '和睦家医院',
  providerEnName: 'United Family Hospital',
  currency: 'CNY',
  payableAmount: '205.50',
  invoicedAmount: '0.00',
  status: '1',
  title: { name: '示例医疗救援', nameEn: 'Demo Medical', taxNo: '91310115MA1K3D7P2X', source: 'tenant' },
  approvedAt: '2026-11-25T01:00:00.000Z',
  uploadedAt: null,
  invoices: [],
  ...extra,
});

const reading = (extra: Partial<TInvoiceRecognition> = {}): TInvoiceRecognition => ({
  invoiceNo: NUMBER,
  invoiceCode: null,
  amount: '205.50',
  currency: 'CNY',
  source: 'pdf-text',
  confidence: 0.6,
  matched: [{ field: 'invoiceNo', text: `No. ${NUMBER}`, by: 'shape' }],
  ...extra,
});

let fileSeq = 0;
const UPLOAD = '/saasapi/file/file/anyone/upload';
const SAVE = `/saasapi/invoice/upload/${ID}`;

function api(
  detail: TInvoiceSlotDetail,
  recognize: () => unknown = () => reading(),
  save: () => unknown = () => ({ ...detail, status: '2' }),
  more: Record<string, () => unknown> = {},
) {
  return mockApi({
    [`GET /saasapi/invoice/detail/${ID}`]: () => detail,
    [`POST ${UPLOAD}`]: (call) => {
      fileSeq += 1;
      const file = (call.body as FormData).get('file') as File;
      return {
        id: `0b7f5e5c-6f0e-4a43-9d55-1d0b8b3d2a${String(fileSeq).padStart(2, '0')}`,
        name: file.name,
        size: file.size,
      };
    },
    'POST /saasapi/invoice/recognize': recognize,
    [`POST ${SAVE}`]: save,
    ...more,
  });
}

const en = (lang: 'zh' | 'en', zh: string, english: string) => (lang === 'en' ? english : zh);
const provider = () =>
  signInAs({
    userType: '02',
    providerId: 'P10001',
    permissions: ['invoice:invoice:*'],
    roles: ['SMART_PORTAL'],
  });

function renderUpload(path = `/invoice/upload/${ID}`) {
  return renderRoutes(
    [
      { path: '/invoice/upload/:id', element: <InvoiceUploadPage /> },
      { path: '/invoice/detail/:id', element: <InvoiceDetailPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

const fileInput = () =>
  waitFor(() => {
    const input = document.querySelector('input[type=file]');
    if (!input) throw new Error('no file input yet');
    return input as HTMLInputElement;
  });
const pdf = (name = 'invoice.pdf', size = 9) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const save = (lang: 'zh' | 'en') =>
  screen.getByRole('button', { name: en(lang, '保存发票', 'Save invoices') });
const confirmBox = () => screen.getByRole('checkbox', { name: /invoice\.pdf/ });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<InvoiceUploadPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`shows what recognition read for confirmation and saves the confirmed values (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      const calls = api(slot());
      const user = userEvent.setup();
      const { router } = renderUpload();
      expect(await screen.findByText('91310115MA1K3D7P2X')).toBeTruthy();
      await user.upload(await fileInput(), pdf());
      expect(
        await screen.findByText(
          en(lang, '从 PDF 文字识别，可信度 60%', 'Read from the PDF text, confidence 60%'),
        ),
      ).toBeTruthy();
      const number = screen.getByLabelText(en(lang, '发票号码', 'Invoice number')) as HTMLInputElement;
      expect(number.value).toBe(NUMBER);
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          `invoice.pdf: ${en(lang, '请确认发票号码和金额', 'Confirm the invoice number and amount')}`,
        ),
      ).not.toHaveLength(0);
      expect(calls.callsTo(SAVE)).toHaveLength(0);
      await user.click(confirmBox());
      await user.click(save(lang));
      await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
      expect(calls.callsTo(SAVE)[0].body).toMatchObject({
        version: 2,
        invoices: [
          { invoiceNo: NUMBER, amount: '205.50', currency: 'CNY', recognition: { source: 'pdf-text' } },
        ],
      });
      await waitFor(() => expect(router.state.location.pathname).toBe(`/invoice/detail/${ID}`));
    });

    it(`'invoice recognition failed': the values are typed, then checked before saving (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      const calls = api(slot(), () =>
        failure(
          40262,
          '发票识别失败，请手工填写发票号码和金额',
          'Invoice recognition failed; enter the invoice number and amount by hand',
        ),
      );
      const user = userEvent.setup();
      renderUpload();
      await user.upload(await fileInput(), pdf());
      expect(
        await screen.findByText(
          en(
            lang,
            '发票识别失败，请手工填写发票号码和金额',
            'Invoice recognition failed; enter the invoice number and amount by hand',
          ),
        ),
      ).toBeTruthy();
      await user.type(screen.getByLabelText(en(lang, '发票号码', 'Invoice number')), '1234567');
      await user.type(screen.getByLabelText(en(lang, '金额', 'Amount')), '200.00');
      await user.click(confirmBox());
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          `invoice.pdf: ${en(
            lang,
            '发票号码格式不正确：全电发票为 20 位数字；增值税发票为 8 位号码加 10 或 12 位发票代码',
            'Invalid invoice number: a fully digitalised e-invoice has 20 digits; a VAT invoice has an 8-digit number and a 10- or 12-digit invoice code',
          )}`,
        ),
      ).not.toHaveLength(0);
      const number = screen.getByLabelText(en(lang, '发票号码', 'Invoice number'));
      await user.clear(number);
      await user.type(number, NUMBER);
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          en(
            lang,
            '发票金额不足：CNY 发票合计 200.00，应付理赔合计 205.50',
            'Insufficient invoice amount: CNY invoices total 200.00, the claims they pay 205.50',
          ),
        ),
      ).not.toHaveLength(0);
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });

    it(`refuses a number twice, a wrong amount and a wrong currency (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      api(slot());
      const user = userEvent.setup();
      renderUpload();
      await user.upload(await fileInput(), [pdf('a.pdf'), pdf('b.pdf')]);
      await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /a\.pdf|b\.pdf/ })).toHaveLength(2));
      await waitFor(() =>
        expect(
          screen
            .getAllByLabelText(en(lang, '发票号码', 'Invoice number'))
            .map((i) => (i as HTMLInputElement).value),
        ).toEqual([NUMBER, NUMBER]),
      );
      for (const box of screen.getAllByRole('checkbox', { name: /a\.pdf|b\.pdf/ })) await user.click(box);
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          en(
            lang,
            `发票号码重复：${NUMBER} 已上传`,
            `Duplicate invoice number: ${NUMBER} has already been uploaded`,
          ),
        ),
      ).not.toHaveLength(0);
      const [amountA] = screen.getAllByLabelText(en(lang, '金额', 'Amount'));
      await user.clear(amountA);
      await user.type(amountA, '1.001');
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          `a.pdf: ${en(lang, '金额须大于 0，最多两位小数', 'The amount must be above 0 with at most 2 decimals')}`,
        ),
      ).not.toHaveLength(0);
      await user.clear(amountA);
      await user.type(amountA, '100.00');
      await user.click(screen.getAllByLabelText(en(lang, '币种', 'Currency'))[1]);
      await user.click(await screen.findByTitle('USD'));
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          `b.pdf: ${en(
            lang,
            '发票币种 USD 与批次应付币种 CNY 不一致',
            'The invoice currency USD differs from the batch payable currency CNY',
          )}`,
        ),
      ).not.toHaveLength(0);
    });

    it(`'Upload at least one invoice', then 'Files still uploading, submit later' while a file uploads (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      const calls = api(slot(), undefined, undefined, {
        [`POST ${UPLOAD}`]: () => new Promise(() => undefined),
      });
      const user = userEvent.setup();
      renderUpload();
      await user.click(await screen.findByRole('button', { name: en(lang, '保存发票', 'Save invoices') }));
      expect(
        await screen.findAllByText(en(lang, '请至少上传一张发票', 'Upload at least one invoice')),
      ).not.toHaveLength(0);
      await user.upload(await fileInput(), pdf());
      await user.click(save(lang));
      expect(
        await screen.findByText(en(lang, '文件仍在上传，请稍后提交', 'Files still uploading, submit later')),
      ).toBeTruthy();
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });

    it(`checks the type and size before sending, and shows a picture refused by its pixels (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      const calls = api(slot(), () =>
        failure(
          40265,
          '发票图片最短边须至少 15 像素（此图片 400×14 像素）',
          'The shortest side of an invoice image must be at least 15 px (this image is 400×14 px)',
        ),
      );
      const user = userEvent.setup({ applyAccept: false });
      renderUpload();
      await user.upload(await fileInput(), [
        new File(['x'], 'scan.gif', { type: 'image/gif' }),
        pdf('big.pdf', 4 * 1024 * 1024),
      ]);
      expect(
        await screen.findByText(
          `scan.gif: ${en(lang, '发票文件只支持 jpg、jpeg、png、pdf 格式', 'Invoice files must be jpg, jpeg, png or pdf')}`,
        ),
      ).toBeTruthy();
      expect(
        screen.getByText(`big.pdf: ${en(lang, '发票文件须小于 4 MB', 'An invoice file must be under 4 MB')}`),
      ).toBeTruthy();
      expect(calls.callsTo(UPLOAD)).toHaveLength(0);
      await user.upload(await fileInput(), new File(['x'], 'thin.png', { type: 'image/png' }));
      expect(
        await screen.findByText(
          en(
            lang,
            '发票图片最短边须至少 15 像素（此图片 400×14 像素）',
            'The shortest side of an invoice image must be at least 15 px (this image is 400×14 px)',
          ),
        ),
      ).toBeTruthy();
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          `thin.png: ${en(lang, '此文件不能作为发票，请删除', 'This file cannot be an invoice; remove it')}`,
        ),
      ).not.toHaveLength(0);
    });

    it(`'Invoice title not yet generated' blocks the upload (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      const calls = api(slot({ title: null }));
      const user = userEvent.setup();
      renderUpload();
      expect(
        await screen.findAllByText(en(lang, '发票抬头尚未生成', 'Invoice title not yet generated')),
      ).not.toHaveLength(0);
      await user.click(save(lang));
      await waitFor(() =>
        expect(
          screen.getAllByText(en(lang, '发票抬头尚未生成', 'Invoice title not yet generated')).length,
        ).toBeGreaterThan(1),
      );
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });

    it(`shows the server's 'Duplicate invoice number' beside the batch (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      api(slot(), undefined, () =>
        failure(
          40955,
          `发票号码重复：${NUMBER} 已上传`,
          `Duplicate invoice number: ${NUMBER} has already been uploaded`,
          409,
        ),
      );
      const user = userEvent.setup();
      renderUpload();
      await user.upload(await fileInput(), pdf());
      await user.click(await screen.findByRole('checkbox', { name: /invoice\.pdf/ }));
      await user.click(save(lang));
      expect(
        await screen.findAllByText(
          en(
            lang,
            `发票号码重复：${NUMBER} 已上传`,
            `Duplicate invoice number: ${NUMBER} has already been uploaded`,
          ),
        ),
      ).not.toHaveLength(0);
    });
  }

  it('uploads several batches in one call', async () => {
    await i18n.changeLanguage('en');
    await provider();
    const second = slot({ id: ID2, batchNo: 'CB1000000008', payableAmount: '10.00', version: 5 });
    let n = 0;
    const calls = api(
      slot(),
      () => reading(n++ === 0 ? {} : { invoiceNo: '26442000000012345679', amount: '10.00' }),
      undefined,
      {
        [`GET /saasapi/invoice/detail/${ID2}`]: () => second,
        'POST /saasapi/invoice/uploadBatch': () => ({ slots: [] }),
      },
    );
    const user = userEvent.setup();
    const { router } = renderUpload(`/invoice/upload/${ID}?ids=${ID2}`);
    expect(await screen.findByText('Upload the invoices of 2 batches')).toBeTruthy();
    const inputs = () => document.querySelectorAll('input[type=file]');
    await waitFor(() => expect(inputs()).toHaveLength(2));
    await user.upload(inputs()[0] as HTMLInputElement, pdf('a.pdf'));
    await screen.findByRole('checkbox', { name: /a\.pdf/ });
    await user.upload(inputs()[1] as HTMLInputElement, pdf('b.pdf'));
    await screen.findByRole('checkbox', { name: /b\.pdf/ });
    await waitFor(() =>
      expect(screen.getAllByLabelText('Invoice number').map((i) => (i as HTMLInputElement).value)).toEqual([
        NUMBER,
        '26442000000012345679',
      ]),
    );
    for (const box of screen.getAllByRole('checkbox', { name: /a\.pdf|b\.pdf/ })) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save the invoices of 2 batches' }));
    await waitFor(() => expect(calls.callsTo('/invoice/uploadBatch')).toHaveLength(1));
    expect(calls.callsTo('/invoice/uploadBatch')[0].body).toMatchObject({
      slots: [
        { id: ID, version: 2, invoices: [{ invoiceNo: NUMBER, amount: '205.50' }] },
        { id: ID2, version: 5, invoices: [{ invoiceNo: '26442000000012345679', amount: '10.00' }] },
      ],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
  });
});

describe('<InvoiceDetailPage>', () => {
  it('reads the invoices of a batch without any field to edit', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ userType: '01', permissions: ['invoice:invoice:view'], roles: ['AUDITOR'] });
    api(
      slot({
        status: '2',
        invoicedAmount: '205.50',
        uploadedAt: '2026-11-26T02:00:00.000Z',
        invoices: [
          {
            id: 'i1',
            invoiceNo: NUMBER,
            invoiceCode: null,
            amount: '205.50',
            currency: 'CNY',
            fileId: 'f1',
            uploadedAt: '2026-11-26T02:00:00.000Z',
            uploadedBy: 'hospital',
            recognition: { source: 'ocr', invoiceNo: NUMBER, amount: '205.00', corrected: true },
          },
        ],
      }),
    );
    renderRoutes([{ path: '/invoice/detail/:id', element: <InvoiceDetailPage /> }], `/invoice/detail/${ID}`);
    expect(await screen.findByText('Invoices of batch CB1000000007')).toBeTruthy();
    const row = screen.getByRole('row', { name: new RegExp(NUMBER) });
    expect(
      within(row).getByText(
        'Read from the picture (OCR), corrected by hand (read: 26442000000012345678, 205.00)',
      ),
    ).toBeTruthy();
    expect(document.querySelector('.ant-descriptions .ant-tag')?.textContent).toBe('Uploaded');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload invoices' })).toBeNull();
  });
});
