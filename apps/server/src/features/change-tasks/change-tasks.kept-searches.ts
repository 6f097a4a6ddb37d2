import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { tenantCache } from '../../platform/kv/tenant-cache.ts';
import type { TPlatform } from '../../platform/platform.ts';

/**
 * Kept searches (decision 0022, amendment "kept searches"): what a task list's filter costs to
 * work out and does not change until a task changes, kept in-process per tenant: the outcome of
 * a substring filter (walk or the trigram lookup's ids) and the capped count of a filtered list.
 * Everything kept for a tenant belongs to its current generation; every write to a change task
 * of the tenant starts a new one after its commit (`tasksWritten`), here at once and on every
 * other instance through the KV's pub/sub, and a generation ends after LIST_SEARCH_KEEP_SECONDS
 * regardless. While broadcasts cannot be heard (Redis down) every call starts a generation, so
 * nothing kept is used (platform/kv/tenant-cache.ts).
 */
export interface TKeptSearches {
  /**
   * `compute`'s value for `key` in the tenant, computed once per generation (calls that come
   * while it is computed wait for the same result; a failure is not kept). `weigh` says how much
   * of the budget the value holds (ids kept: their number; otherwise 1).
   */
  recall<T>(
    tenantId: string,
    key: string,
    compute: () => Promise<T>,
    weigh?: (value: T) => number,
  ): Promise<T>;
}

/** The channel on which a task write tells every instance to drop the tenant's kept searches. */
export const TASKS_WRITTEN_CHANNEL = 'change-tasks:written';

/** What is kept over every tenant, in ids (about 40 bytes each; a count weighs 1): about 8 MB. */
export const KEPT_WEIGHT_MAX = 200_000;
const KEPT_ENTRIES_MAX = 10_000;

interface TKept {
  generation: object;
  value: Promise<unknown>;
  weight: number;
}

/** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
const kept = new Map<string, TKept>();
let keptWeight = 0;

function drop(name: string): void {
  const entry = kept.get(name);
  if (!entry) return;
  kept.delete(name);
  keptWeight -= entry.weight;
}

function keep(name: string, entry: TKept): void {
  drop(name);
  kept.set(name, entry);
  keptWeight += entry.weight;
  while (kept.size > 1 && (keptWeight > KEPT_WEIGHT_MAX || kept.size > KEPT_ENTRIES_MAX)) {
    drop(kept.keys().next().value as string);
  }
}

/** What is kept now, over every tenant (tests). */
export function keptSearchesSize(): { entries: number; weight: number } {
  return { entries: kept.size, weight: keptWeight };
}

const generations = (p: Pick<TPlatform, 'kv' | 'log' | 'config'>) =>
  tenantCache<object>(p, {
    channel: TASKS_WRITTEN_CHANNEL,
    maxAgeMs: p.config.listSearchKeepSeconds * 1000,
  });

/** The kept searches of the app instance, or undefined when LIST_SEARCH_KEEP_SECONDS is 0. */
export function keptSearches(p: Pick<TPlatform, 'kv' | 'log' | 'config'>): TKeptSearches | undefined {
  if (p.config.listSearchKeepSeconds <= 0) return undefined;
  const writes = generations(p);
  return {
    async recall<T>(
      tenantId: string,
      key: string,
      compute: () => Promise<T>,
      weigh: (value: T) => number = () => 1,
    ): Promise<T> {
      const generation = await writes.get(tenantId, async () => ({}));
      const name = `${tenantId}\n${key}`;
      const known = kept.get(name);
      if (known?.generation === generation) {
        kept.delete(name);
        kept.set(name, known);
        return known.value as Promise<T>;
      }
      const entry: TKept = { generation, value: compute(), weight: 1 };
      keep(name, entry);
      entry.value.then(
        (value) => {
          // Weighed again once known (and dropped if it no longer fits), unless already replaced.
          if (kept.get(name) === entry) keep(name, { ...entry, weight: Math.max(1, weigh(value as T)) });
        },
        () => {
          if (kept.get(name) === entry) drop(name);
        },
      );
      return entry.value as Promise<T>;
    },
  };
}

/**
 * After the commit of a write to any change task of the tenant (created, saved, submitted,
 * taken, decided, withdrawn, closed): what was kept of its searches is not used again, here or
 * on another instance.
 */
export async function tasksWritten(
  p: Pick<TPlatform, 'kv' | 'log' | 'config'>,
  tenantId: string,
): Promise<void> {
  if (p.config.listSearchKeepSeconds <= 0) return;
  await generations(p).invalidate(tenantId);
}

const dialect = new PgDialect();

/** A short name for a condition: a hash of its SQL text and parameters. */
export function conditionKey(where: SQL | undefined): string {
  if (!where) return 'all';
  const query = dialect.sqlToQuery(where);
  return createHash('sha256')
    .update(query.sql)
    .update('\n')
    .update(JSON.stringify(query.params))
    .digest('base64url');
}
