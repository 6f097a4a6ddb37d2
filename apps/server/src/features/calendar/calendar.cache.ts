import type { TCalendarDay } from '@portal/domain/calendar/working-days';
import { type TTenantCache, tenantCache } from '../../platform/kv/tenant-cache.ts';
import type { TPlatform } from '../../platform/platform.ts';

/** The broadcast channel of invalidations (Redis pub/sub when REDIS_URL is set). */
export const CALENDAR_INVALIDATE_CHANNEL = 'calendar:invalidate';
/** A safety net: a tenant's days are reloaded after this long even if a broadcast was lost. */
const MAX_AGE_MS = 10 * 60 * 1000;

/** Every special day of a tenant, loaded once and kept until a change or MAX_AGE_MS (platform/kv/tenant-cache.ts). */
export function calendarCache(p: Pick<TPlatform, 'kv' | 'log'>): TTenantCache<TCalendarDay[]> {
  return tenantCache(p, { channel: CALENDAR_INVALIDATE_CHANNEL, maxAgeMs: MAX_AGE_MS });
}
