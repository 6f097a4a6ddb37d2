import type { TAdminMenu } from '@portal/domain/menus/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi, signInAs } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { MenuPage } from './MenuPage.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

const entry = (over: Partial<TAdminMenu>): TAdminMenu => ({
  id: '00000000-0000-4000-8000-000000000001',
  parentId: null,
  menuGroup: 'default',
  name: 'system',
  path: '/system',
  fullPath: '/system',
  component: 'Layout',
  redirect: '',
  title: '系统管理',
  titleEn: 'System',
  icon: 'SettingOutlined',
  hidden: false,
  alwaysShow: true,
  noCache: false,
  sortOrder: 10,
  builtIn: true,
  version: 0,
  children: [],
  resources: [],
  ...over,
});
const ROLE = entry({
  id: '00000000-0000-4000-8000-000000000002',
  parentId: '00000000-0000-4000-8000-000000000001',
  name: 'role',
  path: 'role',
  fullPath: '/system/role',
  component: 'system/role/index',
  title: '角色管理',
  titleEn: 'Roles',
  icon: 'TeamOutlined',
  sortOrder: 10,
  resources: [
    {
      id: 'r1',
      menuId: '00000000-0000-4000-8000-000000000002',
      code: 'authority:role:view',
      name: '查看角色',
      nameEn: 'View roles',
      builtIn: true,
    },
  ],
});
const CUSTOM = entry({
  id: '00000000-0000-4000-8000-000000000003',
  parentId: '00000000-0000-4000-8000-000000000001',
  name: 'reports',
  path: 'reports',
  fullPath: '/system/reports',
  component: 'system/user/index',
  title: '报表',
  titleEn: 'Reports',
  icon: '',
  sortOrder: 20,
  builtIn: false,
});
const TREE = [entry({ children: [ROLE, CUSTOM] })];

describe('<MenuPage>', () => {
  it('renames a built-in entry (path and component locked) and deletes an added one after confirmation', async () => {
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    const calls = mockApi({
      'GET /saasapi/authority/menu/tree': () => TREE,
      'PUT /saasapi/authority/menu': () => TREE,
      'DELETE /saasapi/authority/menu': () => null,
    });
    renderAt(<MenuPage />);
    await userEvent.click(await screen.findByText('角色管理'));
    expect(await screen.findByText(/内置菜单的路径、页面组件、上级和分组不能修改/)).toBeTruthy();
    const edit = within(document.getElementById('menu-edit') as HTMLElement);
    expect((edit.getByLabelText('路径') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('authority:role:view')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const title = edit.getByLabelText('中文标题');
    await userEvent.clear(title);
    await userEvent.type(title, '角色与权限');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/menu').find((c) => c.method === 'PUT')?.body).toMatchObject({
        id: ROLE.id,
        title: '角色与权限',
        path: 'role',
        component: 'system/role/index',
        version: 0,
      }),
    );

    await userEvent.click(screen.getByText('报表'));
    await userEvent.click(await screen.findByRole('button', { name: /删\s*除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确定删除菜单“报表”吗？').length).toBeGreaterThan(0);
    expect(calls.callsTo('/authority/menu').filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.callsTo('/authority/menu').find((c) => c.method === 'DELETE')?.body).toEqual({
        id: CUSTOM.id,
      }),
    );
  });

  it('shows the validation of an empty title in English and an empty tree', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['*'], roles: ['SUPER_ADMIN'] });
    mockApi({ 'GET /saasapi/authority/menu/tree': () => TREE });
    renderAt(<MenuPage />);
    await userEvent.click(await screen.findByText('Reports'));
    await waitFor(() => expect(document.getElementById('menu-edit_titleEn')).toBeTruthy());
    const titleEn = within(document.getElementById('menu-edit') as HTMLElement).getByLabelText(
      'English title',
    );
    await userEvent.clear(titleEn);
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Please enter the English title')).toBeTruthy();
    await userEvent.click(screen.getByText('Customer portal menu (smartPortal)'));
  });

  it('shows 403 without the permission', async () => {
    await signInAs({ permissions: ['authority:role:view'] });
    const calls = mockApi({ 'GET /saasapi/authority/menu/tree': () => TREE });
    renderAt(<MenuPage />);
    expect(await screen.findByText('您没有管理菜单的权限。')).toBeTruthy();
    expect(calls.callsTo('/authority/menu/tree')).toHaveLength(0);
  });
});
