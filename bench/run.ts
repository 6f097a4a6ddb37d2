// Load benchmarks: starts the portal on a fresh database (PGlite, or PostgreSQL when
// BENCH_DATABASE_URL is set), signs in, and drives a few endpoints with autocannon on
// loopback. Prints figures; asserts nothing. Usage: npm run bench
// BENCH_ONLY=visible,router,home,health limits the endpoints. On PostgreSQL a bare Fastify + `pg`
// server answering one GET with the session lookup's SQL (the query every authenticated request
// ran before the auth cache) is measured too, and each endpoint is printed as a ratio of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_CLIENT as client, startPortal } from './portal.ts';

const root = resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const portal = await startPortal({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
const { base, port } = portal;

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
let baselineRate: number | null = null;

async function measure(
  title: string,
  path: string,
  headers: Record<string, string> = {},
  url = `${base}${path}`,
): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration, headers });
  const ratio = baselineRate
    ? `${((result.requests.average / baselineRate) * 100).toFixed(0)}% of baseline`
    : '';
  const line = [
    title.padEnd(36),
    `${Math.round(result.requests.average)} req/s`.padStart(12),
    `p50 ${result.latency.p50} ms`.padStart(12),
    `p99 ${result.latency.p99} ms`.padStart(12),
    `non-2xx ${result.non2xx}`.padStart(12),
    ratio.padStart(18),
  ];
  console.log(line.join(' '));
  return result.requests.average;
}

/** The claims of an access token (its payload, unverified: only to build the baseline's query). */
function claimsOf(token: string): { sid: string; sub: string; tid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** The session lookup of the request path, as one SQL statement (features/session loadSession). */
const SESSION_SQL = `select s.*, u.*, t.code, t.enabled,
  coalesce((select array_agg(distinct r.code) from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = u.id and ur.tenant_id = u.tenant_id), '{}') as roles,
  coalesce((select array_agg(distinct rp.permission) from user_roles ur join role_permissions rp
    on rp.role_id = ur.role_id where ur.user_id = u.id and ur.tenant_id = u.tenant_id), '{}') as permissions
  from sessions s join users u on u.id = s.user_id and u.tenant_id = s.tenant_id
  join tenants t on t.id = s.tenant_id where s.id = $1 and s.user_id = $2 and s.tenant_id = $3`;

async function measureBaseline(token: string): Promise<void> {
  const baselinePort = port + 1;
  const { sid, sub, tid } = claimsOf(token);
  const child = spawn(process.execPath, [join(root, 'bench/baseline-server.ts')], {
    env: {
      ...process.env,
      PORT: String(baselinePort),
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      BASELINE_SQL: SESSION_SQL,
      BASELINE_PARAMS: JSON.stringify([sid, sub, tid]),
    },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${baselinePort}/baseline`)).ok) break;
      } catch {
        if (i > 100) throw new Error('baseline server did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    baselineRate = await measure(
      'baseline: Fastify + pg, session SQL',
      '/baseline',
      {},
      `http://127.0.0.1:${baselinePort}/baseline`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

try {
  const token = await portal.signIn('hospital');
  const auth = { authorization: client, tenant: 'demo', token: `Bearer ${token}` };
  console.log(
    `\nportal at ${base}, ${duration} s per endpoint, 10 connections, database: ${process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
  if (process.env.BENCH_DATABASE_URL) await measureBaseline(token);
  const endpoints: [string, string, Record<string, string>][] = [
    ['health', '/saasapi/health', {}],
    ['visible', '/saasapi/oauth/resource/visible', auth],
    ['router', '/saasapi/oauth/menu/router', auth],
    ['home', '/saasapi/drsystem/homePage/getHomePage', auth],
  ];
  for (const [name, path, headers] of endpoints) {
    if (!only || only.includes(name)) await measure(`GET ${path}`, path, headers);
  }
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
