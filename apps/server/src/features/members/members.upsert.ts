/**
 * Set-based writes of members and policies (decision 0036): every column of a chunk travels as
 * one array parameter and `unnest` turns the arrays back into rows, so one statement writes a few
 * thousand rows whatever the number of columns (no 65,535-parameter limit, no per-row SQL built in
 * JavaScript), on PostgreSQL and PGlite alike. `INSERT … ON CONFLICT (external key) DO UPDATE …
 * WHERE a value differs` leaves unchanged rows alone, so only created and changed rows come back.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { query } from '../../platform/db/raw-query.ts';
import { pgArray } from '../../platform/db/values.ts';

/** Rows per statement. */
export const UPSERT_CHUNK = 5000;
/** Keys per bulk read (`= any($1)`). */
export const READ_CHUNK = 10000;

export type TCell = string | boolean | null;

export function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** A column as written: its SQL name and the type of its array parameter. */
export interface TUpsertColumn {
  name: string;
  type: 'text' | 'uuid' | 'date' | 'numeric' | 'boolean';
}

/**
 * Upserts `rows` (values in the order of `columns`) into `table` for the tenant, in chunks of
 * UPSERT_CHUNK rows, one statement each; answers what `returning` selects of the created and
 * changed rows. `replace` lists the columns a later delivery replaces (only when one differs).
 * With `perKey`, `rows` are written once for every key (the key column first): a plan's
 * coverages travel once with the ids of its policies, not once per policy.
 */
export async function upsertRows<T extends Record<string, unknown>>(
  tx: TDbOrTx,
  {
    table,
    tenantId,
    actor,
    columns,
    rows,
    conflict,
    replace,
    returning,
    distinct = false,
    perKey,
  }: {
    table: string;
    tenantId: string;
    actor: string;
    columns: TUpsertColumn[];
    rows: TCell[][];
    conflict: string[];
    replace: string[];
    returning: string;
    /** Answer each distinct `returning` value once per chunk (a policy's many coverages as one row). */
    distinct?: boolean;
    perKey?: { column: TUpsertColumn; keys: string[] };
  },
): Promise<T[]> {
  const out: T[] = [];
  if (perKey && rows.length === 0) return out;
  const names = [...(perKey ? [perKey.column] : []), ...columns].map((c) => `"${c.name}"`).join(', ');
  const set = [
    ...replace.map((c) => `"${c}" = excluded."${c}"`),
    'updated_at = now()',
    'updated_by = excluded.updated_by',
    `version = "${table}".version + 1`,
  ].join(', ');
  const changed = replace.length
    ? `where (${replace.map((c) => `"${table}"."${c}"`).join(', ')}) is distinct from (${replace
        .map((c) => `excluded."${c}"`)
        .join(', ')})`
    : '';
  const arraysOf = (part: TCell[][]): SQL =>
    sql.join(
      columns.map((c, i) => sql`${pgArray(part.map((r) => r[i]))}::${sql.raw(c.type)}[]`),
      sql`, `,
    );
  const sources: SQL[] = perKey
    ? chunks(perKey.keys, Math.max(1, Math.floor(UPSERT_CHUNK / Math.max(1, rows.length)))).map(
        (keys) =>
          sql`select k.*, u.* from unnest(${pgArray(keys)}::${sql.raw(perKey.column.type)}[]) as k
            cross join unnest(${arraysOf(rows)}) as u`,
      )
    : chunks(rows, UPSERT_CHUNK).map((part) => sql`select u.* from unnest(${arraysOf(part)}) as u`);
  for (const source of sources) {
    const write = sql`insert into ${sql.raw(`"${table}"`)} (tenant_id, created_by, updated_by, ${sql.raw(names)})
      select ${tenantId}::uuid, ${actor}, ${actor}, s.* from (${source}) as s
      on conflict (${sql.raw(conflict.map((c) => `"${c}"`).join(', '))}) do update set ${sql.raw(set)}
      ${sql.raw(changed)}
      returning ${sql.raw(returning)}`;
    const statement = distinct
      ? sql`with written as (${write}) select distinct ${sql.raw(returning)} from written`
      : write;
    out.push(...(await query<T>(tx, statement)));
  }
  return out;
}

/** Runs `read` over the keys in chunks of READ_CHUNK, each chunk as one array parameter. */
export async function readByKeys<T extends Record<string, unknown>>(
  tx: TDbOrTx,
  keys: readonly string[],
  read: (keys: SQL) => SQL,
): Promise<T[]> {
  const out: T[] = [];
  for (const part of chunks([...new Set(keys)], READ_CHUNK)) {
    out.push(...(await query<T>(tx, read(sql`${pgArray(part)}`))));
  }
  return out;
}
