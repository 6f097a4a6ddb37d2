import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMenuRoute } from '../lib/menu-tree.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { mockApi, type TApiHandler } from '../test/api-mock.ts';
import { testQueryClient } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';

const TREE: TMenuRoute[] = [
  {
    path: '/dashboard',
    component: 'home/index',
    name: 'dashboard',
    meta: { title: '首页', titleEn: 'Home', affix: true },
  },
  {
    path: '/system',
    component: 'Layout',
    meta: { title: '系统管理', titleEn: 'System' },
    alwaysShow: true,
    children: [
      { path: 'area', component: 'system/area/index', meta: { title: '地区管理', titleEn: 'Areas' } },
    ],
  },
];

const HOME_PAGE = {
  group: 'dashboard',
  user: { name: '管理员', nameEn: 'Administrator', lastLoginAt: null },
  tenant: { code: 'demo', name: '演示租户', nameEn: 'Demo Tenant' },
  provider: null,
  taskCounts: [],
  stats: { users: 4, roles: 5, menus: 12 },
};

const PROFILE = {
  id: 'u-1',
  account: 'admin',
  name: '管理员',
  nameEn: 'Administrator',
  avatar: '',
  workDescribe: '负责系统管理',
  email: 'admin@demo.example',
  mobile: '',
  userType: '01',
  providerId: null,
  enabled: true,
  mustChangePassword: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function serve(extra: Record<string, TApiHandler> = {}) {
  return mockApi({
    '/saasapi/oauth/resource/visible': () => ({
      enabled: true,
      caseSensitive: false,
      resourceList: ['*'],
      roleList: ['SUPER_ADMIN'],
    }),
    '/saasapi/oauth/menu/router': () => TREE,
    '/saasapi/drsystem/homePage/getHomePage': () => HOME_PAGE,
    '/saasapi/authority/user/u-1': () => PROFILE,
    ...extra,
  });
}

function signIn(extra: { mustChangePassword?: boolean } = {}) {
  useSessionStore.getState().applyLogin({
    token: 'jwt',
    refreshToken: 'refresh',
    expiresIn: 7200,
    userId: 'u-1',
    account: 'admin',
    name: '管理员',
    nameEn: 'Administrator',
    userType: '01',
    tenant: 'demo',
    ...extra,
  });
}

async function renderApp(path: string) {
  const { createAppRouter } = await import('./router.tsx');
  const router = createAppRouter((routes, opts) =>
    createMemoryRouter(routes, { ...opts, initialEntries: [path] }),
  );
  render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().clearAll();
});

describe('shell routes', () => {
  it("'/' opens the route tree's affix home board, shown as the first tab", async () => {
    signIn();
    serve();
    const router = await renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('演示租户 (demo)')).toBeTruthy();
    const tabs = screen.getByRole('list', { name: '已打开的页面' });
    expect(tabs.textContent).toBe('首页');
  });

  it('/profile goes to /profile/index, the personal centre', async () => {
    signIn();
    serve();
    const router = await renderApp('/profile');
    expect(await screen.findByRole('tab', { name: '基本信息' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/index');
    expect(screen.getAllByText('负责系统管理').length).toBeGreaterThan(0);
  });

  it('/resources goes to the message list', async () => {
    signIn();
    serve({
      '/saasapi/msg/msg/center/list': () => ({ records: [], current: 1, size: 20, total: 0 }),
    });
    const router = await renderApp('/resources');
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources/msg'));
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });

  it('a user whose password must change goes to /forceUpdatePwd first', async () => {
    signIn({ mustChangePassword: true });
    serve();
    const router = await renderApp('/system/area');
    expect(await screen.findByRole('heading', { name: '请设置新密码' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forceUpdatePwd');
  });

  it('/forceUpdatePwd sends a user whose password need not change to the home page', async () => {
    signIn({ mustChangePassword: false });
    serve();
    const router = await renderApp('/forceUpdatePwd');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/forceUpdatePwd'));
    expect(screen.queryByRole('heading', { name: '请设置新密码' })).toBeNull();
  });

  it('/privacy is public and follows its lang query', async () => {
    serve();
    await renderApp('/privacy?lang=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Statement' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '4. Sensitive personal information' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: '中文' }));
    expect(await screen.findByRole('heading', { level: 1, name: '隐私声明' })).toBeTruthy();
  });

  it('/transfer takes over a handed-over session; free selects the smartPortal menu group', async () => {
    const api = serve({
      'POST /saasapi/authority/anno/login': () => ({
        token: 'jwt-2',
        refreshToken: 'refresh-2',
        expiresIn: 7200,
        userId: 'u-1',
        account: 'admin',
        name: '管理员',
        nameEn: 'Administrator',
        userType: '01',
        tenant: 'acme',
        mustChangePassword: false,
      }),
    });
    const router = await renderApp('/transfer?token=jwt-1&refreshToken=refresh-1&tenant=acme&transfer=free');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const menu = api.callsTo('/oauth/menu/router');
    expect(menu[menu.length - 1].url.searchParams.get('group')).toBe('smartPortal');
    // The router's modules are fresh ones (vi.resetModules): read what they stored.
    expect(window.localStorage.getItem('TOKEN')).toBe('jwt-2');
    expect(window.localStorage.getItem('TENANT')).toBe('acme');
    const refresh = api.callsTo('/authority/anno/login')[0].body as URLSearchParams;
    expect(refresh.get('grant_type')).toBe('refresh_token');
    expect(refresh.get('refresh_token')).toBe('refresh-1');
    expect(window.localStorage.getItem('MENU_GROUP')).toBe('smartPortal');
  });

  it('under 992 px the menu is a drawer that closes when the route changes', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width: 991.98px'),
    })) as typeof window.matchMedia;
    try {
      signIn();
      serve({ '/saasapi/authority/area/page': () => ({ records: [], current: 1, size: 10, total: 0 }) });
      const router = await renderApp('/dashboard');
      await screen.findByText('演示租户 (demo)');
      expect(screen.queryByRole('navigation', { name: '主菜单' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: '打开菜单' }));
      const nav = await screen.findByRole('navigation', { name: '主菜单' });
      await userEvent.click(within(nav).getByText('系统管理'));
      await userEvent.click(await within(nav).findByRole('link', { name: '地区管理' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/system/area'));
      await waitFor(() =>
        expect(
          document.querySelector(
            '.portal-mobile-drawer.ant-drawer-open, .ant-drawer-open .portal-mobile-drawer',
          ),
        ).toBeNull(),
      );
    } finally {
      window.matchMedia = original;
      act(() => undefined);
    }
  });
});
