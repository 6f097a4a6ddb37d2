import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="25">ab12</text></svg>';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ok = (data: unknown) => json({ isSuccess: true, code: 0, msg: '成功', msg_en: 'Success', data });

type TLoginAnswer = () => Response;

function serve(loginAnswer: TLoginAnswer) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    switch (url.pathname) {
      case '/saasapi/oauth/anno/captcha':
        return new Response(SVG, { status: 200, headers: { 'content-type': 'image/svg+xml' } });
      case '/saasapi/oauth/noToken/login':
        return loginAnswer();
      case '/saasapi/oauth/resource/visible':
        return ok({
          enabled: true,
          caseSensitive: false,
          resourceList: ['authority:user:view'],
          roleList: ['AUDITOR'],
        });
      case '/saasapi/oauth/menu/router':
        return ok([]);
      default:
        return json({ isSuccess: false, code: 40400, msg: '未找到', msg_en: 'Not found', data: null }, 404);
    }
  });
}

const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

const calls = (path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://portal.test'), init }))
    .filter((c) => c.url.pathname === path);

function renderLogin(path = '/login?redirect=%2Fdrsystem%2Finfo%2Fadvance') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/drsystem/info/advance', element: <p>advanced search</p> },
    ],
    path,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<LoginPage>', () => {
  it('validates every field before calling the server', async () => {
    serve(() => ok({}));
    renderLogin();
    const tenant = await screen.findByLabelText('租户');
    expect((tenant as HTMLInputElement).value).toBe('demo');
    await userEvent.clear(tenant);
    await userEvent.click(screen.getByRole('button', { name: '登录' }));

    for (const message of ['请输入租户', '请输入账号', '请输入密码', '请输入验证码']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(calls('/saasapi/oauth/noToken/login')).toHaveLength(0);
  });

  it('shows the captcha fetched with a random key and the tenant header; clicking it fetches a new one', async () => {
    serve(() => ok({}));
    renderLogin();
    const image = await screen.findByRole('img', { name: '验证码图片' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const first = calls('/saasapi/oauth/anno/captcha')[0];
    expect(first.url.searchParams.get('key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headersOf(first.init).tenant).toBe('demo');

    await userEvent.click(screen.getByRole('button', { name: '看不清？点击更换验证码' }));
    await waitFor(() => expect(calls('/saasapi/oauth/anno/captcha')).toHaveLength(2));
    const second = calls('/saasapi/oauth/anno/captcha')[1];
    expect(second.url.searchParams.get('key')).not.toBe(first.url.searchParams.get('key'));
  });

  it("shows the server's message on a wrong password, without the remind dialog, and renews the captcha", async () => {
    serve(() =>
      json(
        {
          isSuccess: false,
          code: 40006,
          msg: '账号或密码错误',
          msg_en: 'Wrong account or password',
          data: null,
        },
        401,
      ),
    );
    renderLogin();
    await screen.findByRole('img', { name: '验证码图片' });
    await userEvent.type(screen.getByLabelText('账号'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('验证码'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('账号或密码错误');
    expect(screen.queryByText('提醒')).toBeNull();
    await waitFor(() => expect(calls('/saasapi/oauth/anno/captcha')).toHaveLength(2));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect(window.localStorage.getItem('TOKEN')).toBeNull();

    const [login] = calls('/saasapi/oauth/noToken/login');
    expect(JSON.parse(String(login.init?.body))).toEqual({
      account: 'admin',
      password: 'wrong-password',
      key: calls('/saasapi/oauth/anno/captcha')[0].url.searchParams.get('key'),
      code: 'ab12',
    });
  });

  it('stores the session, loads permissions and menu, then goes to the redirect target', async () => {
    serve(() =>
      ok({
        token: 'jwt-1',
        refreshToken: 'refresh-1',
        expiration: new Date(Date.now() + 3_600_000).toISOString(),
        expiresIn: 3600,
        userId: '3',
        account: 'auditor',
        name: '审核员',
        nameEn: 'Auditor',
        avatar: null,
        workDescribe: null,
        providerId: null,
        userType: '01',
        tenant: 'demo',
      }),
    );
    renderLogin();
    await screen.findByRole('img', { name: '验证码图片' });
    await userEvent.type(screen.getByLabelText('账号'), 'auditor');
    await userEvent.type(screen.getByLabelText('密码'), 'Portal2026');
    await userEvent.type(screen.getByLabelText('验证码'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('advanced search')).toBeTruthy();
    expect(window.localStorage.getItem('TOKEN')).toBe('jwt-1');
    expect(window.localStorage.getItem('REFRESH_TOKEN')).toBe('refresh-1');
    expect(window.localStorage.getItem('TENANT')).toBe('demo');
    expect(JSON.parse(window.localStorage.getItem('USER') ?? '{}')).toMatchObject({
      account: 'auditor',
      userType: '01',
    });
    expect(JSON.parse(window.localStorage.getItem('AUTHORITY_RESOURCE') ?? '{}')).toMatchObject({
      roleList: ['AUDITOR'],
    });
    expect(calls('/saasapi/oauth/menu/router')).toHaveLength(1);
    expect(headersOf(calls('/saasapi/oauth/menu/router')[0].init).token).toBe('Bearer jwt-1');
  });

  it('switches the page to English from its language dropdown and remembers it', async () => {
    serve(() => ok({}));
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: '语言: 中文' }));
    await userEvent.click(await screen.findByText('English'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByLabelText('Tenant')).toBeTruthy();
    expect(window.localStorage.getItem('language')).toBe('en');
    expect(window.localStorage.getItem('toggleLang')).toBe('en');
  });
});
