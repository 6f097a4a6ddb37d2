import { chinaDay } from '@portal/domain/format/format';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { query } from '../../platform/db/raw-query.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser } from '../../test/change-tasks.ts';
import { createTestApp, login } from '../../test/test-app.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { pdfText } from '../invoices/invoice-pdf.ts';
import { groupPlans, planProviders } from '../members/members.tables.ts';
import {
  approvedClaims,
  as,
  expectOutstandingKept,
  get,
  invoiced,
  outstandingDrift,
  post,
  type TApproved,
  type TKit,
} from './accounting.kit.ts';

const k: TKit = { t: undefined as unknown as TKit['t'], tokens: {} };
const TODAY = chinaDay();
const MONTH = TODAY.slice(0, 7);

type TDetail = {
  batch: {
    payBatchNo: string;
    version: number;
    totalAmount: string;
    payStatus: string;
    reconcileStatus: string;
    openDisputes: number;
    invoiceCurrency: string;
    rates: { currency: string; rate: string }[];
  };
  items: {
    id: string;
    lineId: string;
    claimCurrency: string;
    claimAmount: string;
    rate: string;
    amount: string;
    status: string;
    payableAmount: string;
  }[];
  flow: { action: string; remark: string }[];
};

const payable = async (who = 'demo/auditor', providerId = 'P10001') => {
  const res = await get(k, who, `/claim/acc/payable?providerId=${providerId}&size=100`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  expect(data.total, 'the tests keep under one page of 100').toBeLessThanOrEqual(100);
  return { ...data, lines: data.records } as {
    accountCurrency: string | null;
    lines: {
      lineId: string;
      currency: string;
      payableAmount: string;
      paidAmount: string;
      heldAmount: string;
      outstanding: string;
    }[];
    awaitingInvoice: { currency: string; amount: string }[];
  };
};
const lineOf = async (lineId: string) => (await payable()).lines.find((l) => l.lineId === lineId);
/** The line's outstanding amount as stored (kept by the triggers of migration 0051). */
const storedOutstanding = async (lineId: string) =>
  (
    await query<{ amount: string }>(
      k.t.platform.db,
      sql`select outstanding_amount::text as amount from claim_lines where id = ${lineId}`,
    )
  )[0]?.amount;
const build = (
  items: { lineId: string; amount: string }[],
  extra: Record<string, unknown> = {},
  who = 'demo/auditor',
) =>
  post(k, who, '/claim/acc/payBill/save', { providerId: 'P10001', invoiceCurrency: 'CNY', items, ...extra });
const built = async (items: { lineId: string; amount: string }[], extra: Record<string, unknown> = {}) => {
  const res = await build(items, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TDetail;
};
const detail = async (who: string, payBatchNo: string) => {
  const res = await get(k, who, `/claim/acc/reconciliation?payBatchNo=${payBatchNo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TDetail;
};
const confirm = (d: TDetail, who = 'demo/auditor', extra: Record<string, unknown> = {}) =>
  post(k, who, '/claim/acc/payBill/confirm', {
    payBatchNo: d.batch.payBatchNo,
    version: d.batch.version,
    paidDate: TODAY,
    bankReference: `TRX-${d.batch.payBatchNo}`,
    ...extra,
  });
const confirmed = async (d: TDetail) => {
  const res = await confirm(d);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TDetail;
};

let demoId = '';
beforeAll(async () => {
  k.t = await createTestApp();
  demoId = (await k.t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  // A second provider of the demo tenant serving the demo plan, with its own staff.
  await k.t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second Hospital',
    signStatus: '01',
  });
  const [plan] = await k.t.platform.db.select().from(groupPlans).where(eq(groupPlans.tenantId, demoId));
  await k.t.platform.db
    .insert(planProviders)
    .values({ tenantId: demoId, planRef: plan.id, providerId: 'P10002', directBilling: true });
  await createUser(k.t, {
    account: 'clinic2',
    userType: '02',
    roles: ['SMART_PORTAL'],
    providerId: 'P10002',
  });
  for (const who of [
    'demo/admin',
    'demo/auditor',
    'demo/hospital',
    'demo/clinic2',
    'demo/netview',
    'acme/auditor',
    'acme/hospital',
  ]) {
    const [tenant, account] = who.split('/');
    k.tokens[who] = (await login(k.t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await k.t?.close();
});
// After every step of every test: each claim line's stored outstanding amount (migration 0051)
// equals the one derived from its payments and adjustments (builds, cancellations, confirmations,
// disputes, upheld differences, "all matching" builds, lines copied in the database).
afterEach(async () => {
  if (k.t) await expectOutstandingKept(k);
});

// The worked example of decision 0045, step by step; later steps build on earlier ones.
let claimsA: TApproved;
let claimsB: TApproved;
let first: TDetail;
let fx: TDetail;

describe('building payment batches', () => {
  it('offers approved claims once their invoice is uploaded, and builds a batch with partial payments', async () => {
    // 85.00 approved in full, 120.50 reduced to 100.00, 300.00 in full, 50.00 rejected.
    claimsA = await approvedClaims(k, [
      { amount: '85.00', payable: '85.00' },
      { amount: '120.50', payable: '100.00' },
      { amount: '300.00', payable: '300.00' },
      { amount: '50.00', payable: null },
    ]);
    const before = await payable();
    expect(before.lines.map((l) => l.lineId)).not.toContain(claimsA.lineIds[0]);
    expect(before.awaitingInvoice).toContainEqual({ currency: 'CNY', amount: '485.00' });
    expect(before.accountCurrency).toBe('CNY');
    await invoiced(k, claimsA);
    const lines = (await payable()).lines.filter((l) => claimsA.lineIds.includes(l.lineId));
    expect(lines.map((l) => [l.payableAmount, l.outstanding])).toEqual([
      ['85.00', '85.00'],
      ['100.00', '100.00'],
      ['300.00', '300.00'],
    ]);

    first = await built([
      { lineId: claimsA.lineIds[0], amount: '85.00' },
      { lineId: claimsA.lineIds[1], amount: '100.00' },
      { lineId: claimsA.lineIds[2], amount: '120.00' },
    ]);
    expect(first.batch).toMatchObject({
      totalAmount: '305.00',
      payStatus: '1',
      invoiceCurrency: 'CNY',
      rates: [],
    });
    expect(first.batch.payBatchNo).toMatch(new RegExp(`^PB${MONTH.replace('-', '')}\\d{6}$`));
    expect(first.items.map((i) => [i.claimAmount, i.rate, i.amount])).toEqual([
      ['85.00', '1.000000', '85.00'],
      ['100.00', '1.000000', '100.00'],
      ['120.00', '1.000000', '120.00'],
    ]);
    // The partly paid line: 120.00 held by the batch, 180.00 still to pay.
    expect(await lineOf(claimsA.lineIds[2])).toMatchObject({
      heldAmount: '120.00',
      paidAmount: '0.00',
      outstanding: '180.00',
    });
    expect(await lineOf(claimsA.lineIds[0])).toBeUndefined();
  });

  it('refuses more than what is left, a rejected or uninvoiced claim, and another provider', async () => {
    const over = await build([{ lineId: claimsA.lineIds[2], amount: '180.01' }], {}, 'demo/auditor');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 40311 });
    const en = await post(
      k,
      'demo/auditor',
      '/claim/acc/payBill/save',
      {
        providerId: 'P10001',
        invoiceCurrency: 'CNY',
        items: [{ lineId: claimsA.lineIds[2], amount: '200' }],
      },
      'en',
    );
    expect(en.json().msg_en).toBe(
      `Claim batch ${claimsA.batchNo}, row 4: CNY 200.00 is more than the CNY 180.00 still to pay`,
    );
    const rejected = await build([{ lineId: claimsA.lineIds[3], amount: '1.00' }]);
    expect(rejected.json().code).toBe(40310);
    const uninvoiced = await approvedClaims(k, [{ amount: '10.00', payable: '10.00' }]);
    expect((await build([{ lineId: uninvoiced.lineIds[0], amount: '10.00' }])).json().code).toBe(40310);
    const other = await post(k, 'demo/auditor', '/claim/acc/payBill/save', {
      providerId: 'P10002',
      invoiceCurrency: 'CNY',
      items: [{ lineId: claimsA.lineIds[2], amount: '1.00' }],
    });
    expect(other.json().code).toBe(40310);
    const unknown = await post(k, 'demo/auditor', '/claim/acc/payBill/save', {
      providerId: 'P99999',
      invoiceCurrency: 'CNY',
      items: [{ lineId: claimsA.lineIds[2], amount: '1.00' }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(40461);
    const bad = await build([{ lineId: 'not-a-uuid', amount: '1.00' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(40010);
  });

  it('converts other claim currencies at the batch rate, half up per line (multi-currency worked example)', async () => {
    claimsB = await invoiced(
      k,
      await approvedClaims(k, [
        { amount: '85.00', payable: '85.00' },
        { amount: '120.50', payable: '120.50' },
        { amount: '1000.00', payable: '1000.00', currency: 'HKD' },
        { amount: '333.33', payable: '333.33', currency: 'HKD' },
      ]),
    );
    const items = claimsB.lineIds.map((lineId, i) => ({
      lineId,
      amount: ['85.00', '120.50', '1000.00', '333.33'][i],
    }));
    const missing = await build(items, {}, 'demo/auditor');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 40312, msg_en: 'Enter the exchange rate from HKD to CNY' });
    const unused = await build(items, {
      rates: [
        { currency: 'HKD', rate: '0.912345' },
        { currency: 'USD', rate: '7.1' },
      ],
    });
    expect(unused.json().code).toBe(40313);
    const zero = await build([{ lineId: claimsB.lineIds[2], amount: '0.01' }], {
      rates: [{ currency: 'HKD', rate: '0.4' }],
    });
    expect(zero.json().code).toBe(40318);
    fx = await built(items, { rates: [{ currency: 'HKD', rate: '0.912345' }] });
    expect(fx.batch).toMatchObject({
      totalAmount: '1421.96',
      rates: [{ currency: 'HKD', rate: '0.912345' }],
    });
    expect(fx.items.map((i) => [i.claimCurrency, i.claimAmount, i.rate, i.amount])).toEqual([
      ['CNY', '85.00', '1.000000', '85.00'],
      ['CNY', '120.50', '1.000000', '120.50'],
      ['HKD', '1000.00', '0.912345', '912.35'],
      ['HKD', '333.33', '0.912345', '304.11'],
    ]);
  });

  it('cancels a batch to be confirmed and frees its claims', async () => {
    const spare = await invoiced(k, await approvedClaims(k, [{ amount: '40.00', payable: '40.00' }]));
    expect(await storedOutstanding(spare.lineIds[0])).toBe('40.00');
    const d = await built([{ lineId: spare.lineIds[0], amount: '40.00' }]);
    // Held in full by the batch: nothing left to offer.
    expect(await lineOf(spare.lineIds[0])).toBeUndefined();
    expect(await storedOutstanding(spare.lineIds[0])).toBe('0.00');
    const res = await post(k, 'demo/auditor', '/claim/acc/payBill/cancel', {
      payBatchNo: d.batch.payBatchNo,
      version: d.batch.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.batch.payStatus).toBe('3');
    expect(await lineOf(spare.lineIds[0])).toMatchObject({ heldAmount: '0.00', outstanding: '40.00' });
    expect(await storedOutstanding(spare.lineIds[0])).toBe('40.00');
    const again = await post(
      k,
      'demo/auditor',
      '/claim/acc/payBill/cancel',
      { payBatchNo: d.batch.payBatchNo, version: d.batch.version + 1 },
      'en',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 40970,
      msg_en: `Payment batch ${d.batch.payBatchNo} is "Cancelled", so it cannot be cancelled`,
    });
  });
});

describe('confirming payment', () => {
  it('hides a batch to be confirmed from the provider, then confirms it once: the other request gets 409', async () => {
    expect(
      (await get(k, 'demo/hospital', `/claim/acc/reconciliation?payBatchNo=${first.batch.payBatchNo}`)).json()
        .code,
    ).toBe(40460);
    const future = await confirm(first, 'demo/auditor', {
      paidDate: chinaDay(new Date(Date.now() + 2 * 86_400_000)),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe(40314);
    const [a, b] = await Promise.all([confirm(first), confirm(first)]);
    const codes = [a, b].map((r) => r.json().code).sort();
    expect(codes).toEqual([0, 40901]);
    const d = await detail('demo/hospital', first.batch.payBatchNo);
    expect(d.batch).toMatchObject({ payStatus: '2', reconcileStatus: '1', totalAmount: '305.00' });
    expect(d.flow.map((f) => f.action)).toEqual(['build', 'confirm']);
    // The part still to pay of the third line is payable again; nothing is held.
    expect(await lineOf(claimsA.lineIds[2])).toMatchObject({
      paidAmount: '120.00',
      heldAmount: '0.00',
      outstanding: '180.00',
    });
    fx = await confirmed(fx);
  });

  it('pays the rest of a partly paid claim in a later batch', async () => {
    const rest = await confirmed(await built([{ lineId: claimsA.lineIds[2], amount: '180.00' }]));
    expect(rest.batch.totalAmount).toBe('180.00');
    expect(await lineOf(claimsA.lineIds[2])).toBeUndefined();
  });

  it('keeps maker and checker apart: nobody confirms the payment of a claim batch they submitted', async () => {
    const own = await invoiced(
      k,
      await approvedClaims(k, [{ amount: '60.00', payable: '60.00' }], {
        who: 'demo/admin',
        providerId: 'P10001',
      }),
    );
    const res = await post(k, 'demo/admin', '/claim/acc/payBill/save', {
      providerId: 'P10001',
      invoiceCurrency: 'CNY',
      items: [{ lineId: own.lineIds[0], amount: '60.00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const refused = await confirm(res.json().data, 'demo/admin', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(40971);
    expect((await confirm(res.json().data, 'demo/auditor')).statusCode).toBe(200);
  });

  it('honours the workflow role of task type payment', async () => {
    const setRole = (auditorRoleCode: string | null) =>
      as(k, 'demo/admin', {
        method: 'PUT',
        url: '/saasapi/authority/workflow',
        payload: { taskType: 'payment', auditorRoleCode, overdueDays: 30 },
      });
    expect((await setRole('CLAIM_ADMIN')).statusCode).toBe(200);
    try {
      const spare = await invoiced(k, await approvedClaims(k, [{ amount: '15.00', payable: '15.00' }]));
      const d = await built([{ lineId: spare.lineIds[0], amount: '15.00' }]);
      const res = await confirm(d);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40248);
    } finally {
      await setRole(null);
    }
  });
});

describe('reconciliation and disputes', () => {
  it('lets the provider reconcile lines and dispute one; concurrent reconciliations: one wins', async () => {
    const d = await detail('demo/hospital', fx.batch.payBatchNo);
    const [cny1, cny2, hkd1000, hkd333] = d.items;
    const [a, b] = await Promise.all([
      post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
        payBatchNo: d.batch.payBatchNo,
        version: d.batch.version,
        itemIds: [cny1.id],
      }),
      post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
        payBatchNo: d.batch.payBatchNo,
        version: d.batch.version,
        itemIds: [cny2.id],
      }),
    ]);
    expect([a, b].map((r) => r.json().code).sort()).toEqual([0, 40901]);
    let now = await detail('demo/hospital', d.batch.payBatchNo);
    const left = [cny1, cny2].filter((i) => now.items.find((x) => x.id === i.id)?.status === '1');
    const ok = await post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
      payBatchNo: d.batch.payBatchNo,
      version: now.batch.version,
      itemIds: [...left.map((i) => i.id), hkd333.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    now = ok.json().data;
    expect(now.batch.reconcileStatus).toBe('1');
    const twice = await post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
      payBatchNo: d.batch.payBatchNo,
      version: now.batch.version,
      itemIds: [cny1.id],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(40972);
    const noReason = await post(k, 'demo/hospital', '/claim/acc/reconciliation/dispute', {
      payBatchNo: d.batch.payBatchNo,
      version: now.batch.version,
      itemId: hkd1000.id,
      reasonCode: 'D01',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const disputed = await post(k, 'demo/hospital', '/claim/acc/reconciliation/dispute', {
      payBatchNo: d.batch.payBatchNo,
      version: now.batch.version,
      itemId: hkd1000.id,
      reasonCode: 'D01',
      reason: 'Received CNY 899.85 only; bank charges deducted',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    now = disputed.json().data;
    expect(now.batch).toMatchObject({ reconcileStatus: '1', openDisputes: 1 });
    expect(now.items.find((i) => i.id === hkd1000.id)?.status).toBe('3');
  });

  it('lets the operator uphold the difference, which the next batch picks up, and reconciles the batch', async () => {
    const d = await detail('demo/auditor', fx.batch.payBatchNo);
    const item = d.items.find((i) => i.status === '3');
    expect(item).toBeDefined();
    const base = { payBatchNo: d.batch.payBatchNo, version: d.batch.version, itemId: item?.id };
    const tooMuch = await post(k, 'demo/auditor', '/claim/acc/reconciliation/resolve', {
      ...base,
      result: 'adjusted',
      amount: '1000.01',
      reply: 'Bank charges',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe(40316);
    const byProvider = await post(k, 'demo/hospital', '/claim/acc/reconciliation/resolve', {
      ...base,
      result: 'rejected',
      reply: 'No',
    });
    expect(byProvider.statusCode).toBe(403);
    const res = await post(k, 'demo/auditor', '/claim/acc/reconciliation/resolve', {
      ...base,
      result: 'adjusted',
      amount: '13.70',
      reply: 'Bank charges are ours; paid with the next batch',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: TDetail = res.json().data;
    expect(after.batch).toMatchObject({ reconcileStatus: '2', openDisputes: 0 });
    expect(after.items.find((i) => i.id === item?.id)).toMatchObject({
      status: '4',
      payableAmount: '1013.70',
    });
    expect(after.flow.map((f) => f.action)).toEqual([
      'build',
      'confirm',
      'reconcile',
      'reconcile',
      'dispute',
      'resolve',
    ]);
    // The difference is payable again: HKD 13.70, at 0.912345 CNY 12.50 (12.4991... half up).
    expect(await lineOf(item?.lineId ?? '')).toMatchObject({
      currency: 'HKD',
      payableAmount: '1013.70',
      paidAmount: '1000.00',
      outstanding: '13.70',
    });
    const next = await built([{ lineId: item?.lineId ?? '', amount: '13.70' }], {
      rates: [{ currency: 'HKD', rate: '0.912345' }],
    });
    expect(next.batch.totalAmount).toBe('12.50');
    // A reconciled batch takes no more steps.
    const late = await post(k, 'demo/hospital', '/claim/acc/reconciliation/dispute', {
      payBatchNo: d.batch.payBatchNo,
      version: after.batch.version,
      itemId: d.items[0].id,
      reasonCode: 'D99',
      reason: 'Too late',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(40970);
  });

  it('lets the operator keep a payment, closing the disputed line', async () => {
    const spare = await invoiced(
      k,
      await approvedClaims(k, [
        { amount: '25.00', payable: '25.00' },
        { amount: '35.00', payable: '35.00' },
      ]),
    );
    const d = await confirmed(
      await built(spare.lineIds.map((lineId, i) => ({ lineId, amount: ['25.00', '35.00'][i] }))),
    );
    const disputed = await post(k, 'demo/hospital', '/claim/acc/reconciliation/dispute', {
      payBatchNo: d.batch.payBatchNo,
      version: d.batch.version,
      itemId: d.items[0].id,
      reasonCode: 'D03',
      reason: 'Paid twice?',
    });
    const now: TDetail = disputed.json().data;
    const res = await post(k, 'demo/auditor', '/claim/acc/reconciliation/resolve', {
      payBatchNo: d.batch.payBatchNo,
      version: now.batch.version,
      itemId: d.items[0].id,
      result: 'rejected',
      reply: 'Paid once only, see the bank reference',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.batch).toMatchObject({ reconcileStatus: '1', openDisputes: 0 });
    expect(await lineOf(spare.lineIds[0])).toBeUndefined();
    const stale = await post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
      payBatchNo: d.batch.payBatchNo,
      version: now.batch.version,
      itemIds: [d.items[1].id],
    });
    expect(stale.json().code).toBe(40901);
    const unknown = await post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
      payBatchNo: d.batch.payBatchNo,
      version: res.json().data.batch.version,
      itemIds: [fx.items[0].id],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(40315);
  });

  it('writes an operation-log row for every step', async () => {
    const rows = await k.t.platform.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(and(eq(operationLogs.tenantId, demoId), eq(operationLogs.targetTable, 'payment_batches')));
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['build', 'cancel', 'confirm', 'reconcile', 'dispute', 'resolve'])
      expect(actions).toContain(`payment-${a}`);
  });
});

describe('monthly bills', () => {
  type THandBill = {
    handMonth: string;
    providerId: string;
    invoiceCurrency: string;
    claimCount: number;
    payable: string;
    paid: string;
    outstanding: string;
  };
  type TPayBill = {
    paidMoth: string;
    providerId: string;
    invoiceCurrency: string;
    batchCount: number;
    claimCount: number;
    paid: string;
    reconciled: string;
    toReconcile: string;
  };
  const sum = (values: string[]) =>
    (values.reduce((n, v) => n + Math.round(Number(v) * 100), 0) / 100).toFixed(2);

  it('bills the handling month per provider and currency; each bill equals the sum of its items', async () => {
    const res = await post(k, 'demo/auditor', '/claim/acc/handMonth/bill', {
      current: 1,
      size: 50,
      model: { monthFrom: MONTH, monthTo: MONTH },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as {
      records: THandBill[];
      sums: { invoiceCurrency: string; payable: string; paid: string; outstanding: string }[];
    };
    const hkd = page.records.find((r) => r.providerId === 'P10001' && r.invoiceCurrency === 'HKD');
    // HKD 1,000.00 + 333.33 approved, 13.70 upheld; 1,333.33 paid; 13.70 held by the next batch.
    expect(hkd).toMatchObject({
      handMonth: MONTH,
      claimCount: 2,
      payable: '1347.03',
      paid: '1333.33',
      outstanding: '13.70',
    });
    for (const bill of page.records) {
      const items = await get(
        k,
        'demo/auditor',
        `/claim/acc/handMonthItem/bill?handMonth=${bill.handMonth.replace('-', '')}&providerId=${bill.providerId}&invoiceCurrency=${bill.invoiceCurrency}&size=100`,
      );
      expect(items.statusCode, items.body).toBe(200);
      const data = items.json().data as {
        bill: THandBill;
        records: { payable: string; paid: string; outstanding: string; source: string }[];
        total: number;
      };
      expect(data.bill).toEqual(bill);
      expect(data.total).toBe(data.records.length);
      expect(sum(data.records.map((r) => r.payable))).toBe(bill.payable);
      expect(sum(data.records.map((r) => r.paid))).toBe(bill.paid);
      expect(sum(data.records.map((r) => r.outstanding))).toBe(bill.outstanding);
      if (bill === hkd)
        expect(data.records.map((r) => r.source).sort()).toEqual(['claim', 'claim', 'dispute']);
    }
    for (const s of page.sums) {
      const bills = page.records.filter((r) => r.invoiceCurrency === s.invoiceCurrency);
      expect(sum(bills.map((b) => b.payable))).toBe(s.payable);
      expect(sum(bills.map((b) => b.outstanding))).toBe(s.outstanding);
    }
  });

  it('bills the paid month by invoice currency; each bill equals the sum of its items', async () => {
    const res = await post(k, 'demo/auditor', '/claim/acc/payMonth/bill', {
      model: { providerId: 'P10001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { records: TPayBill[] };
    const cny = page.records.find((r) => r.paidMoth === MONTH && r.invoiceCurrency === 'CNY');
    expect(cny).toBeDefined();
    const items = await get(
      k,
      'demo/auditor',
      `/claim/acc/payMonthItem/bill?paidMoth=${MONTH}&providerId=P10001&invoiceCurrency=CNY&size=100`,
    );
    const data = items.json().data as {
      bill: TPayBill;
      records: { amount: string; status: string; payBatchNo: string }[];
    };
    expect(data.bill).toEqual(cny);
    expect(sum(data.records.map((r) => r.amount))).toBe(cny?.paid);
    expect(sum(data.records.filter((r) => r.status === '2' || r.status === '4').map((r) => r.amount))).toBe(
      cny?.reconciled,
    );
    expect(new Set(data.records.map((r) => r.payBatchNo)).size).toBe(cny?.batchCount);
    expect(data.records.filter((r) => r.payBatchNo === fx.batch.payBatchNo).map((r) => r.amount)).toEqual([
      '85.00',
      '120.50',
      '912.35',
      '304.11',
    ]);
  });

  it('refuses a bad month range and shows the provider its own bills only', async () => {
    const bad = await post(k, 'demo/auditor', '/claim/acc/handMonth/bill', {
      model: { monthFrom: '2026-05', monthTo: '2026-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(40317);
    const badMonth = await get(
      k,
      'demo/auditor',
      '/claim/acc/handMonthItem/bill?handMonth=2026-13&providerId=P10001&invoiceCurrency=CNY',
    );
    expect(badMonth.statusCode).toBe(400);
    const mine = await post(k, 'demo/hospital', '/claim/acc/handMonth/bill', {
      model: { providerId: 'P10002' },
    });
    expect(mine.json().data.records.every((r: THandBill) => r.providerId === 'P10001')).toBe(true);
    const theirs = await get(
      k,
      'demo/hospital',
      `/claim/acc/handMonthItem/bill?handMonth=${MONTH}&providerId=P10002&invoiceCurrency=CNY`,
    );
    expect(theirs.json().data).toMatchObject({ bill: null, records: [], total: 0 });
  });

  it('exports the bills for the finance system as .xlsx and .csv', async () => {
    const csv = await post(k, 'demo/auditor', '/claim/acc/payMonth/bill/export', {
      model: { monthFrom: MONTH, monthTo: MONTH, providerId: 'P10001' },
      format: 'csv',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'paidMonth,providerId,providerName,invoiceCurrency,payBatchNo,paidDate,bankReference,itemId,claimBatchNo,rowNo,lineId,memberId,visitDate,claimCurrency,claimAmount,rate,amount,status',
    );
    expect(
      lines.some((l) => l.includes(`${fx.batch.payBatchNo}`) && l.includes(',HKD,1000.00,0.912345,912.35,4')),
    ).toBe(true);
    const xlsx = await post(
      k,
      'demo/auditor',
      '/claim/acc/handMonth/bill/export',
      { model: { monthFrom: MONTH, monthTo: MONTH }, format: 'xlsx' },
      'en',
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(3).getCell(1).value).toBe('Handling month');
    expect(sheet.rowCount).toBeGreaterThan(4);
  });
});

describe('remittance advice', () => {
  it('prints the batch as a bilingual PDF and .xlsx with every line and the total', async () => {
    const pdf = await get(k, 'demo/hospital', `/claim/acc/remittance/pdf?payBatchNo=${fx.batch.payBatchNo}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('付款通知书');
    expect(text).toContain('Remittance Advice');
    expect(text).toContain(fx.batch.payBatchNo);
    expect(text).toContain('1 HKD = 0.912345 CNY');
    expect(text).toContain('CNY 1,421.96');
    expect(text).toContain('HKD 1,000.00');
    const xlsx = await get(
      k,
      'demo/hospital',
      `/claim/acc/remittance/xlsx?payBatchNo=${fx.batch.payBatchNo}`,
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(String(sheet.getRow(1).getCell(1).value)).toContain(fx.batch.payBatchNo);
    expect(sheet.getRow(3).getCell(8).value).toBe('付款金额 / Amount paid');
    expect(sheet.getRow(8).getCell(8).value).toBe('CNY 1,421.96');
  });
});

describe('dashboard', () => {
  it('gives operators the audit queue, payments awaiting confirmation and the outstanding amounts', async () => {
    const res = await get(k, 'demo/auditor', '/claim/acc/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.side).toBe('operator');
    expect(data.claimsAwaitingAudit).toMatchObject({
      batches: expect.any(Number),
      lines: expect.any(Number),
    });
    // The HKD dispute adjustment (12.50 CNY) and the 15.00 of the workflow test wait for confirmation.
    expect(data.awaitingConfirmation).toEqual({
      batches: 2,
      amounts: [{ currency: 'CNY', amount: '27.50' }],
    });
    // HKD: 13.70 upheld and not yet paid (held by a batch still to be confirmed).
    expect(data.outstanding).toContainEqual({ currency: 'HKD', amount: '13.70' });
  });

  it('gives providers what is to reconcile and what was paid this month', async () => {
    const data = (await get(k, 'demo/hospital', '/claim/acc/dashboard')).json().data;
    expect(data.side).toBe('provider');
    expect(data.claimsAwaitingAudit).toBeNull();
    expect(data.toReconcile.batches).toBeGreaterThan(0);
    const paid = data.paidThisMonth.find((a: { currency: string }) => a.currency === 'CNY');
    expect(paid).toBeDefined();
    const clinic = (await get(k, 'demo/clinic2', '/claim/acc/dashboard')).json().data;
    expect(clinic).toMatchObject({ toReconcile: { batches: 0, amounts: [] }, paidThisMonth: [] });
  });
});

describe('isolation and permissions', () => {
  it('hides a batch from another provider and another tenant', async () => {
    for (const who of ['demo/clinic2', 'acme/hospital', 'acme/auditor']) {
      const res = await get(k, who, `/claim/acc/reconciliation?payBatchNo=${fx.batch.payBatchNo}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(40460);
      const list = await post(k, who, '/claim/acc/payBill', { model: {} });
      expect(list.json().data.records.map((r: { payBatchNo: string }) => r.payBatchNo)).not.toContain(
        fx.batch.payBatchNo,
      );
      const pdf = await get(k, who, `/claim/acc/remittance/pdf?payBatchNo=${fx.batch.payBatchNo}`);
      expect(pdf.statusCode).toBe(404);
    }
    const acmeResolve = await post(k, 'acme/auditor', '/claim/acc/payBill/confirm', {
      payBatchNo: fx.batch.payBatchNo,
      version: 0,
      paidDate: TODAY,
      bankReference: 'X',
    });
    expect(acmeResolve.json().code).toBe(40460);
    const acmePayable = await get(k, 'acme/auditor', '/claim/acc/payable?providerId=P10001');
    expect(acmePayable.json().code).toBe(40461);
    const providersOfHospital = (await get(k, 'demo/hospital', '/claim/acc/getByType?type=provider')).json()
      .data;
    expect(providersOfHospital.map((o: { code: string }) => o.code)).toEqual(['P10001']);
    const providersOfAuditor = (await get(k, 'demo/auditor', '/claim/acc/getByType?type=provider')).json()
      .data;
    expect(providersOfAuditor.map((o: { code: string }) => o.code)).toContain('P10001');
  });

  it('shows another provider its own batches only', async () => {
    const theirs = await invoiced(
      k,
      await approvedClaims(k, [{ amount: '70.00', payable: '70.00' }], { who: 'demo/clinic2' }),
      'demo/clinic2',
    );
    const res = await post(k, 'demo/auditor', '/claim/acc/payBill/save', {
      providerId: 'P10002',
      invoiceCurrency: 'CNY',
      items: [{ lineId: theirs.lineIds[0], amount: '70.00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = (await confirm(res.json().data)).json().data as TDetail;
    const list = (await post(k, 'demo/clinic2', '/claim/acc/payBill', { model: {} })).json().data.records;
    expect(list.map((r: { payBatchNo: string }) => r.payBatchNo)).toEqual([d.batch.payBatchNo]);
    const hospitalList = (
      await post(k, 'demo/hospital', '/claim/acc/payBill', { model: { providerId: 'P10002' } })
    ).json().data.records;
    expect(hospitalList.every((r: { providerId: string }) => r.providerId === 'P10001')).toBe(true);
    const forged = await post(k, 'demo/hospital', '/claim/acc/reconciliation/reconcile', {
      payBatchNo: d.batch.payBatchNo,
      version: d.batch.version,
      itemIds: [d.items[0].id],
    });
    expect(forged.json().code).toBe(40460);
  });

  const ROUTES: [string, 'GET' | 'POST', string, Record<string, unknown>?][] = [
    ['getByType', 'GET', '/claim/acc/getByType?type=payStatus'],
    ['payBill', 'POST', '/claim/acc/payBill', { model: {} }],
    ['payable', 'GET', '/claim/acc/payable?providerId=P10001'],
    [
      'save',
      'POST',
      '/claim/acc/payBill/save',
      {
        providerId: 'P10001',
        invoiceCurrency: 'CNY',
        items: [{ lineId: '00000000-0000-4000-8000-000000000001', amount: '1.00' }],
      },
    ],
    ['cancel', 'POST', '/claim/acc/payBill/cancel', { payBatchNo: 'PB202601000001', version: 0 }],
    [
      'confirm',
      'POST',
      '/claim/acc/payBill/confirm',
      { payBatchNo: 'PB202601000001', version: 0, paidDate: '2026-01-02', bankReference: 'X' },
    ],
    ['reconciliation', 'GET', '/claim/acc/reconciliation?payBatchNo=PB202601000001'],
    [
      'reconcile',
      'POST',
      '/claim/acc/reconciliation/reconcile',
      { payBatchNo: 'PB202601000001', version: 0, itemIds: ['00000000-0000-4000-8000-000000000001'] },
    ],
    [
      'dispute',
      'POST',
      '/claim/acc/reconciliation/dispute',
      {
        payBatchNo: 'PB202601000001',
        version: 0,
        itemId: '00000000-0000-4000-8000-000000000001',
        reasonCode: 'D01',
        reason: 'Short',
      },
    ],
    [
      'resolve',
      'POST',
      '/claim/acc/reconciliation/resolve',
      {
        payBatchNo: 'PB202601000001',
        version: 0,
        itemId: '00000000-0000-4000-8000-000000000001',
        result: 'rejected',
        reply: 'Stands',
      },
    ],
    ['remittance pdf', 'GET', '/claim/acc/remittance/pdf?payBatchNo=PB202601000001'],
    ['remittance xlsx', 'GET', '/claim/acc/remittance/xlsx?payBatchNo=PB202601000001'],
    ['handMonth', 'POST', '/claim/acc/handMonth/bill', { model: {} }],
    ['payMonth', 'POST', '/claim/acc/payMonth/bill', { model: {} }],
    [
      'handMonthItem',
      'GET',
      `/claim/acc/handMonthItem/bill?handMonth=${MONTH}&providerId=P10001&invoiceCurrency=CNY`,
    ],
    [
      'payMonthItem',
      'GET',
      `/claim/acc/payMonthItem/bill?paidMoth=${MONTH}&providerId=P10001&invoiceCurrency=CNY`,
    ],
    ['handMonth export', 'POST', '/claim/acc/handMonth/bill/export', { model: {} }],
    ['payMonth export', 'POST', '/claim/acc/payMonth/bill/export', { model: {} }],
    ['dashboard', 'GET', '/claim/acc/dashboard'],
  ];
  /** Whether each role gets past the route's permission (and the service's operator/provider check). */
  const ALLOWED: Record<string, string[]> = {
    'demo/auditor': [
      'getByType',
      'payBill',
      'payable',
      'save',
      'cancel',
      'confirm',
      'reconciliation',
      'resolve',
      'remittance pdf',
      'remittance xlsx',
      'handMonth',
      'payMonth',
      'handMonthItem',
      'payMonthItem',
      'handMonth export',
      'payMonth export',
      'dashboard',
    ],
    'demo/hospital': [
      'getByType',
      'payBill',
      'reconciliation',
      'reconcile',
      'dispute',
      'remittance pdf',
      'remittance xlsx',
      'handMonth',
      'payMonth',
      'handMonthItem',
      'payMonthItem',
      'handMonth export',
      'payMonth export',
      'dashboard',
    ],
    'demo/netview': [],
  };

  for (const [who, allowed] of Object.entries(ALLOWED))
    it(`answers ${who} by its permissions on every route`, async () => {
      for (const [name, method, url, payload] of ROUTES) {
        const res = method === 'GET' ? await get(k, who, url) : await post(k, who, url, payload ?? {});
        if (allowed.includes(name))
          expect([200, 400, 404, 409], `${name}: ${res.body}`).toContain(res.statusCode);
        else {
          expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
          expect(res.json().code).toBe(40300);
        }
      }
    });

  it('refuses a session-less call', async () => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/saasapi/claim/acc/payBill',
      headers: { tenant: 'demo' },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('paging what a batch may take (issue 10)', () => {
  type TPage = {
    records: { lineId: string; claimBatchNo: string; currency: string; outstanding: string }[];
    current: number;
    size: number;
    total: number;
    outstanding: { currency: string; count: number; amount: string }[];
    awaitingInvoice: { currency: string; amount: string }[];
  };
  const page = async (query: string, who = 'demo/auditor') => {
    const res = await get(k, who, `/claim/acc/payable?providerId=P10002&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TPage;
  };
  const saveFor = (payload: Record<string, unknown>) =>
    post(k, 'demo/auditor', '/claim/acc/payBill/save', {
      providerId: 'P10002',
      invoiceCurrency: 'CNY',
      ...payload,
    });
  let cny: TApproved;
  let hkd: TApproved;

  beforeAll(async () => {
    cny = await invoiced(
      k,
      await approvedClaims(
        k,
        Array.from({ length: 12 }, (_, i) => ({ amount: `${10 + i}.00`, payable: `${10 + i}.00` })),
        { who: 'demo/clinic2' },
      ),
      'demo/clinic2',
    );
    hkd = await invoiced(
      k,
      await approvedClaims(
        k,
        [
          { amount: '100.00', payable: '100.00', currency: 'HKD' },
          { amount: '200.00', payable: '200.00', currency: 'HKD' },
        ],
        { who: 'demo/clinic2' },
      ),
      'demo/clinic2',
    );
    // Waiting for its invoice: counted apart, never offered.
    await approvedClaims(k, [{ amount: '5.00', payable: '5.00' }], { who: 'demo/clinic2' });
  });

  it('answers one page at a time with the count and sums of everything the filter matches', async () => {
    const first = await page('size=10');
    expect(first).toMatchObject({ current: 1, size: 10, total: 14 });
    expect(first.records).toHaveLength(10);
    expect(first.outstanding).toEqual([
      { currency: 'CNY', count: 12, amount: '186.00' },
      { currency: 'HKD', count: 2, amount: '300.00' },
    ]);
    expect(first.awaitingInvoice).toEqual([{ currency: 'CNY', amount: '5.00' }]);
    const second = await page('size=10&current=2');
    expect(second.records).toHaveLength(4);
    const ids = [...first.records, ...second.records].map((r) => r.lineId);
    expect(new Set(ids).size).toBe(14);
    expect(ids).toEqual(expect.arrayContaining([...cny.lineIds, ...hkd.lineIds]));
    expect((await page('size=10&current=3')).records).toEqual([]);

    const hk = await page('currency=hkd');
    expect(hk.records.map((r) => r.lineId)).toEqual(hkd.lineIds);
    expect(hk).toMatchObject({ total: 2, outstanding: [{ currency: 'HKD', count: 2, amount: '300.00' }] });
    const byBatch = await page(`claimBatchNo=${encodeURIComponent(hkd.batchNo.slice(-6))}`);
    expect(byBatch.records.map((r) => r.claimBatchNo)).toEqual([hkd.batchNo, hkd.batchNo]);
    expect((await page('claimBatchNo=%25_')).total).toBe(0);
  });

  it('refuses a size above the largest, an unknown size and a page number below 1', async () => {
    for (const query of ['size=500', 'size=15', 'current=0', 'currency=XXX']) {
      const res = await get(k, 'demo/auditor', `/claim/acc/payable?providerId=P10002&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(40010);
    }
  });

  it("shows nothing of another tenant's provider and refuses provider staff", async () => {
    const acme = await get(k, 'acme/auditor', '/claim/acc/payable?providerId=P10002');
    expect(acme.statusCode).toBe(404);
    expect(acme.json().code).toBe(40461);
    expect((await get(k, 'demo/clinic2', '/claim/acc/payable?providerId=P10002')).statusCode).toBe(403);
  });

  it('builds a batch from everything a filter matches, less what was left out, at the amounts given', async () => {
    const expected = { count: 11, amounts: [{ currency: 'CNY', amount: '171.00' }] };
    // Twelve CNY lines (186.00): one left out (10.00), one paid 5.00 short of its 11.00: 171.00.
    const matching = { currency: 'CNY', excludeLineIds: [cny.lineIds[0]], expected };
    const items = [{ lineId: cny.lineIds[1], amount: '6.00' }];
    const stale = await saveFor({ matching: { ...matching, expected: { ...expected, count: 12 } }, items });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40976 });
    const res = await saveFor({ matching, items });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as TDetail;
    expect(d.batch.totalAmount).toBe('171.00');
    expect(d.items).toHaveLength(11);
    expect(d.items.map((i) => i.lineId)).not.toContain(cny.lineIds[0]);
    expect(d.items.find((i) => i.lineId === cny.lineIds[1])?.amount).toBe('6.00');
    // What is left: the line left out in full, 5.00 of the short one, the HKD lines.
    const after = await page('size=20');
    expect(after.outstanding).toEqual([
      { currency: 'CNY', count: 2, amount: '15.00' },
      { currency: 'HKD', count: 2, amount: '300.00' },
    ]);
    // The same request again: the lines changed (held by the first batch), 409.
    expect((await saveFor({ matching, items })).json().code).toBe(40976);
    const cancelled = await post(k, 'demo/auditor', '/claim/acc/payBill/cancel', {
      payBatchNo: d.batch.payBatchNo,
      version: d.batch.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });

  it('refuses a filter matching more than one batch may pay, and an empty request', async () => {
    // 2,001 more invoiced lines of the HKD batch, copied row by row in the database.
    const db = k.t.platform.db;
    const columns = (
      await query<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_name = 'claim_lines' order by ordinal_position`,
      )
    ).map((r) => r.column_name);
    const values = columns.map((c) =>
      c === 'id'
        ? 'gen_random_uuid()'
        : c === 'row_no'
          ? '1000 + g'
          : c === 'dup_key'
            ? "dup_key || '-' || g"
            : c,
    );
    await db.execute(
      sql.raw(
        `insert into claim_lines (${columns.join(', ')}) select ${values.join(', ')} from claim_lines, generate_series(1, 2001) g where id = '${hkd.lineIds[0]}'`,
      ),
    );
    const hk = await page('currency=HKD');
    expect(hk.total).toBe(2003);
    const res = await saveFor({
      invoiceCurrency: 'HKD',
      matching: {
        currency: 'HKD',
        expected: { count: 2000, amounts: [{ currency: 'HKD', amount: '1.00' }] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40345 });
    const en = await post(
      k,
      'demo/auditor',
      '/claim/acc/payBill/save',
      {
        providerId: 'P10002',
        invoiceCurrency: 'HKD',
        matching: {
          currency: 'HKD',
          excludeLineIds: [hkd.lineIds[1]],
          expected: { count: 2000, amounts: [{ currency: 'HKD', amount: '1.00' }] },
        },
      },
      'en',
    );
    expect(en.json().msg_en).toBe(
      '2002 claims match the filter; one payment batch pays at most 2000: narrow the filter or leave some out',
    );
    const empty = await saveFor({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(40010);
  });

  it('answers the provider picker by keyword, up to limit (50), with the current providers whatever the keyword; refuses bad input and users without the permission', async () => {
    const options = async (query: string, who = 'demo/auditor') => {
      const res = await get(k, who, `/claim/acc/getByType?type=provider&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { code: string; labelEn: string }[]).map((o) => o.code);
    };
    // 55 more providers of demo with an approved claim batch each (copies of one, in the database).
    const db = k.t.platform.db;
    await db.insert(providers).values(
      Array.from({ length: 55 }, (_, i) => ({
        tenantId: demoId,
        providerId: `P3${String(i).padStart(4, '0')}`,
        providerCnName: `分页医院 ${i}`,
        providerEnName: `Paging Hospital ${i}`,
        signStatus: '01',
      })),
    );
    const columns = (
      await query<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_name = 'claim_batches' order by ordinal_position`,
      )
    ).map((r) => r.column_name);
    const values = columns.map((c) =>
      c === 'id'
        ? 'gen_random_uuid()'
        : c === 'provider_id'
          ? 'p.provider_id'
          : c === 'batch_no'
            ? "'CBP' || p.provider_id"
            : `b.${c}`,
    );
    await db.execute(
      sql.raw(
        `insert into claim_batches (${columns.join(', ')}) select ${values.join(', ')} from claim_batches b, providers p where b.id = '${hkd.batchId}' and p.provider_id like 'P3%' and p.tenant_id = b.tenant_id`,
      ),
    );
    const first = await options('');
    expect(first).toHaveLength(50);
    expect(first.slice(0, 2)).toEqual(['P10001', 'P10002']);
    expect(await options('keyword=Hospital%2042')).toEqual(['P30042']);
    expect(await options('keyword=%E5%88%86%E9%A1%B5%E5%8C%BB%E9%99%A2%2054')).toEqual(['P30054']);
    expect(await options('keyword=P3005&code=P10002')).toEqual([
      'P10002',
      'P30050',
      'P30051',
      'P30052',
      'P30053',
      'P30054',
    ]);
    expect(await options('keyword=%25')).toEqual([]);
    expect(await options('keyword=Paging', 'demo/hospital')).toEqual([]);
    expect(await options('keyword=', 'acme/auditor')).not.toContain('P30042');
    const long = await get(k, 'demo/auditor', `/claim/acc/getByType?type=provider&keyword=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(400);

    // limit (default 50, at most 100) bounds the others; codes and code are answered besides it.
    expect(await options('limit=51')).toHaveLength(51);
    expect(await options('limit=100')).toHaveLength(57);
    expect(await options('keyword=Paging&limit=2')).toEqual(['P30000', 'P30001']);
    expect(await options('keyword=Paging&codes=P30054,P10002&code=P10001&limit=1')).toEqual([
      'P10001',
      'P10002',
      'P30054',
      'P30000',
    ]);
    const named = Array.from({ length: 50 }, (_, i) => `P3${String(i).padStart(4, '0')}`);
    expect(await options(`codes=${named.join(',')}&limit=2`)).toEqual([...named, 'P10001', 'P10002']);
    // A provider without approved claims or payments is not offered, even when named.
    await db.insert(providers).values({
      tenantId: demoId,
      providerId: 'P39999',
      providerCnName: '无账医院',
      providerEnName: 'No Claims Hospital',
      signStatus: '01',
    });
    expect(await options('codes=P39999')).not.toContain('P39999');
    // Provider staff: their own only, whatever is named; another tenant: none of demo's.
    expect(await options('codes=P30001,P10001&limit=100', 'demo/hospital')).toEqual(['P10001']);
    expect(await options('codes=P30001,P30002&limit=100', 'acme/auditor')).not.toContain('P30001');
    for (const bad of [
      'limit=0',
      'limit=101',
      'limit=many',
      `codes=${Array.from({ length: 51 }, (_, i) => `P${i}`).join(',')}`,
    ]) {
      const res = await get(k, 'demo/auditor', `/claim/acc/getByType?type=provider&${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe(40010);
    }
    const denied = await get(k, 'demo/netview', '/claim/acc/getByType?type=provider&keyword=Paging&limit=5');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(40300);
  });
});

describe('the stored outstanding amount (migration 0051)', () => {
  it('follows every write of its sources, including the ones no route makes, and frees the lines of a cancelled batch', async () => {
    const claims = await invoiced(
      k,
      await approvedClaims(k, [
        { amount: '70.00', payable: '70.00' },
        { amount: '80.00', payable: '50.00' },
      ]),
    );
    const [a, b] = claims.lineIds;
    expect(await storedOutstanding(a)).toBe('70.00');
    expect(await storedOutstanding(b)).toBe('50.00');
    const totals = async () =>
      (
        await query<{ n: number; amount: string }>(
          k.t.platform.db,
          sql`select n, amount::text from claim_open_totals where batch_ref = ${claims.batchId}`,
        )
      )[0];
    expect(await totals()).toEqual({ n: 2, amount: '120.00' });
    const d = await built([
      { lineId: a, amount: '30.00' },
      { lineId: b, amount: '50.00' },
    ]);
    expect([await storedOutstanding(a), await storedOutstanding(b)]).toEqual(['40.00', '0.00']);
    expect(await totals()).toEqual({ n: 1, amount: '40.00' });
    const db = k.t.platform.db;
    // Writes the application does not make, in a transaction rolled back at the end: the
    // triggers keep the stored amount equal to the derived one after each.
    const steps: [string, string, string, number][] = [];
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        const step = async (name: string, statement: ReturnType<typeof sql>) => {
          await tx.execute(statement);
          expect(await outstandingDrift(tx), name).toEqual([]);
          const [row] = await query<{ a: string; b: string; n: number }>(
            tx,
            sql`select (select outstanding_amount::text from claim_lines where id = ${a}) as a,
              (select outstanding_amount::text from claim_lines where id = ${b}) as b,
              (select n from claim_open_totals where batch_ref = ${claims.batchId}) as n`,
          );
          steps.push([name, row.a, row.b, row.n]);
        };
        await step(
          'item amount changed',
          sql`update payment_items set claim_amount = 20 where line_ref = ${a} and claim_amount = 30`,
        );
        await step(
          'item status changed only',
          sql`update payment_items set status = '2' where line_ref = ${b} and claim_amount = 50`,
        );
        await step(
          'adjustment added',
          sql`insert into claim_payable_adjustments (tenant_id, line_ref, provider_id, currency, amount, source_type, source_id)
            values (${demoId}, ${b}, 'P10001', 'CNY', 5, 'dispute', ${`test-${b}`})`,
        );
        await step(
          'adjustment changed',
          sql`update claim_payable_adjustments set amount = 7.5 where source_id = ${`test-${b}`}`,
        );
        await step('payable changed', sql`update claim_lines set payable_amount = 60 where id = ${a}`);
        await step('line rejected', sql`update claim_lines set status = '02' where id = ${a}`);
        await step(
          'appeal adjustment added',
          sql`insert into claim_payable_adjustments (tenant_id, line_ref, provider_id, currency, amount, source_type, source_id)
            values (${demoId}, ${a}, 'P10001', 'CNY', 1, 'appeal', ${`test-${a}`})`,
        );
        await step(
          'batch cancelled',
          sql`update payment_batches set pay_status = '3' where pay_batch_no = ${d.batch.payBatchNo}`,
        );
        await step(
          'batch counted again',
          sql`update payment_batches set pay_status = '2' where pay_batch_no = ${d.batch.payBatchNo}`,
        );
        await step(
          'item deleted',
          sql`delete from payment_items where line_ref = ${a} and claim_amount = 20`,
        );
        await step(
          'adjustment deleted',
          sql`delete from claim_payable_adjustments where source_id = ${`test-${b}`}`,
        );
        await step('items truncated', sql`truncate payment_items`);
        // The check sees a line written past the triggers (replica mode runs none).
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`update claim_lines set outstanding_amount = outstanding_amount + 1 where id = ${a}`,
        );
        expect(await outstandingDrift(tx)).toEqual([
          { lineId: a, stored: '62.00', derived: '61.00', appeal: true, appealed: true },
          { batchRef: claims.batchId, currency: 'CNY', kept: '2 111.00', derived: '2 112.00' },
        ]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(steps).toEqual([
      ['item amount changed', '50.00', '0.00', 1],
      ['item status changed only', '50.00', '0.00', 1],
      ['adjustment added', '50.00', '5.00', 2],
      ['adjustment changed', '50.00', '7.50', 2],
      ['payable changed', '40.00', '7.50', 2],
      ['line rejected', '40.00', '7.50', 1],
      ['appeal adjustment added', '41.00', '7.50', 2],
      ['batch cancelled', '61.00', '57.50', 2],
      ['batch counted again', '41.00', '7.50', 2],
      ['item deleted', '61.00', '7.50', 2],
      ['adjustment deleted', '61.00', '0.00', 1],
      ['items truncated', '61.00', '50.00', 2],
    ]);
    expect([await storedOutstanding(a), await storedOutstanding(b)]).toEqual(['40.00', '0.00']);
    const cancelled = await post(k, 'demo/auditor', '/claim/acc/payBill/cancel', {
      payBatchNo: d.batch.payBatchNo,
      version: d.batch.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect([await storedOutstanding(a), await storedOutstanding(b)]).toEqual(['70.00', '50.00']);
    expect(await totals()).toEqual({ n: 2, amount: '120.00' });
  });
});
