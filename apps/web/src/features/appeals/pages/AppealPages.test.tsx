import type { TAppealDetail } from '@portal/domain/appeals/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AppealAuditPage } from './AppealPages.tsx';

const ID = '5b0c2a8e-8f5e-4a51-9f3d-2d7b8f0c6a11';
const detail = (status = '01'): TAppealDetail => ({
  appeal: {
    id: ID,
    appealNo: 'CA1000000001',
    status,
    providerId: 'P10001',
    providerCnName: '北京和睦家医院',
    providerEnName: 'Beijing United',
    batchId: 'b1',
    batchNo: 'CB1000000001',
    lineId: 'l1',
    rowNo: 3,
    lineStatus: '02',
    memberId: 'M0001001',
    memberName: '张*',
    memberNameEn: 'Z**** ***',
    visitDate: '2026-11-24',
    itemCode: 'LAB-1',
    itemName: '血常规',
    currency: 'CNY',
    claimedAmount: '80.00',
    decidedAmount: null,
    amount: '80.00',
    approvedAmount: null,
    reason: '已补充出院小结',
    submitCount: 1,
    submittedByName: '李娜',
    submittedByNameEn: 'Li Na',
    submitTime: '2026-11-26 09:00:00',
    decisionRemark: '',
    decideTime: null,
    createTime: '2026-11-26 09:00:00',
    version: 3,
  },
  files: [],
  flow: [],
  usedBytes: 0,
});
const AUDIT = `/saasapi/claim/appealAudit/audit/${ID}`;
const api = (d: TAppealDetail, audit: () => unknown = () => d.appeal) =>
  mockApi({ [`GET /saasapi/claim/appealAudit/detail/${ID}`]: () => d, [`POST ${AUDIT}`]: audit });
const render = () =>
  renderRoutes(
    [{ path: '/claim/appeal/audit/:id', element: <AppealAuditPage /> }],
    `/claim/appeal/audit/${ID}`,
  );
const auditor = () => signInAs({ permissions: ['claim:appealAudit:*'], roles: ['AUDITOR'] });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<AppealAuditPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`asks for the reason of a Return before calling, and no more than the amount appealed (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await auditor();
      const calls = api(detail());
      render();
      await userEvent.click(await screen.findByRole('radio', { name: lang === 'en' ? 'Return' : '退回' }));
      await userEvent.click(
        screen.getByRole('button', { name: lang === 'en' ? 'Return the appeal' : '退回申诉' }),
      );
      expect(
        await screen.findByText(
          lang === 'en' ? 'Enter the reason for Return or Reject' : '退回或拒绝须填写原因',
        ),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('radio', { name: lang === 'en' ? 'Approve' : '批准' }));
      const amount = screen.getByLabelText(lang === 'en' ? 'Amount approved (CNY)' : '批准金额（CNY）');
      await userEvent.clear(amount);
      await userEvent.type(amount, '80.01');
      await userEvent.click(
        screen.getByRole('button', { name: lang === 'en' ? 'Approve the appeal' : '批准申诉' }),
      );
      expect(await screen.findByText(lang === 'en' ? 'At most 80.00' : '最多 80.00')).toBeTruthy();
      expect(calls.callsTo(AUDIT)).toHaveLength(0);
    });
  }

  it('approves with the version read and shows the server’s Case status changed', async () => {
    await i18n.changeLanguage('en');
    await auditor();
    const calls = api(detail(), () => failure(40900, '案件状态已变更', 'Case status changed', 409));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve the appeal' }));
    await waitFor(() => expect(calls.callsTo(AUDIT)).toHaveLength(1));
    expect(calls.callsTo(AUDIT)[0].body).toMatchObject({
      version: 3,
      result: 'approve',
      approvedAmount: '80.00',
    });
    expect(await screen.findByText('Case status changed')).toBeTruthy();
  });

  it('offers no decision on an appeal that is no longer processing', async () => {
    await i18n.changeLanguage('en');
    await auditor();
    api(detail('04'));
    render();
    expect(await screen.findByText('Nothing to do on this appeal in its current status.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve the appeal' })).toBeNull();
  });
});
