import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMenuRoutes } from '../app/menu-routes.ts';
import type { TPage } from '../app/route-pages.ts';
import { signInHospital } from '../features/hospital-tasks/test/hospital-fixtures.ts';
import { i18n } from '../lib/i18n.ts';
import type { TMenuRoute } from '../lib/menu-tree.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { renderAt, renderRoutes } from '../test/render.tsx';
import { TEST_ROUTE_TREE } from '../test/route-tree.fixture.ts';
import { Sidebar } from './Sidebar.tsx';
import { buildSidebarTree, selectedKeyFor } from './sidebar-tree.ts';

function renderSidebar(path = '/') {
  return renderAt(<Sidebar />, { path });
}

describe('<Sidebar>', () => {
  beforeEach(() => {
    useSessionStore.getState().applyRoutes(TEST_ROUTE_TREE);
  });

  it('builds the menu from the route tree: hidden entries are absent, submenus open to nested links', async () => {
    renderSidebar();
    const nav = screen.getByRole('navigation', { name: '主菜单' });
    expect(within(nav).getByText('医生系统')).toBeTruthy();
    expect(within(nav).queryByText('隐藏页')).toBeNull();
    expect(within(nav).queryByText('隐藏')).toBeNull();
    expect(within(nav).queryByText('医生详情')).toBeNull();

    await userEvent.click(within(nav).getByText('医生系统'));
    await userEvent.click(await within(nav).findByText('医生管理'));
    const list = await within(nav).findByRole('link', { name: '医生列表' });
    expect(list.getAttribute('href')).toBe('/drsystem/management/list');
    expect(within(nav).getByRole('link', { name: '医生任务' }).getAttribute('href')).toBe(
      '/drsystem/management/tasks',
    );
  });

  it('names the home board as its tab and the breadcrumb do, by user group', async () => {
    // A provider user: the board is the Bulletin Board.
    signInHospital();
    useSessionStore.getState().applyRoutes([
      {
        path: '/dashboard',
        component: 'home/index',
        name: 'dashboard',
        meta: { title: '首页', titleEn: 'Home', icon: 'HomeOutlined', affix: true },
      },
      ...TEST_ROUTE_TREE,
    ]);
    renderSidebar();
    expect(screen.getByRole('link', { name: '公告栏' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: '首页' })).toBeNull();
    // An entry of the same page that is not the affixed board keeps its own title.
    expect(screen.getByRole('link', { name: '欢迎页' })).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('link', { name: 'Bulletin Board' })).toBeTruthy();
    await i18n.changeLanguage('zh');
  });

  it('opens external links in a new tab', () => {
    renderSidebar();
    const help = screen.getByRole('link', { name: '帮助中心' });
    expect(help.getAttribute('href')).toBe('https://example.org/help');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    const guide = screen.getByRole('link', { name: '操作指南' });
    expect(guide.getAttribute('target')).toBe('_blank');
  });

  it('shows a parent with one visible child as that child', () => {
    renderSidebar();
    expect(screen.getByRole('link', { name: '欢迎页' }).getAttribute('href')).toBe('/welcome/home');
    expect(screen.queryByText('欢迎')).toBeNull();
  });

  it('opens the submenus of the current page and marks it selected', () => {
    renderSidebar('/drsystem/management/tasks');
    const link = screen.getByRole('link', { name: '医生任务' });
    expect(link.closest('li')?.className).toContain('ant-menu-item-selected');
  });

  it('shows titles in the current language', async () => {
    await i18n.changeLanguage('en');
    renderSidebar();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByText('Doctor System')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help Centre' })).toBeTruthy();
  });

  it('on a hidden page, opens the group of its list page and selects it, also after a remount', async () => {
    // The router answer's shape for the appointment group: the hidden detail page names its list.
    const tree: TMenuRoute[] = [
      {
        path: '/appointment',
        component: 'Layout',
        name: 'appointment',
        alwaysShow: true,
        meta: { title: '预约管理', titleEn: 'Appointments', icon: 'CalendarOutlined' },
        children: [
          {
            path: 'list',
            component: 'appointment/list',
            name: 'appointment-list',
            meta: { title: '预约查询', titleEn: 'Appointment inquiry' },
          },
          {
            path: 'registration',
            component: 'appointment/registration',
            name: 'appointment-registration',
            meta: { title: '患者登记', titleEn: 'Patient registration' },
          },
          {
            path: '/appointment/detail',
            component: 'appointment/detail',
            name: 'appointment-detail',
            hidden: true,
            meta: { title: '预约详情', titleEn: 'Appointment details', activeMenu: '/appointment/list' },
          },
        ],
      },
      ...TEST_ROUTE_TREE,
    ];
    useSessionStore.getState().applyRoutes(tree);
    const page: TPage = { load: async () => ({ Component: () => <p>page</p> }) };
    const layout = () => [
      {
        path: '/',
        element: (
          <>
            <Sidebar />
            <Outlet />
          </>
        ),
        children: buildMenuRoutes(tree, () => page),
      },
    ];
    const expectSelected = async () => {
      const nav = await screen.findByRole('navigation', { name: '主菜单' });
      const item = await within(nav).findByRole('link', { name: '预约查询' });
      await waitFor(() => expect(item.closest('li')?.className).toContain('ant-menu-item-selected'));
      // The group is open: its other entry shows too.
      expect(within(nav).getByRole('link', { name: '患者登记' })).toBeTruthy();
    };
    const first = renderRoutes(layout(), '/appointment/detail?id=42');
    await expectSelected();
    // A remount (as after a session refresh) starts from nothing and lands the same way.
    first.unmount();
    renderRoutes(layout(), '/appointment/detail?id=42');
    await expectSelected();
    // Without the meta the hidden page selects nothing: the test would catch a router answer without it.
    expect(selectedKeyFor(buildSidebarTree(tree, 'zh'), '/appointment/detail')).toBeNull();
  });
});
