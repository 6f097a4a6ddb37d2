import { describe, expect, it } from 'vitest';
import { TEST_ROUTE_TREE } from '../test/route-tree.fixture.ts';
import { ancestorKeys, buildSidebarTree, selectedKeyFor } from './sidebar-tree.ts';

describe('buildSidebarTree', () => {
  it('skips hidden entries, nests submenus, resolves paths and keeps external links', () => {
    const tree = buildSidebarTree(TEST_ROUTE_TREE, 'zh');
    expect(tree).toEqual([
      {
        key: '/drsystem',
        title: '医生系统',
        icon: 'MedicineBoxOutlined',
        external: false,
        children: [
          {
            key: '/drsystem/management',
            title: '医生管理',
            icon: null,
            external: false,
            children: [
              { key: '/drsystem/management/list', title: '医生列表', icon: null, external: false },
              { key: '/drsystem/management/tasks', title: '医生任务', icon: null, external: false },
            ],
          },
        ],
      },
      // A parent with one visible child shows the child itself, with the parent's icon.
      { key: '/welcome/home', title: '欢迎页', icon: 'HomeOutlined', external: false },
      { key: 'https://example.org/guide', title: '操作指南', icon: 'BookOutlined', external: true },
      { key: 'https://example.org/help', title: '帮助中心', icon: null, external: true },
    ]);
  });

  it('keeps a parent with one child as a submenu when alwaysShow is set', () => {
    const tree = buildSidebarTree(
      [
        {
          path: '/system',
          component: 'Layout',
          alwaysShow: true,
          meta: { title: '系统管理', titleEn: 'System' },
          children: [
            { path: 'user', component: 'system/user/index', meta: { title: '用户管理', titleEn: 'Users' } },
          ],
        },
      ],
      'en',
    );
    expect(tree).toEqual([
      {
        key: '/system',
        title: 'System',
        icon: null,
        external: false,
        children: [{ key: '/system/user', title: 'Users', icon: null, external: false }],
      },
    ]);
  });

  it('uses the English titles in English, the Chinese one when English is missing', () => {
    const tree = buildSidebarTree(
      [
        { path: '/a', component: 'a/index', meta: { title: '甲', titleEn: 'Alpha' } },
        { path: '/b', component: 'b/index', meta: { title: '乙', titleEn: '' } },
      ],
      'en',
    );
    expect(tree.map((n) => n.title)).toEqual(['Alpha', '乙']);
  });

  it('lends the children of a titleless root group to the top level', () => {
    const tree = buildSidebarTree(
      [
        {
          path: '/',
          component: 'Layout',
          children: [
            {
              path: 'dashboard',
              component: 'dashboard/index',
              meta: { title: '首页', titleEn: 'Dashboard' },
            },
            { path: 'profile', component: 'profile/index', meta: { title: '个人中心', titleEn: 'Profile' } },
          ],
        },
      ],
      'zh',
    );
    expect(tree.map((n) => n.key)).toEqual(['/dashboard', '/profile']);
  });

  it('handles an empty or missing tree', () => {
    expect(buildSidebarTree(null, 'zh')).toEqual([]);
    expect(buildSidebarTree([], 'en')).toEqual([]);
  });
});

describe('selection helpers', () => {
  const tree = buildSidebarTree(TEST_ROUTE_TREE, 'zh');

  it('finds the submenus on the way to an entry', () => {
    expect(ancestorKeys(tree, '/drsystem/management/tasks')).toEqual(['/drsystem', '/drsystem/management']);
    expect(ancestorKeys(tree, '/welcome/home')).toEqual([]);
    expect(ancestorKeys(tree, '/nowhere')).toEqual([]);
  });

  it('selects the entry of the path, the activeMenu, or the closest parent entry', () => {
    expect(selectedKeyFor(tree, '/drsystem/management/list', null)).toBe('/drsystem/management/list');
    expect(selectedKeyFor(tree, '/drsystem/management/detail/9', '/drsystem/management/list')).toBe(
      '/drsystem/management/list',
    );
    expect(selectedKeyFor(tree, '/drsystem/management/tasks/12', null)).toBe('/drsystem/management/tasks');
    expect(selectedKeyFor(tree, '/elsewhere', null)).toBeNull();
  });
});
