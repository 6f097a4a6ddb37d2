/**
 * The calls of the invoice screens (decision 0048): the tab filters and counts, the upload to
 * several batches at once, the invoice title an operator sets and generates, and the menu entries
 * that follow the provider's invoice switch.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser } from '../../test/change-tasks.ts';
import { createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { files } from '../files/files.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { slotFixture } from './fixtures/invoice-slots-fixture.ts';
import { invoiceSlots, invoices } from './invoices.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';
const TAX_NO = '91310115MA1K3D7P2X';
const { as, post, approvedSlot, invoiceFile, digital, invoice } = slotFixture(() => t, tokens);
const put = (who: string, url: string, payload: Record<string, unknown>, language = 'zh') =>
  as(who, { method: 'PUT', url: `/saasapi${url}`, payload, headers: { language } });
const get = (who: string, url: string, language = 'zh') =>
  as(who, { method: 'GET', url: `/saasapi${url}`, headers: { language } });
const ids = (res: { json: () => { data: { records: { id: string }[] } } }) =>
  res.json().data.records.map((r) => r.id);
const setTaxNo = (taxNo: string | undefined) =>
  t.platform.db
    .update(tenants)
    .set({ settings: taxNo ? { invoiceTitle: { taxNo } } : {} })
    .where(eq(tenants.id, demoId));

async function setInvoiceFunction(invoiceEnabled: boolean) {
  const account = '/saasapi/authority/providerAccount';
  const current = (await as('demo/admin', { method: 'GET', url: `${account}/P10001` })).json().data;
  const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = current;
  const res = await as('demo/admin', {
    method: 'PUT',
    url: account,
    payload: { ...settings, invoiceEnabled },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  await t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second',
    signStatus: '01',
  });
  await createUser(t, { account: 'clinic2', userType: '02', roles: ['SMART_PORTAL'], providerId: 'P10002' });
  for (const who of [
    'demo/admin',
    'demo/auditor',
    'demo/hospital',
    'demo/clinic2',
    'acme/hospital',
    'acme/auditor',
  ]) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
  await setTaxNo(TAX_NO);
});
afterAll(async () => {
  await t?.close();
});

describe('POST /invoice/page filters and counts', () => {
  it('filters by batch, currency, provider and approval day, and counts both tabs under the filter', async () => {
    const slot = await approvedSlot(['30.00']);
    const byBatch = await post('demo/hospital', '/invoice/page', {
      model: { tab: '1', batchId: slot.batchId },
    });
    expect(byBatch.statusCode, byBatch.body).toBe(200);
    expect(byBatch.json().data).toMatchObject({
      total: 1,
      counts: { '1': 1, '2': 0 },
      records: [
        { id: slot.id, providerId: 'P10001', providerCnName: expect.any(String), payableAmount: '30.00' },
      ],
    });
    expect(byBatch.json().data.records[0].providerEnName).not.toBe('');
    const usd = await post('demo/hospital', '/invoice/page', {
      model: { batchId: slot.batchId, currency: 'USD' },
    });
    expect(usd.json().data.counts).toEqual({ '1': 0, '2': 0 });

    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
    const within = await post('demo/auditor', '/invoice/page', {
      model: { approvedFrom: today, approvedTo: today, provider: '和睦国际' },
    });
    expect(ids(within)).toContain(slot.id);
    const later = await post('demo/auditor', '/invoice/page', { model: { approvedFrom: tomorrow } });
    expect(ids(later)).not.toContain(slot.id);
    const other = await post('demo/auditor', '/invoice/page', { model: { provider: 'P10002' } });
    expect(ids(other)).not.toContain(slot.id);
    const byId = await post('demo/auditor', '/invoice/page', { model: { provider: 'P10001' } });
    expect(ids(byId)).toContain(slot.id);
  });

  it('refuses a reversed day range, an unknown currency and a batch id that is not one', async () => {
    for (const model of [
      { approvedFrom: '2026-11-02', approvedTo: '2026-11-01' },
      { currency: 'XXX' },
      { batchId: 'not-an-id' },
      { approvedFrom: '2026/11/01' },
    ]) {
      const res = await post('demo/hospital', '/invoice/page', { model }, 'en');
      expect(res.statusCode, JSON.stringify(model)).toBe(400);
    }
    const reversed = await post(
      'demo/hospital',
      '/invoice/page',
      { model: { approvedFrom: '2026-11-02', approvedTo: '2026-11-01' } },
      'en',
    );
    expect(reversed.json().msg_en).toBe('The start date cannot be later than the end date');
  });

  it("another provider's staff and another tenant see neither the slot nor its counts", async () => {
    const slot = await approvedSlot(['31.00']);
    for (const who of ['demo/clinic2', 'acme/hospital', 'acme/auditor']) {
      const res = await post(who, '/invoice/page', { model: { batchId: slot.batchId } });
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.counts, who).toEqual({ '1': 0, '2': 0 });
    }
  });
});

describe('POST /invoice/uploadBatch', () => {
  it('uploads the invoices of two batches at once; both move to uploaded with what they were read as', async () => {
    const a = await approvedSlot(['100.00']);
    const b = await approvedSlot(['20.50', '30.00']);
    const read = { source: 'pdf-text', confidence: 0.95, invoiceNo: '26440000000000000001', amount: '99.00' };
    const first = await invoice('100.00', { recognition: read });
    const res = await post('demo/hospital', '/invoice/uploadBatch', {
      slots: [
        { id: a.id, version: a.version, invoices: [first] },
        { id: b.id, version: b.version, invoices: [await invoice('25.00'), await invoice('25.50')] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [da, db] = res.json().data.slots;
    expect(da).toMatchObject({ id: a.id, status: '2', invoicedAmount: '100.00', version: a.version + 1 });
    expect(db).toMatchObject({ id: b.id, status: '2', invoicedAmount: '50.50', payableAmount: '50.50' });
    expect(da.invoices[0]).toMatchObject({
      uploadedBy: 'hospital',
      recognition: { source: 'pdf-text', invoiceNo: read.invoiceNo, amount: '99.00', corrected: true },
    });
    expect(db.invoices[0].recognition).toBeNull();
    // The files now belong to their batch's slot, so the purge of unattached uploads keeps them.
    const kept = await t.platform.db
      .select({ bizType: files.bizType, bizId: files.bizId })
      .from(files)
      .where(inArray(files.id, [first.fileId, ...db.invoices.map((i: { fileId: string }) => i.fileId)]));
    expect(kept.sort((x, y) => String(x.bizId).localeCompare(String(y.bizId)))).toEqual(
      [
        { bizType: 'INVOICE', bizId: a.id },
        { bizType: 'INVOICE', bizId: b.id },
        { bizType: 'INVOICE', bizId: b.id },
      ].sort((x, y) => x.bizId.localeCompare(y.bizId)),
    );
    const detail = await get('demo/auditor', `/invoice/detail/${a.id}`);
    expect(detail.json().data.invoices[0].invoiceNo).toBe(first.invoiceNo);
  });

  it('saves nothing when one batch falls short, and names that batch', async () => {
    const a = await approvedSlot(['10.00']);
    const b = await approvedSlot(['20.00']);
    const res = await post(
      'demo/hospital',
      '/invoice/uploadBatch',
      {
        slots: [
          { id: a.id, version: a.version, invoices: [await invoice('10.00')] },
          { id: b.id, version: b.version, invoices: [await invoice('19.99')] },
        ],
      },
      'en',
    );
    expect(res.statusCode).toBe(400);
    const [batchB] = await t.platform.db.select().from(invoiceSlots).where(eq(invoiceSlots.id, b.id));
    expect(res.json()).toMatchObject({
      code: 40261,
      msg_en: `Batch ${batchB.batchNo}: Insufficient invoice amount: CNY invoices total 19.99, the claims they pay 20.00`,
      msg: `批次 ${batchB.batchNo}：发票金额不足：CNY 发票合计 19.99，应付理赔合计 20.00`,
      data: { slotId: b.id, batchNo: batchB.batchNo },
    });
    const saved = await t.platform.db
      .select()
      .from(invoices)
      .where(inArray(invoices.slotRef, [a.id, b.id]));
    expect(saved).toEqual([]);
    const [slotA] = await t.platform.db.select().from(invoiceSlots).where(eq(invoiceSlots.id, a.id));
    expect(slotA.status).toBe('1');
  });

  it('refuses a batch twice, a number repeated across batches, and a stale version, naming the batch', async () => {
    const a = await approvedSlot(['10.00']);
    const b = await approvedSlot(['10.00']);
    const twice = await post('demo/hospital', '/invoice/uploadBatch', {
      slots: [
        { id: a.id, version: a.version, invoices: [await invoice('10.00')] },
        { id: a.id, version: a.version, invoices: [await invoice('10.00')] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe(40380);
    const number = digital();
    const repeated = await post('demo/hospital', '/invoice/uploadBatch', {
      slots: [
        { id: a.id, version: a.version, invoices: [await invoice('10.00', { invoiceNo: number })] },
        { id: b.id, version: b.version, invoices: [await invoice('10.00', { invoiceNo: number })] },
      ],
    });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toMatchObject({ code: 40955, data: { slotId: b.id } });
    const stale = await post('demo/hospital', '/invoice/uploadBatch', {
      slots: [
        { id: a.id, version: a.version, invoices: [await invoice('10.00')] },
        { id: b.id, version: b.version + 3, invoices: [await invoice('10.00')] },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40901, data: { slotId: b.id } });
    expect(
      await t.platform.db
        .select()
        .from(invoices)
        .where(inArray(invoices.slotRef, [a.id, b.id])),
    ).toEqual([]);
  });

  it('bad input: no batch, more than 20 batches, more than 50 invoices in all', async () => {
    const one = { id: crypto.randomUUID(), version: 0 };
    const inv = { fileId: crypto.randomUUID(), invoiceNo: digital(), amount: '1.00', currency: 'CNY' };
    const bodies = [
      { slots: [] },
      { slots: Array.from({ length: 21 }, () => ({ ...one, id: crypto.randomUUID(), invoices: [inv] })) },
      {
        slots: Array.from({ length: 2 }, () => ({
          ...one,
          id: crypto.randomUUID(),
          invoices: Array.from({ length: 26 }, () => inv),
        })),
      },
    ];
    for (const body of bodies) {
      const res = await post('demo/hospital', '/invoice/uploadBatch', body, 'en');
      expect(res.statusCode).toBe(400);
    }
    const many = await post('demo/hospital', '/invoice/uploadBatch', bodies[2], 'en');
    expect(many.json().msg_en).toBe('At most 50 invoices can be uploaded at once');
  });

  it("another provider's or tenant's batch is not found; operators and a switched-off provider may not upload", async () => {
    const slot = await approvedSlot(['10.00']);
    for (const who of ['demo/clinic2', 'acme/hospital']) {
      const res = await post(who, '/invoice/uploadBatch', {
        slots: [
          {
            id: slot.id,
            version: slot.version,
            invoices: [{ ...(await invoice('10.00')), fileId: await invoiceFile(who) }],
          },
        ],
      });
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toMatchObject({ code: 40436, data: { slotId: slot.id } });
    }
    const operator = await post('demo/auditor', '/invoice/uploadBatch', {
      slots: [{ id: slot.id, version: slot.version, invoices: [await invoice('10.00')] }],
    });
    expect(operator.statusCode).toBe(403);
    await setInvoiceFunction(false);
    try {
      const off = await post('demo/hospital', '/invoice/uploadBatch', {
        slots: [{ id: slot.id, version: slot.version, invoices: [await invoice('10.00')] }],
      });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe(40303);
    } finally {
      await setInvoiceFunction(true);
    }
  });
});

describe('the invoice title', () => {
  it('operators and provider staff read it with the number of batches waiting for one', async () => {
    for (const who of ['demo/auditor', 'demo/hospital']) {
      const res = await get(who, '/invoice/title');
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data).toMatchObject({
        taxNo: TAX_NO,
        name: expect.any(String),
        missing: expect.any(Number),
      });
    }
    const acme = await get('acme/auditor', '/invoice/title');
    expect(acme.json().data.taxNo).not.toBe(TAX_NO);
  });

  it('an operator sets a valid taxpayer number, logged; a bad check character is refused in both languages', async () => {
    const bad = await put('demo/auditor', '/invoice/title', { taxNo: '91310115MA1K3D7P2Y' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg_en).toBe(
      'The taxpayer number must be an 18-character unified social credit code with a valid check character',
    );
    const badZh = await put('demo/auditor', '/invoice/title', { taxNo: '1234' });
    expect(badZh.json().msg).toBe('纳税人识别号须为 18 位统一社会信用代码，且校验位正确');
    const ok = await put('demo/auditor', '/invoice/title', { taxNo: ' 91110000100000000r ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.taxNo).toBe('91110000100000000R');
    const [log] = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.tenantId, demoId), eq(operationLogs.targetTable, 'tenants')));
    expect(log).toMatchObject({
      account: 'auditor',
      before: { invoiceTitleTaxNo: TAX_NO },
      after: { invoiceTitleTaxNo: '91110000100000000R' },
    });
    await setTaxNo(TAX_NO);
  });

  it('provider staff can neither set it nor generate it', async () => {
    expect((await put('demo/hospital', '/invoice/title', { taxNo: TAX_NO })).statusCode).toBe(403);
    expect((await post('demo/hospital', '/invoice/title/generate', {})).statusCode).toBe(403);
  });

  it('generates the missing title onto batches to be uploaded, which can then be uploaded', async () => {
    await setTaxNo(undefined);
    const a = await approvedSlot(['10.00']);
    const b = await approvedSlot(['12.00']);
    const none = await post('demo/auditor', '/invoice/title/generate', {}, 'en');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 40995,
      msg_en: 'Set the taxpayer number of the invoice title first',
    });
    await setTaxNo(TAX_NO);
    const waiting = await get('demo/auditor', '/invoice/title');
    expect(waiting.json().data.missing).toBeGreaterThanOrEqual(2);
    const missing = await post('demo/auditor', '/invoice/page', { model: { titleMissing: true } });
    expect(ids(missing)).toEqual(expect.arrayContaining([a.id, b.id]));

    const onlyA = await post('demo/auditor', '/invoice/title/generate', { ids: [a.id] });
    expect(onlyA.json().data).toEqual({ generated: 1 });
    const stale = await post('demo/hospital', `/invoice/upload/${a.id}`, {
      version: a.version,
      invoices: [await invoice('10.00')],
    });
    expect(stale.json().code).toBe(40901);
    const detailA = (await get('demo/hospital', `/invoice/detail/${a.id}`)).json().data;
    expect(detailA).toMatchObject({ title: { taxNo: TAX_NO, source: 'tenant' }, version: a.version + 1 });
    const uploaded = await post('demo/hospital', `/invoice/upload/${a.id}`, {
      version: detailA.version,
      invoices: [await invoice('10.00')],
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const rest = await post('demo/auditor', '/invoice/title/generate', {});
    expect(rest.json().data.generated).toBeGreaterThanOrEqual(1);
    expect((await get('demo/auditor', '/invoice/title')).json().data.missing).toBe(0);
    const [slotB] = await t.platform.db.select().from(invoiceSlots).where(eq(invoiceSlots.id, b.id));
    expect(slotB.titleTaxNo).toBe(TAX_NO);
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.tenantId, demoId), eq(operationLogs.action, 'generateInvoiceTitle')));
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it("another tenant's generation leaves this tenant's batches alone; bad ids are refused", async () => {
    await setTaxNo(undefined);
    const slot = await approvedSlot(['10.00']);
    await setTaxNo(TAX_NO);
    await t.platform.db
      .update(tenants)
      .set({ settings: { invoiceTitle: { taxNo: '91110000100000000R' } } })
      .where(eq(tenants.code, 'acme'));
    const acme = await post('acme/auditor', '/invoice/title/generate', { ids: [slot.id] });
    expect(acme.json().data).toEqual({ generated: 0 });
    const [row] = await t.platform.db.select().from(invoiceSlots).where(eq(invoiceSlots.id, slot.id));
    expect(row.titleTaxNo).toBeNull();
    expect((await post('demo/auditor', '/invoice/title/generate', { ids: ['x'] })).statusCode).toBe(400);
    expect((await post('demo/auditor', '/invoice/title/generate', { ids: [slot.id] })).json().data).toEqual({
      generated: 1,
    });
  });
});

describe('menu entries', () => {
  const names = async (who: string) => {
    const res = await get(who, '/oauth/menu/router');
    const walk = (nodes: { name: string; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.name, ...walk((n.children ?? []) as { name: string }[])]);
    return walk(res.json().data);
  };

  it('provider staff get management, upload and detail while the invoice function is on; operators read', async () => {
    expect(await names('demo/hospital')).toEqual(
      expect.arrayContaining(['invoice', 'invoice-manage', 'invoice-upload', 'invoice-detail']),
    );
    const auditor = await names('demo/auditor');
    expect(auditor).toEqual(expect.arrayContaining(['invoice-manage', 'invoice-detail']));
    expect(auditor).not.toContain('invoice-upload');
    await setInvoiceFunction(false);
    try {
      expect((await names('demo/hospital')).filter((n) => n.startsWith('invoice'))).toEqual([]);
      expect(await names('demo/auditor')).toContain('invoice-manage');
    } finally {
      await setInvoiceFunction(true);
    }
  });
});
