import { describe, expect, it } from 'vitest';
import { createDbKv, type TKv } from './kv.ts';
import { tenantCache } from './tenant-cache.ts';

const silentLog = { error: () => {} } as never;

/** An in-process KV (its broadcasts never touch the database) whose channel can be 'down'. */
function setup(maxAgeMs = 60_000) {
  const base = createDbKv(null as never);
  let epoch: number | null = 0;
  const kv: TKv = { ...base, broadcastEpoch: () => epoch };
  let clock = 1_000_000;
  const cache = tenantCache<number>(
    { kv, log: silentLog },
    { channel: 'test:invalidate', maxAgeMs, now: () => clock },
  );
  let loads = 0;
  const get = (tenantId = 't1') => cache.get(tenantId, async () => ++loads);
  return {
    kv,
    cache,
    get,
    loads: () => loads,
    tick: (ms: number) => {
      clock += ms;
    },
    setEpoch: (next: number | null) => {
      epoch = next;
    },
  };
}

describe('tenant cache', () => {
  it('loads once per tenant and answers from memory after', async () => {
    const { get, loads } = setup();
    expect([await get('t1'), await get('t1'), await get('t2'), await get('t1')]).toEqual([1, 1, 2, 1]);
    expect(loads()).toBe(2);
  });

  it('one instance per KV and channel', () => {
    const { kv, cache } = setup();
    expect(tenantCache({ kv, log: silentLog }, { channel: 'test:invalidate', maxAgeMs: 1 })).toBe(cache);
    expect(tenantCache({ kv, log: silentLog }, { channel: 'other:invalidate', maxAgeMs: 1 })).not.toBe(cache);
  });

  it("drops a tenant's value on invalidate, and on another instance's broadcast", async () => {
    const { kv, cache, get } = setup();
    expect(await get('t1')).toBe(1);
    expect(await get('t2')).toBe(2);
    await cache.invalidate('t1');
    expect(await get('t1')).toBe(3);
    expect(await get('t2')).toBe(2);
    await kv.publish('test:invalidate', JSON.stringify({ origin: 'another instance', tenantId: 't2' }));
    expect(await get('t2')).toBe(4);
    // A message that is not an invalidation drops nothing.
    await kv.publish('test:invalidate', 'not json');
    expect(await get('t1')).toBe(3);
  });

  it('loads again after the safety age', async () => {
    const { get, tick } = setup(60_000);
    expect(await get()).toBe(1);
    tick(59_999);
    expect(await get()).toBe(1);
    tick(1);
    expect(await get()).toBe(2);
  });

  it('runs a load that is a thenable (a drizzle query) once and keeps its result', async () => {
    const { cache } = setup();
    let runs = 0;
    // Like drizzle's QueryPromise: every `then` (and `catch`) runs the statement again.
    class Query {
      // biome-ignore lint/suspicious/noThenProperty: the shape under test
      then(resolve: (value: number) => unknown, reject?: (error: unknown) => unknown) {
        runs++;
        return Promise.resolve(runs).then(resolve, reject);
      }
      catch(reject: (error: unknown) => unknown) {
        return this.then((value) => value, reject);
      }
    }
    const query = new Query() as unknown as Promise<number>;
    expect(await cache.get('t1', () => query)).toBe(1);
    expect(await cache.get('t1', () => query)).toBe(1);
    expect(runs).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const { cache } = setup();
    await expect(cache.get('t1', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('t1', async () => 7)).toBe(7);
  });

  it('while broadcasts cannot be heard, every call loads; a new subscription starts empty', async () => {
    const { get, setEpoch } = setup();
    expect(await get()).toBe(1);
    setEpoch(null);
    expect(await get()).toBe(2);
    expect(await get()).toBe(3);
    setEpoch(1);
    expect(await get()).toBe(4);
    expect(await get()).toBe(4);
    // Re-subscribed after an outage nobody saw (the epoch moved): what was kept may be stale.
    setEpoch(2);
    expect(await get()).toBe(5);
  });

  it('a subscription that failed (Redis down at start) reads the database on every call', async () => {
    const base = createDbKv(null as never);
    const kv: TKv = {
      ...base,
      subscribe: async () => Promise.reject(new Error('connection refused')),
      broadcastEpoch: () => null,
    };
    const cache = tenantCache<number>(
      { kv, log: silentLog },
      { channel: 'down:invalidate', maxAgeMs: 60_000 },
    );
    let loads = 0;
    expect([await cache.get('t1', async () => ++loads), await cache.get('t1', async () => ++loads)]).toEqual([
      1, 2,
    ]);
  });
});
