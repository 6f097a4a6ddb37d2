// Load benchmarks: starts the portal on a fresh database (PGlite, or PostgreSQL when
// BENCH_DATABASE_URL is set), signs in, and drives a few endpoints with autocannon on
// loopback. Prints figures; asserts nothing. Usage: npm run bench
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '..');
const port = 18080 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const client = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

async function start(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_TEST_CODE: 'b3nc',
  };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], { env, stdio: 'inherit' });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/saasapi/health`)).ok) return { child, dataDir };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('portal did not start');
}

async function signIn(account: string): Promise<string> {
  const key = `bench-${Date.now()}-${account}`;
  await fetch(`${base}/saasapi/oauth/anno/captcha?key=${key}`, { headers: { tenant: 'demo' } });
  const res = await fetch(`${base}/saasapi/oauth/noToken/login`, {
    method: 'POST',
    headers: { authorization: client, tenant: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'Portal2026', key, code: 'b3nc' }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

async function measure(title: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${base}${path}`, connections: 10, duration, headers });
  const line = [
    title.padEnd(36),
    `${Math.round(result.requests.average)} req/s`.padStart(12),
    `p50 ${result.latency.p50} ms`.padStart(12),
    `p99 ${result.latency.p99} ms`.padStart(12),
    `non-2xx ${result.non2xx}`.padStart(12),
  ];
  console.log(line.join(' '));
}

const { child, dataDir } = await start();
try {
  const token = await signIn('hospital');
  const auth = { authorization: client, tenant: 'demo', token: `Bearer ${token}` };
  console.log(
    `\nportal at ${base}, ${duration} s per endpoint, 10 connections, database: ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
  await measure('GET /saasapi/health', '/saasapi/health');
  await measure('GET /saasapi/oauth/resource/visible', '/saasapi/oauth/resource/visible', auth);
  await measure('GET /saasapi/oauth/menu/router', '/saasapi/oauth/menu/router', auth);
  await measure('GET /saasapi/drsystem/homePage/getHomePage', '/saasapi/drsystem/homePage/getHomePage', auth);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
