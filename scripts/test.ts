// `npm test`: builds the web app, runs the unit, component and server tests, then the browser
// flows; stops at the first phase that fails. Prints how long each phase took and one closing
// line 'tests: N passed, N failed'. With PHASE_TIMINGS=<file> it also appends each phase's
// timing and counts there (.ci/run adds them to its summary).
//
// `npm test -- --postgres <url> [--redis <url>]` (what .ci/run runs) then runs the server tests a
// second time on that PostgreSQL database, with that Redis for the cross-instance tests. (Run
// beside the browser flows on a loaded machine, it doubled their time: docs/performance.md.)
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface TPhase {
  name: string;
  command: string[];
  /** Vitest's JSON report, for the counts. */
  report?: string;
  env?: Record<string, string>;
}

interface TRow {
  name: string;
  seconds: number;
  ok: boolean;
  passed: number;
  failed: number;
}

const { values: args } = parseArgs({ options: { postgres: { type: 'string' }, redis: { type: 'string' } } });

const reports = mkdtempSync(join(tmpdir(), 'portal-test-reports-'));
const vitest = (name: string, projects: string[], extra: string[] = []): TPhase => {
  const report = join(reports, `${name.replaceAll(/\W+/g, '-')}.json`);
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...extra,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    report,
  };
};

// Every core for the unit, component and server files (vitest's default leaves one idle).
const workers = `--maxWorkers=${Math.max(2, availableParallelism())}`;
const phases: TPhase[] = [
  { name: 'build web', command: ['npm', 'run', 'build:web'] },
  vitest('unit, component and server tests', ['domain', 'server', 'web', 'web-isolated'], [workers]),
  vitest('browser tests', ['e2e']),
  ...(args.postgres
    ? [
        {
          // Each test app has a database of its own on the server: two workers share nothing.
          ...vitest('server tests on PostgreSQL', ['server'], [workers]),
          env: { DATABASE_URL: args.postgres, ...(args.redis ? { REDIS_URL: args.redis } : {}) },
        },
      ]
    : []),
];

const rows: TRow[] = [];
for (const phase of phases) {
  const started = performance.now();
  const run = spawnSync(phase.command[0], phase.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...phase.env },
  });
  const seconds = (performance.now() - started) / 1000;
  let passed = 0;
  let failed = 0;
  if (phase.report && existsSync(phase.report)) {
    const report = JSON.parse(readFileSync(phase.report, 'utf8'));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
  }
  const ok = run.status === 0;
  // A file that failed to load fails the phase without a failed test: count it as one.
  if (!ok && phase.report && failed === 0) failed = 1;
  rows.push({ name: phase.name, seconds, ok, passed, failed });
  if (process.env.PHASE_TIMINGS) {
    appendFileSync(
      process.env.PHASE_TIMINGS,
      `${phase.name}\t${seconds.toFixed(0)}\t${ok ? 'ok' : 'FAILED'}\t${phase.report ? `${passed}\t${failed}` : '\t'}\n`,
    );
  }
  if (!ok) break;
}
rmSync(reports, { recursive: true, force: true });

console.log('\nnpm test, by phase:');
for (const r of rows) {
  const counts = r.passed + r.failed > 0 ? `  ${r.passed} passed, ${r.failed} failed` : '';
  console.log(
    `  ${r.name.padEnd(34)} ${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'ok' : 'FAILED'}${counts}`,
  );
}
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
const failedPhases = rows.filter((r) => !r.ok).map((r) => r.name);
if (failedPhases.length > 0) {
  console.error(`npm test failed in: ${failedPhases.join(', ')}`);
  process.exit(1);
}
