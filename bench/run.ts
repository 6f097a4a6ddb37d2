// Load benchmarks: starts the portal (PGlite, or PostgreSQL when BENCH_DATABASE_URL is set),
// signs in, and drives each endpoint with autocannon on loopback, 10 connections, against a
// bare baseline that runs the same SQL: for each endpoint a warm-up request is sent while
// capture-queries.ts (preloaded into the portal) records the statements the portal sends, and
// baseline-server.ts (bare Fastify + `pg`, or PGlite) answers /baseline/<endpoint> by running
// exactly those statements with the same connection settings (pool of 10, role and tenant set
// per connection) and sending the portal's answer body. Both get the same requests, headers
// included (client, tenant, token): parsing them is not the portal's own work. Each endpoint's
// rate is printed as a ratio of its own baseline, with the CPU time each process (portal,
// baseline server; not the database) spent per answered request. Prints figures; asserts
// nothing. Usage: npm run bench
// BENCH_ONLY=visible,router,... limits the endpoints; BENCH_SECONDS the time per measurement
// (on PostgreSQL split into BENCH_ROUNDS alternating slices of baseline and portal, default 3).
// On PostgreSQL the baseline and the endpoint are measured back to back; on PGlite (one
// process per data directory) every endpoint first, then the portal stops and every baseline
// runs on the same data directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { TBaselineSpec } from './baseline-server.ts';
import type { TCapturedUnit } from './capture-queries.ts';
import { BENCH_CLIENT as client, cpuSeconds, startPortal } from './portal.ts';

const root = resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const captureFile = join(dataDir, 'captured.json');
const portal = await startPortal({
  dataDir,
  databaseUrl,
  nodeArgs: ['--import', pathToFileURL(join(root, 'bench/capture-queries.ts')).href],
  // No scheduled jobs: their queries would mix with a captured request's.
  env: { BENCH_CAPTURE_FILE: captureFile, JOBS_ENABLED: 'false' },
});
const { base, port } = portal;
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());

interface TEndpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  account?: 'hospital' | 'auditor';
}

interface TFigures {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU time (user and system) of the answering process per answered request, µs. */
  cpu: number;
}

async function load(
  url: string,
  endpoint: TEndpoint,
  headers: Record<string, string>,
  pid: number,
  seconds = duration,
): Promise<TFigures> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    method: endpoint.method,
    headers: endpoint.body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
  });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpu: ((cpuSeconds(pid) - cpuBefore) / Math.max(1, result.requests.total)) * 1e6,
  };
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** Slices of one measurement as one: mean rate, median p50, worst p99, all non-2xx, mean CPU. */
function combined(slices: TFigures[]): TFigures {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    rate: slices.reduce((sum, f) => sum + f.rate, 0) / slices.length,
    p50: median(slices.map((f) => f.p50)),
    p99: Math.max(...slices.map((f) => f.p99)),
    non2xx: slices.reduce((sum, f) => sum + f.non2xx, 0),
    cpu: slices.reduce((sum, f) => sum + f.cpu, 0) / slices.length,
  };
}

/** The claims of an access token (its payload, unverified: the user and tenant ids). */
function claimsOf(token: string): { sid: string; sub: string; tid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends one request while the portal records its SQL; the statements and the answer body. */
async function capture(
  endpoint: TEndpoint,
  headers: Record<string, string>,
): Promise<{ units: TCapturedUnit[]; body: string; contentType: string }> {
  const send = () =>
    fetch(`${base}${endpoint.path}`, {
      method: endpoint.method,
      headers: endpoint.body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
    });
  for (let i = 0; i < 3; i++) await (await send()).arrayBuffer();
  const before = statSafe();
  process.kill(portal.pid, 'SIGUSR2');
  await sleep(100);
  const res = await send();
  const body = await res.text();
  if (!res.ok) throw new Error(`${endpoint.path}: ${res.status} ${body}`);
  await sleep(50);
  process.kill(portal.pid, 'SIGUSR2');
  for (let i = 0; statSafe() === before; i++) {
    if (i > 100) throw new Error('the portal wrote no captured queries');
    await sleep(50);
  }
  const units = JSON.parse(readFileSync(captureFile, 'utf8')) as TCapturedUnit[];
  return { units, body, contentType: res.headers.get('content-type') ?? 'application/json' };
}

function statSafe(): number {
  try {
    return statSync(captureFile).mtimeMs;
  } catch {
    return 0;
  }
}

async function startBaseline(
  spec: TBaselineSpec,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const baselinePort = port + 1;
  const specFile = join(dataDir, 'baseline.json');
  writeFileSync(specFile, JSON.stringify(spec));
  const child: ChildProcess = spawn(process.execPath, [join(root, 'bench/baseline-server.ts')], {
    env: { ...process.env, PORT: String(baselinePort), BASELINE_FILE: specFile },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${baselinePort}/baseline`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/none`)).status === 404) break;
    } catch {
      if (i > 300) throw new Error('baseline server did not start');
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const line = (title: string, f: TFigures, note = '') =>
  [
    title.padEnd(44),
    `${Math.round(f.rate)} req/s`.padStart(12),
    `p50 ${f.p50} ms`.padStart(11),
    `p99 ${f.p99} ms`.padStart(11),
    `non-2xx ${f.non2xx}`.padStart(11),
    `CPU ${Math.round(f.cpu)} µs/req`.padStart(15),
    note.padStart(24),
  ].join(' ');

function report(endpoint: TEndpoint, units: TCapturedUnit[], ours: TFigures, baseline: TFigures): void {
  const statements = units.reduce((n, u) => n + u.statements.length, 0);
  const title = `${endpoint.method} ${endpoint.path.replace(/[0-9a-f-]{36}/, ':id')}`;
  console.log(line(`  baseline (${units.length} checkouts, ${statements} statements)`, baseline));
  console.log(line(title, ours, `${((ours.rate / baseline.rate) * 100).toFixed(0)}% of baseline`));
}

try {
  const tokens = { hospital: await portal.signIn('hospital'), auditor: await portal.signIn('auditor') };
  // One submitted change of the demo hospital, so the task lists have a row to show (a database
  // of an earlier run has it already).
  const listed = await fetch(`${base}/saasapi/drsystem/providerTask/list`, {
    method: 'POST',
    headers: {
      authorization: client,
      tenant: 'demo',
      token: `Bearer ${tokens.hospital}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ current: 1, size: 1 }),
  });
  if (((await listed.json()) as { data: { total: number } }).data.total === 0)
    await portal.submitHospitalChange();
  const { sub, tid } = claimsOf(tokens.hospital);
  const headersOf = (e: TEndpoint): Record<string, string> =>
    e.account ? { authorization: client, tenant: 'demo', token: `Bearer ${tokens[e.account]}` } : {};
  const endpoints: TEndpoint[] = [
    { name: 'health', method: 'GET', path: '/saasapi/health' },
    { name: 'visible', method: 'GET', path: '/saasapi/oauth/resource/visible', account: 'hospital' },
    { name: 'profile', method: 'GET', path: `/saasapi/authority/user/${sub}`, account: 'hospital' },
    {
      name: 'dictionary',
      method: 'GET',
      path: '/saasapi/drsystem/commonCode/getByType/user_type',
      account: 'hospital',
    },
    { name: 'router', method: 'GET', path: '/saasapi/oauth/menu/router', account: 'hospital' },
    { name: 'home', method: 'GET', path: '/saasapi/drsystem/homePage/getHomePage', account: 'hospital' },
    {
      name: 'tasks',
      method: 'POST',
      path: '/saasapi/drsystem/providerTask/list',
      body: { current: 1, size: 10, model: { title: '', status: [] } },
      account: 'hospital',
    },
    {
      name: 'audit',
      method: 'POST',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: { current: 1, size: 10, model: {} },
      account: 'auditor',
    },
    {
      name: 'collect',
      method: 'POST',
      path: '/saasapi/msg/msg/center/collect',
      body: {},
      account: 'hospital',
    },
    {
      name: 'messages',
      method: 'POST',
      path: '/saasapi/msg/msg/center/list',
      body: { current: 1, size: 10 },
      account: 'hospital',
    },
  ].filter((e) => !only || only.includes(e.name)) as TEndpoint[];

  const [load1, load5] = loadavg();
  console.log(
    `\nportal at ${base}, ${duration} s per measurement, 10 connections, database: ${databaseUrl ? 'postgres' : 'pglite'}, load average ${load1.toFixed(1)} / ${load5.toFixed(1)} (1 / 5 min)`,
  );
  const spec: TBaselineSpec = {
    database: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    pgliteDir: join(dataDir, 'pg'),
    tenantId: tid,
    endpoints: {},
  };
  for (const e of endpoints) spec.endpoints[e.name] = await capture(e, headersOf(e));

  if (databaseUrl) {
    const baseline = await startBaseline(spec);
    try {
      // Baseline and portal alternate in `rounds` slices of the time, so a change of the
      // machine's load during one endpoint's measurement falls on both alike.
      for (const e of endpoints) {
        const bare: TFigures[] = [];
        const ours: TFigures[] = [];
        for (let round = 0; round < rounds; round++) {
          bare.push(
            await load(`${baseline.url}/${e.name}`, e, headersOf(e), baseline.pid, duration / rounds),
          );
          ours.push(await load(`${base}${e.path}`, e, headersOf(e), portal.pid, duration / rounds));
        }
        report(e, spec.endpoints[e.name].units, combined(ours), combined(bare));
      }
    } finally {
      await baseline.stop();
    }
  } else {
    const ours = new Map<string, TFigures>();
    for (const e of endpoints) ours.set(e.name, await load(`${base}${e.path}`, e, headersOf(e), portal.pid));
    await portal.stop();
    const baseline = await startBaseline(spec);
    try {
      for (const e of endpoints) {
        const bare = await load(`${baseline.url}/${e.name}`, e, headersOf(e), baseline.pid);
        report(e, spec.endpoints[e.name].units, ours.get(e.name) as TFigures, bare);
      }
    } finally {
      await baseline.stop();
    }
  }
  const [after1] = loadavg();
  console.log(`load average at the end ${after1.toFixed(1)}`);
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
