/** A fetch stand-in answering API paths with the portal's envelope (tests only). */
import { vi } from 'vitest';

export interface TApiCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

export type TApiHandler = (call: TApiCall) => unknown | Response | Promise<unknown | Response>;

export function envelope(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ isSuccess: true, code: 0, msg: '成功', msg_en: 'Success', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function failure(
  code: number,
  msg: string,
  msgEn: string,
  status = 400,
  data: unknown = null,
): Response {
  return new Response(JSON.stringify({ isSuccess: false, code, msg, msg_en: msgEn, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body ?? null;
}

/**
 * Stubs fetch: `handlers` maps '/saasapi/...' paths (or 'METHOD /saasapi/...') to answers;
 * plain values are wrapped in the success envelope, unknown paths answer 404.
 */
export function mockApi(handlers: Record<string, TApiHandler>) {
  const calls: TApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: TApiCall = { method, path: url.pathname, url, body: readBody(init?.body) };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname];
    if (!handler) return new Response('', { status: 404 });
    const answer = await handler(call);
    return answer instanceof Response ? answer : envelope(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (path: string) => calls.filter((c) => c.path === path || c.path === `/saasapi${path}`),
  };
}

/** Signs a test user in (session store and storage). */
export async function signInAs(
  user: { userType?: string; providerId?: string | null; permissions?: string[]; roles?: string[] } = {},
) {
  const { useSessionStore } = await import('../lib/session-store.ts');
  const store = useSessionStore.getState();
  store.applyLogin({
    token: 'jwt',
    refreshToken: 'refresh',
    expiresIn: 7200,
    userId: 'u-1',
    account: 'hospital',
    name: '李医生',
    nameEn: 'Dr Li',
    providerId: user.providerId ?? null,
    userType: user.userType ?? '01',
    tenant: 'demo',
  });
  store.applyAuthority({
    enabled: true,
    caseSensitive: false,
    resourceList: user.permissions ?? ['msg:center:*'],
    roleList: user.roles ?? [],
  });
}
