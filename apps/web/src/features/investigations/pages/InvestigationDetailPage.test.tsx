import type { TInvestigationDetail } from '@portal/domain/investigations/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InvestigationDetailPage } from './InvestigationDetailPage.tsx';

const ID = '7d7a1f3c-1e0b-4b7e-8a55-0c7c2b9d1e02';
const detail = (status = '01', uploadOpen = true): TInvestigationDetail => ({
  investigation: {
    id: ID,
    caseNo: 'CI1000000001',
    status,
    type: 'normal',
    providerId: 'P10001',
    providerCnName: '北京和睦家医院',
    providerEnName: 'Beijing United',
    batchId: 'b1',
    batchNo: 'CB1000000001',
    lineId: 'l1',
    rowNo: 2,
    memberId: 'M0001001',
    memberName: '张*',
    memberNameEn: 'Z**** ***',
    visitDate: '2026-11-24',
    icdCode: 'J06.9',
    itemCode: 'LAB-1',
    itemName: '血常规',
    amount: '85.00',
    currency: 'CNY',
    request: '门诊病历',
    openedOn: '2026-11-25',
    openedByName: '审核员王敏',
    openedByNameEn: 'Wang Min',
    lastUploadDay: '2026-12-09',
    closesAt: '2026-12-10 00:00:00',
    countdown: uploadOpen ? 3 : -4,
    uploadOpen,
    replyCount: 0,
    lastReplyTime: null,
    decisionRemark: '',
    decideTime: null,
    createTime: '2026-11-25 09:00:00',
    version: 4,
  },
  answers: [],
  flow: [],
  usedBytes: 0,
});
const REPLY = '/saasapi/claim/medical/reply';
const api = (d: TInvestigationDetail, reply: () => unknown = () => d.investigation) =>
  mockApi({ [`GET /saasapi/claim/medical/detail/${ID}`]: () => d, [`POST ${REPLY}`]: reply });
const render = () =>
  renderRoutes(
    [{ path: '/claim/medical/detail/:id', element: <InvestigationDetailPage /> }],
    `/claim/medical/detail/${ID}`,
  );
const hospital = () =>
  signInAs({ providerId: 'P10001', permissions: ['claim:medical:*'], roles: ['SMART_PORTAL'] });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<InvestigationDetailPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`asks for a file or a description, and for the posting date of tracking numbers, before calling (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await hospital();
      const calls = api(detail());
      render();
      const submit = await screen.findByRole('button', {
        name: lang === 'en' ? 'Submit the answer' : '提交回复',
      });
      await userEvent.click(submit);
      expect(
        await screen.findByText(
          lang === 'en'
            ? 'Upload a file or enter a description before submitting'
            : '请上传文件或填写说明后再提交',
        ),
      ).toBeTruthy();
      await userEvent.type(
        screen.getByLabelText(lang === 'en' ? 'Tracking numbers' : '快递单号'),
        'SF1；YT2',
      );
      await userEvent.click(submit);
      expect(
        await screen.findByText(
          lang === 'en'
            ? 'Separate tracking numbers with English semicolons (;)'
            : '多个快递单号请用英文分号（;）分隔',
        ),
      ).toBeTruthy();
      await userEvent.clear(screen.getByLabelText(lang === 'en' ? 'Tracking numbers' : '快递单号'));
      await userEvent.type(screen.getByLabelText(lang === 'en' ? 'Tracking numbers' : '快递单号'), 'SF1');
      await userEvent.click(submit);
      expect(
        await screen.findByText(
          lang === 'en' ? 'Enter the posting date of the tracking numbers' : '填写快递单号时须填写寄出日期',
        ),
      ).toBeTruthy();
      expect(calls.callsTo(REPLY)).toHaveLength(0);
    });
  }

  it('sends the answer with the version read and shows the server’s message when the case timed out', async () => {
    await i18n.changeLanguage('en');
    await hospital();
    const calls = api(detail(), () => failure(40980, '案件已超时终止', 'Case timed out and terminated', 409));
    render();
    await userEvent.type(await screen.findByLabelText('Description'), 'Outpatient record attached by post');
    await userEvent.click(screen.getByRole('button', { name: 'Submit the answer' }));
    await waitFor(() => expect(calls.callsTo(REPLY)).toHaveLength(1));
    expect(calls.callsTo(REPLY)[0].body).toMatchObject({
      id: ID,
      version: 4,
      description: 'Outpatient record attached by post',
      fileIds: [],
      trackingNumbers: '',
      postingDate: null,
    });
    expect(await screen.findByText('Case timed out and terminated')).toBeTruthy();
  });

  it('offers no answer once upload has closed, and says why', async () => {
    await i18n.changeLanguage('en');
    await hospital();
    api(detail('02', false));
    render();
    expect(await screen.findByText('Case timed out and terminated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit the answer' })).toBeNull();
  });
});
