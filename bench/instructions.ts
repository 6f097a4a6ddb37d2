// Instructions per request of the cached lookups (issue 10), counted by valgrind's callgrind:
// a figure that the machine's load and its neighbours do not move, unlike req/s (which moved
// by ±8 % between starts of the same tree on one VM and by a third on another). Starts the
// portal under callgrind with instrumentation off, signs in, and for each endpoint sends
// INSTR_WARM requests (JIT warm-up, uncounted), then INSTR_REPS times INSTR_REQUESTS counted
// ones; then the same for the bare baseline (baseline-server.ts, Fastify alone) sending the
// portal's own answer bodies to the same requests (the same headers). Prints the main thread's
// instructions per request (the thread that answers; JIT compilation and GC helpers run on
// others), the median of the repetitions and their range (a major GC or a deoptimisation inside
// one repetition shows as its maximum), and the ratio baseline/portal. User space only: the
// kernel's share (the socket reads and writes) is not counted. Endpoints that run no SQL once
// cached, so the baseline needs none: visible, dictionary, router (INSTR_ENDPOINTS). Prints
// figures; asserts nothing.
//   BENCH_DATABASE_URL=postgres://… npm run instructions -w @portal/bench
// INSTR_KEEP=1 keeps the dumps (`<dir>/<server>.cg.<n>-01`, printed at the end) and starts node
// with --perf-basic-prof, so that the JIT-compiled functions callgrind shows as `???:0x…` can be
// named from `/tmp/perf-<pid>.map` (start, size and name per line; pid printed at the end).
// INSTR_SIM=1 adds callgrind's cache and branch simulation (--cache-sim=yes --branch-sim=yes,
// a model of the machine's caches, not its counters) and prints, per request, the simulated
// first-level and last-level cache misses and the mispredicted branches; about twice as slow.
// Needs valgrind (apt-get install valgrind); a run takes about ten minutes.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import type { TBaselineSpec } from './baseline-server.ts';
import { BENCH_CLIENT, CAPTCHA, signInAt } from './portal.ts';

const root = resolve(import.meta.dirname, '..');
const warm = Number(process.env.INSTR_WARM ?? 20_000);
const requests = Number(process.env.INSTR_REQUESTS ?? 3000);
const reps = Number(process.env.INSTR_REPS ?? 4);
const names = (process.env.INSTR_ENDPOINTS ?? 'visible,dictionary,router').split(',');
const paths: Record<string, string> = {
  visible: '/saasapi/oauth/resource/visible',
  dictionary: '/saasapi/drsystem/commonCode/getByType/user_type',
  router: '/saasapi/oauth/menu/router',
};
for (const name of names) if (!paths[name]) throw new Error(`INSTR_ENDPOINTS: no endpoint ${name}`);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-instructions-'));
const keep = process.env.INSTR_KEEP === '1';
const simulate = process.env.INSTR_SIM === '1';
/** Per-request figures of one repetition: callgrind's events (Ir, and with INSTR_SIM the misses). */
type TEvents = Record<string, number>;
let modelled: string[] | undefined;
const processes: string[] = [];
// valgrind names its control pipes after $HOST: callgrind_control must see the same value.
const env = { ...process.env, HOST: '127.0.0.1' };

interface TCounted {
  base: string;
  stop(): Promise<void>;
  /** Main-thread instructions per request of `requests` requests to `url`, once per repetition. */
  count(url: string, headers: Record<string, string>): Promise<TEvents[]>;
}

/** A server started under callgrind, instrumented only while counting. */
async function underCallgrind(
  name: string,
  script: string,
  ready: string,
  extraEnv: Record<string, string>,
): Promise<TCounted> {
  const port = 19000 + Math.floor(Math.random() * 900);
  const out = join(dataDir, `${name}.cg`);
  const child: ChildProcess = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes and rewrites machine code in memory: valgrind must notice.
      '--smc-check=all-non-file',
      '--separate-threads=yes',
      ...(simulate ? ['--cache-sim=yes', '--branch-sim=yes'] : []),
      `--callgrind-out-file=${out}`,
      process.execPath,
      ...(keep ? ['--perf-basic-prof'] : []),
      join(root, script),
    ],
    { env: { ...env, PORT: String(port), ...extraEnv }, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  processes.push(`${name} ${child.pid}`);
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}${ready}`)).ok) break;
    } catch {
      // starting
    }
    if (child.exitCode !== null || Date.now() - started > 600_000) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const control = (...args: string[]) =>
    execFileSync('callgrind_control', [...args, String(child.pid)], { env, stdio: 'ignore' });
  let dumps = 0;
  return {
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
    count: async (url, headers) => {
      const load = (amount: number) =>
        autocannon({ url: `${base}${url}`, connections: 4, amount, headers, timeout: 60 });
      const warmed = await load(warm);
      if (warmed.non2xx > 0) throw new Error(`${url}: ${warmed.non2xx} answers were not 2xx`);
      const figures: TEvents[] = [];
      for (let rep = 0; rep < reps; rep++) {
        control('-i', 'on');
        const result = await load(requests);
        control('-i', 'off');
        dumps += 1;
        control('-d', `rep${dumps}`);
        // Thread 1 is the main thread: its file of this dump is `<out>.<dump>-01`.
        const file = `${out}.${dumps}-01`;
        for (let i = 0; !readdirSync(dataDir).includes(file.split('/').pop() as string); i++) {
          if (i > 600) throw new Error('callgrind wrote no dump');
          await new Promise((r) => setTimeout(r, 100));
        }
        await new Promise((r) => setTimeout(r, 300));
        const dump = readFileSync(file, 'utf8');
        // The caches callgrind modelled (read from the machine at its start), once.
        if (simulate && !modelled)
          modelled = [...dump.matchAll(/\ndesc: ((?:I1|D1|LL) cache: .+)/g)].map((m) => m[1]);
        const events = /\nevents: (.+)/.exec(dump)?.[1].trim().split(' ') ?? [];
        const totals = /\ntotals: (.+)/.exec(dump)?.[1].trim().split(' ').map(Number) ?? [];
        figures.push(
          Object.fromEntries(events.map((event, i) => [event, (totals[i] ?? 0) / result.requests.total])),
        );
      }
      return figures;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
const summary = (figures: number[]) =>
  `${k(median(figures)).padStart(7)} (${k(Math.min(...figures))}–${k(Math.max(...figures))})`;
const instructions = (figures: TEvents[]) => figures.map((f) => f.Ir);
/** The simulated misses per request (medians over the repetitions), with INSTR_SIM. */
const misses = (figures: TEvents[]) => {
  const of = (...events: string[]) =>
    median(figures.map((f) => events.reduce((sum, event) => sum + (f[event] ?? 0), 0))).toFixed(0);
  return `I1 ${of('I1mr')}, D1 ${of('D1mr', 'D1mw')}, LL ${of('ILmr', 'DLmr', 'DLmw')}, branches ${of('Bcm', 'Bim')} (indirect ${of('Bim')})`;
};

try {
  const ours = new Map<string, TEvents[]>();
  // No units: the baseline's pool never opens a connection.
  const spec: TBaselineSpec = { database: 'postgres', tenantId: '', endpoints: {} };
  const portal = await underCallgrind('portal', 'apps/server/src/main.ts', '/saasapi/health', {
    DATA_DIR: join(dataDir, 'portal'),
    LOG_LEVEL: 'warn',
    CAPTCHA_TEST_CODE: CAPTCHA,
    JOBS_ENABLED: 'false',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  let headers: Record<string, string> = {};
  try {
    const token = await signInAt(portal.base, 'hospital');
    headers = { authorization: BENCH_CLIENT, tenant: 'demo', token: `Bearer ${token}` };
    for (const name of names) {
      // The portal's own answer, for the baseline to send.
      const res = await fetch(`${portal.base}${paths[name]}`, { headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`${paths[name]}: ${res.status} ${body}`);
      spec.endpoints[name] = { units: [], body, contentType: res.headers.get('content-type') ?? '' };
      ours.set(name, await portal.count(paths[name], headers));
    }
  } finally {
    await portal.stop();
  }
  const specFile = join(dataDir, 'baseline.json');
  writeFileSync(specFile, JSON.stringify(spec));
  const baseline = await underCallgrind('baseline', 'bench/baseline-server.ts', `/baseline/${names[0]}`, {
    BASELINE_FILE: specFile,
  });
  console.log(
    `\nmain-thread instructions per request under callgrind, ${requests} requests × ${reps} after ${warm} uncounted, 4 connections: median (range)`,
  );
  try {
    for (const name of names) {
      // The same request headers as the portal's: parsing them is not the portal's own work.
      const bare = await baseline.count(`/baseline/${name}`, headers);
      const portalFigures = ours.get(name) as TEvents[];
      console.log(
        [
          `GET ${paths[name]}`.padEnd(52),
          `portal ${summary(instructions(portalFigures))}`,
          `bare ${summary(instructions(bare))}`,
          `bare/portal ${((median(instructions(bare)) / median(instructions(portalFigures))) * 100).toFixed(0)}%`,
        ].join('   '),
      );
      if (simulate) {
        if (name === names[0]) console.log(`  callgrind's model: ${modelled?.join('; ')}`);
        console.log(`  simulated misses per request: portal ${misses(portalFigures)}`);
        console.log(`                                bare   ${misses(bare)}`);
      }
    }
  } finally {
    await baseline.stop();
  }
} finally {
  if (keep) console.log(`dumps kept in ${dataDir}; perf maps /tmp/perf-<pid>.map of ${processes.join(', ')}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
