import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { ERRORS } from '@portal/domain/errors/catalogue';
import { describe, expect, it } from 'vitest';
import { access } from './platform/auth/access.ts';
import { createTestApp } from './test/test-app.ts';

/** A handler that waits until released, and a promise for when `count` requests have reached it. */
function heldHandler(count: number) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrivals = 0;
  let arrived = () => {};
  const allArrived = new Promise<void>((resolve) => {
    arrived = () => {
      arrivals += 1;
      if (arrivals === count) resolve();
    };
  });
  const handler = async () => {
    arrived();
    await held;
    return { finished: true };
  };
  return { release, allArrived, handler };
}

describe('graceful shutdown', () => {
  it('lets a running request finish and does not wait for one the client abandoned', async () => {
    const { release, allArrived: twoArrived, handler } = heldHandler(2);
    const t = await createTestApp(
      {},
      {
        routes: async (app) => {
          app.get('/test/held', { config: { access: access.public() } }, handler);
        },
      },
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      // Not kept alive: the server's close would otherwise wait for the idle connection's timeout.
      const running = fetch(`http://127.0.0.1:${port}/saasapi/test/held`, {
        headers: { connection: 'close' },
      });
      // A GET without a body: with the server's optimizeEmptyRequests its request emits no 'close'
      // when the client goes away, only its response does.
      const abandoned = httpRequest({ port, host: '127.0.0.1', path: '/saasapi/test/held' });
      abandoned.on('error', () => {});
      abandoned.end();
      await twoArrived;
      abandoned.destroy();

      const started = Date.now();
      let closed = false;
      const closing = t.app.close().then(() => {
        closed = true;
      });
      // The running request holds the close back until it has answered.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      release();
      const res = await running;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ finished: true });
      await closing;
      // The abandoned request was let go: the close did not run into its 20-second deadline.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      release();
      await t.close();
    }
  });

  it('answers a request that arrives on a kept connection during the shutdown with the 503 envelope in both languages', async () => {
    const { release, allArrived: heldArrived, handler } = heldHandler(1);
    let began = () => {};
    const closeBegan = new Promise<void>((resolve) => {
      began = resolve;
    });
    const t = await createTestApp(
      {},
      {
        routes: async (app) => {
          app.get('/test/held', { config: { access: access.public() } }, handler);
          app.get('/test/quick', { config: { access: access.public() } }, async () => ({ quick: true }));
          // A plugin's preClose hooks run after the app's own, which mark the instance as closing.
          app.addHook('preClose', (done) => {
            began();
            done();
          });
        },
      },
    );
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      // One kept-alive connection: a running request, then another on it once the close began.
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /saasapi/test/held HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
      await heldArrived;
      const closing = t.app.close();
      await closeBegan;
      socket.write('GET /saasapi/test/quick HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
      release();
      await ended;
      await closing;

      const answers = received.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(answers[1].toLowerCase()).toContain('connection: close');
      expect(JSON.parse(answers[1].slice(answers[1].indexOf('\r\n\r\n') + 4))).toEqual({
        isSuccess: false,
        code: ERRORS.MAINTENANCE.code,
        msg: ERRORS.MAINTENANCE.zh,
        msg_en: ERRORS.MAINTENANCE.en,
        data: null,
      });
    } finally {
      release();
      await t.close();
    }
  });
});
