import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const spies = vi.hoisted(() => ({
  error: vi.fn(),
  success: vi.fn(),
  warning: vi.fn(),
  alert: vi.fn(),
  confirm: vi.fn(),
  hardNavigate: vi.fn(),
  reloadPage: vi.fn(),
  saveBlob: vi.fn(),
}));

vi.mock('./feedback.ts', () => ({
  feedback: {
    error: spies.error,
    success: spies.success,
    warning: spies.warning,
    alert: spies.alert,
    confirm: spies.confirm,
  },
  registerFeedback: vi.fn(),
}));

vi.mock('./browser.ts', () => ({
  hardNavigate: spies.hardNavigate,
  reloadPage: spies.reloadPage,
  saveBlob: spies.saveBlob,
  currentPathWithSearch: () => '/drsystem/info/advance?q=1',
  randomUuid: () => '00000000-0000-4000-8000-000000000000',
}));

type THttpModule = typeof import('./http.ts');
type TStoreModule = typeof import('./session-store.ts');
type TI18nModule = typeof import('./i18n.ts');

let httpModule: THttpModule;
let storeModule: TStoreModule;
let i18nModule: TI18nModule;

const fetchMock = vi.fn<typeof fetch>();

function envelope(
  data: unknown,
  init: { code?: number; msg?: string; msg_en?: string; isSuccess?: boolean } = {},
) {
  return {
    isSuccess: init.isSuccess ?? (init.code ?? 0) === 0,
    code: init.code ?? 0,
    msg: init.msg ?? 'ok',
    msg_en: init.msg_en ?? 'ok',
    data,
  };
}

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json;charset=UTF-8', ...headers },
  });
}

function requestOf(callIndex: number): { url: URL; init: RequestInit; headers: Record<string, string> } {
  const [input, init = {}] = fetchMock.mock.calls[callIndex];
  return {
    url: new URL(String(input), 'http://portal.test'),
    init,
    headers: (init.headers ?? {}) as Record<string, string>,
  };
}

function signIn(expiresInMs = 60 * 60_000) {
  storeModule.useSessionStore.getState().applyLogin(
    {
      token: 'access-1',
      refreshToken: 'refresh-1',
      expiration: new Date(Date.now() + expiresInMs).toISOString(),
      userId: 7,
      account: 'auditor',
      name: '审核员',
      nameEn: 'Auditor',
      providerId: null,
      userType: '01',
      tenant: 'demo',
    },
    'demo',
  );
}

beforeEach(async () => {
  vi.resetModules();
  for (const spy of Object.values(spies)) spy.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
  i18nModule = await import('./i18n.ts');
  await i18nModule.setLanguage('zh');
  storeModule = await import('./session-store.ts');
  httpModule = await import('./http.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request conventions', () => {
  it('prefixes /saasapi, adds ts, sends GET payload as query and the portal headers', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(envelope({ id: 1 })));
    const data = await httpModule.http.get('/authority/user/1', {
      size: 10,
      status: ['01', '02'],
      empty: null,
    });
    expect(data).toEqual({ id: 1 });
    const { url, init, headers } = requestOf(0);
    expect(url.pathname).toBe('/saasapi/authority/user/1');
    expect(url.searchParams.get('size')).toBe('10');
    expect(url.searchParams.getAll('status')).toEqual(['01', '02']);
    expect(url.searchParams.has('empty')).toBe(false);
    expect(Number(url.searchParams.get('ts'))).toBeGreaterThan(0);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.Authorization).toBe(`Basic ${btoa('portal-web:portal-web-secret')}`);
    expect(headers.token).toBe('Bearer access-1');
    expect(headers.tenant).toBe('demo');
    expect(headers.language).toBe('zh');
  });

  it('sends other methods as JSON, form helpers form-encoded without null fields, uploads as multipart', async () => {
    signIn();
    fetchMock.mockImplementation(async () => jsonResponse(envelope(true)));
    await i18nModule.setLanguage('en');
    await httpModule.http.post('/authority/user', { name: 'x', note: null });
    await httpModule.http.postForm('/authority/user/reload', { userId: '5', extra: null, skip: undefined });
    await httpModule.http.upload('/file/file/anyone/upload', new Blob(['abc']), {
      bizType: 'PROVIDER_TASK_SAVE',
    });

    const post = requestOf(0);
    expect(post.init.body).toBe(JSON.stringify({ name: 'x', note: null }));
    expect(post.headers['Content-Type']).toMatch(/application\/json/);
    expect(post.headers.language).toBe('en');

    const form = requestOf(1);
    expect(String(form.init.body)).toBe('userId=5');
    expect(form.headers['Content-Type']).toMatch(/x-www-form-urlencoded/);

    const upload = requestOf(2);
    expect(upload.init.body).toBeInstanceOf(FormData);
    expect((upload.init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect((upload.init.body as FormData).get('bizType')).toBe('PROVIDER_TASK_SAVE');
    expect(upload.headers['Content-Type']).toBeUndefined();
  });

  it('sends no token header on anonymous calls', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(envelope(null)));
    await httpModule.http.post('/oauth/noToken/login', {}, { anonymous: true, tenant: 'acme' });
    const { headers } = requestOf(0);
    expect(headers.token).toBeUndefined();
    expect(headers.tenant).toBe('acme');
  });
});

describe('error handling', () => {
  it('shows the envelope message of a failed call for 3 s in the current language', async () => {
    signIn();
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        envelope(null, { code: 40900, msg: '案件状态已变更', msg_en: 'Case status changed' }),
        409,
      ),
    );
    await expect(httpModule.http.post('/claim/x', {})).rejects.toMatchObject({
      kind: 'business',
      code: 40900,
    });
    expect(spies.error).toHaveBeenLastCalledWith('案件状态已变更', 3);

    await i18nModule.setLanguage('en');
    await expect(httpModule.http.post('/claim/x', {})).rejects.toBeInstanceOf(httpModule.ApiError);
    expect(spies.error).toHaveBeenLastCalledWith('Case status changed', 3);
  });

  it('treats isSuccess false with HTTP 200 as a failure and honours silent', async () => {
    signIn();
    fetchMock.mockImplementation(async () =>
      jsonResponse(envelope(null, { code: 40010, msg: '格式不正确', msg_en: 'Incorrect Format' })),
    );
    await expect(httpModule.http.post('/msg/haveRead', [], { silent: true })).rejects.toMatchObject({
      msg: '格式不正确',
      msgEn: 'Incorrect Format',
    });
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('shows the remind dialog once for many calls failing with session codes, then logs out', async () => {
    signIn();
    window.localStorage.setItem('language', 'zh');
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        envelope(null, { code: 40001, msg: '登录已过期，请重新登录', msg_en: 'Login expired' }),
        401,
      ),
    );
    const results = await Promise.allSettled([
      httpModule.http.get('/a'),
      httpModule.http.get('/b'),
      httpModule.http.post('/c', {}),
    ]);
    expect(
      results.every((r) => r.status === 'rejected' && (r.reason as { kind: string }).kind === 'session'),
    ).toBe(true);
    expect(spies.alert).toHaveBeenCalledTimes(1);
    expect(spies.error).not.toHaveBeenCalled();
    const alert = spies.alert.mock.calls[0][0] as {
      title: string;
      content: string;
      okText: string;
      onOk: () => void;
    };
    expect(alert.title).toBe('提醒');
    expect(alert.content).toBe('登录已过期，请重新登录');
    expect(alert.okText).toBe('确定');

    // Nothing is cleared until the user confirms.
    expect(window.localStorage.getItem('TOKEN')).toBe('access-1');
    alert.onOk();
    expect(window.localStorage.getItem('TOKEN')).toBeNull();
    expect(window.localStorage.getItem('USER')).toBeNull();
    expect(window.localStorage.getItem('TENANT')).toBe('demo');
    expect(window.localStorage.getItem('language')).toBe('zh');
    expect(spies.hardNavigate).toHaveBeenCalledWith('/login?redirect=%2Fdrsystem%2Finfo%2Fadvance%3Fq%3D1');
  });

  it.each([40000, 40002, 40003, 40005, 40006, 40008, 40009])(
    'session code %i in a 200 answer also logs out',
    async (code) => {
      signIn();
      fetchMock.mockResolvedValueOnce(jsonResponse(envelope(null, { code, msg: 'm', msg_en: 'm' })));
      await expect(httpModule.http.get('/x')).rejects.toMatchObject({ kind: 'session' });
      expect(spies.alert).toHaveBeenCalledTimes(1);
    },
  );

  it('treats HTTP 401 without an envelope as a session problem with the default message', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 }));
    await expect(httpModule.http.get('/x')).rejects.toMatchObject({ kind: 'session', status: 401 });
    expect(spies.alert.mock.calls[0][0]).toMatchObject({ title: '提醒', content: '登录已过期，请重新登录' });
  });

  it('only toasts a 403 permission denial (40300), without logging out', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        envelope(null, {
          code: 40300,
          msg: '您没有该操作的权限',
          msg_en: 'You have no permission for this operation',
        }),
        403,
      ),
    );
    await expect(httpModule.http.delete('/authority/user', [1])).rejects.toMatchObject({
      status: 403,
      code: 40300,
    });
    expect(spies.error).toHaveBeenCalledWith('您没有该操作的权限', 3);
    expect(spies.alert).not.toHaveBeenCalled();
    expect(spies.hardNavigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('TOKEN')).toBe('access-1');
  });

  it('lets anonymous calls (login) see a wrong password as an ordinary failure', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        envelope(null, { code: 40006, msg: '账号或密码错误', msg_en: 'Wrong account or password' }),
        401,
      ),
    );
    const failure = httpModule.http.post('/oauth/noToken/login', {}, { anonymous: true, silent: true });
    await expect(failure).rejects.toMatchObject({
      kind: 'business',
      code: 40006,
      msgEn: 'Wrong account or password',
    });
    expect(spies.alert).not.toHaveBeenCalled();
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('shows 404 as "resource not found" for 5 s', async () => {
    signIn();
    await i18nModule.setLanguage('en');
    fetchMock.mockResolvedValueOnce(new Response('Not Found', { status: 404 }));
    await expect(httpModule.http.get('/nowhere')).rejects.toMatchObject({ status: 404 });
    expect(spies.error).toHaveBeenCalledWith('Sorry, resource not found', 5);
  });

  it('shows the server message of a 500, with its request id, else the internal error text', async () => {
    signIn();
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(
          envelope({ requestId: 'req-9' }, { code: 50000, msg: '系统内部错误，请联系管理员', msg_en: 'x' }),
          500,
        ),
      )
      .mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(httpModule.http.get('/boom')).rejects.toMatchObject({ status: 500 });
    expect(spies.error).toHaveBeenLastCalledWith('系统内部错误，请联系管理员（请求编号：req-9）', 3);
    await expect(httpModule.http.get('/boom')).rejects.toMatchObject({ status: 500 });
    expect(spies.error).toHaveBeenLastCalledWith('系统内部错误，请联系管理员', 3);
  });

  it('aborts after the time-out with "request timeout"', async () => {
    signIn();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(httpModule.http.get('/slow', undefined, { timeout: 20 })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(spies.error).toHaveBeenCalledWith('请求超时', 3);
  });

  it('reports a missing answer as a network error', async () => {
    signIn();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(httpModule.http.get('/offline')).rejects.toMatchObject({ kind: 'network' });
    expect(spies.error).toHaveBeenCalledWith('网络异常，请检查网络连接后重试', 3);
  });

  it('does not toast a call the caller aborted', async () => {
    signIn();
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = httpModule.http.get('/slow', undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(spies.error).not.toHaveBeenCalled();
  });
});

describe('token refresh', () => {
  it('refreshes once, before the calls, when under 5 minutes remain, however many calls wait', async () => {
    signIn(60_000);
    let refreshes = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/saasapi/authority/anno/login') {
        refreshes += 1;
        expect(String(init?.body)).toBe('grant_type=refresh_token&refresh_token=refresh-1');
        await new Promise((resolve) => setTimeout(resolve, 10));
        return jsonResponse(
          envelope({
            access_token: 'access-2',
            refresh_token: 'refresh-2',
            expires_in: 7200,
            token: 'access-2',
            refreshToken: 'refresh-2',
            expiration: new Date(Date.now() + 7_200_000).toISOString(),
            expiresIn: 7200,
            userId: '7',
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
      }
      return jsonResponse(envelope(url.pathname));
    });

    const answers = await Promise.all(['/a', '/b', '/c', '/d', '/e'].map((p) => httpModule.http.get(p)));
    expect(answers).toEqual(['/saasapi/a', '/saasapi/b', '/saasapi/c', '/saasapi/d', '/saasapi/e']);
    expect(refreshes).toBe(1);
    const businessCalls = fetchMock.mock.calls
      .map((_, i) => requestOf(i))
      .filter((r) => r.url.pathname !== '/saasapi/authority/anno/login');
    expect(businessCalls).toHaveLength(5);
    expect(businessCalls.every((r) => r.headers.token === 'Bearer access-2')).toBe(true);
    expect(window.localStorage.getItem('TOKEN')).toBe('access-2');
    expect(window.localStorage.getItem('ACCESS_TOKEN')).toBe('access-2');
    expect(window.localStorage.getItem('REFRESH_TOKEN')).toBe('refresh-2');
    expect(Number(window.localStorage.getItem('EXPIRE_TIME'))).toBeGreaterThan(Date.now() + 3_600_000);
  });

  it('does not refresh while more than 5 minutes remain', async () => {
    signIn(10 * 60_000);
    fetchMock.mockImplementation(async () => jsonResponse(envelope(1)));
    await httpModule.http.get('/a');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestOf(0).url.pathname).toBe('/saasapi/a');
  });

  it('logs out when the refresh fails, with one dialog for all waiting calls', async () => {
    signIn(30_000);
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        envelope(null, { code: 40001, msg: '登录已过期，请重新登录', msg_en: 'Login expired' }),
        401,
      ),
    );
    const results = await Promise.allSettled([
      httpModule.http.get('/a'),
      httpModule.http.get('/b'),
      httpModule.http.get('/c'),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(requestOf(0).url.pathname).toBe('/saasapi/authority/anno/login');
    expect(spies.alert).toHaveBeenCalledTimes(1);
    (spies.alert.mock.calls[0][0] as { onOk: () => void }).onOk();
    expect(window.localStorage.getItem('TOKEN')).toBeNull();
    expect(spies.hardNavigate).toHaveBeenCalledTimes(1);
  });
});

describe('downloads', () => {
  it('saves the blob under the Content-Disposition name', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(
      new Response(new Blob(['xlsx-bytes']), {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition':
            'attachment; filename="users.xlsx"; filename*=UTF-8\'\'%E7%94%A8%E6%88%B7.xlsx',
        },
      }),
    );
    const result = await httpModule.http.download('/authority/user/export', {
      method: 'POST',
      body: { ids: [1] },
    });
    expect(result.fileName).toBe('用户.xlsx');
    expect(spies.saveBlob).toHaveBeenCalledWith(result.blob, '用户.xlsx');
    expect(requestOf(0).init.body).toBe(JSON.stringify({ ids: [1] }));
  });

  it('uses "download file.zip" when the answer names no file', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(
      new Response(new Blob(['zip']), { status: 200, headers: { 'content-type': 'application/zip' } }),
    );
    const result = await httpModule.http.download('/file/attachment/download');
    expect(result.fileName).toBe('download file.zip');
  });

  it('shows the message of a JSON answer instead of saving it, "download failed" when it has none', async () => {
    signIn();
    await i18nModule.setLanguage('en');
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(envelope(null, { code: 40400, msg: '文件不存在', msg_en: 'File does not exist' })),
      )
      .mockResolvedValueOnce(jsonResponse({ isSuccess: false, code: 1, msg: '', msg_en: '', data: null }));
    await expect(httpModule.http.download('/file/file/download')).rejects.toMatchObject({ code: 40400 });
    expect(spies.error).toHaveBeenLastCalledWith('File does not exist', 3);
    await expect(httpModule.http.download('/file/file/download')).rejects.toBeInstanceOf(httpModule.ApiError);
    expect(spies.error).toHaveBeenLastCalledWith('Download failed', 3);
    expect(spies.saveBlob).not.toHaveBeenCalled();
  });
});

describe('fileNameFromContentDisposition', () => {
  it('reads quoted, plain, percent-encoded and RFC 5987 names', () => {
    const read = (h: string | null) => httpModule.fileNameFromContentDisposition(h);
    expect(read('attachment; filename="report 1.pdf"')).toBe('report 1.pdf');
    expect(read('attachment;filename=%E6%8A%A5%E5%91%8A.pdf')).toBe('报告.pdf');
    expect(read("attachment; filename*=UTF-8''a%20b.zip")).toBe('a b.zip');
    expect(read('inline')).toBeNull();
    expect(read(null)).toBeNull();
  });
});
