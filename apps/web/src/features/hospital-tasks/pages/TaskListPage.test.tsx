import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderAt } from '../../../test/render.tsx';
import {
  fail,
  hospitalView,
  listItem,
  mockApi,
  ok,
  page,
  signInHospital,
  type TRequest,
} from '../test/hospital-fixtures.ts';
import { TaskListPage } from './TaskListPage.tsx';

const LIST = 'POST /drsystem/providerTask/list';
const DETAIL = 'GET /drsystem/providerTask/providerDetail/P10001';
const listCalls = (requests: TRequest[]) =>
  requests
    .filter((r) => r.path === '/drsystem/providerTask/list')
    .map(
      (r) => r.body as { model: Record<string, unknown>; sort?: string; order?: string; current?: number },
    );

const TASKS = [
  listItem({}),
  listItem({
    id: '00000000-0000-4000-8000-000000000002',
    taskNo: 'HT202606150002',
    status: '08',
    commitDate: null,
    version: 3,
  }),
  listItem({
    id: '00000000-0000-4000-8000-000000000003',
    taskNo: 'HT202606140001',
    taskType: '03',
    status: '06',
    auditDate: '2026-06-14T08:00:00.000Z',
    auditMember: '李娜',
    auditMemberEn: 'Li Na',
    publicityDate: '2026-06-14T08:00:00.000Z',
  }),
];

const row = (taskNo: string) => screen.getByText(taskNo).closest('tr') as HTMLElement;

/** The confirm dialog showing `text` (the newest, if an earlier one is still closing). */
async function confirmDialog(text: string): Promise<HTMLElement> {
  const found = await screen.findAllByText(text);
  return found[found.length - 1].closest('.ant-modal') as HTMLElement;
}

beforeEach(() => signInHospital());
afterEach(() => vi.unstubAllGlobals());

describe('<TaskListPage>', () => {
  it('lists the tasks with the spec columns and searches with no status filter on first use', async () => {
    const { requests } = mockApi({ [LIST]: () => ok(page(TASKS)), [DETAIL]: () => ok(hospitalView()) });
    renderAt(<TaskListPage />);
    expect(await screen.findByText('HT202606150001')).toBeTruthy();
    for (const header of [
      '任务编号',
      '任务类型',
      '状态',
      '提交日期',
      '审核日期',
      '提交人',
      '审核人',
      '医院公示日期',
    ]) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(within(row('HT202606150001')).getByText('审核中')).toBeTruthy();
    expect(within(row('HT202606150001')).getByText('修改医院')).toBeTruthy();
    expect(within(row('HT202606150002')).getByText('待提交')).toBeTruthy();
    expect(within(row('HT202606140001')).getByText('李娜')).toBeTruthy();
    // The spec's default '02' is stored and means "every status".
    expect(localStorage.getItem('TASK_SEARCH_STATUS')).toBe('02');
    expect(listCalls(requests)[0]).toMatchObject({
      current: 1,
      size: 10,
      sort: 'id',
      order: 'descending',
      model: { title: '', sendStartDate: '', sendEndDate: '', status: [] },
    });
    // Actions follow the status: withdraw for 01, edit and close for 08, view only for 06.
    expect(within(row('HT202606150001')).getByRole('button', { name: '撤回' })).toBeTruthy();
    expect(within(row('HT202606150001')).queryByRole('button', { name: '关闭' })).toBeNull();
    expect(within(row('HT202606150002')).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(row('HT202606150002')).getByRole('button', { name: '关闭' })).toBeTruthy();
    expect(
      within(row('HT202606140001'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['查看']);
    // An approved record exists: change, not create.
    expect(await screen.findByRole('button', { name: /变更医院信息/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增医院任务/ })).toBeNull();
  });

  it('searches by title and status and remembers the status choice', async () => {
    const { requests } = mockApi({ [LIST]: () => ok(page(TASKS)), [DETAIL]: () => ok(hospitalView()) });
    const view = renderAt(<TaskListPage />);
    await screen.findByText('HT202606150001');
    await userEvent.type(screen.getByLabelText('标题'), 'HT2026');
    await userEvent.click(screen.getByLabelText('状态', { selector: 'input' }));
    const dropdown = await waitFor(() => {
      const el = document.querySelector('.ant-select-dropdown') as HTMLElement | null;
      if (!el) throw new Error('no dropdown');
      return el;
    });
    await userEvent.click(within(dropdown).getByText('审核中'));
    await userEvent.click(within(dropdown).getByText('已退回'));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)?.model).toEqual({
        title: 'HT2026',
        sendStartDate: '',
        sendEndDate: '',
        status: ['01', '04'],
      }),
    );
    expect(JSON.parse(localStorage.getItem('TASK_SEARCH_STATUS') ?? '')).toEqual(['01', '04']);

    // Coming back later, the remembered statuses are the first search.
    view.unmount();
    requests.length = 0;
    renderAt(<TaskListPage />);
    await screen.findByText('HT202606150001');
    expect(listCalls(requests)[0].model.status).toEqual(['01', '04']);

    // Reset goes back to the default: every status, '02' stored.
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls(requests).at(-1)?.model.status).toEqual([]));
    expect(localStorage.getItem('TASK_SEARCH_STATUS')).toBe('02');
  });

  it('sorts by a column on a header click, newest first by default', async () => {
    const { requests } = mockApi({ [LIST]: () => ok(page(TASKS)), [DETAIL]: () => ok(hospitalView()) });
    renderAt(<TaskListPage />);
    await screen.findByText('HT202606150001');
    expect(listCalls(requests)[0]).toMatchObject({ sort: 'id', order: 'descending' });
    const header = screen.getByRole('columnheader', { name: /提交日期/ });
    await userEvent.click(header);
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toMatchObject({
        sort: 'commitDate',
        order: 'ascending',
        current: 1,
      }),
    );
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(header);
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toMatchObject({ sort: 'commitDate', order: 'descending' }),
    );
    // A column the server cannot sort by has no sorter.
    expect(screen.getByRole('columnheader', { name: /提交人/ }).getAttribute('aria-sort')).toBeNull();
  });

  it('withdraws a submitted task after confirmation', async () => {
    let tasks = TASKS;
    const { requests } = mockApi({
      [LIST]: () => ok(page(tasks)),
      [DETAIL]: () => ok(hospitalView()),
      'POST /drsystem/providerTask/withdraw': () => {
        tasks = [listItem({ status: '03', version: 2 }), ...TASKS.slice(1)];
        return ok({
          id: TASKS[0].id,
          taskNo: TASKS[0].taskNo,
          taskType: '04',
          status: '03',
          version: 2,
          compareResult: null,
        });
      },
    });
    renderAt(<TaskListPage />);
    await screen.findByText('HT202606150001');
    // Cancelling sends nothing.
    await userEvent.click(within(row('HT202606150001')).getByRole('button', { name: '撤回' }));
    const dialog = await confirmDialog('确定撤回任务 HT202606150001 吗？撤回后审核将停止。');
    expect(within(dialog).getAllByText('撤回任务').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(requests.some((r) => r.path.endsWith('/withdraw'))).toBe(false);

    await userEvent.click(within(row('HT202606150001')).getByRole('button', { name: '撤回' }));
    const again = await confirmDialog('确定撤回任务 HT202606150001 吗？撤回后审核将停止。');
    await userEvent.click(within(again).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('撤回成功')).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/withdraw'))?.body).toEqual({
      taskNo: 'HT202606150001',
      version: 1,
    });
    await waitFor(() => expect(within(row('HT202606150001')).getByText('已撤回')).toBeTruthy());
  });

  it('shows the refusal when a task to close has changed meanwhile', async () => {
    mockApi({
      [LIST]: () => ok(page(TASKS)),
      [DETAIL]: () => ok(hospitalView()),
      'POST /drsystem/providerTask/close': () => fail(409, 40900, '案件状态已变更', 'Case status changed'),
    });
    renderAt(<TaskListPage />);
    await screen.findByText('HT202606150002');
    await userEvent.click(within(row('HT202606150002')).getByRole('button', { name: '关闭' }));
    const dialog = await confirmDialog('确定关闭任务 HT202606150002 吗？关闭后不能再编辑或提交。');
    expect(within(dialog).getAllByText('关闭任务').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('案件状态已变更')).toBeTruthy();
    expect(screen.queryByText('关闭成功')).toBeNull();
  });

  it("shows checkEdit's refusal instead of opening the change form, in English", async () => {
    await i18n.changeLanguage('en');
    const { requests } = mockApi({
      [LIST]: () => ok(page([])),
      [DETAIL]: () => ok(hospitalView()),
      'GET /drsystem/providerTask/checkEdit': () =>
        fail(
          409,
          40910,
          '该医院有未完成的变更任务（HT202606150001），请处理后再修改',
          'The hospital has an unfinished change task (HT202606150001); finish it before starting another change',
        ),
    });
    const { router } = renderAt(<TaskListPage />, { path: '/drsystem/management/task' });
    expect(await screen.findByText('No tasks')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Change hospital information/ }));
    expect(
      await screen.findByText(
        'The hospital has an unfinished change task (HT202606150001); finish it before starting another change',
      ),
    ).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/checkEdit'))?.query.get('providerId')).toBe('P10001');
    expect(router.state.location.pathname).toBe('/drsystem/management/task');
  });

  it('offers to create the hospital when there is no approved record yet', async () => {
    mockApi({
      [LIST]: () => ok(page([])),
      [DETAIL]: () => fail(404, 40400, '抱歉，资源未找到', 'Sorry, resource not found'),
    });
    const { router } = renderAt(<TaskListPage />, { path: '/drsystem/management/task' });
    await userEvent.click(await screen.findByRole('button', { name: /新增医院任务/ }));
    expect(router.state.location.pathname).toBe('/drsystem/management/hosp/create');
    expect(screen.queryByText('抱歉，资源未找到')).toBeNull();
  });

  it('shows the list afresh after the form submit and keeps save=true in the address', async () => {
    const { requests } = mockApi({ [LIST]: () => ok(page(TASKS)), [DETAIL]: () => ok(hospitalView()) });
    const { router } = renderAt(<TaskListPage />, { path: '/drsystem/management/task?save=true' });
    await screen.findByText('HT202606150001');
    expect(listCalls(requests).length).toBeGreaterThan(0);
    expect(router.state.location.search).toBe('?save=true');
  });
});
