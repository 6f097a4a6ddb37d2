import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
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
