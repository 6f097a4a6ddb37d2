import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sessions } from '../../features/session/session.tables.ts';
import {
  CAPTCHA,
  call,
  createTestApp,
  getOnConnection,
  headers,
  login,
  type TTestApp,
  WEB_CLIENT,
} from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const envelope = (body: unknown) =>
  expect(body).toMatchObject({
    isSuccess: false,
    code: expect.any(Number),
    msg: expect.any(String),
    msg_en: expect.any(String),
  });

/** Sends raw bytes to a listening server and collects the whole answer until the socket closes. */
function rawExchange(port: number, write: (socket: Socket) => void): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('close', () => resolve({ text, ms: Date.now() - started }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      reject(error);
    });
    socket.on('connect', () => write(socket));
  });
}

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('client address', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    // 30 captchas a minute per address: rotating a forged header must not buy a 31st.
    let last = null as null | { statusCode: number; body: string };
    for (let i = 0; i < 31; i++) {
      last = await t.app.inject({
        method: 'GET',
        url: `/saasapi/oauth/anno/captcha?key=${randomUUID()}`,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        remoteAddress: '198.51.100.7',
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ code: 40016 });
    // Another real address is not affected.
    const other = await t.app.inject({
      method: 'GET',
      url: `/saasapi/oauth/anno/captcha?key=${randomUUID()}`,
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(200);
  });

  it('stores the socket address in the session, not the forged one', async () => {
    const key = randomUUID();
    await t.app.inject({
      method: 'GET',
      url: `/saasapi/oauth/anno/captcha?key=${key}`,
      remoteAddress: '198.51.100.9',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { ...headers('demo'), 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '198.51.100.9',
      payload: { account: 'auditor', password: 'Portal2026', key, code: CAPTCHA },
    });
    expect(res.json().isSuccess).toBe(true);
    const claims = await t.platform.tokens.verifyAccess(res.json().data.token);
    const [row] = await t.platform.db.select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(row.ip).toBe('198.51.100.9');
  });

  it('believes X-Forwarded-For from a listed proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const key = randomUUID();
      await proxied.app.inject({
        method: 'GET',
        url: `/saasapi/oauth/anno/captcha?key=${key}`,
        headers: { 'x-forwarded-for': '203.0.113.50' },
        remoteAddress: '10.1.2.3',
      });
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/saasapi/oauth/noToken/login',
        headers: { ...headers('demo'), 'x-forwarded-for': '203.0.113.50' },
        remoteAddress: '10.1.2.3',
        payload: { account: 'auditor', password: 'Portal2026', key, code: CAPTCHA },
      });
      const claims = await proxied.platform.tokens.verifyAccess(res.json().data.token);
      const [row] = await proxied.platform.db.select().from(sessions).where(eq(sessions.id, claims.sid));
      expect(row.ip).toBe('203.0.113.50');
    } finally {
      await proxied.close();
    }
  }, 60_000);
});

describe('framework errors answer the envelope', () => {
  it('404 unknown path, 405 known path with another method, 415 unsupported type', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/saasapi/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40400 });

    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/saasapi/oauth/noToken/login' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('POST');
    expect(wrongMethod.json()).toMatchObject({
      code: 40500,
      msg: '不支持该请求方法',
      msg_en: 'Method not allowed',
    });
    const withParam = await t.app.inject({
      method: 'DELETE',
      url: '/saasapi/drsystem/providerTask/detail/123',
    });
    expect(withParam.statusCode).toBe(405);

    const unsupported = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { ...headers('demo'), 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toMatchObject({
      code: 40032,
      msg_en: 'Unsupported content type of the request',
    });
  });

  it('400 for a malformed URL and for malformed JSON', async () => {
    const badUrl = await t.app.inject({
      method: 'GET',
      url: '/saasapi/drsystem/providerTask/detail/%E0%A4%A',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ code: 40035, msg: '请求格式不正确', msg_en: 'Malformed request' });
    expect(badUrl.headers['cache-control']).toBe('no-store');

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { ...headers('demo'), 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(badJson.statusCode).toBe(400);
    envelope(badJson.json());
  });

  it('413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { ...headers('demo'), 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    envelope(res.json());
  });

  it('431 for oversized headers and 408 for a slow body, on a real socket', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: `/tmp/portal-test-${randomUUID()}`,
      PGLITE_DIR: 'memory://',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'false',
      REQUEST_TIMEOUT_SECONDS: '2',
      HEADERS_TIMEOUT_SECONDS: '1',
      MAX_HEADER_BYTES: '4096',
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    });
    const { app } = await buildApp(config);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    try {
      const big = await rawExchange(port, (s) => {
        s.write(`GET /saasapi/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(8000)}\r\n\r\n`);
      });
      expect(big.text).toMatch(/^HTTP\/1.1 431/);
      expect(bodyOf(big.text)).toMatchObject({ code: 40033, msg_en: 'Request headers too large' });

      // The headers arrive at once; the body trickles one byte at a time and is cut off.
      let timer: NodeJS.Timeout | undefined;
      const slow = await rawExchange(port, (s) => {
        s.write(
          `POST /saasapi/oauth/noToken/login HTTP/1.1\r\nHost: x\r\nAuthorization: ${WEB_CLIENT}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
        );
        timer = setInterval(() => {
          if (s.writable) s.write('{');
        }, 200);
      });
      clearInterval(timer);
      expect(slow.ms).toBeLessThan(8000);
      expect(slow.text).toMatch(/^HTTP\/1.1 408/);
      expect(bodyOf(slow.text)).toMatchObject({ code: 40034, msg_en: 'The request timed out, please retry' });
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('caching', () => {
  it('marks sign-in, profile and error answers no-store, but not the static docs assets', async () => {
    const s = await login(t.app, 'demo', 'admin');
    const profile = await call(t.app, 'demo', s.token, {
      method: 'GET',
      url: `/saasapi/authority/user/${s.userId}`,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const key = randomUUID();
    await t.app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}` });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: headers('demo'),
      payload: { account: 'admin', password: 'Portal2026', key, code: CAPTCHA },
    });
    expect(signIn.json().isSuccess).toBe(true);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/saasapi/nothing' });
    expect(missing.headers['cache-control']).toBe('no-store');
    const docs = await t.app.inject({ method: 'GET', url: '/saasapi/docs/json' });
    expect(docs.headers['cache-control']).toBe('no-store');
    const asset = await t.app.inject({ method: 'GET', url: '/saasapi/docs/static/swagger-ui.css' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).not.toBe('no-store');
  });
});

describe('control characters', () => {
  it('refuses U+0000 in a body, query or header with a field error in both languages', async () => {
    const s = await login(t.app, 'demo', 'admin');
    const inBody = await call(t.app, 'demo', s.token, {
      method: 'PUT',
      url: '/saasapi/authority/user/base',
      payload: { name: 'a\u0000b' },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toMatchObject({
      code: 40010,
      data: {
        fieldErrors: {
          name: {
            msg: '不能包含控制字符（如 U+0000）',
            msg_en: 'must not contain control characters (such as U+0000)',
          },
        },
      },
    });
    const inQuery = await t.app.inject({
      method: 'GET',
      url: '/saasapi/oauth/anno/captcha?key=abcdefgh%00ij',
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().data.fieldErrors).toHaveProperty('key');
    const inHeader = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { ...headers('demo'), tenant: 'de\u0000mo' },
      payload: { account: 'admin', password: 'x', key: 'k', code: 'c' },
    });
    expect(inHeader.statusCode).toBe(400);
    expect(inHeader.json().data.fieldErrors).toHaveProperty(['headers.tenant']);
    const boundary = 'portal-boundary';
    const upload = await call(t.app, 'demo', s.token, {
      method: 'POST',
      url: '/saasapi/file/file/anyone/upload?bizType=PROVIDER_TASK_SAVE',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan\u0000.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().data.fieldErrors).toHaveProperty('file');
    // Multi-line text keeps its line breaks.
    const lines = await call(t.app, 'demo', s.token, {
      method: 'POST',
      url: '/saasapi/authority/errorLog',
      payload: { message: 'line 1\nline 2\ttab', url: '/home' },
    });
    expect(lines.statusCode).toBe(200);
  });

  it('checks each request of a kept connection by its own header values', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { token } = await login(t.app, 'demo', 'admin');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const ports = new Set<number>();
      const visible = async (sent: Record<string, string>) => {
        const answer = await getOnConnection<{ data: { fieldErrors?: object } }>(
          agent,
          port,
          '/saasapi/oauth/resource/visible',
          sent,
        );
        ports.add(answer.localPort);
        return answer;
      };
      const clean = headers('demo', token);
      expect((await visible(clean)).status).toBe(200);
      expect((await visible(clean)).status).toBe(200);
      // A tab is the one control character Node's parser lets into a header value: a value
      // that differs from the connection's last clean one is scanned again, and refused.
      const tabbed = await visible({ ...clean, token: `Bearer\t${token}` });
      expect(tabbed.status).toBe(400);
      expect(tabbed.body.data.fieldErrors).toHaveProperty(['headers.token']);
      const tabbedTenant = await visible({ ...clean, tenant: 'de\tmo' });
      expect(tabbedTenant.body.data.fieldErrors).toHaveProperty(['headers.tenant']);
      expect((await visible(clean)).status).toBe(200);
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});
