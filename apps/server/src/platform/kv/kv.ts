import { EventEmitter } from 'node:events';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { TDb } from '../db/client.ts';
import { kvEntries } from './kv.tables.ts';

/**
 * Short-lived state every instance must see (captcha answers, login counters, locks) and a
 * broadcast channel (cache invalidation). Redis when REDIS_URL is set, otherwise the database
 * for state and an in-process emitter for broadcasts.
 */
export interface TKv {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step: a second take of the same key finds nothing. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds one to a counter that expires ttlSeconds after its first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  /**
   * Null while broadcasts cannot be heard (the subscriber connection is down); otherwise a number
   * that changes each time the subscription is re-established, so a cache can tell that it may
   * have missed messages in between.
   */
  broadcastEpoch(): number | null;
  close(): Promise<void>;
}

const expiry = (ttlSeconds: number) => new Date(Date.now() + ttlSeconds * 1000);

/** KV over the kv_entries table. */
export function createDbKv(db: TDb): TKv {
  const bus = new EventEmitter();
  let sweeps = 0;
  const sweep = async () => {
    if (++sweeps % 200 === 0) await db.delete(kvEntries).where(lt(kvEntries.expiresAt, new Date()));
  };
  return {
    async get(key) {
      const rows = await db
        .select({ value: kvEntries.value })
        .from(kvEntries)
        .where(and(eq(kvEntries.key, key), gt(kvEntries.expiresAt, new Date())));
      return rows[0]?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      await sweep();
      await db
        .insert(kvEntries)
        .values({ key, value, expiresAt: expiry(ttlSeconds) })
        .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt: expiry(ttlSeconds) } });
    },
    async take(key) {
      const rows = await db
        .delete(kvEntries)
        .where(eq(kvEntries.key, key))
        .returning({ value: kvEntries.value, expiresAt: kvEntries.expiresAt });
      const row = rows[0];
      return row && row.expiresAt > new Date() ? row.value : null;
    },
    async del(key) {
      await db.delete(kvEntries).where(eq(kvEntries.key, key));
    },
    async incr(key, ttlSeconds) {
      const rows = await db
        .insert(kvEntries)
        .values({ key, value: '1', expiresAt: expiry(ttlSeconds) })
        .onConflictDoUpdate({
          target: kvEntries.key,
          set: {
            value: sql`case when ${kvEntries.expiresAt} <= now() then '1' else ((${kvEntries.value})::int + 1)::text end`,
            expiresAt: sql`case when ${kvEntries.expiresAt} <= now() then ${expiry(ttlSeconds).toISOString()}::timestamptz else ${kvEntries.expiresAt} end`,
          },
        })
        .returning({ value: kvEntries.value });
      return Number(rows[0]?.value ?? 1);
    },
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    async subscribe(channel, listener) {
      bus.on(channel, listener);
    },
    broadcastEpoch: () => 0,
    async close() {
      bus.removeAllListeners();
    },
  };
}

/** KV over Redis; broadcasts use Redis pub/sub so every instance hears them. */
export function createRedisKv(url: string, prefix = 'portal:'): TKv {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  let subscriber: Redis | null = null;
  /** Counts the times every channel was confirmed subscribed; null while that is not so. */
  let epoch = 0;
  let listening = false;
  const listeners = new Map<string, Array<(m: string) => void>>();
  return {
    get: (key) => redis.get(prefix + key),
    async set(key, value, ttlSeconds) {
      await redis.set(prefix + key, value, 'EX', ttlSeconds);
    },
    take: (key) => redis.getdel(prefix + key),
    async del(key) {
      await redis.del(prefix + key);
    },
    async incr(key, ttlSeconds) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .expire(prefix + key, ttlSeconds, 'NX')
        .exec()) as [[Error | null, number]];
      return count;
    },
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      if (!subscriber) {
        const sub = redis.duplicate();
        subscriber = sub;
        // On each (re)connection every channel is subscribed again, including one whose first
        // subscribe failed (ioredis resubscribes only those it had confirmed).
        sub.on('ready', () => {
          sub.subscribe(...listeners.keys()).then(
            () => {
              epoch++;
              listening = true;
            },
            () => undefined,
          );
        });
        // The main connection reports Redis errors; here they only mean 'not listening'.
        sub.on('close', () => {
          listening = false;
        });
        sub.on('error', () => {
          listening = false;
        });
        sub.on('message', (ch: string, message: string) => {
          for (const fn of listeners.get(ch) ?? []) fn(message);
        });
      }
      const full = prefix + channel;
      const known = listeners.get(full);
      if (known) {
        known.push(listener);
        return;
      }
      listeners.set(full, [listener]);
      await subscriber.subscribe(full);
    },
    broadcastEpoch: () => (listening && subscriber?.status === 'ready' ? epoch : null),
    async close() {
      await subscriber?.quit();
      await redis.quit();
    },
  };
}
