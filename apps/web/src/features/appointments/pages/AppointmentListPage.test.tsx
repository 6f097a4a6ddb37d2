import type { TAppointment } from '@portal/domain/appointments/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { PORTAL_STORAGE_KEYS } from '../../../lib/storage.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AppointmentListPage } from './AppointmentListPage.tsx';

const ROW: TAppointment = {
  id: '0b3c8a52-6a8e-4a4e-9d1b-0d6a2a1f0b11',
  appointNo: 'AP1000000001',
  status: '01',
  providerId: 'P10001',
  providerCnName: '北京和睦家医院',
  providerEnName: 'Beijing United',
  memberId: 'M0001001',
  memberName: '张*',
  memberNameEn: 'Z**** ***',
  patientBirthday: '****-**-**',
  customerId: 'C0001',
  grpPlanCode: 'GP-DEMO-01',
  policyNo: 'POL-1',
  coverageCode: 'OP',
  currency: 'CNY',
  visitDate: '2026-11-26',
  visitTime: '',
  department: '内科',
  doctor: '',
  remark: '',
  haveRead: true,
  source: '02',
  diagnosis: '',
  billAmount: null,
  confirmRemark: '',
  confirmedAt: null,
  createTime: '2026-11-26 09:00:00',
  version: 0,
};
const LIST = '/saasapi/smartportal/appointmentBasic/getAppointmentBasicList';

function api() {
  return mockApi({
    [`POST ${LIST}`]: () => ({ records: [ROW], total: 1, current: 1, size: 10 }),
    'GET /saasapi/smartportal/config/getRelaProviderInfo': () => [
      { providerId: 'P10001', providerCnName: '北京和睦家医院', providerEnName: 'Beijing United' },
    ],
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.removeItem(PORTAL_STORAGE_KEYS.APPOINTMENT_SEARCH_STATUS);
  await i18n.changeLanguage('zh');
});

describe('<AppointmentListPage>', () => {
  it("asks for status ['01'] first and shows the member masked", async () => {
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
    const calls = api();
    renderAt(<AppointmentListPage />);
    expect(await screen.findByText('AP1000000001')).toBeTruthy();
    expect((calls.callsTo(LIST)[0].body as { model: { status: string[] } }).model.status).toEqual(['01']);
    expect(screen.getByText('张*')).toBeTruthy();
    expect(screen.queryByText('张伟')).toBeNull();
  });

  it('starts with the remembered status choice', async () => {
    localStorage.setItem(PORTAL_STORAGE_KEYS.APPOINTMENT_SEARCH_STATUS, JSON.stringify(['02', '05']));
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
    const calls = api();
    renderAt(<AppointmentListPage />);
    await screen.findByText('AP1000000001');
    expect((calls.callsTo(LIST)[0].body as { model: { status: string[] } }).model.status).toEqual([
      '02',
      '05',
    ]);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`offers the claim form only once records are selected (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
      const calls = api();
      renderAt(<AppointmentListPage />);
      await screen.findByText('AP1000000001');
      const button = screen.getByRole('button', {
        name: lang === 'en' ? 'Download direct-billing claim form' : '下载直付理赔申请表',
      });
      expect(button.hasAttribute('disabled')).toBe(true);
      await userEvent.click(screen.getAllByRole('checkbox')[1]);
      await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
      expect(calls.callsTo('/smartportal/download/downloadDBClaimForm')).toHaveLength(0);
    });
  }

  it('answers 403 without the view permission', async () => {
    await signInAs({ permissions: [], roles: [] });
    api();
    renderAt(<AppointmentListPage />);
    expect(await screen.findByText('您没有查看预约的权限。')).toBeTruthy();
  });
});
