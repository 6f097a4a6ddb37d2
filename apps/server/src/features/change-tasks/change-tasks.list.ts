/**
 * One task list across kinds of change task (hospital and doctor tasks in the provider's task
 * list and the operator's audit list): a UNION ALL of each kind's tasks by their common columns,
 * counted, then one window of (kind, id) pairs read in the list's order, from the nearer end as
 * platform/db/paging.ts describes; the caller reads those rows from each kind's table.
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { countAtMost, pageWindow } from '../../platform/db/paging.ts';
import type { TChangeTaskTables } from './change-tasks.kind.ts';
import { taskCounts } from './change-tasks.tables.ts';

/** The common columns a list across kinds can sort on. */
export const CROSS_KIND_SORTS = [
  'createdAt',
  'taskNo',
  'taskType',
  'status',
  'commitDate',
  'auditDate',
  'publicityDate',
  'providerId',
] as const;
export type TCrossKindSort = (typeof CROSS_KIND_SORTS)[number];

/**
 * A filter that the kept counts answer (change-tasks.tables.ts): the tenant, a provider or the
 * whole tenant (null), and task types and statuses (empty: any). A source gives it only when
 * its `where` says exactly this and nothing more.
 */
export interface TCountedFilter {
  tenantId: string;
  providerId: string | null;
  taskTypes: readonly string[];
  statuses: readonly string[];
}

/** One kind's part of the list: its task table, a name for its rows and its filter. */
export interface TListSource {
  kind: string;
  tasks: TChangeTaskTables['tasks'];
  where: SQL | undefined;
  /** Set when `where` is exactly this filter: the total then comes from the kept counts. */
  counted?: TCountedFilter;
}

/** The condition on task_counts that sums to the number of tasks of `kind` matching `filter`. */
function countedCondition(kind: string, filter: TCountedFilter): SQL {
  return and(
    eq(taskCounts.tenantId, filter.tenantId),
    eq(taskCounts.kind, kind),
    eq(taskCounts.providerId, filter.providerId ?? '*'),
    filter.taskTypes.length ? inArray(taskCounts.taskType, [...filter.taskTypes]) : undefined,
    filter.statuses.length ? inArray(taskCounts.status, [...filter.statuses]) : undefined,
  ) as SQL;
}

/**
 * How many tasks each source matches: one read of the kept counts for every source that has
 * `counted` (a few rows of an index, however many tasks match, exact), and for each other a
 * count that stops past `cap` (countAtMost: a result above `cap` means "more than cap").
 */
async function countSources(db: TDbOrTx, sources: readonly TListSource[], cap: number): Promise<number[]> {
  const counted = sources.filter((s) => s.counted);
  const [kept, ...walked] = await Promise.all([
    counted.length
      ? db
          .select({ kind: taskCounts.kind, n: sql<string>`sum(${taskCounts.n})` })
          .from(taskCounts)
          .where(or(...counted.map((s) => countedCondition(s.kind, s.counted as TCountedFilter))))
          .groupBy(taskCounts.kind)
      : [],
    ...sources.filter((s) => !s.counted).map((s) => countAtMost(db, { table: s.tasks, where: s.where, cap })),
  ]);
  return sources.map((s) => {
    if (s.counted) return Number(kept.find((k) => k.kind === s.kind)?.n ?? 0);
    const [n] = walked.splice(0, 1);
    return n;
  });
}

/** The table column of each common sort key (the names every kind's task table shares). */
const SORT_COLUMN: Record<TCrossKindSort, string> = {
  createdAt: 'created_at',
  taskNo: 'task_no',
  taskType: 'task_type',
  status: 'status',
  commitDate: 'commit_date',
  auditDate: 'audit_date',
  publicityDate: 'publicity_date',
  providerId: 'provider_id',
};

/**
 * The (kind, id) pairs of one page of a list across kinds, and the count of every row: exact
 * from the kept counts, else counted up to `countCap`; past it the total is `countCap` with
 * `totalCapped`, and pages are read forward only as far as the cap (the end is unknown). Each
 * kind reads, in the list's order, only as far as the window reaches (an index-only scan where
 * a list index of its table matches, hospital-tasks.tables.ts); PostgreSQL merges the ordered
 * parts (Merge Append) and skips to the window. A UNION of whole tables sorted afterwards would
 * sort every matching row instead (decision 0022).
 */
export async function pageAcrossKinds(
  db: TDbOrTx,
  input: {
    sources: readonly TListSource[];
    sort: TCrossKindSort;
    desc: boolean;
    current: number;
    size: number;
    /** The most a filter's matches are counted (LIST_COUNT_CAP; config LIST_COUNT_CAP). */
    countCap: number;
  },
): Promise<{ total: number; totalCapped: boolean; refs: { kind: string; id: string }[] }> {
  const counts = await countSources(db, input.sources, input.countCap);
  const totalCapped = input.sources.some((s, i) => !s.counted && counts[i] > input.countCap);
  const total = totalCapped ? input.countCap : counts.reduce((sum, n) => sum + n, 0);
  const window = pageWindow({ current: input.current, size: input.size, total, capped: totalCapped });
  if (!window) return { total, totalCapped, refs: [] };
  // A kind with no match takes no part in the window; one kind alone is read straight from its
  // index, without the merge (which costs about three times the index walk on a deep page).
  const sources = input.sources.filter((_s, i) => counts[i] > 0);
  // Every key with the same nulls rule as the list indexes, so each part reads from its index.
  const terms = (column: (name: string) => SQL) => {
    const down = input.desc !== window.reverse;
    const nulls = window.reverse ? sql`nulls first` : sql`nulls last`;
    const tie = window.reverse ? sql`asc nulls first` : sql`desc nulls last`;
    return sql.join(
      [
        sql`${column(SORT_COLUMN[input.sort])} ${down ? sql`desc` : sql`asc`} ${nulls}`,
        sql`${column('created_at')} ${tie}`,
        sql`${column('id')} ${tie}`,
      ],
      sql`, `,
    );
  };
  const reach = window.offset + window.limit;
  const sortColumn = (s: TListSource) =>
    input.sort === 'createdAt'
      ? sql``
      : sql`, ${s.tasks[input.sort]} as ${sql.identifier(SORT_COLUMN[input.sort])}`;
  if (sources.length === 1) {
    const [s] = sources;
    const result = await db.execute(
      sql`select ${s.tasks.id} as id from ${s.tasks} where ${s.where ?? sql`true`}
        order by ${terms((name) => sql`${s.tasks}.${sql.identifier(name)}`)}
        limit ${window.limit} offset ${window.offset}`,
    );
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => ({
      kind: s.kind,
      id: String(r.id),
    }));
    return { total, totalCapped, refs: window.reverse ? ids.reverse() : ids };
  }
  const parts = sources.map(
    (s) =>
      sql`(select ${s.tasks.id} as id, ${s.kind}::text as kind, ${s.tasks.createdAt} as created_at${sortColumn(s)}
        from ${s.tasks} where ${s.where ?? sql`true`}
        order by ${terms((name) => sql`${s.tasks}.${sql.identifier(name)}`)} limit ${reach})`,
  );
  const result = await db.execute(
    sql`select id, kind from (${sql.join(parts, sql` union all `)}) as cross_kind_tasks
      order by ${terms((name) => sql`${sql.identifier(name)}`)} limit ${window.limit} offset ${window.offset}`,
  );
  const rows = (result as unknown as { rows: { id: string; kind: string }[] }).rows;
  const refs = rows.map((r) => ({ kind: r.kind, id: String(r.id) }));
  return { total, totalCapped, refs: window.reverse ? refs.reverse() : refs };
}
