import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { users } from '../users/users.tables.ts';

/** The person-in-charge picker of the send-message form (issue 10): a server search, no silent cap. */
let t: TTestApp;
const tokens: Record<string, string> = {};
const PERSONS = '/saasapi/msg/msg/personsInCharge';
const BULK = 501;
const account = (n: number) => `bulk${String(n).padStart(4, '0')}`;

type TPerson = { id: string; name: string; nameEn: string; account: string; providers: number };
const persons = (who: string, query = '') =>
  call(t.app, who.split('/')[0], tokens[who], { method: 'GET', url: `${PERSONS}${query}` });
const found = async (who: string, query = '') => {
  const res = await persons(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TPerson[];
};
const accounts = async (who: string, query = '') => (await found(who, query)).map((p) => p.account);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/auditor', 'demo/hospital', 'demo/netview', 'acme/auditor']) {
    const [tenant, acc] = who.split('/');
    tokens[who] = (await login(t.app, tenant, acc)).token;
  }
  // 501 more operator users in demo: past the old silent cap of 500.
  const [demo] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  await t.platform.db.insert(users).values(
    Array.from({ length: BULK }, (_, i) => ({
      tenantId: demo.id,
      account: account(i + 1),
      passwordHash: 'not-a-login',
      name: `批量专员${i + 1}`,
      nameEn: `Bulk officer ${i + 1}`,
      userType: '01',
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /msg/msg/personsInCharge (search)', () => {
  it('answers 50 operators by account without a keyword, and 51 when asked one more (more match)', async () => {
    const first = await accounts('demo/auditor');
    expect(first).toHaveLength(50);
    expect(first).toEqual([...first].sort());
    expect(await accounts('demo/auditor', '?limit=51')).toHaveLength(51);
  });

  it('finds operator 501 by account and by either name; provider staff are never offered', async () => {
    expect(await accounts('demo/auditor', `?keyword=${account(BULK)}`)).toEqual([account(BULK)]);
    expect(await accounts('demo/auditor', `?keyword=${encodeURIComponent('officer 501')}`)).toEqual([
      account(BULK),
    ]);
    expect(await accounts('demo/auditor', `?keyword=${encodeURIComponent('批量专员501')}`)).toEqual([
      account(BULK),
    ]);
    expect(await accounts('demo/auditor', '?keyword=hospital')).toEqual([]);
    // A LIKE wildcard in the keyword is taken literally.
    expect(await accounts('demo/auditor', '?keyword=bulk_0')).toEqual([]);
  });

  it('answers the chosen operators first, whatever the keyword, and the limit bounds the others', async () => {
    const [last] = await found('demo/auditor', `?keyword=${account(BULK)}`);
    const [auditor] = await t.platform.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.account, 'auditor'),
          isNull(users.providerId),
          eq(
            users.tenantId,
            (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id,
          ),
        ),
      );
    const list = await accounts('demo/auditor', `?ids=${last.id},${auditor.id}&keyword=bulk000&limit=2`);
    expect(list).toEqual(['auditor', account(BULK), account(1), account(2)]);
    // A chosen operator is not answered twice when it also matches.
    expect(await accounts('demo/auditor', `?ids=${last.id}&keyword=${account(BULK)}`)).toEqual([
      account(BULK),
    ]);
  });

  it('refuses bad input with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?ids=not-a-uuid', `?keyword=${'k'.repeat(65)}`]) {
      const res = await persons('demo/auditor', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().isSuccess).toBe(false);
    }
  });

  it('refuses users who may not send messages (403)', async () => {
    for (const who of ['demo/hospital', 'demo/netview']) {
      const res = await persons(who, `?keyword=${account(BULK)}`);
      expect(res.statusCode, who).toBe(403);
    }
  });

  it("never answers another tenant's operators, searched or named by id", async () => {
    const [last] = await found('demo/auditor', `?keyword=${account(BULK)}`);
    expect(await accounts('acme/auditor', `?keyword=${account(BULK)}`)).toEqual([]);
    expect(await accounts('acme/auditor', `?ids=${last.id}&limit=100`)).not.toContain(account(BULK));
  });
});
