// CPU cost of writing drizzle statements as SQL text (issue 10; decision 0018, "SQL text"):
// drizzle 0.45's own writer against the portal's (apps/server/src/platform/db/sql-text.ts), on
// statements shaped like the request path's: a whole-row read of a user by tenant and id, and a
// task-list window with filters, order and paging. Single thread, no database; prints
// microseconds of CPU per statement. Prints figures; asserts nothing.
//   npm run sql-text -w @portal/bench
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { hospitalTasks } from '../apps/server/src/features/hospital-tasks/hospital-tasks.tables.ts';
import { users } from '../apps/server/src/features/users/users.tables.ts';
import { buildSqlText, drizzleSqlText } from '../apps/server/src/platform/db/sql-text.ts';

const dialect = new PgDialect();
const qb = new QueryBuilder();
const tenant = '00000000-0000-4000-8000-000000000001';
const statements = {
  'user by id (whole row)': () =>
    qb
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenant), eq(users.id, tenant))),
  'task list window': () =>
    qb
      .select({ id: hospitalTasks.id })
      .from(hospitalTasks)
      .where(
        and(
          eq(hospitalTasks.tenantId, tenant),
          or(ilike(hospitalTasks.taskNo, '%42%'), ilike(hospitalTasks.title, '%42%')),
          inArray(hospitalTasks.status, ['01', '02']),
          sql`${hospitalTasks.commitDate} >= ${'2026-01-01'}`,
        ),
      )
      .orderBy(desc(hospitalTasks.commitDate), desc(hospitalTasks.createdAt), desc(hospitalTasks.id))
      .limit(10)
      .offset(20),
};

const proto = (sql`` as unknown as { constructor: { prototype: Record<string, unknown> } }).constructor
  .prototype;
function cpuMicros(fn: () => void, rounds: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / rounds;
}

const rounds = Number(process.env.ROUNDS ?? 20_000);
for (const [name, make] of Object.entries(statements)) {
  const figures: string[] = [];
  for (const [label, writer] of [
    ['drizzle', drizzleSqlText],
    ['portal', buildSqlText],
  ] as const) {
    proto.buildQueryFromSourceParams = writer;
    cpuMicros(() => dialect.sqlToQuery(make().getSQL()), 2_000); // warm-up
    const whole = cpuMicros(() => dialect.sqlToQuery(make().getSQL()), rounds);
    const build = cpuMicros(() => make().getSQL(), rounds);
    figures.push(
      `${label} ${whole.toFixed(1)} µs (of which ${build.toFixed(1)} µs building the query object)`,
    );
  }
  console.log(`${name.padEnd(24)} ${figures.join('  |  ')}`);
}
