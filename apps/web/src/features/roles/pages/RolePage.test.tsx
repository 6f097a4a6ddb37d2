import type { TAdminRole, TMenuTreeNode } from '@portal/domain/roles/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { RolePage } from './RolePage.tsx';

const AUDITOR: TAdminRole = {
  id: '00000000-0000-4000-8000-0000000000a1',
  code: 'AUDITOR',
  name: '审核员',
  nameEn: 'Auditor',
  description: '',
  dataScope: 'all',
  enabled: true,
  builtIn: true,
  userCount: 3,
  createdAt: '2026-11-24T02:15:00.000Z',
};
const JUNIOR: TAdminRole = {
  ...AUDITOR,
  id: '00000000-0000-4000-8000-0000000000a2',
  code: 'JUNIOR_AUDITOR',
  name: '初级审核员',
  nameEn: 'Junior auditor',
  dataScope: 'org',
  builtIn: false,
  userCount: 2,
};
const TREE: TMenuTreeNode[] = [
  {
    id: '00000000-0000-4000-8000-0000000000m1',
    name: 'hospitalAuditGroup',
    title: '医院审核',
    titleEn: 'Hospital audit',
    hidden: false,
    resources: [],
    children: [
      {
        id: '00000000-0000-4000-8000-0000000000m2',
        name: 'hospitalAudit',
        title: '医院审核任务',
        titleEn: 'Hospital audit tasks',
        hidden: false,
        children: [],
        resources: [
          {
            id: 'r1',
            code: 'drsystem:providerTaskMsh:list',
            name: '查看审核列表',
            nameEn: 'View the audit list',
          },
          {
            id: 'r2',
            code: 'drsystem:providerTaskMsh:approval',
            name: '审核通过或退回',
            nameEn: 'Approve or return tasks',
          },
        ],
      },
    ],
  },
];

function api(records: TAdminRole[] = [AUDITOR, JUNIOR], create?: () => unknown) {
  return mockApi({
    'POST /saasapi/authority/role/page': () => ({ records, current: 1, size: 10, total: records.length }),
    'GET /saasapi/authority/role/menuTree': () => TREE,
    'POST /saasapi/authority/role': create ?? (() => ({ ...JUNIOR, menuIds: [], permissions: [] })),
    'DELETE /saasapi/authority/role': () => ({ deleted: 1, removedFromUsers: 2 }),
    'POST /saasapi/authority/role/users/page': () => ({
      records: [
        { id: 'u1', account: 'junior1', name: '李雷', nameEn: 'Li Lei', userType: '01', enabled: true },
      ],
      current: 1,
      size: 10,
      total: 1,
    }),
    'DELETE /saasapi/authority/role/users': () => ({ removed: 1 }),
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<RolePage>', () => {
  it('lists roles, marks built-in ones and sends the filters', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = api();
    const { container } = renderAt(<RolePage />);
    const row = (await screen.findByText('JUNIOR_AUDITOR')).closest('tr')!;
    expect(within(row).getByText('初级审核员')).toBeTruthy();
    expect(within(row).getByText('本机构')).toBeTruthy();
    const builtIn = screen.getByText('AUDITOR').closest('tr')!;
    expect(within(builtIn).getByText('内置')).toBeTruthy();
    await userEvent.type(container.querySelector('#roleFilter_code') as HTMLInputElement, ' jun ');
    await userEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/role/page').at(-1)?.body).toMatchObject({ model: { code: 'jun' } }),
    );
  });

  it('deletes a role in use only after a confirmation that names its users', async () => {
    await signInAs({ permissions: ['authority:role:*'] });
    const calls = api();
    renderAt(<RolePage />);
    await screen.findByText('JUNIOR_AUDITOR');
    expect(screen.queryByRole('button', { name: /更多 AUDITOR$/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /更多 JUNIOR_AUDITOR/ }));
    await userEvent.click(await screen.findByText('删除'));
    expect(await screen.findByText(/已分配给 2 个用户/)).toBeTruthy();
    expect(calls.callsTo('/authority/role').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/role').filter((c) => c.method === 'DELETE')[0]?.body).toEqual({
        ids: [JUNIOR.id],
        removeFromUsers: true,
      }),
    );
  });

  it('creates a role from the tree: a page ticked, its approval left out', async () => {
    await signInAs({ permissions: ['authority:role:*'] });
    const calls = api();
    const { container } = renderAt(<RolePage />);
    await screen.findByText('JUNIOR_AUDITOR');
    await userEvent.click(screen.getByRole('button', { name: /新增角色/ }));
    const field = async (id: string) =>
      (await waitFor(() => container.ownerDocument.querySelector(`#role_${id}`))) as HTMLInputElement;
    await userEvent.type(await field('code'), 'JUNIOR_AUDITOR_2');
    await userEvent.type(await field('name'), '初级审核员二');
    await userEvent.type(await field('nameEn'), 'Junior auditor 2');
    const tree = container.ownerDocument.querySelector('.ant-tree') as HTMLElement;
    const checkbox = (label: string) =>
      within(tree)
        .getByText(label)
        .closest('.ant-tree-treenode')!
        .querySelector('.ant-tree-checkbox') as HTMLElement;
    await userEvent.click(checkbox('医院审核任务'));
    await userEvent.click(checkbox('审核通过或退回'));
    expect(checkbox('医院审核').className).toContain('ant-tree-checkbox-indeterminate');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/role').filter((c) => c.method === 'POST')[0]?.body).toMatchObject({
        code: 'JUNIOR_AUDITOR_2',
        name: '初级审核员二',
        nameEn: 'Junior auditor 2',
        dataScope: 'all',
        menuIds: [TREE[0].id, TREE[0].children[0].id].sort(),
        permissions: ['drsystem:providerTaskMsh:list'],
      }),
    );
  });

  it("puts 'Role name already exists' on the name field", async () => {
    await signInAs({ permissions: ['authority:role:*'] });
    api(
      [JUNIOR],
      () =>
        new Response(
          JSON.stringify({
            isSuccess: false,
            code: 40170,
            msg: '角色名称已存在',
            msg_en: 'Role name already exists',
            data: { fieldErrors: { name: { msg: '角色名称已存在', msg_en: 'Role name already exists' } } },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { container } = renderAt(<RolePage />);
    await screen.findByText('JUNIOR_AUDITOR');
    await userEvent.click(screen.getByRole('button', { name: /新增角色/ }));
    const field = async (id: string) =>
      (await waitFor(() => container.ownerDocument.querySelector(`#role_${id}`))) as HTMLInputElement;
    await userEvent.type(await field('code'), 'X_ROLE');
    await userEvent.type(await field('name'), '初级审核员');
    await userEvent.type(await field('nameEn'), 'Another');
    await screen.findByText('医院审核任务');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('角色名称已存在')).toBeTruthy();
  });

  it('removes a user from a role after confirmation', async () => {
    await signInAs({ permissions: ['authority:role:*'] });
    const calls = api();
    renderAt(<RolePage />);
    const row = (await screen.findByText('JUNIOR_AUDITOR')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /用\s*户/ }));
    const userRow = (await screen.findByText('junior1')).closest('tr')!;
    await userEvent.click(within(userRow).getByRole('button', { name: /移\s*除/ }));
    expect((await screen.findAllByText('将 junior1 从 初级审核员 移除？')).length).toBeGreaterThan(0);
    expect(calls.callsTo('/authority/role/users').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/role/users').filter((c) => c.method === 'DELETE')[0]?.body).toEqual({
        roleId: JUNIOR.id,
        userIds: ['u1'],
      }),
    );
  });

  it('shows only the buttons the permissions allow, and 403 without view', async () => {
    await signInAs({ permissions: ['authority:role:view'] });
    api();
    const view = renderAt(<RolePage />);
    await screen.findByText('JUNIOR_AUDITOR');
    expect(screen.queryByRole('button', { name: /新增角色/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();
    view.unmount();
    await signInAs({ permissions: ['drsystem:providerTask:*'], roles: ['SMART_PORTAL'], userType: '02' });
    const calls = api();
    renderAt(<RolePage />);
    expect(await screen.findByText('您没有管理角色的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/role/page')).toHaveLength(0);
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'] });
    api([JUNIOR]);
    renderAt(<RolePage />);
    expect(await screen.findByText('Junior auditor')).toBeTruthy();
    expect(screen.getByText('Own organisation')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add role/ })).toBeTruthy();
  });
});
