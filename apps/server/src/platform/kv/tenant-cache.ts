import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TKv } from './kv.ts';

/**
 * An in-process cache of one value per tenant (its calendar, its workflow settings, its menus),
 * loaded on first use and kept until a change drops it or `maxAgeMs` passes. A change calls
 * `invalidate` after its commit: the value goes here at once and every other instance is told on
 * `channel` (Redis pub/sub when REDIS_URL is set, decision 0018). While broadcasts cannot be heard
 * (Redis down) every call loads from the database, and a new subscription empties the cache, as
 * the auth cache does: a change made meanwhile on another instance is never missed for longer
 * than the outage.
 */
export interface TTenantCache<T> {
  get(tenantId: string, load: () => Promise<T>): Promise<T>;
  /** Drops the tenant's value here at once and tells every other instance to drop it too. */
  invalidate(tenantId: string): Promise<void>;
}

interface TSlot<T> {
  value: Promise<T>;
  loadedAt: number;
}

const caches = new WeakMap<TKv, Map<string, TTenantCache<unknown>>>();

/** The cache on `channel` of one app instance (keyed by its KV). */
export function tenantCache<T>(
  { kv, log }: { kv: TKv; log: FastifyBaseLogger },
  { channel, maxAgeMs, now = Date.now }: { channel: string; maxAgeMs: number; now?: () => number },
): TTenantCache<T> {
  const ofKv = caches.get(kv) ?? new Map<string, TTenantCache<unknown>>();
  caches.set(kv, ofKv);
  const known = ofKv.get(channel);
  if (known) return known as TTenantCache<T>;

  const instanceId = randomUUID();
  const slots = new Map<string, TSlot<T>>();
  let epoch: number | null = null;
  // A failed subscription stays registered with the KV, which subscribes it again when Redis
  // is back; until then broadcastEpoch() is null and every call reads the database.
  const ready = kv
    .subscribe(channel, (message) => {
      try {
        const { origin, tenantId } = JSON.parse(message) as { origin: string; tenantId: string };
        if (origin !== instanceId && typeof tenantId === 'string') slots.delete(tenantId);
      } catch {
        // a message that is not ours: nothing to drop
      }
    })
    .catch((error: unknown) =>
      log.error(
        { err: error, channel },
        'tenant cache: subscribing to invalidations failed; using the database',
      ),
    );

  /** False while broadcasts cannot be heard; a new subscription empties the cache. */
  const usable = (): boolean => {
    const current = kv.broadcastEpoch();
    if (current !== epoch) slots.clear();
    epoch = current;
    return current !== null;
  };

  const cache: TTenantCache<T> = {
    async get(tenantId, load) {
      await ready;
      if (!usable()) return load();
      const slot = slots.get(tenantId);
      if (slot && now() - slot.loadedAt < maxAgeMs) return slot.value;
      // Promise.resolve: a thenable (a drizzle query runs again on every `then`) is run once here.
      const fresh: TSlot<T> = { value: Promise.resolve(load()), loadedAt: now() };
      slots.set(tenantId, fresh);
      // A failed load is not kept: the next call tries again.
      fresh.value.catch(() => {
        if (slots.get(tenantId) === fresh) slots.delete(tenantId);
      });
      return fresh.value;
    },
    async invalidate(tenantId) {
      slots.delete(tenantId);
      await kv
        .publish(channel, JSON.stringify({ origin: instanceId, tenantId }))
        .catch((error: unknown) =>
          log.error({ err: error, tenantId, channel }, 'tenant cache broadcast failed'),
        );
    },
  };
  ofKv.set(channel, cache as TTenantCache<unknown>);
  return cache;
}
