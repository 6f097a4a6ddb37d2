import { randomUUID } from 'node:crypto';
import type { TCalendarDay } from '@portal/domain/calendar/working-days';
import type { TPlatform } from '../../platform/platform.ts';

/** The broadcast channel of invalidations (Redis pub/sub when REDIS_URL is set). */
export const CALENDAR_INVALIDATE_CHANNEL = 'calendar:invalidate';
/** A safety net: a tenant's days are reloaded after this long even if a broadcast was lost. */
const MAX_AGE_MS = 10 * 60 * 1000;

interface TSlot {
  days: Promise<TCalendarDay[]>;
  loadedAt: number;
}

export interface TCalendarCache {
  /** Every special day of a tenant, loaded once and kept until a change or MAX_AGE_MS. */
  days(tenantId: string, load: () => Promise<TCalendarDay[]>): Promise<TCalendarDay[]>;
  /** Drops the tenant's days here at once and tells every other instance to drop them too. */
  invalidate(tenantId: string): Promise<void>;
}

const caches = new WeakMap<TPlatform['kv'], TCalendarCache>();

/** The in-process calendar cache of one app instance (keyed by its KV), like the dictionary cache. */
export function calendarCache({ kv, log }: Pick<TPlatform, 'kv' | 'log'>): TCalendarCache {
  const known = caches.get(kv);
  if (known) return known;

  const instanceId = randomUUID();
  const slots = new Map<string, TSlot>();
  const ready = kv.subscribe(CALENDAR_INVALIDATE_CHANNEL, (message) => {
    try {
      const { origin, tenantId } = JSON.parse(message) as { origin: string; tenantId: string };
      if (origin !== instanceId && typeof tenantId === 'string') slots.delete(tenantId);
    } catch {
      // a message that is not ours: nothing to drop
    }
  });
  ready.catch(() => caches.delete(kv));

  const cache: TCalendarCache = {
    async days(tenantId, load) {
      await ready;
      const slot = slots.get(tenantId);
      if (slot && Date.now() - slot.loadedAt < MAX_AGE_MS) return slot.days;
      const fresh: TSlot = { days: load(), loadedAt: Date.now() };
      slots.set(tenantId, fresh);
      // A failed load is not kept: the next call tries again.
      fresh.days.catch(() => {
        if (slots.get(tenantId) === fresh) slots.delete(tenantId);
      });
      return fresh.days;
    },
    async invalidate(tenantId) {
      slots.delete(tenantId);
      await kv
        .publish(CALENDAR_INVALIDATE_CHANNEL, JSON.stringify({ origin: instanceId, tenantId }))
        .catch((error: unknown) => log.error({ err: error, tenantId }, 'calendar cache broadcast failed'));
    },
  };
  caches.set(kv, cache);
  return cache;
}
