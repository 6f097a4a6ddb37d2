// CPU profile of the portal under load (issue 10): starts the portal with `node --cpu-prof`,
// drives the endpoints named in PROFILE_ENDPOINTS (default: the own profile, the provider task
// list and the message list; `audit` is the operator's audit list, signed in as the auditor) with autocannon, 10 connections, stops it and prints the functions
// with the most self time, and the heaviest files. Prints figures; asserts nothing.
//   BENCH_DATABASE_URL=postgres://… npm run profile -w @portal/bench
// PROFILE_SECONDS is the time per endpoint (default 8); the .cpuprofile file is kept and its path
// printed (open it in Chrome's DevTools). Each endpoint's line gives the portal's CPU time per
// answered request (from /proc), a figure for comparing two trees that the machine's load moves
// less than req/s; PROFILE_OFF=1 measures it without the profiler.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_CLIENT, cpuSeconds, startPortal } from './portal.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-profile-'));
const profileDir = join(dataDir, 'profile');
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const portal = await startPortal({
  dataDir,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  nodeArgs: process.env.PROFILE_OFF ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  env: { JOBS_ENABLED: 'false' },
});

interface TProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

try {
  const token = await portal.signIn('hospital');
  const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub as string;
  const headersOf = (bearer: string) => ({
    authorization: BENCH_CLIENT,
    tenant: 'demo',
    token: `Bearer ${bearer}`,
  });
  const all: Record<
    string,
    { method: 'GET' | 'POST'; path: string; body?: unknown; account?: 'hospital' | 'auditor' }
  > = {
    visible: { method: 'GET', path: '/saasapi/oauth/resource/visible' },
    dictionary: { method: 'GET', path: '/saasapi/drsystem/commonCode/getByType/user_type' },
    router: { method: 'GET', path: '/saasapi/oauth/menu/router' },
    profile: { method: 'GET', path: `/saasapi/authority/user/${sub}` },
    tasks: {
      method: 'POST',
      path: '/saasapi/drsystem/providerTask/list',
      body: { current: 1, size: 10, model: { title: '', status: [] } },
    },
    messages: { method: 'POST', path: '/saasapi/msg/msg/center/list', body: { current: 1, size: 10 } },
    home: { method: 'GET', path: '/saasapi/drsystem/homePage/getHomePage' },
    audit: {
      method: 'POST',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: { current: 1, size: 10, model: {} },
      account: 'auditor',
    },
  };
  const names = (process.env.PROFILE_ENDPOINTS ?? 'profile,tasks,messages').split(',');
  // The operator's audit list is the auditor's; the other endpoints are the hospital user's.
  const auditorToken = names.some((name) => all[name]?.account === 'auditor')
    ? await portal.signIn('auditor')
    : '';
  for (const name of names) {
    const e = all[name];
    if (!e) throw new Error(`PROFILE_ENDPOINTS: no endpoint ${name} (${Object.keys(all).join(', ')})`);
    const headers = headersOf(e.account === 'auditor' ? auditorToken : token);
    const cpuBefore = cpuSeconds(portal.pid);
    const result = await autocannon({
      url: `${portal.base}${e.path}`,
      connections: 10,
      duration: seconds,
      method: e.method,
      headers: e.body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(e.body ? { body: JSON.stringify(e.body) } : {}),
    });
    // CPU time of the portal per answered request: less sensitive to the machine's load than req/s.
    const cpu = ((cpuSeconds(portal.pid) - cpuBefore) / result.requests.total) * 1e6;
    console.log(
      `${name}: ${Math.round(result.requests.average)} req/s, portal CPU ${Math.round(cpu)} µs per request, non-2xx ${result.non2xx}`,
    );
  }
} finally {
  await portal.stop();
}

if (process.env.PROFILE_OFF) process.exit(0);
const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as { nodes: TProfileNode[] };
const idleHits = profile.nodes
  .filter((n) => n.callFrame.functionName === '(idle)')
  .reduce((n, node) => n + node.hitCount, 0);
// Percentages are of the busy time (every sample but idle).
const total = profile.nodes.reduce((n, node) => n + node.hitCount, 0) - idleHits;
const idle = profile.nodes
  .filter((n) => ['(program)', '(garbage collector)'].includes(n.callFrame.functionName))
  .map((n) => `${n.callFrame.functionName} ${((n.hitCount / total) * 100).toFixed(1)}%`);
const bySelf = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of profile.nodes) {
  if (node.callFrame.functionName === '(idle)') continue;
  const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/');
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber + 1}`;
  bySelf.set(key, (bySelf.get(key) ?? 0) + node.hitCount);
  const pkg = packageOf(node);
  byFile.set(pkg, (byFile.get(pkg) ?? 0) + node.hitCount);
}

/** The npm package, or the server's source folder, of a frame. */
function packageOf(node: TProfileNode): string {
  const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/');
  const parts = where.split('/');
  if (where.startsWith('src/')) return parts.slice(0, Math.min(3, parts.length - 1)).join('/');
  return parts.slice(0, where.startsWith('@') ? 2 : 1).join('/') || '(native)';
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
// Inclusive time of each package or folder: samples with a frame of it anywhere on the stack.
const parent = new Map<number, TProfileNode>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
const byFileInclusive = new Map<string, number>();
for (const node of profile.nodes) {
  if (!node.hitCount || node.callFrame.functionName === '(idle)') continue;
  const seen = new Set<string>();
  for (let at: TProfileNode | undefined = node; at; at = parent.get(at.id)) seen.add(packageOf(at));
  for (const pkg of seen) byFileInclusive.set(pkg, (byFileInclusive.get(pkg) ?? 0) + node.hitCount);
}
console.log(
  `\nprofile ${join(profileDir, file)} (${total} busy samples, ${idleHits} idle; ${idle.join(', ')})`,
);
console.log(`\nself time by function:\n${top(bySelf, 40)}`);
console.log(`\nself time by package or folder:\n${top(byFile, 25)}`);
console.log(`\ninclusive time by package or folder:\n${top(byFileInclusive, 30)}`);
