import { chinaDay } from '@portal/domain/format/format';
import type { TPreauthCase } from '@portal/domain/preauth/rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { PreauthFormPage } from './PreauthFormPage.tsx';

const ID = '0b3c8a52-6a8e-4a4e-9d1b-0d6a2a1f0b11';
const CASE: TPreauthCase = {
  id: ID,
  caseNo: 'PA1000000001',
  status: '01',
  reopened: false,
  providerId: 'P10001',
  providerCnName: '北京和睦家医院',
  providerEnName: 'Beijing United',
  memberId: 'M0001001',
  memberName: '张伟',
  memberNameEn: 'Zhang Wei',
  patientBirthday: '1985-03-12',
  customerId: 'C0001',
  grpPlanCode: 'GP-DEMO-01',
  policyNo: 'POL-1',
  coverageCode: 'IP',
  currency: 'CNY',
  visitType: '02',
  visitDate: chinaDay(),
  lengthOfStay: 3,
  department: '骨科',
  doctor: '',
  estimatedCost: '12000.50',
  icdCodes: ['S72.0'],
  caseHandler: '01',
  remark: '',
  applyDate: null,
  approvedAmount: null,
  validUntil: null,
  decisionRemark: '',
  createTime: '2026-11-25 09:00:00',
  version: 2,
};
const SAVE = '/saasapi/preauth/case/save';

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...extra,
    [`GET /saasapi/preauth/case/detail/${ID}`]: () => ({ case: CASE, flow: [], files: [], benefit: null }),
    'POST /saasapi/smartportal/config/getCoverage': () => [
      { coverageCode: 'IP', coverageName: '住院', coverageNameEn: 'Inpatient', currencies: ['CNY'] },
    ],
    [`POST ${SAVE}`]: (call) => ({ ...CASE, ...(call.body as object), version: 3 }),
    'GET /saasapi/file/file/anyone/upload': () => ({
      profile: 'preauth',
      extensions: ['pdf'],
      accept: '.pdf',
      maxFileBytes: 104857600,
      maxTotalBytes: 524288000,
      maxNameLength: 100,
      nameUnit: 'bytes',
      fieldName: 'file',
    }),
  });
}

/** The option of the open drop-down with this text (antd also lists it for screen readers). */
const shownOption = (text: string) =>
  waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<PreauthFormPage>', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`refuses three decimals and | in text before calling the server (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await signInAs({ providerId: 'P10001', permissions: ['preauth:case:*'], roles: ['SMART_PORTAL'] });
      const calls = api();
      renderAt(<PreauthFormPage />, { path: `/?id=${ID}` });
      const cost = await screen.findByDisplayValue('12000.50');
      await userEvent.clear(cost);
      await userEvent.type(cost, '10.005');
      const department = screen.getByDisplayValue('骨科');
      await userEvent.type(department, '|外科');
      await userEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Save' : /^保\s?存$/ }));
      expect(
        await screen.findByText(
          lang === 'en'
            ? 'The cost must be greater than 0 with at most two decimals'
            : '费用须大于 0，最多两位小数',
        ),
      ).toBeTruthy();
      expect(
        screen.getByText(lang === 'en' ? 'The characters | and ^ are not allowed' : '不能包含 | 或 ^ 字符'),
      ).toBeTruthy();
      expect(calls.callsTo(SAVE)).toHaveLength(0);
    });
  }

  it('saves a valid draft with id and version and the exact decimal cost', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ providerId: 'P10001', permissions: ['preauth:case:*'], roles: ['SMART_PORTAL'] });
    const calls = api();
    renderAt(<PreauthFormPage />, { path: `/?id=${ID}` });
    const cost = await screen.findByDisplayValue('12000.50');
    await userEvent.clear(cost);
    await userEvent.type(cost, '9999.99');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
    expect(calls.callsTo(SAVE)[0].body).toMatchObject({
      id: ID,
      version: 2,
      memberId: 'M0001001',
      coverageCode: 'IP',
      currency: 'CNY',
      estimatedCost: '9999.99',
      icdCodes: ['S72.0'],
      caseHandler: '01',
      fileIds: [],
    });
  });

  it("suggests the provider's doctors and the catalogue's departments", async () => {
    await i18n.changeLanguage('en');
    await signInAs({
      providerId: 'P10001',
      permissions: ['preauth:case:*', 'drsystem:doctorTask:list'],
      roles: ['SMART_PORTAL'],
    });
    const calls = api({
      'POST /saasapi/drsystem/management/list': () => ({
        records: [{ id: 'd1', certificateNo: '110', cnName: '李明', enName: 'Li Ming', departments: [] }],
        total: 1,
        current: 1,
        size: 20,
      }),
      'GET /saasapi/drsystem/providerTask/getDeptList': () => [
        { deptCode: '04.03', deptCnName: '骨科', deptEnName: 'Orthopedics' },
        { deptCode: '12', deptCnName: '口腔科', deptEnName: 'Stomatology' },
      ],
    });
    renderAt(<PreauthFormPage />, { path: `/?id=${ID}` });
    await screen.findByDisplayValue('12000.50');
    const doctor = screen.getByRole('combobox', { name: 'Doctor' });
    await userEvent.click(doctor);
    await userEvent.click(await shownOption('Li Ming'));
    const department = screen.getByDisplayValue('骨科');
    await userEvent.clear(department);
    await userEvent.type(department, 'Ortho');
    await userEvent.click(await shownOption('Orthopedics'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.callsTo(SAVE)).toHaveLength(1));
    expect(calls.callsTo(SAVE)[0].body).toMatchObject({ doctor: 'Li Ming', department: 'Orthopedics' });
  });

  it('asks for the member first when making a new one', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ providerId: 'P10001', permissions: ['preauth:case:*'], roles: ['SMART_PORTAL'] });
    api();
    renderAt(<PreauthFormPage />);
    expect(await screen.findByText('Find and choose the member first')).toBeTruthy();
    expect(screen.getByText('Find the member')).toBeTruthy();
  });
});
