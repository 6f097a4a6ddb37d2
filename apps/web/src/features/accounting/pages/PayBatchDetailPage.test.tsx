import type { TPayDetail } from '@portal/domain/accounting/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { PayBatchDetailPage } from './PayBatchDetailPage.tsx';

const I1 = '5f0c6a1e-2b1d-4f7e-9a55-0c7c2b9d1e11';
const I2 = '5f0c6a1e-2b1d-4f7e-9a55-0c7c2b9d1e12';
const item = (id: string, rowNo: number, status: string) => ({
  id,
  lineId: `${id.slice(0, -2)}99`,
  claimBatchId: 'b-1',
  claimBatchNo: 'CB1000000001',
  rowNo,
  memberId: 'M0001001',
  memberName: '张*',
  memberNameEn: 'Z*',
  visitDate: '2026-11-20',
  coverageCode: 'OP',
  itemName: '检查',
  claimedAmount: '1000.00',
  payableAmount: '1000.00',
  claimCurrency: 'HKD',
  claimAmount: '1000.00',
  rate: '0.912345',
  amount: '912.35',
  status,
  disputeReasonCode: '',
  disputeReason: '',
  disputeTime: null,
  resolution: '',
  resolutionAmount: null,
  resolutionReply: '',
  resolveTime: null,
  reconcileTime: null,
});
const detail = (payStatus: string): TPayDetail => ({
  batch: {
    id: 'pb-1',
    payBatchNo: 'PB202611000001',
    providerId: 'P10001',
    providerCnName: '北京和睦家医院',
    providerEnName: 'Beijing United',
    invoiceCurrency: 'CNY',
    rates: [{ currency: 'HKD', rate: '0.912345' }],
    payStatus,
    reconcileStatus: '1',
    itemCount: 2,
    totalAmount: '1824.70',
    reconciledAmount: '0.00',
    openDisputes: 0,
    paidDate: payStatus === '2' ? '2026-11-25' : null,
    bankReference: payStatus === '2' ? 'TRX-1' : '',
    remark: '',
    builtByName: '审核员王敏',
    builtByNameEn: 'Wang Min',
    buildTime: '2026-11-25 09:00:00',
    confirmedByName: '',
    confirmedByNameEn: '',
    confirmTime: null,
    version: 4,
  },
  items: [item(I1, 2, '1'), item(I2, 3, '1')],
  flow: [],
});
const DISPUTE = '/saasapi/claim/acc/reconciliation/dispute';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<PayBatchDetailPage>', () => {
  it('lets the provider dispute a line with a reason, sending the version read (en)', async () => {
    await i18n.changeLanguage('en');
    await signInAs({
      providerId: 'P10001',
      userType: '02',
      permissions: ['claim:acc:view', 'claim:acc:reconcile'],
      roles: ['SMART_PORTAL'],
    });
    const calls = mockApi({
      'GET /saasapi/claim/acc/reconciliation': () => detail('2'),
      [`POST ${DISPUTE}`]: () => detail('2'),
    });
    renderAt(<PayBatchDetailPage />, { path: '/?payBatchNo=PB202611000001' });
    expect(await screen.findByText('1 HKD = 0.912345 CNY')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconcile all open lines (2)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Dispute' })[1]);
    expect(await screen.findByText('Dispute claim batch CB1000000001, row 3')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Dispute' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    expect(calls.callsTo(DISPUTE)).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByText('Amount received differs'));
    await userEvent.type(screen.getByRole('textbox', { name: 'What differs' }), 'Received CNY 899.85');
    await userEvent.click(screen.getAllByRole('button', { name: 'Dispute' }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls.callsTo(DISPUTE)).toHaveLength(1));
    expect(calls.callsTo(DISPUTE)[0].body).toEqual({
      payBatchNo: 'PB202611000001',
      version: 4,
      itemId: I2,
      reasonCode: 'D01',
      reason: 'Received CNY 899.85',
    });
  });

  it('offers the operator confirmation and cancellation of a batch to be confirmed, not reconciliation (zh)', async () => {
    await signInAs({
      permissions: ['claim:acc:view', 'claim:acc:build', 'claim:acc:confirm', 'claim:acc:resolve'],
      roles: ['AUDITOR'],
    });
    mockApi({ 'GET /saasapi/claim/acc/reconciliation': () => detail('1') });
    renderAt(<PayBatchDetailPage />, { path: '/?payBatchNo=PB202611000001' });
    expect(await screen.findByRole('button', { name: '确认付款' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '作废批次' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确认全部待对账明细/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '提出争议' })).toBeNull();
    expect(screen.getByText('CNY 1,824.70')).toBeTruthy();
  });
});
