import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp, getOnConnection, headers, login } from '../../test/test-app.ts';
import { installAuth } from './auth.hooks.ts';
import { createTokenService } from './tokens.ts';

describe('route access declarations', () => {
  it('refuses to register a /saasapi route without an access rule', async () => {
    const app = Fastify();
    installAuth(app, {
      tokens: createTokenService('x'.repeat(40), 60),
      findTenant: async () => null,
      verifyClient: async () => null,
      loadActor: async () => {
        throw new Error('unused');
      },
      knownClient: () => undefined,
      clientKey: () => '',
      actorInMemory: () => undefined,
    });
    expect(() => app.get('/saasapi/open', async () => 'oops')).toThrow(/declares no access rule/);
    await app.close();
  });

  it('every route of the app declares who may call it', async () => {
    const t = await createTestApp();
    try {
      const table = t.app.accessTable;
      expect(table.length).toBeGreaterThan(5);
      for (const entry of table)
        expect(['public', 'client', 'login', 'permission']).toContain(entry.access.kind);
      const publicRoutes = table.filter((e) => e.access.kind === 'public').map((e) => `${e.method} ${e.url}`);
      // Only these may be called without a client or a session. The file links check the
      // access token from their query themselves (features/files, decision 0005); the message
      // stream takes a single-use ticket issued to a session (decision 0032).
      for (const route of publicRoutes) {
        expect(route).toMatch(
          /^(HEAD,)?GET \/saasapi\/(health|oauth\/anno\/captcha|docs|file\/attachment\/download\/:bizType\/:bizId$|file\/file\/view\/:id$|msg\/msg\/stream$)/,
        );
      }
    } finally {
      await t.close();
    }
  });

  it("checks a GET route's HEAD twin like the GET: no token, no answer", async () => {
    const t = await createTestApp();
    try {
      const client = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({
          method,
          url: '/saasapi/oauth/resource/visible',
          headers: { authorization: client, tenant: 'demo' },
        });
        expect(res.statusCode, method).toBe(401);
      }
      const noClient = await t.app.inject({ method: 'HEAD', url: '/saasapi/oauth/resource/visible' });
      expect(noClient.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('credentials read once per connection', () => {
  it('answers each request on a kept connection by its own headers', async () => {
    const t = await createTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const admin = await login(t.app, 'demo', 'admin');
      const hospital = await login(t.app, 'demo', 'hospital');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const ports = new Set<number>();
      const visible = async (sent: Record<string, string>) => {
        const answer = await getOnConnection<{ code: number; data?: { roleList: string[] } }>(
          agent,
          port,
          '/saasapi/oauth/resource/visible',
          sent,
        );
        ports.add(answer.localPort);
        return { status: answer.status, code: answer.body.code, roles: answer.body.data?.roleList ?? [] };
      };
      const asAdmin = headers('demo', admin.token);
      const first = await visible(asAdmin);
      expect(first.status).toBe(200);
      expect(await visible(asAdmin)).toEqual(first);
      // Another token on the same connection is read anew: the other user's answer.
      const other = await visible(headers('demo', hospital.token));
      expect(other.status).toBe(200);
      expect(other.roles).not.toEqual(first.roles);
      // A wrong secret, then no token, are refused; the first token answers again after them.
      const wrong = `Basic ${Buffer.from('portal-web:not-the-secret').toString('base64')}`;
      expect(await visible({ ...asAdmin, authorization: wrong })).toMatchObject({ status: 401, code: 40000 });
      expect(await visible(headers('demo'))).toMatchObject({ status: 401, code: 40003 });
      expect(await visible(asAdmin)).toEqual(first);
      // Logging out refuses the same token on the same connection at once.
      const out = await t.app.inject({
        method: 'POST',
        url: '/saasapi/oauth/noToken/logout',
        headers: asAdmin,
        payload: {},
      });
      expect(out.json().isSuccess).toBe(true);
      expect((await visible(asAdmin)).status).toBe(401);
      expect(ports.size).toBe(1);
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});
