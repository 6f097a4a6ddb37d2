import type { TDoctorListItem, TDoctorView } from '@portal/domain/doctors/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { EMPTY_AUTHORITY, useSessionStore } from '../../../lib/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { installFakeApi, type TFakeApi } from '../../hospital-tasks/hospital-form.fixtures.ts';
import type { TDoctorAuditView } from '../api/audit-doctor-task.ts';
import { DoctorAuditPage } from './DoctorAuditPage.tsx';
import { DoctorDetailPage } from './DoctorDetailPage.tsx';
import { DoctorFormPage } from './DoctorFormPage.tsx';
import { DoctorListPage } from './DoctorListPage.tsx';

const spies = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('../../../lib/browser.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/browser.ts')>()),
  saveBlob: spies.saveBlob,
}));

const DOCTOR_ID = '00000000-0000-4000-8000-0000000000d1';
const BUSY_ID = '00000000-0000-4000-8000-0000000000d2';
const LIST = '/drsystem/management/doctor';

const json = (body: object, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ isSuccess: true, code: 0, msg: '成功', msg_en: 'Success', data });
const fail = (status: number, code: number, msg: string, msgEn: string, data: unknown = null) =>
  json({ isSuccess: false, code, msg, msg_en: msgEn, data }, status);

const UNFINISHED = () =>
  fail(
    409,
    40913,
    '医生有未完成的任务（DT202606150007），请先完成后再发起新的变更',
    'Doctor has an unfinished task (DT202606150007); finish it before starting another change',
    { taskNo: 'DT202606150007' },
  );

const FIELDS = {
  certificateNo: '110108000001',
  cnLastName: '王',
  cnFirstName: '建国',
  enLastName: 'Wang',
  enFirstName: 'Jianguo',
  gender: '1',
  multiPractice: '02',
  externalDisplay: '01',
  languages: ['01'],
  professionalLevel: '01',
  expertiseCn: '2型糖尿病',
  expertiseEn: 'Type 2 diabetes',
  serviceOverviewCn: '',
  serviceOverviewEn: '',
  departments: ['D01'],
  photo: '',
  practiceEndDate: '',
  collectors: [],
};

const doctorView = (patch: Partial<TDoctorView> = {}): TDoctorView => ({
  ...FIELDS,
  id: DOCTOR_ID,
  providerId: 'P10001',
  delFlag: '0',
  version: 1,
  photoFile: null,
  practices: [],
  compareResult: null,
  oldData: null,
  ...patch,
});

const listItem = (patch: Partial<TDoctorListItem>): TDoctorListItem => ({
  id: DOCTOR_ID,
  certificateNo: '110108000001',
  cnName: '王建国',
  enName: 'Jianguo Wang',
  gender: '1',
  professionalLevel: '01',
  providerId: 'P10001',
  departments: ['D01'],
  externalDisplay: '01',
  delFlag: '0',
  ...patch,
});

const auditView = (patch: Partial<TDoctorAuditView> = {}): TDoctorAuditView => ({
  ...FIELDS,
  id: 'task-1',
  taskNo: 'DT202606150001',
  taskType: '01',
  providerId: 'P10001',
  doctorId: null,
  status: '01',
  version: 3,
  photoFile: null,
  compareResult: null,
  oldData: null,
  auditFlows: [],
  auditResult: null,
  returnReason: null,
  auditDate: null,
  auditMember: null,
  auditMemberEn: null,
  commitDate: '2026-06-15T02:00:00.000Z',
  commitName: '王芳',
  commitNameEn: 'Wang Fang',
  personInCharge: null,
  publicityDate: null,
  decisions: [],
  auditable: true,
  ...patch,
});

let api: TFakeApi;

function signIn(kind: 'hospital' | 'auditor') {
  useSessionStore.getState().applyLogin({
    token: 't',
    refreshToken: 'r',
    expiresIn: 3600,
    userId: '7',
    account: kind,
    name: '王芳',
    nameEn: 'Wang Fang',
    userType: kind === 'hospital' ? '02' : '01',
    providerId: kind === 'hospital' ? 'P10001' : null,
  });
  useSessionStore.getState().applyAuthority({
    ...EMPTY_AUTHORITY,
    resourceList:
      kind === 'hospital'
        ? ['drsystem:doctorTask:*', 'drsystem:providerTask:*']
        : ['drsystem:doctorTaskMsh:*', 'drsystem:info:*'],
    roleList: [kind === 'hospital' ? 'SMART_PORTAL' : 'AUDITOR'],
  });
}

beforeEach(async () => {
  spies.saveBlob.mockReset();
  api = installFakeApi();
  Element.prototype.scrollIntoView = vi.fn();
  await i18n.changeLanguage('zh');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

/** The doctor screens in a memory router, opened from the list (so Cancel has somewhere to go back to). */
async function open(path: string) {
  const view = renderRoutes(
    [
      { path: LIST, element: <DoctorListPage /> },
      { path: '/drsystem/management/create', element: <DoctorFormPage /> },
      { path: '/drsystem/management/update/:id', element: <DoctorFormPage /> },
      { path: '/drsystem/management/task-update/:id', element: <DoctorFormPage /> },
      { path: '/drsystem/management/detail/:id', element: <DoctorDetailPage /> },
      { path: '/drsystem/management/task-audit/med/:taskNo', element: <DoctorAuditPage /> },
      { path: '/drsystem/management/task', element: <p>TASK LIST</p> },
      { path: '/drsystem/management/hospital', element: <p>AUDIT LIST</p> },
    ],
    LIST,
  );
  if (path !== LIST) await act(() => view.router.navigate(path));
  return view;
}

const button = (name: string) =>
  screen.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });

describe('doctor list', () => {
  beforeEach(() => signIn('hospital'));

  it('lists the provider doctors; Change asks the server first and shows an unfinished task', async () => {
    api.answer('/drsystem/management/list', () =>
      ok({
        records: [listItem({}), listItem({ id: BUSY_ID, certificateNo: '110108000002', cnName: '李娜' })],
        current: 1,
        size: 10,
        total: 2,
      }),
    );
    api.answer(`/check-edit/${BUSY_ID}`, UNFINISHED);
    api.answer(`/check-edit/${DOCTOR_ID}`, () => ok({ doctorId: DOCTOR_ID, canEdit: true }));
    api.answer(`/detail/${DOCTOR_ID}`, () => ok(doctorView()));
    await open(LIST);
    expect(await screen.findByRole('heading', { name: '医生列表' })).toBeTruthy();
    const busyRow = (await screen.findByText('李娜')).closest('tr') as HTMLElement;
    expect(await within(busyRow).findByText('内科')).toBeTruthy();
    await userEvent.click(within(busyRow).getByRole('button', { name: /修\s*改/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('暂不能变更该医生');
    expect(dialog.textContent).toContain('医生有未完成的任务（DT202606150007）');
    expect(screen.queryByRole('heading', { name: '修改医生信息' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    const freeRow = screen.getByText('王建国').closest('tr') as HTMLElement;
    await userEvent.click(within(freeRow).getByRole('button', { name: /修\s*改/ }));
    expect(await screen.findByRole('heading', { name: '修改医生信息' })).toBeTruthy();
    expect(await screen.findByDisplayValue('建国')).toBeTruthy();
  });

  it("offers a new-doctor task or the attending doctor when a search says 'Doctor not matched'", async () => {
    api.answer('/drsystem/management/list', () => ok({ records: [], current: 1, size: 10, total: 0 }));
    api.answer('/drsystem/management/match', () => fail(404, 40085, '医生不匹配', 'Doctor not matched'));
    await open(LIST);
    expect(await screen.findByText('暂无医生')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('医生'), '110108999999');
    await userEvent.click(button('搜索'));
    expect(
      await screen.findByText(
        /^医生不匹配：该医疗机构没有此执业证号或姓名的医生，可新建医生任务或修改主治医生$/,
      ),
    ).toBeTruthy();
    expect(api.callsTo('/drsystem/management/match')[0]?.query).toMatchObject({
      certificateNo: '110108999999',
    });
    await userEvent.click(screen.getByRole('button', { name: '新建医生任务' }));
    expect(await screen.findByRole('heading', { name: '新增医生' })).toBeTruthy();
    expect((screen.getByLabelText('执业证号') as HTMLInputElement).value).toBe('110108999999');
  });
});

describe('doctor list export', () => {
  const xlsx = (name: string) =>
    new Response(new Blob(['PK']), {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  const emptyList = () => ok({ records: [listItem({})], current: 1, size: 10, total: 1 });

  it('exports the list with the current search and saves the workbook', async () => {
    signIn('hospital');
    api.answer('/drsystem/management/list', emptyList);
    api.answer('/drsystem/management/match', () => ok([listItem({})]));
    api.answer('/drsystem/management/export', () => xlsx('医生列表-P10001-20260615.xlsx'));
    await open(LIST);
    await screen.findByText('王建国');
    await userEvent.type(screen.getByLabelText('医生'), '王建国');
    await userEvent.click(button('搜索'));
    await waitFor(() =>
      expect(api.callsTo('/drsystem/management/list').at(-1)?.body).toMatchObject({
        model: { keyword: '王建国' },
      }),
    );
    await userEvent.click(button('导出'));
    await waitFor(() => expect(spies.saveBlob).toHaveBeenCalledTimes(1));
    expect(spies.saveBlob.mock.calls[0][1]).toBe('医生列表-P10001-20260615.xlsx');
    expect(await screen.findByText('已导出 医生列表-P10001-20260615.xlsx')).toBeTruthy();
    expect(api.callsTo('/drsystem/management/export')[0]).toMatchObject({
      method: 'POST',
      body: { model: { keyword: '王建国' } },
    });
  });

  it('shows a refused export and saves nothing', async () => {
    signIn('hospital');
    api.answer('/drsystem/management/list', emptyList);
    api.answer('/drsystem/management/export', () =>
      fail(403, 40300, '您没有该操作的权限', 'You have no permission for this operation'),
    );
    await open(LIST);
    await screen.findByText('王建国');
    await userEvent.click(button('导出'));
    expect(await screen.findByText('您没有该操作的权限')).toBeTruthy();
    expect(spies.saveBlob).not.toHaveBeenCalled();
  });

  it('has no Export without the permission', async () => {
    signIn('hospital');
    useSessionStore.getState().applyAuthority({
      ...EMPTY_AUTHORITY,
      resourceList: ['drsystem:doctorTask:list', 'drsystem:doctorTask:detail'],
      roleList: ['SMART_PORTAL'],
    });
    api.answer('/drsystem/management/list', emptyList);
    await open(LIST);
    await screen.findByText('王建国');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});

describe('doctor detail', () => {
  beforeEach(() => signIn('hospital'));

  it('shows the doctor with NEW markers of the last change', async () => {
    api.answer(`/detail/${DOCTOR_ID}`, () =>
      ok(
        doctorView({
          compareResult: '["professionalLevel"]',
          oldData: { professionalLevel: { flag: true, oldValue: '02' } },
        }),
      ),
    );
    await open(`/drsystem/management/detail/${DOCTOR_ID}`);
    expect(await screen.findByRole('heading', { name: '医生详情' })).toBeTruthy();
    expect(await screen.findByText('110108000001')).toBeTruthy();
    expect(screen.getAllByText('NEW').length).toBeGreaterThan(0);
  });

  it('refuses Change in place while the doctor has an unfinished task', async () => {
    api.answer(`/detail/${DOCTOR_ID}`, () => ok(doctorView()));
    api.answer(`/check-edit/${DOCTOR_ID}`, UNFINISHED);
    await open(`/drsystem/management/detail/${DOCTOR_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: /修\s*改/ }));
    expect(await screen.findByText(/医生有未完成的任务/)).toBeTruthy();
  });
});

describe('doctor form', () => {
  beforeEach(() => signIn('hospital'));

  it('shows the unfinished-task refusal instead of the update form opened by its address', async () => {
    api.answer(`/detail/${DOCTOR_ID}`, () => ok(doctorView()));
    api.answer(`/check-edit/${DOCTOR_ID}`, UNFINISHED);
    await open(`/drsystem/management/update/${DOCTOR_ID}`);
    expect(await screen.findByText('暂不能变更该医生')).toBeTruthy();
    expect(screen.getByText(/医生有未完成的任务（DT202606150007）/)).toBeTruthy();
    expect(screen.queryByLabelText('执业证号')).toBeNull();
    expect(api.callsTo(`/management/update/${DOCTOR_ID}`)).toHaveLength(0);
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    api.answer(`/detail/${DOCTOR_ID}`, () => ok(doctorView()));
    api.answer(`/check-edit/${DOCTOR_ID}`, UNFINISHED);
    await open(`/drsystem/management/update/${DOCTOR_ID}`);
    expect(await screen.findByText('This doctor cannot be changed now')).toBeTruthy();
    expect(screen.getByText(/Doctor has an unfinished task \(DT202606150007\)/)).toBeTruthy();
  });

  it('needs the certificate number to save, and the required fields to submit (Chinese)', async () => {
    await open('/drsystem/management/create');
    expect(await screen.findByRole('heading', { name: '新增医生' })).toBeTruthy();
    await userEvent.click(button('保存'));
    expect(await screen.findByText('请输入执业证号')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('执业证号'), '110108000009');
    await userEvent.click(button('提交'));
    expect(await screen.findByText('请输入中文姓')).toBeTruthy();
    expect(screen.getByText('请选择科室')).toBeTruthy();
    expect(api.callsTo('/drsystem/management/create')).toHaveLength(0);
  });

  it('shows the same messages in English', async () => {
    await i18n.changeLanguage('en');
    await open('/drsystem/management/create');
    expect(await screen.findByRole('heading', { name: 'Doctor Creation' })).toBeTruthy();
    await userEvent.click(button('Save'));
    expect(await screen.findByText('Please enter certificate number')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Certificate number'), '110108000009');
    await userEvent.click(button('Submit'));
    expect(await screen.findByText('Please enter Chinese last name')).toBeTruthy();
    expect(screen.getByText('Please select departments')).toBeTruthy();
  });

  it('takes departments from the picker and takes only jpg and png photos', async () => {
    await open('/drsystem/management/create');
    await userEvent.click(await screen.findByRole('button', { name: '选择科室' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByText('外科').length).toBeGreaterThan(0));
    await userEvent.click(
      within(within(dialog).getAllByText('外科')[0].closest('tr')!).getByRole('checkbox'),
    );
    await within(dialog).findByText('选择门诊科室（已选 1 个）');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    const field = screen.getByRole('button', { name: '选择科室' }).parentElement
      ?.parentElement as HTMLElement;
    await waitFor(() => expect(field.querySelector('.ant-tag')?.textContent).toBe('外科'));

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.jpg,.jpeg,.png');
    await userEvent.upload(input, new File(['GIF89a'], 'face.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(/face\.gif: /)).toBeTruthy();
    expect(api.callsTo('/file/file/anyone/upload')).toHaveLength(0);
  });

  it('Cancel without changes leaves at once', async () => {
    api.answer('/drsystem/management/list', () => ok({ records: [], current: 1, size: 10, total: 0 }));
    await open('/drsystem/management/create');
    await userEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(await screen.findByRole('heading', { name: '医生列表' })).toBeTruthy();
  });

  it('Cancel with changes asks: Escape stays, Discard leaves without saving', async () => {
    api.answer('/drsystem/management/list', () => ok({ records: [], current: 1, size: 10, total: 0 }));
    await open('/drsystem/management/create');
    await userEvent.type(await screen.findByLabelText('执业证号'), '110108000009');
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('有未保存的修改，是否保存为草稿？')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    // Stays: the form and its values are still there, nothing was sent.
    expect((screen.getByLabelText('执业证号') as HTMLInputElement).value).toBe('110108000009');
    expect(screen.queryByRole('heading', { name: '医生列表' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await userEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
    expect(await screen.findByRole('heading', { name: '医生列表' })).toBeTruthy();
    expect(api.callsTo('/drsystem/management/create')).toHaveLength(0);
  });

  it('Cancel with changes: Save draft saves, then leaves (English, by keyboard)', async () => {
    await i18n.changeLanguage('en');
    api.answer('/drsystem/management/list', () => ok({ records: [], current: 1, size: 10, total: 0 }));
    api.answer('/drsystem/management/create', () =>
      ok({
        id: 'task-9',
        taskNo: 'DT202606150009',
        taskType: '01',
        status: '08',
        version: 1,
        compareResult: null,
      }),
    );
    await open('/drsystem/management/create');
    await userEvent.type(await screen.findByLabelText('Certificate number'), '110108000009');
    await userEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You have unsaved changes. Save them as a draft?')).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save draft' });
    await waitFor(() => expect(document.activeElement).toBe(save));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Doctors' })).toBeTruthy();
    expect(api.callsTo('/drsystem/management/create')[0]?.body).toMatchObject({
      certificateNo: '110108000009',
      submit: false,
    });
  });
});

describe('doctor audit', () => {
  beforeEach(() => signIn('auditor'));

  it('needs a reason to return, and returns the task', async () => {
    api.answer('/msh-task-detail/DT202606150001', () => ok(auditView()));
    api.answer('/task-audit/med/DT202606150001', () =>
      ok({
        id: 'task-1',
        taskNo: 'DT202606150001',
        taskType: '01',
        status: '04',
        version: 4,
        compareResult: null,
        doctorId: null,
      }),
    );
    await open('/drsystem/management/task-audit/med/DT202606150001');
    expect(await screen.findByRole('heading', { name: '审核医生任务 DT202606150001' })).toBeTruthy();
    await userEvent.click(button('提交'));
    expect(await screen.findByText('请选择审核结果')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '退回' }));
    await userEvent.click(button('提交'));
    expect(await screen.findByText(/请输入退回原因/)).toBeTruthy();
    expect(api.callsTo('/task-audit/med/DT202606150001')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('退回原因'), '请补充擅长领域');
    await userEvent.click(button('提交'));
    expect(await screen.findByText('AUDIT LIST')).toBeTruthy();
    expect(api.callsTo('/task-audit/med/DT202606150001')[0]?.body).toEqual({
      version: 3,
      auditResult: '02',
      returnReason: '请补充擅长领域',
    });
  });

  it("approves, and shows 'case status changed' when another auditor was first", async () => {
    api.answer('/msh-task-detail/DT202606150001', () => ok(auditView()));
    api.answer('/task-audit/med/DT202606150001', () =>
      fail(409, 40900, '案件状态已变更', 'Case status changed'),
    );
    await open('/drsystem/management/task-audit/med/DT202606150001');
    await userEvent.click(await screen.findByRole('radio', { name: '通过' }));
    await userEvent.click(button('提交'));
    expect(await screen.findByText('案件状态已变更')).toBeTruthy();
    expect(api.callsTo('/task-audit/med/DT202606150001')[0]?.body).toMatchObject({
      auditResult: '01',
      version: 3,
    });
    expect(screen.queryByText('AUDIT LIST')).toBeNull();
  });

  it('says a task that is not submitted cannot be audited', async () => {
    api.answer('/msh-task-detail/DT202606150001', () => ok(auditView({ status: '06', auditable: false })));
    await open('/drsystem/management/task-audit/med/DT202606150001');
    expect(await screen.findByText('该任务不在待审核状态。')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '通过' })).toBeNull();
  });
});
