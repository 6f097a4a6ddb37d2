import { ERRORS } from '@portal/domain/errors/catalogue';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/session-store.ts';
import { testQueryClient } from '../test/render.tsx';
import { TEST_ROUTE_TREE } from '../test/route-tree.fixture.ts';
import { AppProviders } from './providers.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ok = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, code: 0, msg: '成功', msg_en: 'Success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const HOME_PAGE = {
  group: 'dashboard',
  user: { name: '管理员', nameEn: 'Administrator', lastLoginAt: '2026-01-05T08:30:00Z' },
  tenant: { code: 'demo', name: '演示租户', nameEn: 'Demo Tenant' },
  provider: null,
  taskCounts: [
    { status: '01', count: 3 },
    { status: '06', count: 5 },
  ],
  stats: { users: 4, roles: 5, menus: 12 },
};

let releaseMenu: (() => void) | null = null;

function serve(options: { holdMenu?: boolean; badToken?: boolean } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (options.badToken && url.pathname.startsWith('/saasapi/oauth/')) {
      return new Response(
        JSON.stringify({
          isSuccess: false,
          code: 40005,
          msg: ERRORS.TOKEN_UNREADABLE.zh,
          msg_en: ERRORS.TOKEN_UNREADABLE.en,
          data: null,
        }),
        { status: 401, headers: { 'content-type': 'application/json' } },
      );
    }
    switch (url.pathname) {
      case '/saasapi/oauth/resource/visible':
        return ok({
          enabled: true,
          caseSensitive: false,
          resourceList: ['*:*:*'],
          roleList: ['SUPER_ADMIN'],
        });
      case '/saasapi/oauth/menu/router':
        if (options.holdMenu) await new Promise<void>((resolve) => (releaseMenu = resolve));
        return ok(TEST_ROUTE_TREE);
      case '/saasapi/drsystem/homePage/getHomePage':
        return ok(HOME_PAGE);
      case '/saasapi/oauth/anno/captcha':
        return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'content-type': 'image/svg+xml' },
        });
      default:
        return new Response('', { status: 404 });
    }
  });
}

function signIn() {
  useSessionStore.getState().applyLogin({
    token: 'jwt',
    refreshToken: 'refresh',
    expiresIn: 7200,
    userId: '1',
    account: 'admin',
    name: '管理员',
    nameEn: 'Administrator',
    providerId: null,
    userType: '01',
    tenant: 'demo',
  });
}

const menuCalls = () =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/oauth/menu/router'));

/** A fresh router module per test: the route tree is patched once per router, and loaded once per page. */
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
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  releaseMenu = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().clearAll();
});

describe('app router', () => {
  it('sends a visitor without a session to /login with a redirect back', async () => {
    serve();
    const router = await renderApp('/drsystem/management/list?page=2');
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/drsystem/management/list?page=2')}`,
    );
    expect(menuCalls()).toHaveLength(0);
  });

  it('shows the frame with the menu and the home board at /', async () => {
    signIn();
    serve();
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(await screen.findByText('演示租户 (demo)')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeTruthy();
    expect(screen.getByText('医生系统')).toBeTruthy();
    expect(menuCalls()).toHaveLength(1);
  });

  it('adds the server routes and lands the first navigation on them', async () => {
    signIn();
    serve();
    const router = await renderApp('/welcome/home');
    expect(await screen.findByText('演示租户 (demo)')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome/home');
    expect(screen.queryByText('抱歉，您访问的页面不存在。')).toBeNull();
    expect(menuCalls()).toHaveLength(1);
  });

  it('shows the 404 page inside the frame for a page the web does not have', async () => {
    signIn();
    serve();
    await renderApp('/drsystem/management/tasks');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeTruthy();
  });

  it('does not show the 404 before the route tree has loaded', async () => {
    signIn();
    serve({ holdMenu: true });
    await renderApp('/welcome/home');
    await waitFor(() => expect(releaseMenu).not.toBeNull());
    expect(screen.queryByText('抱歉，您访问的页面不存在。')).toBeNull();
    releaseMenu?.();
    expect(await screen.findByText('演示租户 (demo)')).toBeTruthy();
    expect(screen.queryByText('抱歉，您访问的页面不存在。')).toBeNull();
  });

  it('shows the remind dialog, not a 404, when the stored session is refused', async () => {
    signIn();
    serve({ badToken: true });
    await renderApp('/drsystem/management/list');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(document.querySelectorAll('.ant-modal-confirm-title')).toHaveLength(1);
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提醒');
    expect(screen.getByText('登录信息无法识别，请重新登录')).toBeTruthy();
    expect(screen.queryByText('抱歉，您访问的页面不存在。')).toBeNull();
  });

  it('serves /404 without a session', async () => {
    serve();
    await renderApp('/404');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
  });

  it('sends a signed-in user away from /login to the redirect target', async () => {
    signIn();
    serve();
    const router = await renderApp('/login?redirect=%2Fwelcome%2Fhome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/home'));
  });
});
