import type { TInvoicePage, TInvoiceSlot } from '@portal/domain/invoices/calls';
import type { TInvoiceTitle } from '@portal/domain/invoices/title';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InvoiceManagementPage } from './InvoiceManagementPage.tsx';

const uuid = (n: number) => `1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4b${String(n).padStart(2, '0')}`;
const TAX_NO = '91310115MA1K3D7P2X';

const slot = (n: number, extra: Partial<TInvoiceSlot> = {}): TInvoiceSlot => ({
  id: uuid(n),
  version: 1,
  batchId: `b${n}`,
  batchNo: `CB10000000${n}`,
  providerId: 'P10001',
  providerCnName: '和睦家医院',
  providerEnName: 'United Family Hospital',
  currency: 'CNY',
  payableAmount: '205.50',
  invoicedAmount: '0.00',
  status: '1',
  title: { name: '示例', nameEn: 'Demo', taxNo: TAX_NO, source: 'tenant' },
  approvedAt: '2026-11-25T01:00:00.000Z',
  uploadedAt: null,
  ...extra,
});

const PAGE = '/saasapi/invoice/page';

function api(title: TInvoiceTitle | null = null) {
  return mockApi({
    [`POST ${PAGE}`]: (call): TInvoicePage => {
      const tab = (call.body as { model: { tab: string } }).model.tab;
      const records =
        tab === '2'
          ? [slot(9, { status: '2', invoicedAmount: '205.50', uploadedAt: '2026-11-26T01:00:00.000Z' })]
          : [slot(11), slot(12), slot(13, { title: null })];
      return { records, total: records.length, current: 1, size: 10, counts: { '1': 3, '2': 1 } };
    },
    'GET /saasapi/invoice/title': () => title,
    'POST /saasapi/invoice/title/generate': () => ({ generated: 1 }),
    'PUT /saasapi/invoice/title': () => title,
  });
}

function renderPage(path = '/invoice/index') {
  return renderRoutes(
    [
      { path: '/invoice/index', element: <InvoiceManagementPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

const provider = () =>
  signInAs({
    userType: '02',
    providerId: 'P10001',
    permissions: ['invoice:invoice:*'],
    roles: ['SMART_PORTAL'],
  });
const operator = () =>
  signInAs({
    userType: '01',
    permissions: ['invoice:invoice:view', 'invoice:title:edit'],
    roles: ['AUDITOR'],
  });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<InvoiceManagementPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`shows the two tabs with their counts and pages the uploaded one (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await provider();
      const calls = api();
      const { router } = renderPage();
      const toUpload = lang === 'en' ? 'To be uploaded (3)' : '待上传 (3)';
      const uploaded = lang === 'en' ? 'Uploaded (1)' : '已上传 (1)';
      expect(await screen.findByRole('tab', { name: toUpload })).toBeTruthy();
      expect(await screen.findByText('CB1000000011')).toBeTruthy();
      expect(screen.getByText(lang === 'en' ? 'Not yet generated' : '尚未生成')).toBeTruthy();
      await userEvent.click(screen.getByRole('tab', { name: uploaded }));
      expect(await screen.findByText('CB100000009')).toBeTruthy();
      expect(router.state.location.search).toBe('?tab=2');
      expect(calls.callsTo(PAGE).at(-1)?.body).toMatchObject({ current: 1, model: { tab: '2' } });
    });
  }

  it('lets provider staff pick several batches with a title for one batch upload', async () => {
    await i18n.changeLanguage('en');
    await provider();
    api();
    const { router } = renderPage();
    await screen.findByText('CB1000000011');
    expect(
      (screen.getByRole('checkbox', { name: 'Select batch CB1000000013' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Batch upload (0)' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select batch CB1000000011' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select batch CB1000000012' }));
    await userEvent.click(screen.getByRole('button', { name: 'Batch upload (2)' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/invoice/upload/${uuid(11)}?ids=${uuid(12)}`,
      ),
    );
    expect(screen.queryByText('Invoice title')).toBeNull();
  });

  it('sends the filter with the tab', async () => {
    await i18n.changeLanguage('en');
    await provider();
    const calls = api();
    renderPage();
    await screen.findByText('CB1000000011');
    await userEvent.type(screen.getByLabelText('Claim batch'), 'CB10');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only batches without an invoice title' }));
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(calls.callsTo(PAGE).at(-1)?.body).toMatchObject({
        current: 1,
        model: { tab: '1', batchNo: 'CB10', titleMissing: true },
      }),
    );
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`operators see every provider, set the taxpayer number and generate missing titles (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await operator();
      const calls = api({ name: '示例医疗救援', nameEn: 'Demo Medical', taxNo: TAX_NO, missing: 1 });
      renderPage();
      expect(await screen.findByText(TAX_NO)).toBeTruthy();
      expect(
        await screen.findAllByText(lang === 'en' ? 'United Family Hospital (P10001)' : '和睦家医院 (P10001)'),
      ).toHaveLength(3);
      expect(screen.queryByRole('button', { name: /Batch upload|批量上传/ })).toBeNull();

      await userEvent.click(
        screen.getByRole('button', { name: lang === 'en' ? 'Set the taxpayer number' : '设置纳税人识别号' }),
      );
      const field = await screen.findByLabelText(lang === 'en' ? 'Taxpayer number' : '纳税人识别号', {
        selector: 'input',
      });
      await userEvent.clear(field);
      await userEvent.type(field, '91310115MA1K3D7P2Y');
      await userEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Save' : /保\s*存/ }));
      expect(
        await screen.findByText(
          lang === 'en'
            ? 'The taxpayer number must be an 18-character unified social credit code with a valid check character'
            : '纳税人识别号须为 18 位统一社会信用代码，且校验位正确',
        ),
      ).toBeTruthy();
      expect(calls.callsTo('/invoice/title').filter((c) => c.method === 'PUT')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Cancel' : /取\s*消/ }));

      await userEvent.click(
        screen.getByRole('button', { name: lang === 'en' ? 'Generate titles' : '生成抬头' }),
      );
      const dialog = await waitFor(() => {
        const found = screen
          .getAllByRole('dialog')
          .find(
            (d) =>
              within(d).queryAllByText(lang === 'en' ? 'Generate the invoice title?' : '生成发票抬头？')
                .length > 0,
          );
        if (!found) throw new Error('no confirmation yet');
        return found;
      });
      await userEvent.click(
        within(dialog).getByRole('button', { name: lang === 'en' ? 'Generate titles' : '生成抬头' }),
      );
      await waitFor(() => expect(calls.callsTo('/invoice/title/generate')).toHaveLength(1));
    });
  }
});
