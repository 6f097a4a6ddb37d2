import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { describeTwoInstances, eventually, redisUrl } from '../../test/instances.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { setUserEnabled } from '../users/users.service.ts';
import { loadActor } from './session.service.ts';

/**
 * The request path's cache across instances (docs/decisions/0018-auth-cache.md). Runs when
 * REDIS_URL (or TEST_REDIS_URL) names a Redis server; the two-app test also needs
 * TEST_DATABASE_URL (or DATABASE_URL), since both instances must share one PostgreSQL database.
 */

const visible = (app: FastifyInstance, token: string) =>
  call(app, 'demo', token, { method: 'GET', url: '/saasapi/oauth/resource/visible' });

describeTwoInstances('two app instances on one PostgreSQL database with Redis', (instances) => {
  it('a logout or a disabled user on instance A is refused on instance B', async () => {
    const { first, second } = await instances();
    const [a, b] = [first.app, second];

    const hospital = await login(b, 'demo', 'hospital');
    expect((await visible(b, hospital.token)).statusCode).toBe(200);
    expect((await visible(b, hospital.token)).statusCode).toBe(200);
    const out = await call(a, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/oauth/noToken/logout',
      payload: { token: `Bearer ${hospital.token}` },
    });
    expect(out.json()).toMatchObject({ isSuccess: true });
    // B hears the broadcast within the pub/sub delivery time (milliseconds), not after the TTL.
    expect(await eventually(async () => (await visible(b, hospital.token)).statusCode === 401, 1000)).toBe(
      true,
    );
    expect((await visible(b, hospital.token)).json().code).toBe(40009);

    const auditor = await login(b, 'demo', 'auditor');
    expect((await visible(b, auditor.token)).statusCode).toBe(200);
    const admin = await login(a, 'demo', 'admin');
    const adminActor = await loadActor(first.platform, await first.platform.tokens.verifyAccess(admin.token));
    const target = { tenantId: adminActor.tenantId, actor: adminActor, userId: auditor.userId };
    await setUserEnabled(first.platform, { ...target, enabled: false });
    try {
      expect(await eventually(async () => (await visible(b, auditor.token)).statusCode === 401, 1000)).toBe(
        true,
      );
    } finally {
      await setUserEnabled(first.platform, { ...target, enabled: true });
    }
    expect(await eventually(async () => (await visible(b, auditor.token)).statusCode === 200, 1000)).toBe(
      true,
    );
  });
});

/** A TCP relay to Redis that the test can cut and restore, to play 'Redis went down'. */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.once('error', reject).listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        sockets.clear();
      }),
    restore: listen,
  };
}

describe.skipIf(!redisUrl)('Redis down', () => {
  let t: TTestApp;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  afterAll(async () => {
    await t?.close();
    await relay?.cut();
  });

  it('answers from the database while Redis is unreachable, and caches again once it is back', async () => {
    relay = await redisRelay(new URL(redisUrl!));
    t = await createTestApp({ REDIS_URL: relay.url });
    const cache = t.platform.authCache;
    const { token } = await login(t.app, 'demo', 'hospital');
    const other = await login(t.app, 'demo', 'hospital');
    expect(await eventually(() => t.platform.kv.broadcastEpoch() !== null)).toBe(true);
    expect((await visible(t.app, other.token)).statusCode).toBe(200);
    expect((await visible(t.app, token)).statusCode).toBe(200);
    const hits = cache.stats.hits;
    expect((await visible(t.app, token)).statusCode).toBe(200);
    expect(cache.stats.hits).toBe(hits + 2);

    await relay.cut();
    expect(await eventually(() => t.platform.kv.broadcastEpoch() === null)).toBe(true);
    const bypassed = cache.stats.bypassed;
    const down = await visible(t.app, token);
    expect(down.statusCode).toBe(200);
    // Client and session both came from the database: no broadcast could be heard meanwhile.
    expect(cache.stats.bypassed).toBe(bypassed + 2);
    // A logout while Redis is down (its broadcast fails and is logged) still takes effect here.
    const out = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/oauth/noToken/logout',
      payload: { token: `Bearer ${other.token}` },
    });
    expect(out.json()).toMatchObject({ isSuccess: true });
    expect((await visible(t.app, other.token)).json().code).toBe(40009);

    await relay.restore();
    expect(await eventually(() => t.platform.kv.broadcastEpoch() !== null, 10_000)).toBe(true);
    expect((await visible(t.app, token)).statusCode).toBe(200);
    const again = cache.stats.hits;
    expect((await visible(t.app, token)).statusCode).toBe(200);
    expect(cache.stats.hits).toBe(again + 2);
  });
});
