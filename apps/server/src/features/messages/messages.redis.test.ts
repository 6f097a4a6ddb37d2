import { type ClientRequest, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeTwoInstances, eventually } from '../../test/instances.ts';
import { call, login } from '../../test/test-app.ts';

/**
 * The live message stream across instances (decision 0032): two apps on one PostgreSQL database
 * and one Redis; a message sent on instance A reaches a stream open on instance B through the
 * Redis channel `msg:changed`. Runs when REDIS_URL (or TEST_REDIS_URL) and TEST_DATABASE_URL
 * (or DATABASE_URL) are set, like the auth-cache test of decision 0018.
 */
const MIN = 60_000;

/** Opens a stream with a ticket; `events` collects the event names as they arrive. */
async function openStream(app: FastifyInstance, ticket: string) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const events: string[] = [];
  let req: ClientRequest | null = null;
  await new Promise<void>((resolve, reject) => {
    req = httpRequest({ host: '127.0.0.1', port, path: `/saasapi/msg/msg/stream?ticket=${ticket}` });
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        events.push(...[...chunk.matchAll(/event: (\w+)/g)].map((m) => m[1]));
        if (events.includes('ready')) resolve();
      });
    });
    req.on('error', reject);
    req.end();
  });
  return { events, close: () => req?.destroy() };
}

describeTwoInstances('message stream across two instances with Redis', (instances) => {
  it('a message sent on instance A reaches a stream open on instance B; a ticket works once on either', async () => {
    const { first, second } = await instances();
    const [a, b] = [first.app, second];
    const hospital = await login(b, 'demo', 'hospital');
    const auditor = await login(a, 'demo', 'auditor');

    // The ticket is issued on A and taken on B: tickets live in Redis, not in an instance.
    const ticket = (
      await call(a, 'demo', hospital.token, { method: 'POST', url: '/saasapi/msg/msg/stream/ticket' })
    ).json().data.ticket as string;
    const stream = await openStream(b, ticket);
    try {
      expect(
        (await call(a, 'demo', undefined, { method: 'GET', url: `/saasapi/msg/msg/stream?ticket=${ticket}` }))
          .statusCode,
      ).toBe(401);

      const sent = await call(a, 'demo', auditor.token, {
        method: 'POST',
        url: '/saasapi/msg/msg',
        payload: {
          action: 'send',
          name: '停诊通知',
          nameEn: 'Clinic closure',
          msgType: '01',
          msgLevel: '03',
          content: '明天停诊。',
          enContent: 'Closed tomorrow.',
          validFrom: new Date(Date.now() - MIN).toISOString(),
          validTo: new Date(Date.now() + 60 * MIN).toISOString(),
          searchType: '02',
          providerIds: ['P10001'],
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      // Pub/sub delivers in milliseconds; the browser's 2-second promise leaves room for the re-read.
      expect(await eventually(() => stream.events.includes('messages'), 2000)).toBe(true);

      // What the event tells B's user to re-read shows the message on B.
      const global = await call(b, 'demo', hospital.token, {
        method: 'GET',
        url: '/saasapi/msg/msg/center/global',
      });
      expect(global.json().data.popUpMsg.map((m: { id: string }) => m.id)).toContain(sent.json().data.id);

      // A withdrawal on A is heard on B too.
      const heard = stream.events.filter((e) => e === 'messages').length;
      await call(a, 'demo', auditor.token, {
        method: 'DELETE',
        url: '/saasapi/msg/msg',
        payload: { ids: [sent.json().data.id] },
      });
      expect(await eventually(() => stream.events.filter((e) => e === 'messages').length > heard, 2000)).toBe(
        true,
      );
    } finally {
      stream.close();
    }
  });
});
