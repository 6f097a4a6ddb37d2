import { describe, expect, it } from 'vitest';
import { createDbKv, type TKv } from '../kv/kv.ts';
import type { TActor } from './access.ts';
import { clientKey, createAuthCache, type TSessionEntry } from './auth-cache.ts';

const silentLog = { error: () => {} } as never;

/** An in-process KV (its broadcasts never touch the database) whose channel can be 'down'. */
function memoryKv() {
  const kv = createDbKv(null as never);
  let epoch: number | null = 0;
  return {
    kv: { ...kv, broadcastEpoch: () => epoch } satisfies TKv,
    setEpoch: (next: number | null) => {
      epoch = next;
    },
  };
}

const entry = (sessionId: string, userId: string, tenantId = 't1'): TSessionEntry => ({
  actor: { sessionId, userId, tenantId } as TActor,
  expiresAt: new Date(Date.now() + 60_000),
  lastSeenAt: new Date(),
});

function setup(options: { ttlSeconds?: number; maxEntries?: number } = {}) {
  const { kv, setEpoch } = memoryKv();
  let clock = 1_000_000;
  const cache = createAuthCache({
    kv,
    log: silentLog,
    ttlSeconds: options.ttlSeconds ?? 60,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock,
  });
  const loads: string[] = [];
  const get = (sessionId: string, userId = 'u1', tenantId = 't1') =>
    cache.session(sessionId, async () => {
      loads.push(sessionId);
      return entry(sessionId, userId, tenantId);
    });
  return { cache, get, loads, setEpoch, tick: (ms: number) => (clock += ms) };
}

describe('auth cache', () => {
  it('loads a session once, then answers from memory until the TTL passes', async () => {
    const { get, loads, tick } = setup({ ttlSeconds: 60 });
    await get('s1');
    await get('s1');
    tick(59_000);
    await get('s1');
    expect(loads).toEqual(['s1']);
    tick(1_000);
    await get('s1');
    expect(loads).toEqual(['s1', 's1']);
  });

  it('evicts the least recently used session past the maximum size', async () => {
    const { get, loads } = setup({ maxEntries: 2 });
    await get('s1');
    await get('s2');
    await get('s1');
    await get('s3');
    loads.length = 0;
    await get('s1');
    await get('s3');
    expect(loads).toEqual([]);
    await get('s2');
    expect(loads).toEqual(['s2']);
  });

  it('drops exactly what a scope names', async () => {
    const { cache, get, loads } = setup();
    await get('a1', 'ua', 't1');
    await get('a2', 'ua', 't1');
    await get('b1', 'ub', 't1');
    await get('c1', 'uc', 't2');
    await cache.invalidate({ tenantId: 't1', userId: 'ua' });
    loads.length = 0;
    for (const s of ['a1', 'a2', 'b1', 'c1']) await get(s, s === 'b1' ? 'ub' : s === 'c1' ? 'uc' : 'ua');
    expect(loads).toEqual(['a1', 'a2']);

    await cache.invalidate({ sessionId: 'b1' });
    await cache.invalidate({ tenantId: 't2' });
    loads.length = 0;
    for (const s of ['a1', 'b1', 'c1']) await get(s);
    expect(loads).toEqual(['b1', 'c1']);
  });

  it("drops the sessions of one provider's staff for a provider scope", async () => {
    const { cache, loads } = setup();
    const load = (sessionId: string, userId: string, tenantId: string, providerId: string | null) =>
      cache.session(sessionId, async () => {
        loads.push(sessionId);
        return {
          ...entry(sessionId, userId, tenantId),
          actor: { sessionId, userId, tenantId, providerId } as TActor,
        };
      });
    const all = [
      ['p1', 'u1', 't1', 'P1'],
      ['p2', 'u2', 't1', 'P2'],
      ['op', 'u3', 't1', null],
      ['x1', 'u4', 't2', 'P1'],
    ] as const;
    for (const [s, u, t, pr] of all) await load(s, u, t, pr);
    await cache.invalidate({ tenantId: 't1', providerId: 'P1' });
    loads.length = 0;
    for (const [s, u, t, pr] of all) await load(s, u, t, pr);
    expect(loads).toEqual(['p1']);
  });

  it('does not keep a load that was running when an invalidation came', async () => {
    const { cache } = setup();
    let release: (e: TSessionEntry) => void = () => {};
    const running = cache.session('s1', () => new Promise((resolve) => (release = resolve)));
    await cache.invalidate({ tenantId: 't1', userId: 'u1' });
    release(entry('s1', 'u1'));
    await running;
    let loaded = false;
    await cache.session('s1', async () => {
      loaded = true;
      return entry('s1', 'u1');
    });
    expect(loaded).toBe(true);
  });

  it('keeps verified clients by secret, and never a failed verification', async () => {
    const { cache } = setup();
    let asked = 0;
    const client = { tenantId: null };
    const verify = (ok: boolean) => async () => {
      asked++;
      return ok ? client : null;
    };
    expect(await cache.verifiedClient('web', 'right', verify(true))).toBe(client);
    expect(await cache.verifiedClient('web', 'right', verify(true))).toBe(client);
    expect(await cache.verifiedClient('web', 'wrong', verify(false))).toBeNull();
    expect(await cache.verifiedClient('web', 'wrong', verify(false))).toBeNull();
    expect(asked).toBe(3);
    await cache.invalidate({ clientId: 'web' });
    expect(await cache.verifiedClient('web', 'right', verify(false))).toBeNull();
  });

  it('reads a settled session or client synchronously, and nothing it would not answer itself', async () => {
    const { cache, setEpoch, tick } = setup({ ttlSeconds: 60 });
    const fits = () => true;
    expect(cache.knownSession('s1', fits)).toBeUndefined();
    let release: (e: TSessionEntry) => void = () => {};
    const running = cache.session('s1', () => new Promise((resolve) => (release = resolve)));
    // A load still running is the awaited path's.
    expect(cache.knownSession('s1', fits)).toBeUndefined();
    release(entry('s1', 'u1'));
    await running;
    const hits = cache.stats.hits;
    expect(cache.knownSession('s1', fits)?.actor.userId).toBe('u1');
    expect(cache.stats.hits).toBe(hits + 1);
    // An entry the caller cannot use is not a hit.
    expect(cache.knownSession('s1', () => false)).toBeUndefined();
    expect(cache.stats.hits).toBe(hits + 1);

    await cache.verifiedClient('web', 'right', async () => ({ tenantId: null }));
    await cache.verifiedClient('web', 'wrong', async () => null);
    expect(cache.knownClient(clientKey('web', 'right'))).toEqual({ tenantId: null });
    expect(cache.knownClient(clientKey('web', 'wrong'))).toBeUndefined();

    setEpoch(null);
    expect(cache.knownSession('s1', fits)).toBeUndefined();
    expect(cache.knownClient(clientKey('web', 'right'))).toBeUndefined();
    setEpoch(1);
    await cache.session('s1', async () => entry('s1', 'u1'));
    await cache.verifiedClient('web', 'right', async () => ({ tenantId: null }));
    await cache.invalidate({ sessionId: 's1' });
    await cache.invalidate({ clientId: 'web' });
    expect(cache.knownSession('s1', fits)).toBeUndefined();
    expect(cache.knownClient(clientKey('web', 'right'))).toBeUndefined();

    await cache.session('s1', async () => entry('s1', 'u1'));
    tick(60_000);
    expect(cache.knownSession('s1', fits)).toBeUndefined();
  });

  it('goes to the database while broadcasts cannot be heard, and starts empty when they can again', async () => {
    const { cache, get, loads, setEpoch } = setup();
    await get('s1');
    setEpoch(null);
    await get('s1');
    await get('s1');
    expect(loads).toEqual(['s1', 's1', 's1']);
    expect(cache.stats.bypassed).toBe(2);
    setEpoch(1);
    await get('s1');
    await get('s1');
    expect(loads).toHaveLength(4);
  });

  it('hears another instance drop a session over the KV channel', async () => {
    const { kv } = memoryKv();
    const a = createAuthCache({ kv, log: silentLog, ttlSeconds: 60, maxEntries: 10 });
    const b = createAuthCache({ kv, log: silentLog, ttlSeconds: 60, maxEntries: 10 });
    let loadsB = 0;
    const getB = () =>
      b.session('s1', async () => {
        loadsB++;
        return entry('s1', 'u1');
      });
    await getB();
    await getB();
    await a.invalidate({ sessionId: 's1' });
    await getB();
    expect(loadsB).toBe(2);
  });
});
