import { describe, expect, it } from 'vitest';
import { createDbKv } from '../../platform/kv/kv.ts';
import { dictionaryCache } from './dictionaries.cache.ts';

const silentLog = { error: () => {} } as never;

describe('dictionary cache: the synchronous read', () => {
  it('gives a section only once its load has succeeded, and not after a drop or a failed load', async () => {
    // An in-process KV: its broadcasts never touch the database.
    const cache = dictionaryCache({ kv: createDbKv(null as never), log: silentLog });
    const tenantId = crypto.randomUUID();
    expect(cache.settled(tenantId, 'entries')).toBeUndefined();

    let finish = (_value: string) => {};
    const pending = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const loading = cache.get(tenantId, 'entries', () => pending);
    // Still loading: nothing to read yet.
    expect(cache.settled(tenantId, 'entries')).toBeUndefined();
    finish('loaded');
    expect(await loading).toBe('loaded');
    expect(cache.settled(tenantId, 'entries')).toBe('loaded');
    // Another section or tenant is not this one.
    expect(cache.settled(tenantId, 'areas')).toBeUndefined();
    expect(cache.settled(crypto.randomUUID(), 'entries')).toBeUndefined();

    await cache.invalidate(tenantId, ['entries']);
    expect(cache.settled(tenantId, 'entries')).toBeUndefined();

    await expect(
      cache.get(tenantId, 'entries', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(cache.settled(tenantId, 'entries')).toBeUndefined();
    expect(await cache.get(tenantId, 'entries', async () => 'again')).toBe('again');
    expect(cache.settled(tenantId, 'entries')).toBe('again');
  });
});
