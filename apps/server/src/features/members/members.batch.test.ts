import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { members, policies } from './members.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);

const MEMBERS = '/saasapi/member/batch/members';
const POLICIES = '/saasapi/member/batch/policies';
const NETWORK = '/saasapi/member/planNetwork';

const member = (memberId: string, extra: Record<string, unknown> = {}) => ({
  customerId: 'C0900',
  customerName: '南方保险股份有限公司',
  customerNameEn: 'Southern Insurance Co., Ltd.',
  memberId,
  name: `会员${memberId}`,
  nameEn: `Member ${memberId}`,
  birthday: '1990-01-15',
  sex: '01',
  idNumber: '440101199001150011',
  cardNumber: `CARD-${memberId}`,
  ...extra,
});

const year = new Date().getUTCFullYear();
const policy = (extra: Record<string, unknown> = {}) => ({
  policyNo: 'POL-9001',
  memberId: 'M9001',
  customerId: 'C0900',
  grpPlanCode: 'GP-SOUTH-01',
  planName: '南方员工计划',
  planNameEn: 'Southern staff plan',
  validFrom: `${year}-01-01`,
  validTo: `${year}-12-31`,
  coverages: [
    {
      coverageCode: 'OP',
      currency: 'CNY',
      perVisitLimit: '1500.00',
      annualLimit: '10000.00',
      coPayPercent: '20',
    },
    { coverageCode: 'IP', currency: 'CNY', annualLimit: null, deductible: 2000 },
  ],
  specialRules: [{ ruleCode: 'WAIT-30', content: '等待期 30 天', enContent: '30-day waiting period' }],
  riders: [
    {
      riderCode: 'RDR-DENTAL',
      name: '牙科附加险',
      nameEn: 'Dental rider',
      currency: 'CNY',
      limitAmount: '600.00',
      validFrom: `${year}-01-01`,
      validTo: `${year}-12-31`,
    },
  ],
  usage: [
    {
      sourceId: 'H-1',
      coverageCode: 'OP',
      currency: 'CNY',
      visitDate: `${year}-02-03`,
      amount: '300.25',
      providerId: 'P10001',
    },
  ],
  ...extra,
});

const memberCount = async (memberId: string) => {
  const [{ n }] = await t.platform.db
    .select({ n: count() })
    .from(members)
    .where(eq(members.memberId, memberId));
  return n;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/hospital', 'demo/auditor', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('batch API: members', () => {
  it('the same batch twice adds nothing the second time; a changed name is one update', async () => {
    const items = [
      member('M9001'),
      member('M9002', { employeeId: 'M9001', relation: '02' }),
      member('M9003'),
    ];
    const first = await as('demo/admin', { method: 'POST', url: MEMBERS, payload: { items } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: 3, created: 3, updated: 0 });
    const again = await as('demo/admin', { method: 'POST', url: MEMBERS, payload: { items } });
    expect(again.json().data).toEqual({ received: 3, created: 0, updated: 0 });
    expect(await memberCount('M9001')).toBe(1);
    const changed = await as('demo/admin', {
      method: 'POST',
      url: MEMBERS,
      payload: { items: [items[0], { ...items[2], name: '改名' }] },
    });
    expect(changed.json().data).toEqual({ received: 2, created: 0, updated: 1 });
    const [row] = await t.platform.db.select().from(members).where(eq(members.memberId, 'M9003'));
    expect(row.name).toBe('改名');
  });

  it('a bad birthday is a 400 naming the item and field, in both languages; nothing is saved', async () => {
    const res = await as('demo/admin', {
      method: 'POST',
      url: MEMBERS,
      payload: { items: [member('M9100'), member('M9101', { birthday: '1990-13-01' })] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors['items.1.birthday']).toEqual({
      msg: '日期格式应为 YYYY-MM-DD',
      msg_en: 'Dates use YYYY-MM-DD',
    });
    expect(await memberCount('M9100')).toBe(0);
  });

  it('item errors (new customer without name, member moving customer, duplicate) refuse the whole batch with 40201', async () => {
    const res = await as('demo/admin', {
      method: 'POST',
      url: MEMBERS,
      payload: {
        items: [
          member('M9200'),
          member('M9201', { customerId: 'C0999', customerName: '' }),
          member('M0001001', { customerId: 'C0900' }),
          member('M9200'),
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(40201);
    expect(body.msg_en).toBe('3 values are not valid; nothing was saved');
    const items = body.data.items as { index: number; field: string; msg: string; msg_en: string }[];
    expect(items).toContainEqual(
      expect.objectContaining({
        index: 2,
        field: 'customerId',
        msg_en: 'Member M0001001 belongs to customer C0001 and cannot move to another customer',
      }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ index: 3, field: 'memberId', msg: '同一批次中 M9200 出现了多次' }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({
        index: 1,
        field: 'customerName',
        msg: '客户 C0999 尚不存在，首次提交须填写客户名称',
      }),
    );
    expect(await memberCount('M9200')).toBe(0);
    const lonely = await as('demo/admin', {
      method: 'POST',
      url: MEMBERS,
      payload: { items: [member('M9201', { customerId: 'C0999', customerName: '' })] },
    });
    expect(lonely.json().data.items).toEqual([
      expect.objectContaining({
        index: 0,
        field: 'customerName',
        msg_en: 'Customer C0999 does not exist yet; its first delivery needs the customer name',
      }),
    ]);
  });

  it('more than 1,000 items are refused', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => member(`MX${i}`));
    const res = await as('demo/admin', { method: 'POST', url: MEMBERS, payload: { items } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg_en).toBe('At most 1000 items per call');
  });

  it('provider staff and auditors may not load members (403)', async () => {
    for (const who of ['demo/hospital', 'demo/auditor']) {
      const res = await as(who, { method: 'POST', url: MEMBERS, payload: { items: [member('M9300')] } });
      expect(res.statusCode).toBe(403);
    }
  });

  it("acme loading a member with the demo's memberId creates its own; the demo's member is untouched", async () => {
    const res = await as('acme/admin', {
      method: 'POST',
      url: MEMBERS,
      payload: {
        items: [member('M0001001', { customerId: 'C0001', customerName: 'Acme 客户', name: 'Acme 人' })],
      },
    });
    expect(res.json().data).toEqual({ received: 1, created: 1, updated: 0 });
    const rows = await t.platform.db
      .select({ name: members.name, tenant: tenants.code })
      .from(members)
      .innerJoin(tenants, eq(tenants.id, members.tenantId))
      .where(eq(members.memberId, 'M0001001'));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.tenant === 'demo')?.name).toBe('张伟');
  });
});

describe('batch API: policies, and the plan network deciding who sees them', () => {
  it('a policy with coverages, rules, riders and usage: created once, unchanged the second time, updated when the usage changes', async () => {
    const first = await as('demo/admin', { method: 'POST', url: POLICIES, payload: { items: [policy()] } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: 1, created: 1, updated: 0 });
    const again = await as('demo/admin', { method: 'POST', url: POLICIES, payload: { items: [policy()] } });
    expect(again.json().data).toEqual({ received: 1, created: 0, updated: 0 });
    const [{ n }] = await t.platform.db
      .select({ n: count() })
      .from(policies)
      .where(eq(policies.policyNo, 'POL-9001'));
    expect(n).toBe(1);

    const changed = policy({
      usage: [
        {
          sourceId: 'H-1',
          coverageCode: 'OP',
          currency: 'CNY',
          visitDate: `${year}-02-03`,
          amount: '400.25',
        },
        {
          sourceId: 'H-2',
          coverageCode: 'OP',
          currency: 'CNY',
          visitDate: `${year}-03-03`,
          amount: 99.5,
          status: 'pending',
        },
      ],
    });
    const updated = await as('demo/admin', { method: 'POST', url: POLICIES, payload: { items: [changed] } });
    expect(updated.json().data).toEqual({ received: 1, created: 0, updated: 1 });

    // OP CNY annual 10,000.00, used 400.25, pending 99.50 → remaining 9,500.25
    const detail = await as('demo/admin', {
      method: 'POST',
      url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
      payload: { customId: 'C0900', memberId: 'M9001', grpPlanCode: 'GP-SOUTH-01' },
    });
    expect(detail.statusCode).toBe(200);
    const op = detail.json().data.coverages.find((c: { coverageCode: string }) => c.coverageCode === 'OP');
    expect(op).toMatchObject({
      annualLimit: '10000.00',
      used: '400.25',
      pending: '99.50',
      remaining: '9500.25',
      coPayPercent: '20.00',
    });
    const ip = detail.json().data.coverages.find((c: { coverageCode: string }) => c.coverageCode === 'IP');
    expect(ip).toMatchObject({ annualLimit: null, remaining: null, deductible: '2000.00' });
  });

  it('policy item errors: unknown member, plan of another customer, usage of an undelivered coverage, bad dates', async () => {
    const res = await as('demo/admin', {
      method: 'POST',
      url: POLICIES,
      payload: {
        items: [
          policy({ policyNo: 'POL-X1', memberId: 'M-NOBODY' }),
          policy({ policyNo: 'POL-X2', grpPlanCode: 'GP-DEMO-01' }),
          policy({
            policyNo: 'POL-X3',
            usage: [
              {
                sourceId: 'U',
                coverageCode: 'DT',
                currency: 'CNY',
                visitDate: `${year}-01-02`,
                amount: '1.00',
              },
            ],
          }),
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40201);
    const items = res.json().data.items;
    expect(items).toEqual([
      expect.objectContaining({
        index: 0,
        field: 'memberId',
        msg_en: 'Member M-NOBODY does not exist; send the member first',
      }),
      expect.objectContaining({
        index: 1,
        field: 'grpPlanCode',
        msg_en: 'Plan GP-DEMO-01 belongs to customer C0001',
      }),
      expect.objectContaining({ index: 2, field: 'usage.0.coverageCode' }),
    ]);
    const [{ n }] = await t.platform.db
      .select({ n: count() })
      .from(policies)
      .where(eq(policies.policyNo, 'POL-X3'));
    expect(n).toBe(0);

    const dates = await as('demo/admin', {
      method: 'POST',
      url: POLICIES,
      payload: { items: [policy({ validFrom: `${year}-12-31`, validTo: `${year}-01-01` })] },
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().data.fieldErrors['items.0.validTo'].msg_en).toBe(
      'The end date cannot be before the start date',
    );
  });

  it('the hospital sees the new member only while P10001 serves GP-SOUTH-01', async () => {
    const search = () =>
      as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/smartportal/member/search',
        payload: { cardNumber: 'CARD-M9001' },
      });
    expect((await search()).json().data).toEqual([]);

    const saved = await as('demo/admin', {
      method: 'POST',
      url: NETWORK,
      payload: { grpPlanCode: 'GP-SOUTH-01', providerId: 'P10001', directBilling: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await search()).json().data.map((h: { memberId: string }) => h.memberId)).toEqual(['M9001']);
    const detail = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
      payload: { customId: 'C0900', memberId: 'M9001', grpPlanCode: 'GP-SOUTH-01' },
    });
    expect(detail.json().data.directBilling).toBe(false);

    const page = await as('demo/auditor', {
      method: 'POST',
      url: `${NETWORK}/page`,
      payload: { grpPlanCode: 'south' },
    });
    expect(page.json().data.records).toEqual([
      expect.objectContaining({
        grpPlanCode: 'GP-SOUTH-01',
        providerId: 'P10001',
        directBilling: false,
        members: 1,
      }),
    ]);
    const id = page.json().data.records[0].id;

    // Another tenant cannot remove it; the auditor only reads.
    expect((await as('acme/admin', { method: 'DELETE', url: `${NETWORK}/${id}` })).statusCode).toBe(404);
    expect((await as('demo/auditor', { method: 'DELETE', url: `${NETWORK}/${id}` })).statusCode).toBe(403);

    const removed = await as('demo/admin', { method: 'DELETE', url: `${NETWORK}/${id}` });
    expect(removed.statusCode).toBe(200);
    expect((await search()).json().data).toEqual([]);
    const gone = await as('demo/admin', { method: 'DELETE', url: `${NETWORK}/${id}` });
    expect(gone.json().code).toBe(40407);
  });

  it('network refusals: unknown plan 40405, unknown provider 40406, end before start 400, hospital 403', async () => {
    const unknownPlan = await as('demo/admin', {
      method: 'POST',
      url: NETWORK,
      payload: { grpPlanCode: 'NOPE', providerId: 'P10001' },
    });
    expect(unknownPlan.json()).toMatchObject({ code: 40405, msg_en: 'Plan NOPE does not exist' });
    const unknownProvider = await as('demo/admin', {
      method: 'POST',
      url: NETWORK,
      payload: { grpPlanCode: 'GP-DEMO-01', providerId: 'P99999' },
    });
    expect(unknownProvider.json()).toMatchObject({ code: 40406, msg: '医疗机构 P99999 不存在' });
    const dates = await as('demo/admin', {
      method: 'POST',
      url: NETWORK,
      payload: {
        grpPlanCode: 'GP-DEMO-01',
        providerId: 'P10001',
        validFrom: '2026-05-01',
        validTo: '2026-04-01',
      },
    });
    expect(dates.statusCode).toBe(400);
    const hospital = await as('demo/hospital', { method: 'POST', url: `${NETWORK}/page`, payload: {} });
    expect(hospital.statusCode).toBe(403);
    const acmePlans = await as('acme/admin', { method: 'GET', url: `${NETWORK}/plans` });
    expect(acmePlans.json().data.some((pl: { grpPlanCode: string }) => pl.grpPlanCode === 'GP-DEMO-01')).toBe(
      false,
    );
  });
});

describe('batch API: policies refused to other roles and other tenants', () => {
  it('hospital gets 403; acme cannot attach a policy to the demo member (its own tenant has no such member)', async () => {
    expect(
      (await as('demo/hospital', { method: 'POST', url: POLICIES, payload: { items: [policy()] } }))
        .statusCode,
    ).toBe(403);
    const acme = await as('acme/admin', {
      method: 'POST',
      url: POLICIES,
      payload: { items: [policy({ memberId: 'M0001002', customerId: 'C0001', grpPlanCode: 'GP-ACME-X' })] },
    });
    expect(acme.statusCode).toBe(400);
    expect(acme.json().data.items[0]).toMatchObject({
      field: 'memberId',
      msg_en: 'Member M0001002 does not exist; send the member first',
    });
  });
});
