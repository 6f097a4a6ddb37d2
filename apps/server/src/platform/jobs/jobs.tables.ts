import { index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.ts';

/**
 * Scheduled jobs, one row per job name (platform-wide, not tenant-owned: a job works across
 * tenants). An instance runs a job only after claiming its row with
 * `SELECT ... FOR UPDATE SKIP LOCKED` and moving next_run_at forward in the same transaction,
 * so N instances polling the same database never run one due run twice.
 */
export const jobs = pgTable('jobs', {
  name: varchar('name', { length: 100 }).primaryKey(),
  /** When the next run is due (database clock). */
  nextRunAt: at('next_run_at').notNull().defaultNow(),
  /** Seconds between runs, from the job's definition. */
  everySeconds: integer('every_seconds').notNull(),
  lastStartedAt: at('last_started_at'),
  lastFinishedAt: at('last_finished_at'),
  /** running | done | failed */
  lastStatus: varchar('last_status', { length: 10 }),
  lastError: text('last_error'),
  lastInstance: varchar('last_instance', { length: 100 }),
  runCount: integer('run_count').notNull().default(0),
});

/** One row per claimed run: who ran it, when, and what came of it (kept 30 days). */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobName: varchar('job_name', { length: 100 }).notNull(),
    instanceId: varchar('instance_id', { length: 100 }).notNull(),
    /** running | done | failed */
    status: varchar('status', { length: 10 }).notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
  },
  (t) => [index('job_runs_job_started_idx').on(t.jobName, t.startedAt)],
);

export type TJobRow = typeof jobs.$inferSelect;
export type TJobRunRow = typeof jobRuns.$inferSelect;
