import type { TPayBatch } from '@portal/domain/accounting/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ClaimAccPage } from './ClaimAccPage.tsx';

const BATCH: TPayBatch = {
  id: 'pb-1',
  payBatchNo: 'PB202611000001',
  providerId: 'P10001',
  providerCnName: '北京和睦家医院',
  providerEnName: 'Beijing United',
  invoiceCurrency: 'CNY',
  rates: [],
  payStatus: '2',
  reconcileStatus: '1',
  itemCount: 3,
  totalAmount: '1421.96',
  reconciledAmount: '0.00',
  openDisputes: 1,
  paidDate: '2026-11-25',
  bankReference: 'TRX-1',
  remark: '',
  builtByName: '审核员王敏',
  builtByNameEn: 'Wang Min',
  buildTime: '2026-11-25 09:00:00',
  confirmedByName: '审核员王敏',
  confirmedByNameEn: 'Wang Min',
  confirmTime: '2026-11-25 10:00:00',
  version: 2,
};

function api() {
  return mockApi({
    'POST /saasapi/claim/buryLog': () => null,
    'GET /saasapi/claim/acc/getByType': () => [],
    'POST /saasapi/claim/acc/payBill': () => ({ records: [BATCH], total: 1, current: 1, size: 10 }),
    'POST /saasapi/claim/acc/handMonth/bill': () => ({
      records: [
        {
          handMonth: '2026-11',
          providerId: 'P10001',
          providerCnName: '北京和睦家医院',
          providerEnName: 'Beijing United',
          invoiceCurrency: 'HKD',
          claimCount: 2,
          payable: '1347.03',
          paid: '1333.33',
          outstanding: '13.70',
        },
      ],
      total: 1,
      current: 1,
      size: 10,
      sums: [
        { invoiceCurrency: 'HKD', claimCount: 2, payable: '1347.03', paid: '1333.33', outstanding: '13.70' },
      ],
    }),
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<ClaimAccPage>', () => {
  it('logs the opening of the claim finance menu and lists the provider its payments (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({
      providerId: 'P10001',
      userType: '02',
      permissions: ['claim:acc:view', 'claim:acc:reconcile'],
      roles: ['SMART_PORTAL'],
    });
    const calls = api();
    renderAt(<ClaimAccPage />);
    expect(await screen.findByRole('link', { name: 'PB202611000001' })).toBeTruthy();
    expect(screen.getByText('CNY 1,421.96')).toBeTruthy();
    expect(screen.getByText('Disputes: 1')).toBeTruthy();
    // Provider staff pick neither a provider nor the operator's payment status, and build nothing.
    expect(screen.queryByText('Payment status')).toBeNull();
    expect(screen.queryByRole('button', { name: /New payment batch/ })).toBeNull();
    await waitFor(() => expect(calls.callsTo('/claim/buryLog')).toHaveLength(1));
    expect(calls.callsTo('/claim/buryLog')[0].body).toEqual({ menuPath: '/claim/acc' });
  });

  it('shows the operator the monthly bills by handling month with their sums (zh)', async () => {
    await signInAs({ permissions: ['claim:acc:view', 'claim:acc:build'], roles: ['AUDITOR'] });
    api();
    renderAt(<ClaimAccPage />);
    expect(await screen.findByRole('button', { name: /生成付款批次/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: '经办月度账单' }));
    expect(await screen.findAllByText('HKD 13.70')).toHaveLength(2);
    expect(screen.getByText('合计')).toBeTruthy();
  });
});
