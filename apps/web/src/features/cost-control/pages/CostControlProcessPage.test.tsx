import type { TCostDetail } from '@portal/domain/cost-control/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { CostControlProcessPage } from './CostControlProcessPage.tsx';

const ID = '3e8d2a40-5c1b-4d2f-9a55-0c7c2b9d1e03';
const measure = (status: string): TCostDetail => ({
  measure: {
    id: ID,
    measureNo: 'CM1000000001',
    status,
    providerId: 'P10001',
    providerCnName: '北京和睦家医院',
    providerEnName: 'Beijing United',
    proportion: '12.50',
    basis: '门诊次均费用偏高',
    validFrom: '2026-11-01',
    validTo: '2026-12-31',
    round: 2,
    reason: '',
    autoConfirmed: false,
    proposeTime: '2026-11-25 09:00:00',
    answerTime: null,
    createTime: '2026-11-20 09:00:00',
    version: 2,
  },
  flow: [],
});
const routes = [
  { path: '/claim/control/create/:controlManageProportionId', element: <CostControlProcessPage /> },
  { path: '/claim/control/empty/:controlManageProportionId', element: <p>empty page</p> },
];
const PROPOSE = '/saasapi/claim/controlAudit/propose';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<CostControlProcessPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`offers an operator a new proposal under an unknown id and refuses a proportion that is not a number (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await signInAs({ permissions: ['claim:controlAudit:*'], roles: ['AUDITOR'] });
      const calls = mockApi({
        [`GET /saasapi/claim/controlAudit/detail/${ID}`]: () =>
          failure(
            40490,
            '费用管控措施不存在，或无权查看',
            'The cost-control measure does not exist or is not yours to see',
            404,
          ),
        'POST /saasapi/claim/controlAudit/providers': () => [],
      });
      renderRoutes(routes, `/claim/control/create/${ID}`);
      await userEvent.type(
        await screen.findByLabelText(lang === 'en' ? 'Deduction proportion' : '扣减比例'),
        'abc',
      );
      await userEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Propose' : /^提\s*交$/ }));
      expect(
        await screen.findByText(lang === 'en' ? 'The proportion must be a number' : '比例必须是数字'),
      ).toBeTruthy();
      expect(calls.callsTo(PROPOSE)).toHaveLength(0);
    });
  }

  it('sends the provider to the empty page when the measure awaits nothing from it', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ providerId: 'P10001', permissions: ['claim:control:*'], roles: ['SMART_PORTAL'] });
    mockApi({ [`GET /saasapi/claim/control/detail/${ID}`]: () => measure('02') });
    const { router } = renderRoutes(routes, `/claim/control/create/${ID}`);
    expect(await screen.findByText('empty page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/claim/control/empty/${ID}`);
  });

  it('lets the provider disagree only with a reason, sending the version read', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ providerId: 'P10001', permissions: ['claim:control:*'], roles: ['SMART_PORTAL'] });
    const calls = mockApi({
      [`GET /saasapi/claim/control/detail/${ID}`]: () => measure('01'),
      'POST /saasapi/claim/control/disagree': () => ({ ...measure('03').measure, version: 3 }),
    });
    renderRoutes(
      [...routes, { path: '/claim/control/detail/:controlManageProportionId', element: <p>detail page</p> }],
      `/claim/control/create/${ID}`,
    );
    expect(await screen.findByText('12.50%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disagree' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the reason')).toBeTruthy();
    expect(calls.callsTo('/saasapi/claim/control/disagree')).toHaveLength(0);
    await userEvent.type(
      dialog.querySelector('textarea') as HTMLTextAreaElement,
      'Too high for our case mix',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.callsTo('/saasapi/claim/control/disagree')).toHaveLength(1));
    expect(calls.callsTo('/saasapi/claim/control/disagree')[0].body).toEqual({
      id: ID,
      version: 2,
      reason: 'Too high for our case mix',
    });
    expect(await screen.findByText('detail page')).toBeTruthy();
  });
});
