import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { jobRuns, jobs } from './jobs.tables.ts';
import { createJobRunner } from './jobs.ts';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('jobs runner', () => {
  it('runs a due job once, records a failure, and waits for the next interval', async () => {
    let calls = 0;
    const runner = createJobRunner({
      db: t.platform.db,
      log: t.app.log,
      pollSeconds: 60,
      instanceId: 'test-a',
    });
    runner.define({
      name: 'test.failing',
      everySeconds: 600,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the first run fails');
        return { ok: true };
      },
    });
    expect(() => runner.define({ name: 'test.failing', everySeconds: 1, run: async () => ({}) })).toThrow(
      /twice/,
    );
    const first = await runner.runDue('test.failing');
    expect(first).toMatchObject({ status: 'failed', error: 'the first run fails' });
    expect((await runner.runDue('test.failing')).status).toBe('skipped');
    const [row] = await t.platform.db.select().from(jobs).where(eq(jobs.name, 'test.failing'));
    expect(row).toMatchObject({
      lastStatus: 'failed',
      lastError: 'the first run fails',
      runCount: 1,
      everySeconds: 600,
    });
    expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 590_000);

    await runner.requestRun('test.failing');
    expect(await runner.runDue('test.failing')).toMatchObject({ status: 'ran', result: { ok: true } });
    const runs = await t.platform.db.select().from(jobRuns).where(eq(jobRuns.jobName, 'test.failing'));
    expect(runs.map((r) => [r.status, r.instanceId]).sort()).toEqual([
      ['done', 'test-a'],
      ['failed', 'test-a'],
    ]);
    expect(calls).toBe(2);
  });

  it('lets only one of two runners claim the same due run', async () => {
    let calls = 0;
    const make = (id: string) => {
      const runner = createJobRunner({ db: t.platform.db, log: t.app.log, pollSeconds: 60, instanceId: id });
      runner.define({
        name: 'test.once',
        everySeconds: 600,
        run: async () => {
          calls += 1;
          return {};
        },
      });
      return runner;
    };
    const [a, b] = [make('a'), make('b')];
    await a.requestRun('test.once');
    const outcomes = await Promise.all([a.runDue('test.once'), b.runDue('test.once'), a.tick(), b.tick()]);
    expect(
      outcomes
        .slice(0, 2)
        .map((o) => o?.status)
        .sort(),
    ).toEqual(['ran', 'skipped']);
    expect(calls).toBe(1);
  });

  it('polls from buildApp when JOBS_ENABLED and stops when the app closes', async () => {
    const app = await createTestApp({ JOBS_ENABLED: 'true', JOBS_POLL_SECONDS: '1' });
    try {
      const deadline = Date.now() + 10_000;
      let status: string | null = null;
      while (Date.now() < deadline && status !== 'done') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [row] = await app.platform.db
          .select()
          .from(jobs)
          .where(eq(jobs.name, 'hospital-tasks.overdue'));
        status = row?.lastStatus ?? null;
      }
      expect(status).toBe('done');
    } finally {
      await app.close();
      rmSync(app.config.dataDir, { recursive: true, force: true });
    }
  });
});
