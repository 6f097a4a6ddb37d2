import type { TAppointment } from '@portal/domain/appointments/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { AppointmentDetailPage } from './AppointmentDetailPage.tsx';

const ID = '0b3c8a52-6a8e-4a4e-9d1b-0d6a2a1f0b11';
const ROW: TAppointment = {
  id: ID,
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
  visitDate: '2099-11-26',
  visitTime: '09:30',
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
  version: 3,
};
const B = '/saasapi/smartportal';

function api(row: TAppointment, overrides: Record<string, () => unknown> = {}) {
  return mockApi({
    [`GET ${B}/appointmentBasic/detail/${ID}`]: () => row,
    [`GET ${B}/appointmentBasic/processDetail/${ID}`]: () => [
      {
        id: 'h1',
        action: 'register',
        fromStatus: '',
        toStatus: '01',
        operatorName: '李娜',
        operatorNameEn: 'Li Na',
        remark: '',
        createTime: '2026-11-26 09:00:00',
      },
    ],
    [`POST ${B}/appointDetail/getAppointmentClient`]: () => ({
      customerId: 'C0001',
      name: '华东示范科技有限公司',
      nameEn: 'East China Demo',
      grpPlanCode: 'GP-DEMO-01',
      planName: '员工及家属医疗计划',
      planNameEn: 'Family plan',
      policyNo: 'POL-1',
      validFrom: '2026-01-01',
      validTo: '2027-12-31',
    }),
    ...overrides,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<AppointmentDetailPage>', () => {
  it('offers confirm, change and cancel while to be treated, and the history', async () => {
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
    api(ROW);
    renderAt(<AppointmentDetailPage />, { path: `/appointment/detail?id=${ID}` });
    expect(await screen.findByText('AP1000000001')).toBeTruthy();
    for (const name of ['就诊确认', '修改预约', '取消预约'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '下载直付理赔申请表' })).toBeNull();
    expect(await screen.findByText('就诊登记')).toBeTruthy();
  });

  for (const [lang, value] of [
    ['zh', '张伟'],
    ['en', 'Zhang Wei'],
  ] as const) {
    it(`shows the member's name as the server masked it, and the value the logged reveal answers (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await signInAs({
        permissions: ['smartportal:appointment:*', 'personalData:reveal'],
        roles: ['SMART_PORTAL'],
      });
      const field = lang === 'en' ? 'memberNameEn' : 'memberName';
      const calls = api(ROW, {
        'POST /saasapi/authority/personalData/reveal': () => ({ logged: true, value }),
      });
      renderAt(<AppointmentDetailPage />, { path: `/appointment/detail?id=${ID}` });
      expect(await screen.findByText(lang === 'en' ? 'Z**** ***' : '张*')).toBeTruthy();
      expect(screen.queryByText(value)).toBeNull();
      await userEvent.click(screen.getAllByRole('button', { name: i18n.t('personalData.show') })[0]);
      expect(await screen.findByText(value)).toBeTruthy();
      expect(calls.callsTo('/authority/personalData/reveal')[0].body).toEqual({
        bizType: 'appointment',
        bizId: ID,
        field,
      });
    });
  }

  it('changes the appointment with the version read (saveAppointMentInfo)', async () => {
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
    const calls = api(ROW, {
      [`POST ${B}/appointmentBasic/saveAppointMentInfo`]: () => ({ ...ROW, version: 4 }),
    });
    renderAt(<AppointmentDetailPage />, { path: `/appointment/detail?id=${ID}` });
    await userEvent.click(await screen.findByRole('button', { name: '修改预约' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('科室'), { target: { value: '儿科' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.callsTo('/smartportal/appointmentBasic/saveAppointMentInfo')).toHaveLength(1),
    );
    expect(calls.callsTo('/smartportal/appointmentBasic/saveAppointMentInfo')[0].body).toMatchObject({
      id: ID,
      version: 3,
      memberId: 'M0001001',
      coverageCode: 'OP',
      visitDate: '2099-11-26',
      visitTime: '09:30',
      department: '儿科',
    });
  });

  it('shows the server refusal of a stale confirmation in English and keeps the dialog', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
    api(ROW, {
      [`POST ${B}/appointDetail/visitConfirmation`]: () =>
        failure(40900, '案件状态已变更', 'Case status changed', 409),
    });
    renderAt(<AppointmentDetailPage />, { path: `/appointment/detail?id=${ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm visit' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Diagnosis'), { target: { value: 'Flu' } });
    fireEvent.change(within(dialog).getByLabelText('Bill amount (CNY)'), { target: { value: '12.345' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('An amount with at most two decimals')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Bill amount (CNY)'), { target: { value: '12.34' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Case status changed')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers the claim form and the bill once confirmed', async () => {
    await signInAs({ permissions: ['smartportal:appointment:*'], roles: ['SMART_PORTAL'] });
    api({ ...ROW, status: '02', billAmount: '100.00', diagnosis: '感冒' });
    renderAt(<AppointmentDetailPage />, { path: `/appointment/detail?id=${ID}` });
    expect(await screen.findByRole('button', { name: '下载直付理赔申请表' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '更新就诊确认' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '就诊确认' })).toBeNull();
  });
});
