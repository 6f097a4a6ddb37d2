import type { TPayable } from '@portal/domain/accounting/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { PayBatchBuildPage } from './PayBatchBuildPage.tsx';

const L1 = '5f0c6a1e-2b1d-4f7e-9a55-0c7c2b9d1e01';
const L2 = '5f0c6a1e-2b1d-4f7e-9a55-0c7c2b9d1e02';
const line = (lineId: string, currency: string, outstanding: string, rowNo: number) => ({
  lineId,
  claimBatchId: 'b-1',
  claimBatchNo: 'CB1000000001',
  rowNo,
  memberId: 'M0001001',
  memberName: '张*',
  memberNameEn: 'Z*',
  visitDate: '2026-11-20',
  itemName: '检查',
  currency,
  claimedAmount: outstanding,
  payableAmount: outstanding,
  paidAmount: '0.00',
  heldAmount: '0.00',
  outstanding,
  handleTime: '2026-11-21 10:00:00',
});
const PAYABLE: TPayable = {
  providerId: 'P10001',
  providerCnName: '北京和睦家医院',
  providerEnName: 'Beijing United',
  accountCurrency: 'CNY',
  records: [line(L1, 'CNY', '85.00', 2), line(L2, 'HKD', '1000.00', 3)],
  current: 1,
  size: 20,
  total: 2,
  outstanding: [
    { currency: 'CNY', count: 1, amount: '85.00' },
    { currency: 'HKD', count: 1, amount: '1000.00' },
  ],
  awaitingInvoice: [{ currency: 'CNY', amount: '10.00' }],
};
const SAVE = '/saasapi/claim/acc/payBill/save';
const PAYABLE_URL = '/saasapi/claim/acc/payable';

function api(payable: (url: URL) => TPayable = () => PAYABLE) {
  return mockApi({
    'GET /saasapi/claim/acc/getByType': (c) =>
      c.url.searchParams.get('type') === 'provider'
        ? [{ code: 'P10001', label: '北京和睦家医院', labelEn: 'Beijing United' }]
        : [
            { code: 'CNY', label: '人民币', labelEn: 'Chinese Yuan (CNY)' },
            { code: 'HKD', label: '港币', labelEn: 'Hong Kong Dollar (HKD)' },
          ],
    [`GET ${PAYABLE_URL}`]: (c) => payable(c.url),
    [`POST ${SAVE}`]: () => ({ batch: { payBatchNo: 'PB202611000001' }, items: [], flow: [] }),
  });
}

/** 45 CNY claims of 10.00 each, served a page at a time as the server would. */
const many = (total: number) => (url: URL) => {
  const current = Number(url.searchParams.get('current'));
  const size = Number(url.searchParams.get('size'));
  const rows = Array.from({ length: Math.max(0, Math.min(size, total - (current - 1) * size)) }, (_, i) => {
    const n = (current - 1) * size + i + 1;
    return line(`5f0c6a1e-2b1d-4f7e-9a55-${String(n).padStart(12, '0')}`, 'CNY', '10.00', n);
  });
  return {
    ...PAYABLE,
    records: rows,
    current,
    size,
    total,
    outstanding: [{ currency: 'CNY', count: total, amount: `${total * 10}.00` }],
    awaitingInvoice: [],
  };
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<PayBatchBuildPage>', () => {
  it('asks for the rate of the other currency, totals line by line and sends "all matching" as the filter', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<PayBatchBuildPage />, { path: '/?providerId=P10001' });
    expect(
      await screen.findByText('Approved but still waiting for invoices (not payable yet): CNY 10.00'),
    ).toBeTruthy();
    const rate = await screen.findByRole('textbox', { name: 'Rate from HKD to CNY' });
    const build = screen.getByRole('button', { name: 'Build payment batch' });
    expect((build as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(rate, '0.912345');
    // 85.00 + 912.345 rounded half up to 912.35.
    expect(await screen.findByText('CNY 997.35')).toBeTruthy();
    const hkd = screen.getByRole('textbox', { name: 'Amount to pay of claim batch CB1000000001 row 3' });
    await userEvent.clear(hkd);
    await userEvent.type(hkd, '1000.01');
    expect(await screen.findByText('At most HKD 1,000.00')).toBeTruthy();
    expect((build as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(hkd);
    await userEvent.type(hkd, '500');
    // A partial payment: 500.00 HKD is 456.1725, paid 456.17.
    expect(await screen.findByText('CNY 541.17')).toBeTruthy();
    await userEvent.click(build);
    expect(
      await screen.findByText('2 claims, total CNY 541.17. The batch waits for confirmation of the payment.'),
    ).toBeTruthy();
    expect(calls.callsTo(SAVE)).toHaveLength(0);
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Build payment batch' }).at(-1) as HTMLElement,
    );
    await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
    expect(calls.callsTo(SAVE)[0].body).toEqual({
      providerId: 'P10001',
      invoiceCurrency: 'CNY',
      items: [{ lineId: L2, amount: '500' }],
      matching: {
        excludeLineIds: [],
        expected: {
          count: 2,
          amounts: [
            { currency: 'CNY', amount: '85.00' },
            { currency: 'HKD', amount: '500.00' },
          ],
        },
      },
      rates: [{ currency: 'HKD', rate: '0.912345' }],
      remark: '',
    });
  });

  it('pays only the claims chosen, converted line by line (zh)', async () => {
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<PayBatchBuildPage />, { path: '/?providerId=P10001' });
    await userEvent.click(await screen.findByRole('button', { name: '全部不选' }));
    expect(await screen.findByText('已选择 0 笔理赔（符合条件 2 笔）')).toBeTruthy();
    await userEvent.click(await screen.findByRole('checkbox', { name: '选择理赔批次 CB1000000001 第 2 行' }));
    expect(screen.queryByRole('textbox', { name: 'HKD 兑 CNY 的汇率' })).toBeNull();
    expect(await screen.findByText('CNY 85.00', { selector: 'strong' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '生成付款批次' }));
    await screen.findByText('共 1 笔理赔，合计 CNY 85.00。生成后待确认付款。');
    await userEvent.click(screen.getAllByRole('button', { name: '生成付款批次' }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
    expect(calls.callsTo(SAVE)[0].body).toMatchObject({
      items: [{ lineId: L1, amount: '85.00' }],
      rates: [],
    });
  });

  it('pages on the server and leaves a claim of page 2 out of "all matching"', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = api(many(45));
    renderAt(<PayBatchBuildPage />, { path: '/?providerId=P10001' });
    expect(await screen.findByText('All 45 of the 45 matching claims chosen')).toBeTruthy();
    expect(calls.callsTo(PAYABLE_URL).at(-1)?.url.searchParams.get('size')).toBe('20');
    expect(await screen.findByText('CNY 450.00', { selector: 'strong' })).toBeTruthy();
    // Page 2 comes from the server; a claim on it is left out.
    await userEvent.click(screen.getByTitle('2'));
    const row25 = await screen.findByRole('checkbox', { name: 'Choose claim batch CB1000000001 row 25' });
    expect(calls.callsTo(PAYABLE_URL).at(-1)?.url.searchParams.get('current')).toBe('2');
    await userEvent.click(row25);
    expect(await screen.findByText('All 44 of the 45 matching claims chosen')).toBeTruthy();
    expect(await screen.findByText('CNY 440.00', { selector: 'strong' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Build payment batch' }));
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Build payment batch' })).at(-1) as HTMLElement,
    );
    await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
    expect(calls.callsTo(SAVE)[0].body).toMatchObject({
      items: [],
      matching: {
        excludeLineIds: ['5f0c6a1e-2b1d-4f7e-9a55-000000000025'],
        expected: { count: 44, amounts: [{ currency: 'CNY', amount: '440.00' }] },
      },
    });
  });

  it('sends the filter to the server and warns when more claims match than one batch pays', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    const calls = api(many(2500));
    renderAt(<PayBatchBuildPage />, { path: '/?providerId=P10001' });
    expect(
      await screen.findByText(
        '2500 claims chosen; one payment batch pays at most 2000. Narrow the filter (claim currency, claim batch) or leave some out.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Build payment batch' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const batchNo = screen.getByRole('searchbox', { name: 'Claim batch' });
    await userEvent.type(batchNo, 'CB1000{Enter}');
    await waitFor(() =>
      expect(calls.callsTo(PAYABLE_URL).at(-1)?.url.searchParams.get('claimBatchNo')).toBe('CB1000'),
    );
    expect(calls.callsTo(PAYABLE_URL).at(-1)?.url.searchParams.get('current')).toBe('1');
  });

  it('estimates the total per currency when matching claims are on other pages', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['claim:acc:*'], roles: ['AUDITOR'] });
    api(() => ({
      ...PAYABLE,
      size: 10,
      total: 12,
      outstanding: [
        { currency: 'CNY', count: 1, amount: '85.00' },
        { currency: 'HKD', count: 11, amount: '1000.01' },
      ],
    }));
    renderAt(<PayBatchBuildPage />, { path: '/?providerId=P10001' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Rate from HKD to CNY' }), '0.912345');
    // 85.00 + 1000.01 x 0.912345 (912.354...) = 997.35, shown as an estimate.
    expect(await screen.findByText('CNY 997.35', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('≈')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Build payment batch' }));
    expect(
      await screen.findByText(
        '12 claims, total about CNY 997.35 (each line is converted and rounded when built). The batch waits for confirmation of the payment.',
      ),
    ).toBeTruthy();
  });
});
