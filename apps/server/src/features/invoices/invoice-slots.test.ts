import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser } from '../../test/change-tasks.ts';
import { createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { hospitalPhotoPng } from '../hospital-tasks/hospital-tasks.seed.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { jpegHeader } from './fixtures/invoice-fixtures.ts';
import { slotFixture } from './fixtures/invoice-slots-fixture.ts';
import { invoices } from './invoices.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const { as, post, approvedSlot, pdfOf, invoiceFile, digital, invoice } = slotFixture(() => t, tokens);
const uploadTo = (
  who: string,
  slot: { id: string; version: number },
  list: Record<string, unknown>[],
  language = 'zh',
) => post(who, `/invoice/upload/${slot.id}`, { version: slot.version, invoices: list }, language);
const setTaxNo = (taxNo: string | undefined) =>
  t.platform.db
    .update(tenants)
    .set({ settings: taxNo ? { invoiceTitle: { taxNo } } : {} })
    .where(eq(tenants.id, demoId));

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
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'demo/clinic2', 'acme/hospital']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
  await setTaxNo('91310000MA1FL0XX1X');
});
afterAll(async () => {
  await t?.close();
});

describe('slots of approved batches', () => {
  it('opens a to-be-uploaded slot with the payable total and the tenant title when a batch is approved', async () => {
    const slot = await approvedSlot(['100.00', '50.55']);
    const res = await as('demo/hospital', { method: 'GET', url: `/saasapi/invoice/detail/${slot.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: '1',
      currency: 'CNY',
      payableAmount: '150.55',
      invoicedAmount: '0.00',
      title: { taxNo: '91310000MA1FL0XX1X', source: 'tenant' },
      invoices: [],
    });
    const page = await post('demo/hospital', '/invoice/page', { model: { tab: '1' } });
    expect(page.json().data.records.map((r: { id: string }) => r.id)).toContain(slot.id);
    const operator = await post('demo/auditor', '/invoice/page', { model: { tab: '1' } });
    expect(operator.statusCode).toBe(200);
    expect(operator.json().data.records.map((r: { id: string }) => r.id)).toContain(slot.id);
  });

  it('refuses a bad tab and hides the slot from another provider and another tenant', async () => {
    const slot = await approvedSlot(['20.00']);
    expect((await post('demo/hospital', '/invoice/page', { model: { tab: '3' } })).statusCode).toBe(400);
    for (const who of ['demo/clinic2', 'acme/hospital']) {
      const res = await as(who, { method: 'GET', url: `/saasapi/invoice/detail/${slot.id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(40436);
      const up = await uploadTo(
        who,
        slot,
        [await invoice('20.00')].map((i) => ({ ...i, fileId: crypto.randomUUID() })),
      );
      expect(up.json().code).toBe(40436);
      const page = await post(who, '/invoice/page', { model: { tab: '1' } });
      expect(page.json().data.records.map((r: { id: string }) => r.id)).not.toContain(slot.id);
    }
  });
});

describe('uploading invoices', () => {
  it('takes two invoices that cover the total to the cent and moves the slot to uploaded', async () => {
    const slot = await approvedSlot(['100.00', '50.55']);
    const short = await uploadTo(
      'demo/hospital',
      slot,
      [await invoice('100.00'), await invoice('50.54')],
      'en',
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 40261,
      msg_en: 'Insufficient invoice amount: CNY invoices total 150.54, the claims they pay 150.55',
    });
    const list = [
      await invoice('100.00'),
      await invoice('50.55', { invoiceNo: '0481 7356', invoiceCode: '144031900111' }),
    ];
    const res = await uploadTo('demo/hospital', slot, list);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: '2',
      invoicedAmount: '150.55',
      version: slot.version + 1,
    });
    expect(
      res
        .json()
        .data.invoices.map((i: { invoiceNo: string }) => i.invoiceNo)
        .sort(),
    ).toEqual(['04817356', list[0].invoiceNo].sort());
    const again = await uploadTo('demo/hospital', { ...slot, version: slot.version + 1 }, [
      await invoice('1.00'),
    ]);
    expect(again.json().code).toBe(40957);
    const tab2 = await post('demo/hospital', '/invoice/page', { model: { tab: '2' } });
    expect(tab2.json().data.records.map((r: { id: string }) => r.id)).toContain(slot.id);
  });

  it('refuses a number uploaded on another batch, and one repeated within the upload', async () => {
    const first = await approvedSlot(['10.00']);
    const taken = await invoice('10.00');
    expect((await uploadTo('demo/hospital', first, [taken])).statusCode).toBe(200);
    const second = await approvedSlot(['10.00']);
    const dup = await uploadTo('demo/hospital', second, [
      await invoice('10.00', { invoiceNo: taken.invoiceNo }),
    ]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 40955, msg: `发票号码重复：${taken.invoiceNo} 已上传` });
    const twice = digital();
    const inner = await uploadTo('demo/hospital', second, [
      await invoice('5.00', { invoiceNo: twice }),
      await invoice('5.00', { invoiceNo: twice }),
    ]);
    expect(inner.json().code).toBe(40955);
    const sameFile = await uploadTo('demo/hospital', second, [
      { ...(await invoice('10.00')), fileId: taken.fileId },
    ]);
    expect(sameFile.json().code).toBe(40281);
    expect(await t.platform.db.select().from(invoices).where(eq(invoices.slotRef, second.id))).toEqual([]);
  });

  it('refuses a wrong currency, an invalid number and a bad amount, saving nothing', async () => {
    const slot = await approvedSlot(['10.00']);
    const usd = await uploadTo('demo/hospital', slot, [await invoice('10.00', { currency: 'USD' })], 'en');
    expect(usd.json()).toMatchObject({
      code: 40280,
      msg_en: 'The invoice currency USD differs from the batch payable currency CNY',
    });
    const bad = await uploadTo('demo/hospital', slot, [await invoice('10.00', { invoiceNo: '1234567' })]);
    expect(bad.json().code).toBe(40260);
    const cents = await uploadTo('demo/hospital', slot, [await invoice('10.001')]);
    expect(cents.statusCode).toBe(400);
    expect(await t.platform.db.select().from(invoices).where(eq(invoices.slotRef, slot.id))).toEqual([]);
  });

  it('checks the files from their bytes: 4 MB refused and less one byte taken, the pixel edges', async () => {
    const slot = await approvedSlot(['10.00']);
    const fourMb = await invoiceFile('demo/hospital', pdfOf(4 * 1024 * 1024), 'four.pdf', 'x=1');
    const large = await uploadTo('demo/hospital', slot, [{ ...(await invoice('10.00')), fileId: fourMb }]);
    expect(large.json().code).toBe(40264);
    const thin = await invoiceFile(
      'demo/hospital',
      hospitalPhotoPng([0, 0, 0], [255, 255, 255], 400, 14),
      'thin.png',
    );
    const small = await uploadTo('demo/hospital', slot, [{ ...(await invoice('10.00')), fileId: thin }]);
    expect(small.json()).toMatchObject({ code: 40265 });
    const edge = await invoiceFile('demo/hospital', pdfOf(4 * 1024 * 1024 - 1), 'edge.pdf');
    const square = await invoiceFile('demo/hospital', jpegHeader(0xc0, 15, 8192), 'edge.jpg');
    const ok = await uploadTo('demo/hospital', slot, [
      { ...(await invoice('5.00')), fileId: edge },
      { ...(await invoice('5.00')), fileId: square },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers title not yet generated when the tenant had no taxpayer number at approval', async () => {
    await setTaxNo(undefined);
    const slot = await approvedSlot(['10.00']);
    await setTaxNo('91310000MA1FL0XX1X');
    const res = await uploadTo('demo/hospital', slot, [await invoice('10.00')], 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 40956, msg_en: 'Invoice title not yet generated' });
    const d = await as('demo/hospital', { method: 'GET', url: `/saasapi/invoice/detail/${slot.id}` });
    expect(d.json().data.title).toBeNull();
  });

  it('operators read but cannot upload; a stale version is batch status changed', async () => {
    const slot = await approvedSlot(['10.00']);
    const read = await as('demo/auditor', { method: 'GET', url: `/saasapi/invoice/detail/${slot.id}` });
    expect(read.statusCode).toBe(200);
    const othersFile = await invoiceFile('demo/clinic2');
    const foreign = await uploadTo('demo/hospital', slot, [
      { ...(await invoice('10.00')), fileId: othersFile },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(40435);
    const operator = await uploadTo('demo/auditor', slot, [await invoice('10.00')]);
    expect(operator.statusCode).toBe(403);
    const stale = await uploadTo('demo/hospital', { ...slot, version: slot.version + 5 }, [
      await invoice('10.00'),
    ]);
    expect(stale.json().code).toBe(40901);
  });

  it('two uploads of the last invoice at once: one lands, the other is batch status changed', async () => {
    const slot = await approvedSlot(['10.00']);
    const [a, b] = await Promise.all([
      uploadTo('demo/hospital', slot, [await invoice('10.00')]),
      uploadTo('demo/hospital', slot, [await invoice('10.00')]),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().code).toBe(40901);
    const rows = await t.platform.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.slotRef, slot.id), eq(invoices.tenantId, demoId)));
    expect(rows).toHaveLength(1);
  });
});

describe("the provider's invoice function", () => {
  it('switched off, the provider can neither read nor upload', async () => {
    const slot = await approvedSlot(['10.00']);
    const account = '/saasapi/authority/providerAccount';
    const set = async (invoiceEnabled: boolean) => {
      const current = (await as('demo/admin', { method: 'GET', url: `${account}/P10001` })).json().data;
      const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = current;
      return as('demo/admin', { method: 'PUT', url: account, payload: { ...settings, invoiceEnabled } });
    };
    expect((await set(false)).statusCode).toBe(200);
    try {
      const page = await post('demo/hospital', '/invoice/page', { model: { tab: '1' } });
      expect(page.statusCode).toBe(403);
      const up = await uploadTo('demo/hospital', slot, [
        { fileId: crypto.randomUUID(), invoiceNo: digital(), amount: '10.00', currency: 'CNY' },
      ]);
      expect(up.statusCode).toBe(403);
    } finally {
      expect((await set(true)).statusCode).toBe(200);
    }
  });
});
