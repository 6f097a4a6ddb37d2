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
import { recallPages, rememberPage, type TPageBounds, type TRowKeys } from './change-tasks.page-bounds.ts';
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
  /**
   * Set when how many rows `where` selects is already known (the ids a text lookup found, with
   * no other filter): the total, without a count.
   */
  matched?: number;
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
 * `counted` (a few rows of an index, however many tasks match, exact), `matched` as it is, and
 * for each other a count that stops past `cap` (countAtMost: a result above `cap` means "more
 * than cap").
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
    ...sources
      .filter((s) => !s.counted && s.matched === undefined)
      .map((s) => countAtMost(db, { table: s.tasks, where: s.where, cap })),
  ]);
  return sources.map((s) => {
    if (s.counted) return Number(kept.find((k) => k.kind === s.kind)?.n ?? 0);
    if (s.matched !== undefined) return s.matched;
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

/** One row of a page window: its kind and id, and its keys in the list's order. */
interface TWindowRow {
  task_id: string;
  kind: string;
  sort_key: string | null;
  created_key: string;
}

interface TWindowInput {
  sort: TCrossKindSort;
  desc: boolean;
}

/**
 * The ORDER BY of a window, every key with the same nulls rule as the list indexes, so each part
 * reads from its index; `reverse` reads the same order from the other end.
 */
function windowTerms(input: TWindowInput, reverse: boolean, column: (name: string) => SQL): SQL {
  const down = input.desc !== reverse;
  const nulls = reverse ? sql`nulls first` : sql`nulls last`;
  const tie = reverse ? sql`asc nulls first` : sql`desc nulls last`;
  return sql.join(
    [
      sql`${column(SORT_COLUMN[input.sort])} ${down ? sql`desc` : sql`asc`} ${nulls}`,
      sql`${column('created_at')} ${tie}`,
      sql`${column('id')} ${tie}`,
    ],
    sql`, `,
  );
}

/**
 * Rows of the sources in the list's order (or its reverse), `limit` of them after skipping
 * `offset`, each source also restricted by `condition` (a keyset bound). One source alone is
 * read straight from its index; several are each read as far as the window reaches and merged
 * (Merge Append), which costs about three times the index walk on a deep page.
 */
async function readWindow(
  db: TDbOrTx,
  sources: readonly TListSource[],
  input: TWindowInput & {
    reverse: boolean;
    limit: number;
    offset: number;
    condition?: (s: TListSource) => SQL;
  },
): Promise<TWindowRow[]> {
  const where = (s: TListSource) =>
    and(s.where ?? sql`true`, input.condition ? input.condition(s) : undefined) as SQL;
  const ownColumn = (s: TListSource) => (name: string) => sql`${s.tasks}.${sql.identifier(name)}`;
  const sortName = SORT_COLUMN[input.sort];
  const sortColumn = (s: TListSource) =>
    input.sort === 'createdAt' ? sql`` : sql`, ${s.tasks[input.sort]} as ${sql.identifier(sortName)}`;
  const rowsOf = (s: TListSource, limit: SQL) =>
    sql`select ${s.tasks.id} as id, ${s.kind}::text as kind, ${s.tasks.createdAt} as created_at${sortColumn(s)}
      from ${s.tasks} where ${where(s)}
      order by ${windowTerms(input, input.reverse, ownColumn(s))} ${limit}`;
  const byName = (name: string) => sql`${sql.identifier(name)}`;
  const window =
    sources.length === 1
      ? rowsOf(sources[0], sql`limit ${input.limit} offset ${input.offset}`)
      : sql`select * from (${sql.join(
          sources.map((s) => sql`(${rowsOf(s, sql`limit ${input.offset + input.limit}`)})`),
          sql` union all `,
        )}) as cross_kind_tasks
        order by ${windowTerms(input, input.reverse, byName)} limit ${input.limit} offset ${input.offset}`;
  // The keys leave as text only for the window's rows: a projection under the OFFSET would
  // format every skipped row's timestamps.
  const result = await db.execute(
    sql`select id::text as task_id, kind, ${byName(sortName)}::text as sort_key, created_at::text as created_key
      from (${window}) as page_window order by ${windowTerms(input, input.reverse, byName)}`,
  );
  return (result as unknown as { rows: TWindowRow[] }).rows;
}

/**
 * The conditions that select, in turn, the rows after `bound` in a newest-first list (every key
 * descending), or before it when `backward`: a row comparison on (sort, created_at, id), which
 * the list index serves as a range, and the rows whose sort value is null (last in the order)
 * as a range of their own. Read one after the other until the page is full.
 */
function keysetSegments(
  sort: TCrossKindSort,
  bound: TRowKeys,
  backward: boolean,
): ((s: TListSource) => SQL)[] {
  const cmp = backward ? sql`>` : sql`<`;
  const tail = (s: TListSource) =>
    sql`(${s.tasks.createdAt}, ${s.tasks.id}) ${cmp} (${bound.createdAt}::timestamptz, ${bound.id}::uuid)`;
  if (sort === 'createdAt') return [tail];
  const isNull = (s: TListSource) => (s.tasks[sort].notNull ? sql`false` : sql`${s.tasks[sort]} is null`);
  const nullsAfter = (s: TListSource) => sql`${isNull(s)} and ${tail(s)}`;
  if (bound.sort === null) return backward ? [nullsAfter, (s) => sql`not (${isNull(s)})`] : [nullsAfter];
  const keyed = (s: TListSource) => {
    const column = s.tasks[sort];
    const value = sql`cast(${bound.sort} as ${sql.raw(column.getSQLType())})`;
    return sql`(${column}, ${s.tasks.createdAt}, ${s.tasks.id}) ${cmp} (${value}, ${bound.createdAt}::timestamptz, ${bound.id}::uuid)`;
  };
  return backward ? [keyed] : [keyed, isNull];
}

/** Rows next to a remembered page, read by keyset from its boundary row, in the list's order. */
async function readFromBound(
  db: TDbOrTx,
  sources: readonly TListSource[],
  input: TWindowInput & { bound: TRowKeys; backward: boolean; limit: number },
): Promise<TWindowRow[]> {
  const rows: TWindowRow[] = [];
  for (const condition of keysetSegments(input.sort, input.bound, input.backward)) {
    if (rows.length >= input.limit) break;
    rows.push(
      ...(await readWindow(db, sources, {
        ...input,
        reverse: input.backward,
        limit: input.limit - rows.length,
        offset: 0,
        condition,
      })),
    );
  }
  return input.backward ? rows.reverse() : rows;
}

const keysOf = (row: TWindowRow): TRowKeys => ({
  sort: row.sort_key,
  createdAt: row.created_key,
  id: row.task_id,
});

/**
 * The (kind, id) pairs of one page of a list across kinds, and the count of every row: exact
 * from the kept counts, else counted up to `countCap`; past it the total is `countCap` with
 * `totalCapped`, and pages are read forward only as far as the cap (the end is unknown). Each
 * kind reads, in the list's order, only as far as the window reaches (an index-only scan where
 * a list index of its table matches, hospital-tasks.tables.ts). A newest-first list with a
 * `pageKey` remembers each page's boundary rows (change-tasks.page-bounds.ts), and the page
 * after or before a remembered one is read by keyset from its boundary, without an offset.
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
    /** Names the list query (who asks, filter, order, size), to page by keyset from its last pages. */
    pageKey?: string;
  },
): Promise<{ total: number; totalCapped: boolean; refs: { kind: string; id: string }[] }> {
  const counts = await countSources(db, input.sources, input.countCap);
  const totalCapped = input.sources.some((s, i) => !s.counted && counts[i] > input.countCap);
  const total = totalCapped ? input.countCap : counts.reduce((sum, n) => sum + n, 0);
  const window = pageWindow({ current: input.current, size: input.size, total, capped: totalCapped });
  if (!window) return { total, totalCapped, refs: [] };
  const sources = input.sources.filter((_s, i) => counts[i] > 0);
  const pageKey = input.desc ? input.pageKey : undefined;
  const known = pageKey ? recallPages(pageKey, total) : new Map<number, TPageBounds>();
  const before = known.get(input.current - 1);
  const after = known.get(input.current + 1);
  const fullPage = Math.min(input.size, total - (input.current - 1) * input.size);
  let rows: TWindowRow[];
  if (before) {
    rows = await readFromBound(db, sources, {
      ...input,
      bound: before.last,
      backward: false,
      limit: fullPage,
    });
  } else if (after) {
    rows = await readFromBound(db, sources, {
      ...input,
      bound: after.first,
      backward: true,
      limit: fullPage,
    });
  } else {
    const read = await readWindow(db, sources, { ...input, ...window });
    rows = window.reverse ? read.reverse() : read;
  }
  if (pageKey && rows.length > 0) {
    rememberPage(pageKey, {
      total,
      current: input.current,
      bounds: { first: keysOf(rows[0]), last: keysOf(rows[rows.length - 1]) },
    });
  }
  return { total, totalCapped, refs: rows.map((r) => ({ kind: r.kind, id: r.task_id })) };
}
