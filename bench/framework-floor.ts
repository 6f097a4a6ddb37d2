// The framework's floor (issue 10): how fast a bare Fastify answers a fixed body of the size of
// `GET /oauth/resource/visible` (about 500 bytes), and how much of that each piece of the portal's
// required per-request setup costs on its own, with no work in it: the security headers of a
// JSON answer and `cache-control` (the portal's own onSend hook), the server's timeouts
// (slow-client protection), the request-scoped logger at the bench's level with a request id,
// and empty hooks in the number a GET runs in the portal (three onRequest, one onSend; the
// in-flight count's listener on the response's 'close'). `npm run bench` compares each endpoint with a
// bare Fastify that sends no headers and has none of these; this bench shows how much of that
// gap no handler or query can close. Prints figures; asserts nothing.
//   npm run framework-floor -w @portal/bench
// BENCH_SECONDS is the time per variant (default 5); 10 connections, like the other benches.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { serverOptions } from '../apps/server/src/platform/http/hardening.ts';
import { requestIds } from '../apps/server/src/platform/http/request-ids.ts';
import {
  installSecurityHeaders,
  PORTAL_SECURITY_HEADERS,
} from '../apps/server/src/platform/http/security-headers.ts';

const VARIANTS: [name: string, title: string][] = [
  ['', 'bare Fastify, fixed body'],
  ['h', '+ the security headers of a JSON answer (6)'],
  ['t', "+ the server's timeouts"],
  ['l', '+ request logger (level warn) and request ids'],
  ['k', "+ empty hooks in the portal's number"],
  ['htlk', 'all four: the floor of a portal answer'],
];

if (process.env.FLOOR_VARIANT !== undefined) {
  await serve(process.env.FLOOR_VARIANT, Number(process.env.PORT));
} else {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  console.log(
    `framework floor, ${rounds} rounds of ${seconds} s per variant after 1 s of warm-up, 10 connections, load average ${loadavg()[0].toFixed(1)}`,
  );
  // Rounds alternate the variants, so a change of the machine's load falls on all of them.
  const rates = new Map<string, number[]>(VARIANTS.map(([variant]) => [variant, []]));
  const p99s = new Map<string, number[]>(VARIANTS.map(([variant]) => [variant, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [variant] of VARIANTS) {
      const port = 19600 + Math.floor(Math.random() * 300);
      const child: ChildProcess = spawn(process.execPath, [new URL(import.meta.url).pathname], {
        env: { ...process.env, FLOOR_VARIANT: variant, PORT: String(port) },
        stdio: 'inherit',
      });
      try {
        const url = `http://127.0.0.1:${port}/saasapi/x`;
        await waitUp(url);
        await autocannon({ url, connections: 10, duration: 1 });
        const result = await autocannon({ url, connections: 10, duration: seconds });
        rates.get(variant)?.push(result.requests.average);
        p99s.get(variant)?.push(result.latency.p99);
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const bare = mean(rates.get('') ?? []);
  for (const [variant, title] of VARIANTS) {
    const rate = mean(rates.get(variant) ?? []);
    const spread = (rates.get(variant) ?? []).map((r) => Math.round(r)).join(' / ');
    console.log(
      `${title.padEnd(48)} ${String(Math.round(rate)).padStart(6)} req/s  ${((rate / bare) * 100).toFixed(0).padStart(3)}% of bare   worst p99 ${Math.max(...(p99s.get(variant) ?? []))} ms   (rounds: ${spread})`,
    );
  }
  console.log(`load average at the end ${loadavg()[0].toFixed(1)}`);
}

async function waitUp(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('floor server did not start');
}

/** One variant's server: the letters of `variant` name the pieces it has. */
async function serve(variant: string, port: number): Promise<void> {
  // Node's optimizeEmptyRequests, as the portal's server and the bench's baseline have it.
  const options: FastifyServerOptions = { logger: false, http: { optimizeEmptyRequests: true } };
  if (variant.includes('t'))
    Object.assign(
      options,
      serverOptions(loadConfig({ ...process.env, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) })),
    );
  if (variant.includes('l')) Object.assign(options, { logger: { level: 'warn' }, genReqId: requestIds() });
  const app = Fastify(options);
  const body = JSON.stringify({
    isSuccess: true,
    code: 0,
    msg: '成功',
    msg_en: 'Success',
    data: {
      enabled: true,
      caseSensitive: false,
      resourceList: Array.from({ length: 18 }, (_, i) => `claim:acc:item${i}`),
    },
  });
  // The portal's own onSend hook: the security headers and `cache-control` (the path is under /saasapi).
  if (variant.includes('h')) installSecurityHeaders(app, PORTAL_SECURITY_HEADERS);
  if (variant.includes('k')) {
    for (let i = 0; i < 2; i++) app.addHook('onRequest', (_q, _r, done) => done());
    // The onSend hook is the headers' own when they are in.
    if (!variant.includes('h')) app.addHook('onSend', (_q, _r, payload, done) => done(null, payload));
    const letGo = () => {};
    app.addHook('onRequest', (_q, reply, done) => {
      reply.raw.on('close', letGo);
      done();
    });
  }
  app.get('/saasapi/x', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
  await app.listen({ port, host: '127.0.0.1' });
}
