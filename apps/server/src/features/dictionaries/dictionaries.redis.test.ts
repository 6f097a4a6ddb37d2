import { afterAll, describe, expect, it } from 'vitest';
import { createRedisKv, type TKv } from '../../platform/kv/kv.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { describeTwoInstances, eventually, redisUrl } from '../../test/instances.ts';
import { call, login } from '../../test/test-app.ts';
import { dictionaryCache } from './dictionaries.cache.ts';
import { dictionaryEntries } from './dictionaries.tables.ts';

/**
 * Cache invalidation across instances through Redis pub/sub. Runs when REDIS_URL (or
 * TEST_REDIS_URL) names a Redis server; the two-app test also needs TEST_DATABASE_URL (or
 * DATABASE_URL), since both instances must share one PostgreSQL database.
 */

const silentLog = { error: () => {} } as never;

describe.skipIf(!redisUrl)('dictionary cache over Redis pub/sub', () => {
  const kvs: TKv[] = [];
  afterAll(async () => {
    for (const kv of kvs) await kv.close();
  });

  it('an invalidation on one instance drops the section on the other', async () => {
    const a = createRedisKv(redisUrl!);
    const b = createRedisKv(redisUrl!);
    kvs.push(a, b);
    const cacheA = dictionaryCache({ kv: a, log: silentLog });
    const cacheB = dictionaryCache({ kv: b, log: silentLog });
    const tenantId = crypto.randomUUID();
    let loadsA = 0;
    let loadsB = 0;
    const getA = () => cacheA.get(tenantId, 'entries', async () => ++loadsA);
    const getB = () => cacheB.get(tenantId, 'entries', async () => ++loadsB);
    expect([await getA(), await getA(), await getB(), await getB()]).toEqual([1, 1, 1, 1]);

    await cacheA.invalidate(tenantId, ['entries']);
    expect(await getA()).toBe(2);
    expect(await eventually(async () => (await getB()) === 2)).toBe(true);
    // Another tenant's and another section's values stay cached.
    expect(await cacheB.get(crypto.randomUUID(), 'areas', async () => 'x')).toBe('x');
    expect(loadsB).toBe(2);
  });
});

describeTwoInstances('two app instances on one PostgreSQL database', (instances) => {
  it("an administrator's change on one instance shows up in the other's lookups", async () => {
    const { first, second } = await instances();
    const admin = (await login(first.app, 'demo', 'admin')).token;
    const hospital = (await login(second, 'demo', 'hospital')).token;
    const lookup = async () => {
      const res = await call(second, 'demo', hospital, {
        method: 'POST',
        url: '/saasapi/oauth/dictionary/codes',
        payload: [{ codeType: 'teltype' }],
      });
      return (res.json().data as { code: string; codeName: string }[]).map((e) => `${e.code} ${e.codeName}`);
    };
    const before = await lookup();
    expect(before).toContain('02 手机');

    // A row written behind the service's back stays unseen: the second instance answers from memory.
    const [demo] = (await first.platform.db.select().from(tenants)).filter((row) => row.code === 'demo');
    await first.platform.db.insert(dictionaryEntries).values({
      tenantId: demo.id,
      codeType: 'teltype',
      code: '90',
      codeName: '直写',
      codeEnName: 'Direct write',
    });
    expect(await lookup()).toEqual(before);

    const added = await call(first.app, 'demo', admin, {
      method: 'POST',
      url: '/saasapi/authority/dictionary',
      payload: { codeType: 'teltype', code: '06', codeName: '卫星电话', codeEnName: 'Satellite phone' },
    });
    expect(added.json()).toMatchObject({ isSuccess: true });
    expect(await eventually(async () => (await lookup()).includes('06 卫星电话'))).toBe(true);
    expect(await lookup()).toContain('90 直写');
  });
});
