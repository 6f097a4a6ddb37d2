import type { TClaimDetail } from '@portal/domain/claims/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { ClaimUploadPage } from './ClaimUploadPage.tsx';

const ID = '5f0c6a1e-2b1d-4f7e-9a55-0c7c2b9d1e01';
const file = (id: string, originalName: string) => ({ id, originalName, size: 1024 });
const detail = (status: string, images = [file('img-1', 'a.pdf')]): TClaimDetail => ({
  batch: {
    id: ID,
    batchNo: 'CB1000000001',
    status,
    providerId: 'P10001',
    providerCnName: '北京和睦家医院',
    providerEnName: 'Beijing United',
    statementName: 's.xlsx',
    lineCount: 1,
    totals: [{ currency: 'CNY', claimed: '85.00', payable: '0.00' }],
    remark: '',
    decisionRemark: '',
    submitTime: '2026-11-25 09:00:00',
    decideTime: null,
    version: 3,
  },
  lines: [],
  statement: file('stmt-1', 's.xlsx'),
  images,
  flow: [],
  claimAdmin: false,
});
const SUBMIT = '/saasapi/claim/batch/submit';

function api(d: TClaimDetail) {
  return mockApi({
    [`GET /saasapi/claim/batch/detail/${ID}`]: () => d,
    [`POST ${SUBMIT}`]: () => d.batch,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

const signIn = () =>
  signInAs({ providerId: 'P10001', permissions: ['claim:batch:*'], roles: ['SMART_PORTAL'] });

describe('<ClaimUploadPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`asks for the statement and the PDFs before calling the server (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await signIn();
      const calls = api(detail('01'));
      renderAt(<ClaimUploadPage />);
      await userEvent.click(
        await screen.findByRole('button', { name: lang === 'en' ? 'Submit for audit' : '提交审核' }),
      );
      expect(
        await screen.findByText(
          lang === 'en' ? 'Please upload claim image PDF or statement' : '请上传理赔影像 PDF 或对账单',
        ),
      ).toBeTruthy();
      expect(calls.callsTo(SUBMIT)).toHaveLength(0);
    });
  }

  it('resubmits a withdrawn batch with its id, version and files', async () => {
    await i18n.changeLanguage('en');
    await signIn();
    const calls = api(detail('04'));
    renderAt(<ClaimUploadPage />, { path: `/?id=${ID}` });
    expect(await screen.findByText('Change claim batch CB1000000001')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for audit' }));
    await waitFor(() => expect(calls.callsTo(SUBMIT)).toHaveLength(1));
    expect(calls.callsTo(SUBMIT)[0].body).toMatchObject({
      id: ID,
      version: 3,
      statementFileId: 'stmt-1',
      imageFileIds: ['img-1'],
    });
  });

  it('refuses two images of the same name', async () => {
    await i18n.changeLanguage('en');
    await signIn();
    const calls = api(detail('01', [file('img-1', 'scan.pdf'), file('img-2', 'SCAN.pdf')]));
    renderAt(<ClaimUploadPage />, { path: `/?id=${ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit for audit' }));
    expect(await screen.findByText('Duplicate file names: scan.pdf, SCAN.pdf')).toBeTruthy();
    expect(calls.callsTo(SUBMIT)).toHaveLength(0);
  });

  it('does not offer to change a decided batch', async () => {
    await i18n.changeLanguage('en');
    await signIn();
    api(detail('02'));
    renderAt(<ClaimUploadPage />, { path: `/?id=${ID}` });
    expect(
      await screen.findByText('Only a batch pending for audit or withdrawn can be changed'),
    ).toBeTruthy();
  });
});
