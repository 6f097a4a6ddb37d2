import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { hospitalView, mockApi, ok, signInHospital } from '../test/hospital-fixtures.ts';
import { TaskDetailPage } from './TaskDetailPage.tsx';

const TASK_ID = '00000000-0000-4000-8000-000000000009';

function task(status: string) {
  return hospitalView({
    id: TASK_ID,
    taskNo: 'HT202606150009',
    taskType: '04',
    version: 1,
    status,
    commitDate: '2026-06-15T02:00:00.000Z',
    commitName: '王芳',
    accountName: '北京和睦国际医院（新）',
    compareResult: '["accountName"]',
    oldData: { accountName: { flag: true, oldValue: '北京和睦国际医院有限公司' } },
    returnReason: status === '04' ? '请补充账户证明' : null,
  });
}

beforeEach(() => signInHospital());
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderRoutes(
    [
      { path: '/drsystem/management/hospital/task/detail/:id', element: <TaskDetailPage /> },
      { path: '*', element: null },
    ],
    `/drsystem/management/hospital/task/detail/${TASK_ID}`,
  );

describe('<TaskDetailPage>', () => {
  it('shows the task, its NEW markers, and withdraws it after confirmation', async () => {
    let status = '01';
    const { requests } = mockApi({
      [`GET /drsystem/providerTask/detail/${TASK_ID}`]: () => ok(task(status)),
      'POST /drsystem/providerTask/withdraw': () => {
        status = '03';
        return ok({
          id: TASK_ID,
          taskNo: 'HT202606150009',
          taskType: '04',
          status: '03',
          version: 2,
          compareResult: null,
        });
      },
    });
    render();
    expect(await screen.findByRole('heading', { name: '任务详情 HT202606150009' })).toBeTruthy();
    expect(screen.getByTestId('task-status').textContent).toBe('审核中');
    expect(screen.getByText('修改医院')).toBeTruthy();
    expect(
      document.querySelectorAll('.hospital-new-marker[data-field="accountName"]').length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '撤回' }));
    const text = await screen.findByText('确定撤回任务 HT202606150009 吗？撤回后审核将停止。');
    await userEvent.click(
      within(text.closest('.ant-modal') as HTMLElement).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(screen.getByTestId('task-status').textContent).toBe('已撤回'));
    expect(requests.find((r) => r.path.endsWith('/withdraw'))?.body).toEqual({
      taskNo: 'HT202606150009',
      version: 1,
    });
    expect(screen.queryByRole('button', { name: '撤回' })).toBeNull();
  });

  it('offers edit and close for a returned task and shows the return reason', async () => {
    mockApi({ [`GET /drsystem/providerTask/detail/${TASK_ID}`]: () => ok(task('04')) });
    const { router } = render();
    expect(await screen.findByText('请补充账户证明')).toBeTruthy();
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '编辑' }));
    expect(router.state.location.pathname).toBe('/drsystem/management/task/modify');
    expect(router.state.location.search).toBe('?taskNo=HT202606150009');
  });
  it('names the submitter, the auditor and the operators in English in English', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    mockApi({
      [`GET /drsystem/providerTask/detail/${TASK_ID}`]: () =>
        ok({
          ...task('04'),
          commitName: '周杰',
          commitNameEn: 'Zhou Jie',
          auditDate: '2026-06-16T02:00:00.000Z',
          auditMember: '李娜',
          auditMemberEn: 'Li Na',
          auditFlows: [
            {
              status: '04',
              flowType: '04',
              operateDate: '2026-06-16T02:00:00.000Z',
              operateMember: '李娜',
              operateMemberEn: 'Li Na',
              operateRemark: '请补充账户证明',
              operatorKind: 'O',
              text: { zh: '已退回', en: 'Rejected' },
            },
          ],
        }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Task detail HT202606150009' })).toBeTruthy();
    expect(screen.getByTestId('task-status').textContent).toBe('Rejected');
    expect(screen.getByText('Zhou Jie')).toBeTruthy();
    // The auditor in the task card and the operator of the operation record.
    expect(screen.getByText('Li Na')).toBeTruthy();
    expect(screen.getByText(/: Li Na$/)).toBeTruthy();
    expect(screen.queryByText('周杰')).toBeNull();
    expect(screen.queryByText('李娜')).toBeNull();
  });

  it('falls back to the other name when a person has only one', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    mockApi({
      [`GET /drsystem/providerTask/detail/${TASK_ID}`]: () =>
        ok({ ...task('01'), commitName: '周杰', commitNameEn: null }),
    });
    render();
    expect(await screen.findByText('周杰')).toBeTruthy();
  });

  it('shows an operator the audit view of the task, without the provider actions', async () => {
    useSessionStore.getState().applyLogin({
      token: 't',
      refreshToken: 'r',
      expiresIn: 3600,
      userId: '8',
      account: 'auditor',
      name: '王敏',
      nameEn: 'Wang Min',
      userType: '01',
      providerId: null,
    });
    const { requests } = mockApi({
      [`GET /drsystem/providerTaskMsh/detail/${TASK_ID}`]: () => ok(task('01')),
    });
    render();
    expect(await screen.findByRole('heading', { name: '任务详情 HT202606150009' })).toBeTruthy();
    expect(requests.some((r) => r.path.includes('/providerTask/detail/'))).toBe(false);
    expect(screen.queryByRole('button', { name: '撤回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });
});
