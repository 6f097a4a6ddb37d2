import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { recordValidityTransitions } from './messages.sending.ts';
import { messageRecipients, messages } from './messages.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const tenantIds = new Map<string, string>();
const MIN = 60_000;

const req = (
  who: string,
  method: 'POST' | 'DELETE' | 'GET',
  url: string,
  payload?: unknown,
  language = 'zh',
) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    headers: { language },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const body = (over: Record<string, unknown> = {}) => ({
  action: 'send',
  name: '停诊通知',
  nameEn: 'Clinic closure',
  msgType: '01',
  msgLevel: '03',
  content: '明天停诊。\n请改期。',
  enContent: 'Closed tomorrow.\nPlease reschedule.',
  validFrom: new Date(Date.now() - MIN).toISOString(),
  validTo: new Date(Date.now() + 60 * MIN).toISOString(),
  searchType: '02',
  providerIds: ['P10001'],
  ...over,
});

async function send(over: Record<string, unknown> = {}, who = 'demo/auditor') {
  const res = await req(who, 'POST', '/msg/msg', body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string; recipients: number };
}

const hospitalList = async (who = 'demo/hospital') =>
  (await req(who, 'POST', '/msg/msg/center/list', { size: 100 })).json().data.records as {
    id: string;
    title: string;
    content: string;
  }[];
const noticeCount = async (who = 'demo/hospital') =>
  (await req(who, 'POST', '/msg/msg/center/collect', { codes: ['04'] })).json().data.count as number;

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of [
    'demo/auditor',
    'demo/admin',
    'demo/hospital',
    'demo/netview',
    'acme/auditor',
    'acme/hospital',
  ]) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('POST /msg/msg (save)', () => {
  it('sends a pop-up to P10001; the hospital lists and counts it, with line breaks kept', async () => {
    const before = await noticeCount();
    const sent = await send();
    expect(sent).toMatchObject({ status: '01', recipients: 1 });
    const mine = (await hospitalList()).find((m) => m.id === sent.id);
    expect(mine).toMatchObject({ title: '停诊通知', content: '明天停诊。\n请改期。' });
    expect(await noticeCount()).toBe(before + 1);
    const global = (await req('demo/hospital', 'GET', '/msg/msg/center/global')).json().data;
    expect(global.popUpMsg.map((m: { id: string }) => m.id)).toContain(sent.id);
  });

  it.each([
    ['name', { name: 'a' }, '名称为 2 到 50 个字符', 'Name is 2 to 50 characters'],
    ['nameEn', { nameEn: 'x'.repeat(51) }, '名称为 2 到 50 个字符', 'Name is 2 to 50 characters'],
    ['content', { content: '字'.repeat(2001) }, '内容最多 2000 个字符', 'Content is at most 2000 characters'],
    ['enContent', { enContent: '' }, '不能为空', "Can't be empty"],
    ['providerIds', { providerIds: [] }, '医疗机构列表不能为空', 'The provider list cannot be empty'],
    ['validFrom', { validFrom: null }, '请选择有效期', 'A validity period is required'],
    [
      'validFrom',
      { validFrom: new Date(Date.now() - 2 * 24 * 60 * MIN).toISOString() },
      '开始时间不能早于今天',
      'Start must not be earlier than today',
    ],
    [
      'validTo',
      { validTo: new Date(Date.now() + 10 * MIN).toISOString() },
      '失效时间必须至少晚于当前时间 15 分钟',
      'Expiry must be at least 15 minutes after now',
    ],
  ])('refuses a bad %s in both languages', async (field, over, zh, en) => {
    const res = await req('demo/auditor', 'POST', '/msg/msg', body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors[field]).toEqual({ msg: zh, msg_en: en });
  });

  it('refuses a send whose criteria name no provider, and saves nothing', async () => {
    const count = async () => (await t.platform.db.select({ n: sql<number>`count(*)` }).from(messages))[0].n;
    const before = Number(await count());
    const res = await req('demo/auditor', 'POST', '/msg/msg', body({ providerIds: ['NOPE'] }), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40130,
      msg: '医疗机构列表不能为空',
      msg_en: 'The provider list cannot be empty',
    });
    expect(Number(await count())).toBe(before);
  });

  it('keeps a draft that reaches nobody, then sends it', async () => {
    const draft = await send({
      action: 'draft',
      name: '草稿',
      validFrom: null,
      validTo: null,
      providerIds: [],
    });
    expect(draft).toMatchObject({ status: '03', recipients: 0 });
    expect((await hospitalList()).map((m) => m.id)).not.toContain(draft.id);
    const sent = await send({ id: draft.id, name: '草稿已发' });
    expect(sent).toMatchObject({ id: draft.id, status: '01', recipients: 1 });
    expect((await hospitalList()).find((m) => m.id === draft.id)?.title).toBe('草稿已发');
  });

  it('modifies a sent message: recipients see the new text at once', async () => {
    const sent = await send({ name: '原文' });
    await send({ id: sent.id, name: '新文', content: '新内容' });
    expect((await hospitalList()).find((m) => m.id === sent.id)).toMatchObject({
      title: '新文',
      content: '新内容',
    });
  });

  it("refuses provider staff (403) and another tenant's message (404)", async () => {
    expect((await req('demo/hospital', 'POST', '/msg/msg', body())).statusCode).toBe(403);
    expect((await req('demo/netview', 'POST', '/msg/msg', body())).statusCode).toBe(403);
    const demoMsg = await send();
    const res = await req(
      'acme/auditor',
      'POST',
      '/msg/msg',
      body({ id: demoMsg.id, providerIds: ['P20001'] }),
    );
    expect(res.statusCode).toBe(404);
  });

  it('sends to a geography and to all providers of the tenant only', async () => {
    const acme = await send({ searchType: '04', providerIds: [] }, 'acme/auditor');
    expect(acme.recipients).toBe(1);
    const rows = await t.platform.db
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, acme.id));
    expect(rows.map((r) => r.target)).toEqual(['P20001']);
    expect((await hospitalList()).map((m) => m.id)).not.toContain(acme.id);
    const [p] = await t.platform.db
      .execute(sql`select province from providers where provider_id = 'P10001'`)
      .then((r) => (r as unknown as { rows: { province: string }[] }).rows);
    const area = await send({ searchType: '01', providerIds: [], areaCodes: [p.province] });
    expect(area.recipients).toBe(1);
  });
});

describe('DELETE /msg/msg (withdraw, delete)', () => {
  it('withdraws a sent message: it leaves the list and the count at once', async () => {
    const sent = await send();
    const before = await noticeCount();
    const res = await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [sent.id] });
    expect(res.json().data).toEqual({ deleted: 0, withdrawn: 1 });
    expect((await hospitalList()).map((m) => m.id)).not.toContain(sent.id);
    expect(await noticeCount()).toBe(before - 1);
    expect((await req('demo/auditor', 'POST', '/msg/msg', body({ id: sent.id }))).json().code).toBe(40131);
  });

  it('deletes a draft; refuses provider staff and other tenants', async () => {
    const draft = await send({ action: 'draft', providerIds: [] });
    expect((await req('demo/hospital', 'DELETE', '/msg/msg', { ids: [draft.id] })).statusCode).toBe(403);
    expect((await req('acme/auditor', 'DELETE', '/msg/msg', { ids: [draft.id] })).statusCode).toBe(404);
    expect((await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [] })).statusCode).toBe(400);
    const res = await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [draft.id] });
    expect(res.json().data).toEqual({ deleted: 1, withdrawn: 0 });
    expect(await t.platform.db.select().from(messages).where(eq(messages.id, draft.id))).toEqual([]);
  });
});

describe('validity window', () => {
  it('lists and counts a message only within its validity; the job records the transitions', async () => {
    const future = await send({
      validFrom: new Date(Date.now() + 2 * MIN).toISOString(),
      validTo: new Date(Date.now() + 60 * MIN).toISOString(),
    });
    expect((await hospitalList()).map((m) => m.id)).not.toContain(future.id);
    const before = await noticeCount();
    // Time passes: the window moves so that it has started, then ended.
    await t.platform.db
      .update(messages)
      .set({ validFrom: new Date(Date.now() - MIN) })
      .where(eq(messages.id, future.id));
    expect((await hospitalList()).map((m) => m.id)).toContain(future.id);
    expect(await noticeCount()).toBe(before + 1);
    await t.platform.jobs.requestRun('messages.validity');
    expect(await t.platform.jobs.runDue('messages.validity')).toMatchObject({ status: 'ran' });
    const [started] = await t.platform.db.select().from(messages).where(eq(messages.id, future.id));
    expect(started.startedAt).not.toBeNull();
    expect(started.expiredAt).toBeNull();
    await t.platform.db
      .update(messages)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(messages.id, future.id));
    expect((await hospitalList()).map((m) => m.id)).not.toContain(future.id);
    expect(await noticeCount()).toBe(before);
    await t.platform.jobs.requestRun('messages.validity');
    await t.platform.jobs.runDue('messages.validity');
    const [ended] = await t.platform.db.select().from(messages).where(eq(messages.id, future.id));
    expect(ended.expiredAt).not.toBeNull();
  });
});

describe('operator lists', () => {
  it('pages with filters and read statistics; refuses provider staff; stays in the tenant', async () => {
    const sent = await send({ name: '统计消息', msgLevel: '02', msgType: '02' });
    const page = async (filter: Record<string, unknown>, who = 'demo/auditor') =>
      (await req(who, 'POST', '/msg/msg/page', { size: 100, ...filter })).json().data;
    let row = (await page({ name: '统计' })).records.find((r: { id: string }) => r.id === sent.id);
    expect(row).toMatchObject({ recipients: 1, read: 0, unread: 1, status: '01', phase: 'active' });
    await req('demo/hospital', 'POST', '/msg/msg/center/haveRead', { ids: [sent.id] });
    row = (await page({ msgLevel: '02', msgType: '02', status: '01', sender: 'auditor' })).records.find(
      (r: { id: string }) => r.id === sent.id,
    );
    expect(row).toMatchObject({ recipients: 1, read: 1, unread: 0 });
    expect((await page({ msgLevel: '01', name: '统计' })).records).toEqual([]);
    expect((await page({ periodEnd: '2020-01-01' })).total).toBe(0);
    const stats = (await req('demo/auditor', 'POST', `/msg/msg/${sent.id}/stats`, {})).json().data;
    expect(stats).toMatchObject({ recipients: 1, read: 1, unread: 0 });
    expect(stats.byProvider.records[0]).toMatchObject({ providerId: 'P10001', readers: 1 });
    expect((await req('demo/hospital', 'POST', '/msg/msg/page', {})).statusCode).toBe(403);
    expect((await page({}, 'acme/auditor')).records.map((r: { id: string }) => r.id)).not.toContain(sent.id);
    expect((await req('acme/auditor', 'POST', `/msg/msg/${sent.id}/stats`, {})).statusCode).toBe(404);
    expect((await req('demo/auditor', 'POST', '/msg/msg/page', { status: '09' })).statusCode).toBe(400);
  });

  it('exports the list as .xlsx in the language asked', async () => {
    await send({ name: '导出消息' });
    const res = await req('demo/auditor', 'POST', '/msg/msg/export', { name: '导出' }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(2).getCell(1).value).toBe('导出消息');
    expect(sheet.getRow(2).getCell(3).value).toBe('Pop-up');
    expect((await req('demo/hospital', 'POST', '/msg/msg/export', {})).statusCode).toBe(403);
  });

  it('previews what a provider sees in both languages', async () => {
    const res = await req('demo/auditor', 'POST', '/msg/msg/preview', body());
    expect(res.json().data).toMatchObject({
      zh: { title: '停诊通知', content: '明天停诊。\n请改期。', typeLabel: '弹窗', levelLabel: '紧急' },
      en: { title: 'Clinic closure', typeLabel: 'Pop-up', levelLabel: 'Urgent' },
      important: true,
    });
    expect((await req('demo/auditor', 'POST', '/msg/msg/preview', body({ name: '' }))).statusCode).toBe(400);
    expect((await req('demo/hospital', 'POST', '/msg/msg/preview', body())).statusCode).toBe(403);
  });

  it("lists a provider's messages and unread counts for operators only", async () => {
    const sent = await send({ name: '按医院' });
    const list = (
      await req('demo/auditor', 'POST', '/msg/msg/listMsgByProviderId', { providerId: 'P10001' })
    ).json().data;
    expect(list.records.map((r: { id: string }) => r.id)).toContain(sent.id);
    const centre = (
      await req('demo/auditor', 'POST', '/msg/msg/center/page', {
        providerId: 'P10001',
        readStatus: 'unread',
      })
    ).json().data;
    expect(centre.records.map((r: { id: string }) => r.id)).toContain(sent.id);
    const all = (
      await req('demo/auditor', 'POST', '/msg/msg/center/collectAll', {
        codes: ['04'],
        providerIdList: ['P10001'],
      })
    ).json().data;
    expect(all[0]).toMatchObject({ providerId: 'P10001', count: await noticeCount() });
    expect(
      (await req('demo/hospital', 'POST', '/msg/msg/center/collectAll', { providerIdList: ['P10001'] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req('demo/auditor', 'POST', '/msg/msg/center/collectAll', { providerIdList: [] })).statusCode,
    ).toBe(400);
    const acme = (
      await req('acme/auditor', 'POST', '/msg/msg/listMsgByProviderId', { providerId: 'P10001' })
    ).json().data;
    expect(acme.total).toBe(0);
  });
});

describe('fan-out', () => {
  it('sends to every one of 10,000 providers with one statement; counts stay per provider', async () => {
    const tenantId = tenantIds.get('acme')!;
    await t.platform.db.execute(sql`insert into providers (tenant_id, provider_id, provider_cn_name, provider_en_name)
      select ${tenantId}::uuid, 'F' || lpad(g::text, 5, '0'), '医院' || g, 'Hospital ' || g
      from generate_series(1, 9999) g`);
    const before = await noticeCount('acme/hospital');
    const sent = await send({ searchType: '04', providerIds: [] }, 'acme/auditor');
    expect(sent.recipients).toBe(10_000);
    const [n] = await t.platform.db
      .select({ n: sql<number>`count(*)` })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, sent.id), eq(messageRecipients.kind, 'provider')));
    expect(Number(n.n)).toBe(10_000);
    expect(await noticeCount('acme/hospital')).toBe(before + 1);
    expect(await noticeCount('demo/hospital')).toBe(await noticeCount('demo/hospital'));
    const stats = (await req('acme/auditor', 'POST', `/msg/msg/${sent.id}/stats`, { size: 5 })).json().data;
    expect(stats).toMatchObject({ recipients: 10_000, read: 0, unread: 10_000 });
    expect(stats.byProvider.records).toHaveLength(5);
    await req('acme/auditor', 'DELETE', '/msg/msg', { ids: [sent.id] });
    expect(await noticeCount('acme/hospital')).toBe(before);
  });
});

describe('live stream', () => {
  it("needs a ticket, which works once, and tells the tenant's streams of a send", async () => {
    expect(
      (await req('demo/hospital', 'GET', '/msg/msg/stream?ticket=nonsense-ticket-000000')).statusCode,
    ).toBe(401);
    const ticket = (await req('demo/hospital', 'POST', '/msg/msg/stream/ticket')).json().data
      .ticket as string;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const events: string[] = [];
    const stream = httpRequest({ host: '127.0.0.1', port, path: `/saasapi/msg/msg/stream?ticket=${ticket}` });
    const opened = new Promise<void>((resolve, reject) => {
      stream.on('response', (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          events.push(...[...chunk.matchAll(/event: (\w+)/g)].map((m) => m[1]));
          if (events.includes('ready')) resolve();
        });
      });
      stream.on('error', reject);
    });
    stream.end();
    await opened;
    await send({ providerIds: ['P20001'] }, 'acme/auditor');
    await send();
    const deadline = Date.now() + 2000;
    while (!events.includes('messages') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(events.filter((e) => e === 'messages')).toHaveLength(1);
    stream.destroy();
    expect((await req('demo/hospital', 'GET', `/msg/msg/stream?ticket=${ticket}`)).statusCode).toBe(401);
  });
});

/** A live stream of `who`, collecting each `messages` event's data as it arrives. */
async function openStream(who: string) {
  const ticket = (await req(who, 'POST', '/msg/msg/stream/ticket')).json().data.ticket as string;
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const events: Record<string, unknown>[] = [];
  const stream = httpRequest({ host: '127.0.0.1', port, path: `/saasapi/msg/msg/stream?ticket=${ticket}` });
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    stream.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) resolve();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes('event: messages') && data) events.push(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      });
    });
    stream.on('error', reject);
    stream.end();
  });
  return {
    events,
    /** Waits until `n` events have arrived (2 s at most, the browser's promise). */
    async waitFor(n: number) {
      const deadline = Date.now() + 2000;
      while (events.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return events;
    },
    close: () => stream.destroy(),
  };
}

describe('live stream: the event carries what changed (decision 0032, amended)', () => {
  it('a send reaches only its recipients, with the message and unread, so nothing is re-read', async () => {
    const hospital = await openStream('demo/hospital');
    const auditor = await openStream('demo/auditor');
    const acme = await openStream('acme/hospital');
    try {
      const sent = await send({ name: '实时新增', nameEn: 'Live added' });
      const [event] = await hospital.waitFor(1);
      expect(event).toEqual({
        added: [
          expect.objectContaining({
            id: sent.id,
            code: '04',
            msgType: '01',
            msgLevel: '03',
            title: '实时新增',
            titleEn: 'Live added',
            content: '明天停诊。\n请改期。',
            unread: true,
          }),
        ],
      });
      // Operator staff and another tenant receive nothing, so they are not told.
      await send({ providerIds: ['P20001'] }, 'acme/auditor');
      await acme.waitFor(1);
      expect(auditor.events).toEqual([]);
      expect(hospital.events).toHaveLength(1);
      expect(acme.events[0]).toMatchObject({ added: [expect.objectContaining({ unread: true })] });
    } finally {
      hospital.close();
      auditor.close();
      acme.close();
    }
  });

  it('a withdrawal says whether the message was unread; a modification asks for a re-read', async () => {
    const read = await send({ name: '已读撤回' });
    const unread = await send({ name: '未读撤回' });
    expect(
      (await req('demo/hospital', 'POST', '/msg/msg/center/haveRead', { ids: [read.id] })).statusCode,
    ).toBe(200);
    const hospital = await openStream('demo/hospital');
    try {
      await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [read.id] });
      await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [unread.id] });
      const [first, second] = await hospital.waitFor(2);
      expect(first).toEqual({ removed: [expect.objectContaining({ id: read.id, unread: false })] });
      expect(second).toEqual({ removed: [expect.objectContaining({ id: unread.id, unread: true })] });

      const modified = await send({ name: '修改前' });
      await hospital.waitFor(3);
      const saved = await req('demo/auditor', 'POST', '/msg/msg', body({ id: modified.id, name: '修改后' }));
      expect(saved.statusCode, saved.body).toBe(200);
      const events = await hospital.waitFor(4);
      expect(events[3]).toEqual({});
    } finally {
      hospital.close();
    }
  });

  it('a scheduled message is told when it starts, once; an expiry is told as it leaves', async () => {
    const hospital = await openStream('demo/hospital');
    try {
      const scheduled = await send({
        name: '定时开始',
        validFrom: new Date(Date.now() + 30 * MIN).toISOString(),
        validTo: new Date(Date.now() + 90 * MIN).toISOString(),
      });
      const now = await send({ name: '立即开始' });
      await hospital.waitFor(1);
      // Not visible yet: only the immediate one was told.
      expect(hospital.events.map((e) => (e as { added: { id: string }[] }).added[0].id)).toEqual([now.id]);

      await t.platform.db
        .update(messages)
        .set({ validFrom: new Date(Date.now() - 1000), updatedAt: new Date(Date.now() - MIN) })
        .where(eq(messages.id, scheduled.id));
      await recordValidityTransitions(t.platform);
      const events = await hospital.waitFor(2);
      // The immediate message started too, but was told at its send: not again.
      expect(events).toHaveLength(2);
      expect(events[1]).toEqual({ added: [expect.objectContaining({ id: scheduled.id, unread: true })] });

      await t.platform.db
        .update(messages)
        .set({ validTo: new Date(Date.now() - 1000) })
        .where(eq(messages.id, now.id));
      await recordValidityTransitions(t.platform);
      const after = await hospital.waitFor(3);
      expect(after[2]).toEqual({ removed: [expect.objectContaining({ id: now.id, unread: true })] });
    } finally {
      hospital.close();
    }
  });
});
