import type { TAuditTaskListItem } from '@portal/domain/hospital-audit/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AuditTaskListPage } from './AuditTaskListPage.tsx';

const spies = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('../../../lib/browser.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/browser.ts')>()),
  saveBlob: spies.saveBlob,
}));

const AUDITOR = ['drsystem:providerTaskMsh:*', 'drsystem:liproviderinfo:*'];

function task(overrides: Partial<TAuditTaskListItem>): TAuditTaskListItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    taskNo: 'HT202611220001',
    taskType: '03',
    status: '01',
    providerId: 'P10001',
    providerCnName: '北京和睦国际医院顺义院区',
    providerEnName: 'Beijing Harmony Shunyi',
    commitDate: '2026-11-22T02:00:00.000Z',
    auditDate: null,
    commitName: '和睦家医院 李娜',
    commitNameEn: 'Li Na',
    auditMember: null,
    auditMemberEn: null,
    publicityDate: null,
    returnReason: null,
    version: 1,
    createdAt: '2026-11-22T02:00:00.000Z',
    updatedAt: '2026-11-22T02:00:00.000Z',
    personInCharge: null,
    auditResult: null,
    ...overrides,
  };
}

const TASKS = [
  task({}),
  task({
    id: '00000000-0000-4000-8000-000000000002',
    taskNo: 'HT202611220002',
    taskType: '04',
    status: '06',
    providerCnName: '北京和睦国际医院',
    providerEnName: 'Beijing Harmony International Hospital',
    auditDate: '2026-11-22T03:00:00.000Z',
    auditMember: '审核员王敏',
    auditMemberEn: 'Wang Min',
    publicityDate: '2026-11-22T03:00:00.000Z',
    personInCharge: '审核员王敏',
    auditResult: '01',
  }),
];

function renderList() {
  return renderRoutes(
    [
      { path: '/drsystem/management/hospital', element: <AuditTaskListPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/drsystem/management/hospital',
  );
}

function xlsx(name: string) {
  return new Response(new Blob(['PK']), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

beforeEach(() => {
  spies.saveBlob.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage('zh'));
});

describe('<AuditTaskListPage>', () => {
  it('lists the tasks waiting for audit with bilingual status tags, filters and paging', async () => {
    await signInAs({ permissions: AUDITOR, roles: ['AUDITOR'] });
    const api = mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
    });
    renderList();
    expect(await screen.findByRole('heading', { name: '医院审核任务' })).toBeTruthy();
    const first = (await screen.findByText('HT202611220001')).closest('tr')!;
    expect(within(first).getByText('审核中')).toBeTruthy();
    expect(within(first).getByText('新增医院')).toBeTruthy();
    expect(within(first).getByText('北京和睦国际医院顺义院区')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '审核' })).toBeTruthy();
    const second = screen.getByText('HT202611220002').closest('tr')!;
    expect(within(second).getByText('已通过')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: '审核' })).toBeNull();
    expect(within(second).getByRole('button', { name: '公告' })).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(api.callsTo('/drsystem/providerTaskMsh/list')[0].body).toMatchObject({
      current: 1,
      size: 10,
      model: { status: ['01'], title: '' },
    });

    await userEvent.type(screen.getByLabelText('任务编号/医院'), '顺义');
    await userEvent.type(screen.getByLabelText('负责人'), '王敏');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/drsystem/providerTaskMsh/list').at(-1)?.body).toMatchObject({
        current: 1,
        model: { title: '顺义', personInCharge: '王敏', status: ['01'] },
      }),
    );

    await act(() => setLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Hospital audit tasks' })).toBeTruthy();
    expect(screen.getAllByText('Auditing').length).toBeGreaterThan(0);
    expect(screen.getByText('Add hospital')).toBeTruthy();
    expect(screen.getByText('Beijing Harmony International Hospital')).toBeTruthy();
  });

  it('takes the task and opens the audit form; View opens the audit detail', async () => {
    await signInAs({ permissions: AUDITOR, roles: ['AUDITOR'] });
    const api = mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
      '/saasapi/drsystem/providerTaskMsh/initTask': () => ({
        ...TASKS[0],
        personInCharge: '李医生',
        assigned: true,
      }),
    });
    const { router } = renderList();
    const row = (await screen.findByText('HT202611220001')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '审核' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/drsystem/management/hosp/audit'));
    expect(router.state.location.search).toBe('?taskNo=HT202611220001&taskType=03');
    expect(api.callsTo('/drsystem/providerTaskMsh/initTask')[0].body).toEqual({ taskNo: 'HT202611220001' });

    await act(() => router.navigate('/drsystem/management/hospital'));
    const again = (await screen.findByText('HT202611220002')).closest('tr')!;
    await userEvent.click(within(again).getByRole('button', { name: '查看' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/drsystem/management/hospital/task/detail/00000000-0000-4000-8000-000000000002',
      ),
    );
  });

  it('asks before auditing a task someone else has', async () => {
    await signInAs({ permissions: AUDITOR, roles: ['AUDITOR'] });
    mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
      '/saasapi/drsystem/providerTaskMsh/initTask': () => ({
        ...TASKS[0],
        personInCharge: '审核员赵六',
        assigned: false,
      }),
    });
    const { router } = renderList();
    const row = (await screen.findByText('HT202611220001')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '审核' }));
    expect(await screen.findByText('任务 HT202611220001 由 审核员赵六 负责，仍要审核吗？')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/drsystem/management/hospital');
    await userEvent.click(screen.getByRole('button', { name: '继续审核' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/drsystem/management/hosp/audit'));
  });

  it('shows a network-view user the list only', async () => {
    await signInAs({ permissions: ['drsystem:providerTaskMsh:list'], roles: ['NET_VIEW'] });
    mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
    });
    renderList();
    await screen.findByText('HT202611220001');
    expect(screen.queryByRole('button', { name: '审核' })).toBeNull();
    expect(screen.queryByRole('button', { name: '查看' })).toBeNull();
    expect(screen.queryByRole('button', { name: '公告' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出医院公告/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出变更简报/ })).toBeNull();
  });

  it('exports the announcement, one approved task and the newsletter of a period', async () => {
    await signInAs({ permissions: AUDITOR, roles: ['AUDITOR'] });
    const api = mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
      '/saasapi/drsystem/providerTaskMsh/downloadAnnounce': () => xlsx('医院公告-20261122.xlsx'),
      '/saasapi/drsystem/providerTaskMsh/downloadNewsLetter': () =>
        xlsx('医院变更简报-20261101-20261122.xlsx'),
    });
    renderList();
    await screen.findByText('HT202611220001');
    await userEvent.click(screen.getByRole('button', { name: /导出医院公告/ }));
    await waitFor(() => expect(spies.saveBlob).toHaveBeenCalledTimes(1));
    expect(spies.saveBlob.mock.calls[0][1]).toBe('医院公告-20261122.xlsx');
    expect(await screen.findByText('已导出 医院公告-20261122.xlsx')).toBeTruthy();

    const row = screen.getByText('HT202611220002').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '公告' }));
    await waitFor(() => expect(spies.saveBlob).toHaveBeenCalledTimes(2));
    expect(
      api.callsTo('/drsystem/providerTaskMsh/downloadAnnounce').at(-1)?.url.searchParams.get('taskNo'),
    ).toBe('HT202611220002');

    await userEvent.click(screen.getByRole('button', { name: /导出变更简报/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导出变更简报')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '导出' }));
    await waitFor(() => expect(spies.saveBlob).toHaveBeenCalledTimes(3));
    const body = api.callsTo('/drsystem/providerTaskMsh/downloadNewsLetter')[0].body as Record<
      string,
      string
    >;
    expect(body.startDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(body.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('exports the doctor tasks of the list with the current filter, only with the permission', async () => {
    await signInAs({
      permissions: [...AUDITOR, 'drsystem:doctorTaskMsh:export'],
      roles: ['AUDITOR'],
    });
    const api = mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
      '/saasapi/drsystem/management/msh-task-export': () => xlsx('医生任务-20261122.xlsx'),
    });
    renderList();
    await screen.findByText('HT202611220001');
    await userEvent.type(screen.getByLabelText('任务编号/医院'), 'DT2026');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/drsystem/providerTaskMsh/list').at(-1)?.body).toMatchObject({
        model: { title: 'DT2026' },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /导出医生任务/ }));
    await waitFor(() => expect(spies.saveBlob).toHaveBeenCalledTimes(1));
    expect(spies.saveBlob.mock.calls[0][1]).toBe('医生任务-20261122.xlsx');
    expect(await screen.findByText('已导出 医生任务-20261122.xlsx')).toBeTruthy();
    expect(api.callsTo('/drsystem/management/msh-task-export')[0].body).toEqual({
      model: expect.objectContaining({ title: 'DT2026', status: ['01'] }),
    });

    await act(() => setLanguage('en'));
    expect(await screen.findByRole('button', { name: /Export doctor tasks/ })).toBeTruthy();
  });

  it('hides the doctor-task export without its permission', async () => {
    await signInAs({ permissions: AUDITOR, roles: ['AUDITOR'] });
    mockApi({
      '/saasapi/drsystem/providerTaskMsh/list': () => ({ records: TASKS, current: 1, size: 10, total: 2 }),
    });
    renderList();
    await screen.findByText('HT202611220001');
    expect(screen.getByRole('button', { name: /导出医院公告/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导出医生任务/ })).toBeNull();
  });
});
