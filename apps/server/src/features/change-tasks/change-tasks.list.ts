/**
 * One task list across kinds of change task (hospital and doctor tasks in the provider's task
 * list and the operator's audit list): a UNION ALL of each kind's tasks by their common columns,
 * counted, then one window of (kind, id) pairs read in the list's order, from the nearer end as
 * platform/db/paging.ts describes; the caller reads those rows from each kind's table.
 */
import { count, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { pageWindow } from '../../platform/db/paging.ts';
import type { TChangeTaskTables } from './change-tasks.kind.ts';

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

/** One kind's part of the list: its task table, a name for its rows and its filter. */
export interface TListSource {
  kind: string;
  tasks: TChangeTaskTables['tasks'];
  where: SQL | undefined;
}

/** The (kind, id) pairs of one page of a list across kinds, and the count of every row. */
export async function pageAcrossKinds(
  db: TDbOrTx,
  input: {
    sources: readonly TListSource[];
    sort: TCrossKindSort;
    desc: boolean;
    current: number;
    size: number;
  },
): Promise<{ total: number; refs: { kind: string; id: string }[] }> {
  const branches = input.sources.map((s) =>
    db
      .select({
        id: s.tasks.id,
        kind: sql<string>`${s.kind}::text`.as('kind'),
        createdAt: s.tasks.createdAt,
        taskNo: s.tasks.taskNo,
        taskType: s.tasks.taskType,
        status: s.tasks.status,
        commitDate: s.tasks.commitDate,
        auditDate: s.tasks.auditDate,
        publicityDate: s.tasks.publicityDate,
        providerId: s.tasks.providerId,
      })
      .from(s.tasks)
      .where(s.where),
  );
  const [first, second, ...rest] = branches;
  const all = (second ? unionAll(first, second, ...rest) : first).as('cross_kind_tasks');
  const [{ total }] = await db.select({ total: count() }).from(all);
  const window = pageWindow({ current: input.current, size: input.size, total: Number(total) });
  if (!window) return { total: Number(total), refs: [] };
  // Every key with the same nulls rule as the tasks' list indexes (hospital-tasks.tables.ts), so
  // each branch reads its window from an index and PostgreSQL merges them (Merge Append)
  // instead of sorting every matching row.
  const terms = (reverse: boolean) => {
    const down = input.desc !== reverse;
    const nulls = reverse ? sql`nulls first` : sql`nulls last`;
    const dir = down ? sql`desc` : sql`asc`;
    const tie = reverse ? sql`asc nulls first` : sql`desc nulls last`;
    return [sql`${all[input.sort]} ${dir} ${nulls}`, sql`${all.createdAt} ${tie}`, sql`${all.id} ${tie}`];
  };
  const rows = await db
    .select({ id: all.id, kind: all.kind })
    .from(all)
    .orderBy(...terms(window.reverse))
    .limit(window.limit)
    .offset(window.offset);
  const refs = rows.map((r) => ({ kind: r.kind, id: String(r.id) }));
  return { total: Number(total), refs: window.reverse ? refs.reverse() : refs };
}
