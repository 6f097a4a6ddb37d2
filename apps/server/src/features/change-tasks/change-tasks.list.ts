/**
 * One task list across kinds of change task (hospital and doctor tasks in the provider's task
 * list and the operator's audit list): a UNION ALL of each kind's tasks by their common columns,
 * counted, then one window of (kind, id) pairs read in the list's order, from the nearer end as
 * platform/db/paging.ts describes; the caller reads those rows from each kind's table.
 */
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { countAtMost, pageWindow } from '../../platform/db/paging.ts';
import { preparedShapes } from '../../platform/db/prepared.ts';
import { pgArray } from '../../platform/db/values.ts';
import { conditionKey, type TKeptSearches } from './change-tasks.kept-searches.ts';
import type { TChangeTaskTables } from './change-tasks.kind.ts';
import {
  nearestMarks,
  recallMarks,
  recallPages,
  rememberMarks,
  rememberPage,
  type TPageBounds,
  type TRowKeys,
} from './change-tasks.page-bounds.ts';
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
  /**
   * Set when `where` holds a substring filter (ILIKE) that the list applies while it walks its
   * order index. Under the tenant policy the planner cannot use that filter's statistics and
   * guesses it rare, so for a page past the first few it read and sorted the whole scope (626 ms
   * for offset 1,800 of 200,001 tasks); its windows with an offset are read with bitmap scans
   * and sorts priced out (decision 0022, "walks in order").
   */
  walked?: boolean;
}

/** Whether a counted source filters by task type and by status: what changes its condition's text. */
type TCountedShape = readonly { types: boolean; statuses: boolean }[];

/**
 * The sums of the kept counts of a list's counted sources, one condition per source (the task
 * counts of its kind matching its filter), grouped by kind: prepared once per database handle
 * and shape, each source's values bound as `<i>tenant`, `<i>kind`, `<i>provider`, `<i>types`
 * and `<i>statuses` (the last two as arrays).
 */
const storedCounts = preparedShapes(
  (shape: TCountedShape) =>
    `task_counts_${shape.map((s) => `${s.types ? 'type' : ''}${s.statuses ? 'status' : ''}` || 'all').join('_')}`,
  (db, shape, name) => {
    const at = (i: number, field: string) => sql.placeholder(`${i}${field}`);
    const condition = (s: TCountedShape[number], i: number) =>
      and(
        eq(taskCounts.tenantId, at(i, 'tenant')),
        eq(taskCounts.kind, at(i, 'kind')),
        eq(taskCounts.providerId, at(i, 'provider')),
        s.types ? sql`${taskCounts.taskType} = any(${at(i, 'types')}::text[])` : undefined,
        s.statuses ? sql`${taskCounts.status} = any(${at(i, 'statuses')}::text[])` : undefined,
      );
    return db
      .select({ kind: taskCounts.kind, n: sql<string>`sum(${taskCounts.n})` })
      .from(taskCounts)
      .where(or(...shape.map(condition)))
      .groupBy(taskCounts.kind)
      .prepare(name);
  },
);

/** The kept counts of the sources that have `counted`, summed per kind. */
function readStoredCounts(db: TDbOrTx, counted: readonly TListSource[]) {
  const values: Record<string, string> = {};
  const shape = counted.map(({ kind, counted: filter }, i) => {
    const { tenantId, providerId, taskTypes, statuses } = filter as TCountedFilter;
    values[`${i}tenant`] = tenantId;
    values[`${i}kind`] = kind;
    values[`${i}provider`] = providerId ?? '*';
    values[`${i}types`] = pgArray(taskTypes);
    values[`${i}statuses`] = pgArray(statuses);
    return { types: taskTypes.length > 0, statuses: statuses.length > 0 };
  });
  return storedCounts(db, shape).execute(values);
}

/**
 * How many tasks each source matches: one read of the kept counts for every source that has
 * `counted` (a few rows of an index, however many tasks match, exact), `matched` as it is, and
 * for each other a count that stops past `cap` (countAtMost: a result above `cap` means "more
 * than cap"), kept for the tenant's next pages with `kept` (change-tasks.kept-searches.ts).
 */
async function countSources(
  db: TDbOrTx,
  sources: readonly TListSource[],
  cap: number,
  kept?: { searches: TKeptSearches; tenantId: string },
): Promise<number[]> {
  const countOf = (s: TListSource) => () => countAtMost(db, { table: s.tasks, where: s.where, cap });
  const counted = sources.filter((s) => s.counted);
  const [stored, ...walked] = await Promise.all([
    counted.length ? readStoredCounts(db, counted) : [],
    ...sources
      .filter((s) => !s.counted && s.matched === undefined)
      .map((s) =>
        kept
          ? kept.searches.recall(
              kept.tenantId,
              `count\n${s.kind}\n${cap}\n${conditionKey(s.where)}`,
              countOf(s),
            )
          : countOf(s)(),
      ),
  ]);
  return sources.map((s) => {
    if (s.counted) return Number(stored.find((k) => k.kind === s.kind)?.n ?? 0);
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
  /** With `marksEvery`: the row's 1-based number in the read's order. */
  rn?: number | string;
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
 * (Merge Append), which costs about three times the index walk on a deep page. With
 * `marksEvery` the rows skipped by the offset are numbered as they pass, and every
 * `marksEvery`-th of them comes back too (before the page, with `rn`), to be kept as a mark.
 */
async function readWindow(
  db: TDbOrTx,
  sources: readonly TListSource[],
  input: TWindowInput & {
    reverse: boolean;
    limit: number;
    offset: number;
    condition?: (s: TListSource) => SQL;
    marksEvery?: number;
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
  const order = windowTerms(input, input.reverse, byName);
  const reach = input.offset + input.limit;
  // Marking reads every row as far as the page reaches and numbers them; otherwise the offset skips.
  const limit = input.marksEvery ? sql`limit ${reach}` : sql`limit ${input.limit} offset ${input.offset}`;
  const window =
    sources.length === 1
      ? rowsOf(sources[0], limit)
      : sql`select * from (${sql.join(
          sources.map((s) => sql`(${rowsOf(s, sql`limit ${reach}`)})`),
          sql` union all `,
        )}) as cross_kind_tasks
        order by ${order} ${limit}`;
  // The keys leave as text only for the rows returned: a projection under the OFFSET would
  // format every skipped row's timestamps.
  const keys = sql`id::text as task_id, kind, ${byName(sortName)}::text as sort_key, created_at::text as created_key`;
  const query = input.marksEvery
    ? sql`select ${keys}, rn from (select walked.*, row_number() over (order by ${order}) as rn
          from (${window}) as walked) as numbered
          where rn > ${input.offset} or rn % ${input.marksEvery} = 0 order by rn`
    : sql`select ${keys} from (${window}) as page_window order by ${order}`;
  // A first page or a keyset read (no offset) is walked in order anyway: the planner weighs the
  // few rows it needs against the whole scope.
  const result =
    input.offset > 0 && sources.some((s) => s.walked)
      ? await db.transaction(async (tx) => {
          // Local to this transaction (lists are read outside any other): the ordered index walk.
          await tx.execute(
            sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`,
          );
          return tx.execute(query);
        })
      : await db.execute(query);
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
        sort: input.sort,
        desc: input.desc,
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
 * A page reached by a jump (no neighbouring page remembered), read from the nearest known place
 * (decision 0022, "marks for jumps"): the list's nearer end, or a mark, a row whose keys and
 * place an earlier walk kept. From a mark the read is a keyset range with a short offset. A walk
 * longer than `marksEvery` keeps a mark every `marksEvery` rows it passes, so a later jump near
 * it walks at most that far. From a mark only the first keyset range is read (the rows next to
 * it in the order: see keysetSegments); when that range ends before the page does (a null sort
 * value lies between), the page is read from the list's nearer end instead.
 */
async function readJump(
  db: TDbOrTx,
  sources: readonly TListSource[],
  input: TWindowInput & {
    pageKey: string;
    marksEvery: number;
    total: number;
    first: number;
    rows: number;
    /** The page's window from the list's nearer end (pageWindow). */
    window: { offset: number; limit: number; reverse: boolean };
  },
): Promise<TWindowRow[]> {
  const { total, first, rows, marksEvery, window } = input;
  const { below, above } = nearestMarks(recallMarks(input.pageKey, total), {
    before: first - 1,
    after: first + rows,
  });
  type TStart = { place: number; keys?: TRowKeys; backward: boolean };
  const starts: TStart[] = [
    // The list's nearer end, as pageWindow chose it; a mark only when it walks fewer rows.
    { place: window.reverse ? total : -1, backward: window.reverse },
    ...(below ? [{ ...below, backward: false }] : []),
    ...(above ? [{ ...above, backward: true }] : []),
  ];
  const walkFrom = (s: TStart) => (s.backward ? s.place - (first + rows) : first - s.place - 1);
  const start = starts.reduce((best, s) => (walkFrom(s) < walkFrom(best) ? s : best));
  const walk = walkFrom(start);
  const keys = start.keys;
  const read = await readWindow(db, sources, {
    sort: input.sort,
    desc: input.desc,
    reverse: start.backward,
    offset: walk,
    limit: rows,
    condition: keys ? keysetSegments(input.sort, keys, start.backward)[0] : undefined,
    marksEvery: walk > marksEvery ? marksEvery : undefined,
  });
  const page = read.filter((r) => r.rn === undefined || Number(r.rn) > walk);
  if (keys && page.length < rows) {
    const plain = await readWindow(db, sources, { sort: input.sort, desc: input.desc, ...window });
    return window.reverse ? plain.reverse() : plain;
  }
  if (page.length < read.length) {
    rememberMarks(input.pageKey, {
      total,
      marks: read
        .filter((r) => Number(r.rn) <= walk)
        .map((r) => ({
          place: start.backward ? start.place - Number(r.rn) : start.place + Number(r.rn),
          keys: keysOf(r),
        })),
    });
  }
  return start.backward ? page.reverse() : page;
}

/** What one row of a kept window holds of the budget: about 160 bytes, four ids' worth. */
const WINDOW_ROW_WEIGHT = 4;

/**
 * A page of a list whose every source is a text lookup's ids (at most LOOKUP_IDS_MAX): the whole
 * order of those rows is read once per tenant generation and kept, and each page is a slice of
 * it (decision 0022, "kept searches"). Reading a page by `id = any(ids)` made the planner
 * estimate every id again on every page.
 */
async function keptWindowPage(
  db: TDbOrTx,
  sources: readonly TListSource[],
  input: TWindowInput & {
    current: number;
    size: number;
    total: number;
    kept: { searches: TKeptSearches; tenantId: string };
  },
): Promise<{ kind: string; id: string }[]> {
  const key = [
    'window',
    input.sort,
    input.desc,
    ...sources.map((s) => `${s.kind}:${conditionKey(s.where)}`),
  ].join('\n');
  const all = await input.kept.searches.recall(
    input.kept.tenantId,
    key,
    () =>
      readWindow(db, sources, {
        sort: input.sort,
        desc: input.desc,
        reverse: false,
        limit: input.total,
        offset: 0,
      }),
    (rows) => rows.length * WINDOW_ROW_WEIGHT,
  );
  const first = (input.current - 1) * input.size;
  return all.slice(first, first + input.size).map((r) => ({ kind: r.kind, id: r.task_id }));
}

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
    /** A jump's walk keeps a mark every this many rows (config listJumpMarkEvery); 0: none. */
    marksEvery?: number;
    /** Keeps the capped counts of the tenant's filtered lists until one of its tasks changes. */
    kept?: { searches: TKeptSearches; tenantId: string };
  },
): Promise<{ total: number; totalCapped: boolean; refs: { kind: string; id: string }[] }> {
  const counts = await countSources(db, input.sources, input.countCap, input.kept);
  const totalCapped = input.sources.some((s, i) => !s.counted && counts[i] > input.countCap);
  const total = totalCapped ? input.countCap : counts.reduce((sum, n) => sum + n, 0);
  const window = pageWindow({ current: input.current, size: input.size, total, capped: totalCapped });
  if (!window) return { total, totalCapped, refs: [] };
  const sources = input.sources.filter((_s, i) => counts[i] > 0);
  if (input.kept && sources.length > 0 && sources.every((s) => s.matched !== undefined)) {
    return {
      total,
      totalCapped,
      refs: await keptWindowPage(db, sources, { ...input, kept: input.kept, total }),
    };
  }
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
  } else if (pageKey && input.marksEvery && !totalCapped) {
    rows = await readJump(db, sources, {
      ...input,
      pageKey,
      marksEvery: input.marksEvery,
      total,
      first: (input.current - 1) * input.size,
      rows: fullPage,
      window,
    });
  } else {
    // Only the window: `input` also holds marksEvery, which only a jump's walk may number with.
    const read = await readWindow(db, sources, { sort: input.sort, desc: input.desc, ...window });
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
