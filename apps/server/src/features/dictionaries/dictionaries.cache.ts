import { randomUUID } from 'node:crypto';
import type { TPlatform } from '../../platform/platform.ts';

/** Parts of a tenant's reference data that are loaded, cached and invalidated as a whole. */
export type TCacheSection = 'types' | 'entries' | 'areas' | 'banks' | 'departments';

/** The broadcast channel of invalidations (Redis pub/sub when REDIS_URL is set). */
export const INVALIDATE_CHANNEL = 'dictionaries:invalidate';
/** A safety net: a section is reloaded after this long even if a broadcast was lost. */
const MAX_AGE_MS = 10 * 60 * 1000;

interface TSlot {
  value: Promise<unknown> | null;
  loadedAt: number;
  /** The value once its load has succeeded. */
  settled?: { value: unknown };
}

export interface TDictionaryCache {
  /** The cached value of a tenant's section, loading it once when absent or stale. */
  get<T>(tenantId: string, section: TCacheSection, load: () => Promise<T>): Promise<T>;
  /**
   * The section's value when it is loaded and fresh, read synchronously (a cached lookup then
   * awaits nothing); undefined otherwise, and the caller asks `get`.
   */
  settled<T>(tenantId: string, section: TCacheSection): T | undefined;
  /** Drops sections here at once and tells every other instance to drop them too. */
  invalidate(tenantId: string, sections: TCacheSection[]): Promise<void>;
}

const caches = new WeakMap<TPlatform['kv'], TDictionaryCache>();

/**
 * The in-process cache of one app instance (keyed by its KV). Lookups read code types,
 * areas, banks and departments from memory; an administrator's change drops the tenant's
 * section locally before the answer is sent and broadcasts the drop to other instances.
 */
export function dictionaryCache({ kv, log }: Pick<TPlatform, 'kv' | 'log'>): TDictionaryCache {
  const known = caches.get(kv);
  if (known) return known;

  const instanceId = randomUUID();
  const tenants = new Map<string, Map<TCacheSection, TSlot>>();
  const drop = (tenantId: string, sections: TCacheSection[]) => {
    const slots = tenants.get(tenantId);
    if (!slots) return;
    for (const section of sections) slots.delete(section);
  };
  const ready = kv.subscribe(INVALIDATE_CHANNEL, (message) => {
    try {
      const { origin, tenantId, sections } = JSON.parse(message) as {
        origin: string;
        tenantId: string;
        sections: TCacheSection[];
      };
      if (origin !== instanceId && typeof tenantId === 'string' && Array.isArray(sections))
        drop(tenantId, sections);
    } catch {
      // a message that is not ours: nothing to drop
    }
  });
  let subscribed = false;
  ready.then(
    () => {
      subscribed = true;
    },
    () => caches.delete(kv),
  );

  const cache: TDictionaryCache = {
    async get<T>(tenantId: string, section: TCacheSection, load: () => Promise<T>): Promise<T> {
      await ready;
      let slots = tenants.get(tenantId);
      if (!slots) {
        slots = new Map();
        tenants.set(tenantId, slots);
      }
      const slot = slots.get(section);
      if (slot?.value && Date.now() - slot.loadedAt < MAX_AGE_MS) return slot.value as Promise<T>;
      // Promise.resolve: a thenable (a drizzle query runs again on every `then`, as the banks'
      // and departments' loaders return) is run once here, and its rows are what is kept.
      const fresh: TSlot = { value: Promise.resolve(load()), loadedAt: Date.now() };
      slots.set(section, fresh);
      fresh.value!.then(
        (value) => {
          fresh.settled = { value };
        },
        // A failed load is not kept: the next call tries again.
        () => {
          if (slots.get(section) === fresh) slots.delete(section);
        },
      );
      return fresh.value as Promise<T>;
    },
    settled<T>(tenantId: string, section: TCacheSection): T | undefined {
      if (!subscribed) return undefined;
      const slot = tenants.get(tenantId)?.get(section);
      if (!slot?.settled || Date.now() - slot.loadedAt >= MAX_AGE_MS) return undefined;
      return slot.settled.value as T;
    },
    async invalidate(tenantId, sections) {
      drop(tenantId, sections);
      // The change is committed: a failed broadcast is logged, and the other instances pick
      // the change up at the latest after MAX_AGE_MS.
      await kv
        .publish(INVALIDATE_CHANNEL, JSON.stringify({ origin: instanceId, tenantId, sections }))
        .catch((error: unknown) =>
          log.error({ err: error, tenantId, sections }, 'dictionary cache broadcast failed'),
        );
    },
  };
  caches.set(kv, cache);
  return cache;
}
