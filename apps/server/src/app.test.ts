import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { access } from './platform/auth/access.ts';
import { createTestApp } from './test/test-app.ts';

describe('graceful shutdown', () => {
  it('lets a running request finish and does not wait for one the client abandoned', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrivals = 0;
    let arrived = () => {};
    const twoArrived = new Promise<void>((resolve) => {
      arrived = () => {
        arrivals += 1;
        if (arrivals === 2) resolve();
      };
    });
    const t = await createTestApp(
      {},
      {
        routes: async (app) => {
          app.get('/test/held', { config: { access: access.public() } }, async () => {
            arrived();
            await held;
            return { finished: true };
          });
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
});
