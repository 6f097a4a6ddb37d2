import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { DEMO_CUSTOMER_ID, DEMO_PLAN_CODE } from './members.seed.ts';
import { customers, groupPlans } from './members.tables.ts';

/** The plan picker of the plan network (issue 10): a server search, no silent cap. */
let t: TTestApp;
const tokens: Record<string, string> = {};
const PLANS = '/saasapi/member/planNetwork/plans';
const BULK = 1001;
const code = (n: number) => `GP-BULK-${String(n).padStart(4, '0')}`;

const plans = async (who: string, query = '') => {
  const res = await call(t.app, who.split('/')[0], tokens[who], { method: 'GET', url: `${PLANS}${query}` });
  return res;
};
const codes = async (who: string, query = '') => {
  const res = await plans(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { grpPlanCode: string }[]).map((p) => p.grpPlanCode);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/auditor', 'demo/hospital', 'demo/netview', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
  // 1,001 more plans in demo than the seed's: past the old silent cap of 1,000.
  const [demo] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const [customer] = await t.platform.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.customerId, DEMO_CUSTOMER_ID));
  await t.platform.db.insert(groupPlans).values(
    Array.from({ length: BULK }, (_, i) => ({
      tenantId: demo.id,
      customerRef: customer.id,
      grpPlanCode: code(i + 1),
      name: `批量计划 ${i + 1}`,
      nameEn: `Bulk plan ${i + 1}`,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('GET /member/planNetwork/plans (search)', () => {
  it('answers 50 plans by code without a keyword, and 51 when asked one more (more match)', async () => {
    const first = await codes('demo/auditor');
    expect(first).toHaveLength(50);
    expect(first).toEqual([...first].sort());
    expect(await codes('demo/auditor', '?limit=51')).toHaveLength(51);
  });

  it('finds plan 1,001 by its code, by its English and Chinese name, and by the customer id', async () => {
    expect(await codes('demo/auditor', `?keyword=${code(BULK)}`)).toEqual([code(BULK)]);
    expect(await codes('demo/auditor', `?keyword=${encodeURIComponent('bulk plan 1001')}`)).toEqual([
      code(BULK),
    ]);
    expect(await codes('demo/auditor', `?keyword=${encodeURIComponent('批量计划 1001')}`)).toEqual([
      code(BULK),
    ]);
    const byCustomer = await codes('demo/auditor', `?keyword=${DEMO_CUSTOMER_ID}&limit=100`);
    expect(byCustomer).toHaveLength(100);
    // A LIKE wildcard in the keyword is taken literally.
    expect(await codes('demo/auditor', '?keyword=GP%25BULK')).toEqual([]);
  });

  it('answers the chosen plans first, whatever the keyword, and the limit bounds the others', async () => {
    const list = await codes(
      'demo/auditor',
      `?codes=${code(BULK)},${DEMO_PLAN_CODE}&keyword=GP-BULK-00&limit=3`,
    );
    // Chosen first (by code: GP-BULK-1001 before GP-DEMO-01), then three others.
    expect(list).toEqual([code(BULK), DEMO_PLAN_CODE, code(1), code(2), code(3)]);
    // A chosen plan is not answered twice when it also matches.
    const twice = await codes('demo/auditor', `?codes=${code(1)}&keyword=${code(1)}`);
    expect(twice).toEqual([code(1)]);
  });

  it('refuses bad input with 400 and field errors', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=x', `?keyword=${'k'.repeat(65)}`]) {
      const res = await plans('demo/auditor', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().isSuccess).toBe(false);
    }
  });

  it('refuses users without the plan network permission (403)', async () => {
    for (const who of ['demo/hospital', 'demo/netview']) {
      const res = await plans(who, `?keyword=${code(BULK)}`);
      expect(res.statusCode, who).toBe(403);
    }
  });

  it("never answers another tenant's plans, searched or named", async () => {
    expect(await codes('acme/admin', `?keyword=${code(BULK)}`)).toEqual([]);
    expect(await codes('acme/admin', `?codes=${code(BULK)},${DEMO_PLAN_CODE}`)).not.toContain(code(BULK));
    const acme = await codes('acme/admin', '?limit=100');
    expect(acme.some((c) => c.startsWith('GP-BULK'))).toBe(false);
  });
});
