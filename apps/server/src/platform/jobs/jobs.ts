import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client.ts';
import { crossTenant } from '../db/db-scope.ts';
import { jobRuns, jobs } from './jobs.tables.ts';

/** What a job gets when it runs. */
export interface TJobContext {
  runId: string;
  log: FastifyBaseLogger;
}

/** A scheduled job: a name (its row in `jobs`), how often it runs, and the work. */
export interface TJobDefinition {
  name: string;
  /** Seconds between two runs. */
  everySeconds: number;
  /** The work of one run; what it returns is kept with the run (counts, ids). */
  run(ctx: TJobContext): Promise<Record<string, unknown> | undefined>;
}

/** What one attempt to run a job came to. */
export type TJobOutcome =
  | { status: 'ran'; runId: string; result: Record<string, unknown> }
  | { status: 'failed'; runId: string; error: string }
  /** Not due, or another instance (or this one) holds it right now. */
  | { status: 'skipped' };

export interface TJobRunner {
  /** This instance's id in job_runs.instance_id. */
  readonly instanceId: string;
  define(job: TJobDefinition): void;
  /** Starts polling every pollSeconds (idempotent). */
  start(): Promise<void>;
  /** Stops polling and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Claims and runs the job when it is due and nobody holds it. */
  runDue(name: string): Promise<TJobOutcome>;
  /** Makes the job due now (an operator's "run now", and tests). */
  requestRun(name: string): Promise<void>;
  /** Tries every defined job once. */
  tick(): Promise<void>;
}

/** How long finished runs are kept in job_runs. */
const RUN_RETENTION_DAYS = 30;

/**
 * The jobs runner (ARCHITECTURE.md, 'jobs'): rows in PostgreSQL claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of instances on one database run a due job once.
 * The claim is a short transaction that also moves next_run_at forward; the work runs after
 * it, in the job's own transactions. A run that fails is recorded and retried at the next
 * interval. The same code runs on PGlite (one connection, the lock never contends).
 */
export function createJobRunner(options: {
  db: TDb;
  log: FastifyBaseLogger;
  pollSeconds: number;
  instanceId?: string;
}): TJobRunner {
  const { db, log, pollSeconds } = options;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const definitions = new Map<string, TJobDefinition>();
  const ensured = new Set<string>();
  const running = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;

  async function ensureRow(job: TJobDefinition) {
    if (ensured.has(job.name)) return;
    await db
      .insert(jobs)
      .values({ name: job.name, everySeconds: job.everySeconds })
      .onConflictDoUpdate({ target: jobs.name, set: { everySeconds: job.everySeconds } });
    ensured.add(job.name);
  }

  async function claim(job: TJobDefinition): Promise<string | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ name: jobs.name })
        .from(jobs)
        .where(and(eq(jobs.name, job.name), lte(jobs.nextRunAt, sql`now()`)))
        .for('update', { skipLocked: true });
      if (!row) return null;
      await tx
        .update(jobs)
        .set({
          nextRunAt: sql`now() + ${job.everySeconds}::int * interval '1 second'`,
          lastStartedAt: sql`now()`,
          lastStatus: 'running',
          lastInstance: instanceId,
          runCount: sql`${jobs.runCount} + 1`,
        })
        .where(eq(jobs.name, job.name));
      const [run] = await tx
        .insert(jobRuns)
        .values({ jobName: job.name, instanceId, status: 'running' })
        .returning({ id: jobRuns.id });
      return run.id;
    });
  }

  async function finish(name: string, runId: string, outcome: TJobOutcome) {
    const failed = outcome.status === 'failed';
    const error = failed ? outcome.error : null;
    await db
      .update(jobRuns)
      .set({
        status: failed ? 'failed' : 'done',
        finishedAt: sql`now()`,
        result: outcome.status === 'ran' ? outcome.result : null,
        error,
      })
      .where(eq(jobRuns.id, runId));
    await db
      .update(jobs)
      .set({ lastFinishedAt: sql`now()`, lastStatus: failed ? 'failed' : 'done', lastError: error })
      .where(eq(jobs.name, name));
    await db
      .delete(jobRuns)
      .where(
        and(
          eq(jobRuns.jobName, name),
          lt(jobRuns.startedAt, sql`now() - ${RUN_RETENTION_DAYS}::int * interval '1 day'`),
        ),
      );
  }

  async function runDue(name: string): Promise<TJobOutcome> {
    const job = definitions.get(name);
    if (!job) throw new Error(`Unknown job ${name}`);
    if (running.has(name)) return { status: 'skipped' };
    running.add(name);
    try {
      await ensureRow(job);
      const runId = await claim(job);
      if (!runId) return { status: 'skipped' };
      const jobLog = log.child({ job: name, runId });
      let outcome: TJobOutcome;
      try {
        // A job works across tenants by nature: its own code filters by tenant where it must.
        const result = (await crossTenant(`job ${name}`, () => job.run({ runId, log: jobLog }))) ?? {};
        outcome = { status: 'ran', runId, result };
        jobLog.info({ result }, 'job finished');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcome = { status: 'failed', runId, error: message.slice(0, 2000) };
        jobLog.error({ err: error }, 'job failed');
      }
      await finish(name, runId, outcome);
      return outcome;
    } finally {
      running.delete(name);
    }
  }

  async function tick() {
    for (const name of definitions.keys()) {
      try {
        await runDue(name);
      } catch (error) {
        log.error({ err: error, job: name }, 'job poll failed');
      }
    }
  }

  return {
    instanceId,
    define(job) {
      if (definitions.has(job.name)) throw new Error(`Job ${job.name} is defined twice`);
      if (!(job.everySeconds >= 1)) throw new Error(`Job ${job.name} needs everySeconds >= 1`);
      definitions.set(job.name, job);
    },
    async start() {
      if (timer) return;
      for (const job of definitions.values()) await ensureRow(job);
      timer = setInterval(() => {
        if (ticking) return;
        ticking = tick().finally(() => {
          ticking = null;
        });
      }, pollSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
    },
    runDue,
    async requestRun(name) {
      const job = definitions.get(name);
      if (!job) throw new Error(`Unknown job ${name}`);
      await ensureRow(job);
      await db.update(jobs).set({ nextRunAt: sql`now()` }).where(eq(jobs.name, name));
    },
    tick,
  };
}
