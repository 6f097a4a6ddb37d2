// The message centre's inbox (decision 0032, amendment "messages at scale"): the recipient rows
// carry trigger-kept copies of their message's status, code, sent time and validity (migration
// 0050), and the centre's counts and pages read them. These tests prove the copies follow every
// writer and that counts and pages stay what the messages themselves say.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../platform/db/raw-query.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { users } from '../users/users.tables.ts';
import { insertMessage, type TNewMessage } from './messages.service.ts';
import { messageReads, messageRecipients, messages } from './messages.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const tenantIds = new Map<string, string>();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CODES = ['12', '01', '13', '02', '03', '04'];

const req = (who: string, method: 'POST' | 'DELETE', url: string, payload: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    payload: payload as Record<string, unknown>,
  });

async function collect(who: string) {
  const res = await req(who, 'POST', '/msg/msg/center/collect', { codes: CODES });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { count: number; statisticsList: { code: string; count: number }[] };
  return { total: data.count, byCode: Object.fromEntries(data.statisticsList.map((s) => [s.code, s.count])) };
}

async function list(who: string, filter: Record<string, unknown> = {}) {
  const res = await req(who, 'POST', '/msg/msg/center/list', { size: 100, ...filter });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { records: { id: string; read: boolean }[]; total: number };
  return { ids: data.records.map((r) => r.id), total: data.total, records: data.records };
}

function message(tenant: string, over: Partial<TNewMessage> = {}): TNewMessage {
  return {
    tenantId: tenantIds.get(tenant)!,
    name: '收件箱测试',
    nameEn: 'Inbox test',
    msgType: '02',
    msgLevel: '01',
    code: '12',
    content: '内容',
    enContent: 'Content',
    validFrom: new Date(Date.now() - DAY),
    validTo: null,
    sentAt: new Date(Date.now() - MIN),
    sender: { id: null, name: '系统', nameEn: 'System' },
    recipients: [{ kind: 'provider', target: 'P10001' }],
    ...over,
  };
}

/** Recipient rows (every tenant) whose copies differ from their message's columns. */
async function drifted(): Promise<number> {
  const [row] = await query<{ n: number | string }>(
    t.platform.db,
    sql`select count(*) as n from ${messageRecipients} r join ${messages} m on m.id = r.message_id
      where (r.status, r.code, r.sent_at, r.valid_from, r.valid_to)
        is distinct from (m.status, m.code, m.sent_at, m.valid_from, m.valid_to)`,
  );
  return Number(row.n);
}

async function copyOf(messageId: string) {
  return t.platform.db
    .select({
      status: messageRecipients.status,
      code: messageRecipients.code,
      sentAt: messageRecipients.sentAt,
      validFrom: messageRecipients.validFrom,
      validTo: messageRecipients.validTo,
    })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId));
}

let hospitalUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of ['demo/auditor', 'demo/hospital', 'acme/auditor', 'acme/hospital']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
  const [user] = await t.platform.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantIds.get('demo')!), eq(users.account, 'hospital')));
  hospitalUserId = user.id;
});
afterAll(async () => {
  await t?.close();
});

describe('recipient rows keep their message copy (migration 0050)', () => {
  it('fills the copy on insert, by any writer, and follows every change of the message', async () => {
    const validTo = new Date(Date.now() + DAY);
    const id = await insertMessage(t.platform.db, message('demo', { code: '13', validTo }));
    const [copy] = await copyOf(id);
    expect(copy).toMatchObject({ status: '01', code: '13', validTo });
    expect(copy.sentAt).toBeInstanceOf(Date);

    // A bulk INSERT … SELECT naming only the four key columns, as the sending screens do.
    await t.platform.db.execute(
      sql`insert into ${messageRecipients} (tenant_id, message_id, kind, target)
        select tenant_id, id, 'user', ${hospitalUserId} from ${messages} where id = ${id}::uuid`,
    );
    expect(await copyOf(id)).toHaveLength(2);
    expect(await drifted()).toBe(0);

    // Withdrawal, a new period, another code: each rewrites every recipient row's copy.
    await t.platform.db.update(messages).set({ status: '02' }).where(eq(messages.id, id));
    expect((await copyOf(id)).map((c) => c.status)).toEqual(['02', '02']);
    await t.platform.db
      .update(messages)
      .set({ status: '01', validFrom: new Date(Date.now() + DAY), validTo: null, code: '01' })
      .where(eq(messages.id, id));
    expect((await copyOf(id)).map((c) => [c.status, c.code, c.validTo])).toEqual([
      ['01', '01', null],
      ['01', '01', null],
    ]);
    expect(await drifted()).toBe(0);
  });

  it('keeps the copies of the seed and of sends, modifications and withdrawals through the routes', async () => {
    const sent = await req('demo/auditor', 'POST', '/msg/msg', {
      action: 'send',
      name: '路由发送',
      nameEn: 'Sent by route',
      msgType: '02',
      msgLevel: '01',
      content: '内容',
      enContent: 'Content',
      validFrom: new Date(Date.now() - MIN).toISOString(),
      validTo: new Date(Date.now() + 60 * MIN).toISOString(),
      searchType: '04',
      providerIds: [],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.id as string;
    expect((await copyOf(id)).length).toBeGreaterThan(0);
    await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [id] });
    expect(new Set((await copyOf(id)).map((c) => c.status))).toEqual(new Set(['02']));
    expect(await drifted()).toBe(0);
  });
});

describe('the centre counts and pages from the inbox', () => {
  it('stays right through reading, withdrawing, a later start, expiry and deletion', async () => {
    const before = await collect('demo/hospital');
    const listed = await list('demo/hospital');
    const unread = await list('demo/hospital', { readStatus: 'unread' });
    const read = await list('demo/hospital', { readStatus: 'read' });

    // Addressed to the user, their provider and all providers: one message, counted once.
    const everywhere = await insertMessage(
      t.platform.db,
      message('demo', {
        code: '04',
        recipients: [
          { kind: 'user', target: hospitalUserId },
          { kind: 'provider', target: 'P10001' },
          { kind: 'allProviders' },
        ],
      }),
    );
    const sent = await req('demo/auditor', 'POST', '/msg/msg', {
      action: 'send',
      name: '给 P10001',
      nameEn: 'To P10001',
      msgType: '02',
      msgLevel: '01',
      content: '内容',
      enContent: 'Content',
      validFrom: new Date(Date.now() - MIN).toISOString(),
      validTo: new Date(Date.now() + 60 * MIN).toISOString(),
      searchType: '02',
      providerIds: ['P10001'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const plain = sent.json().data.id as string;
    const after = await collect('demo/hospital');
    expect(after.total).toBe(before.total + 2);
    expect(after.byCode['04']).toBe(before.byCode['04'] + 2);
    const withBoth = await list('demo/hospital');
    expect(withBoth.total).toBe(listed.total + 2);
    expect(withBoth.ids.filter((i) => i === everywhere)).toHaveLength(1);
    expect(withBoth.ids).toContain(plain);
    // Paged by one, every message appears once, in the order of the whole list.
    const paged: string[] = [];
    for (let current = 1; current <= withBoth.total; current++) {
      const page = await req('demo/hospital', 'POST', '/msg/msg/center/list', { current, size: 1 });
      paged.push(...(page.json().data.records as { id: string }[]).map((r) => r.id));
    }
    expect(paged).toEqual(withBoth.ids);
    // A page past the end has no rows and still the total.
    const past = await req('demo/hospital', 'POST', '/msg/msg/center/list', {
      current: withBoth.total + 1,
      size: 1,
    });
    expect(past.json().data).toMatchObject({ records: [], total: withBoth.total });

    // Reading lowers the unread count and moves it between the read filters.
    const marked = await req('demo/hospital', 'POST', '/msg/msg/center/haveRead', { ids: [everywhere] });
    expect(marked.json().data.marked).toBe(1);
    expect((await collect('demo/hospital')).byCode['04']).toBe(before.byCode['04'] + 1);
    expect((await list('demo/hospital', { readStatus: 'read' })).total).toBe(read.total + 1);
    const stillUnread = await list('demo/hospital', { readStatus: 'unread' });
    expect(stillUnread.total).toBe(unread.total + 1);
    expect(stillUnread.ids).not.toContain(everywhere);
    expect((await list('demo/hospital')).records.find((r) => r.id === everywhere)?.read).toBe(true);

    // Withdrawn (the operator's route), started later, expired: each leaves count and list.
    const withdrawn = await req('demo/auditor', 'DELETE', '/msg/msg', { ids: [plain] });
    expect(withdrawn.json().data).toEqual({ deleted: 0, withdrawn: 1 });
    expect((await collect('demo/hospital')).byCode['04']).toBe(before.byCode['04']);
    expect((await list('demo/hospital')).ids).not.toContain(plain);
    await t.platform.db
      .update(messages)
      .set({ validFrom: new Date(Date.now() + DAY) })
      .where(eq(messages.id, everywhere));
    expect((await list('demo/hospital', { readStatus: 'read' })).total).toBe(read.total);
    const expiring = await insertMessage(t.platform.db, message('demo', { code: '12' }));
    expect((await collect('demo/hospital')).byCode['12']).toBe(before.byCode['12'] + 1);
    await t.platform.db
      .update(messages)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(messages.id, expiring));
    expect(await collect('demo/hospital')).toEqual(before);

    // Deleted with its recipient rows (as drafts are): nothing left to count.
    const gone = await insertMessage(t.platform.db, message('demo', { code: '02' }));
    expect((await collect('demo/hospital')).total).toBe(before.total + 1);
    await t.platform.db.delete(messageRecipients).where(eq(messageRecipients.messageId, gone));
    await t.platform.db.delete(messages).where(eq(messages.id, gone));
    expect(await collect('demo/hospital')).toEqual(before);
    expect((await list('demo/hospital')).total).toBe(listed.total);
  });

  it("never counts or lists another tenant's rows, even for the same provider id", async () => {
    const demoBefore = await collect('demo/hospital');
    const demoList = await list('demo/hospital');
    const acmeBefore = await collect('acme/hospital');
    const acmeMsg = await insertMessage(
      t.platform.db,
      message('acme', {
        code: '13',
        recipients: [{ kind: 'provider', target: 'P10001' }, { kind: 'allProviders' }],
      }),
    );
    expect(await collect('demo/hospital')).toEqual(demoBefore);
    const demoAfter = await list('demo/hospital');
    expect(demoAfter.total).toBe(demoList.total);
    expect(demoAfter.ids).not.toContain(acmeMsg);
    expect((await collect('acme/hospital')).byCode['13']).toBe(acmeBefore.byCode['13'] + 1);
    expect((await list('acme/hospital')).ids).toContain(acmeMsg);
  });
});

/**
 * What the operators' per-provider views answered before they read the inbox (the recipient-first
 * EXISTS over messages): the provider's messages newest first, each with its code and whether any
 * of its staff has read it. The routes must answer exactly this.
 */
async function expectedForProvider(tenant: string, providerId: string) {
  const rows = await query<{ id: string; code: string; read: boolean }>(
    t.platform.db,
    sql`select m.id, m.code, exists (select 1 from message_reads mr join users u on u.id = mr.user_id
          and u.tenant_id = mr.tenant_id
        where mr.tenant_id = m.tenant_id and mr.message_id = m.id and u.provider_id = ${providerId}) as read
      from ${messages} m
      where m.tenant_id = ${tenantIds.get(tenant)!}::uuid and m.status = '01' and m.valid_from <= now()
        and (m.valid_to is null or m.valid_to > now())
        and exists (select 1 from ${messageRecipients} r where r.tenant_id = m.tenant_id and r.message_id = m.id
          and ((r.kind = 'provider' and r.target = ${providerId}) or r.kind = 'allProviders'))
      order by m.sent_at desc, m.id desc`,
  );
  return rows.map((r) => ({ id: r.id, code: r.code, read: Boolean(r.read) }));
}

async function byProvider(who: string, url: string, body: Record<string, unknown>) {
  const res = await req(who, 'POST', url, { size: 100, ...body });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { records: { id: string; code: string; read: boolean }[]; total: number };
  return { rows: data.records.map((r) => ({ id: r.id, code: r.code, read: r.read })), total: data.total };
}

async function collectAllOf(who: string, providerIdList: string[]) {
  const res = await req(who, 'POST', '/msg/msg/center/collectAll', { codes: CODES, providerIdList });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().data as {
      providerId: string;
      count: number;
      statisticsList: { code: string; count: number }[];
    }[]
  ).map((p) => ({
    providerId: p.providerId,
    total: p.count,
    byCode: Object.fromEntries(p.statisticsList.map((s) => [s.code, s.count])),
  }));
}

/** Every per-provider view of the auditor against what the messages themselves say. */
async function expectProviderViews(tenant: string, providerId: string) {
  const who = `${tenant}/auditor`;
  const expected = await expectedForProvider(tenant, providerId);
  const listed = await byProvider(who, '/msg/msg/listMsgByProviderId', { providerId });
  expect(listed).toEqual({ rows: expected, total: expected.length });
  expect(await byProvider(who, '/msg/msg/listMsgByProviderId', { providerId, current: 1_000 })).toEqual({
    rows: [],
    total: expected.length,
  });
  for (const readStatus of ['read', 'unread'] as const) {
    const rows = expected.filter((r) => r.read === (readStatus === 'read'));
    expect(await byProvider(who, '/msg/msg/center/page', { providerId, readStatus })).toEqual({
      rows,
      total: rows.length,
    });
  }
  for (const code of CODES) {
    const rows = expected.filter((r) => r.code === code);
    expect(await byProvider(who, '/msg/msg/center/page', { providerId, code })).toEqual({
      rows,
      total: rows.length,
    });
  }
  const unread = expected.filter((r) => !r.read);
  const [counts] = await collectAllOf(who, [providerId]);
  expect(counts).toEqual({
    providerId,
    total: unread.length,
    byCode: Object.fromEntries(CODES.map((c) => [c, unread.filter((r) => r.code === c).length])),
  });
  return expected;
}

describe("the operators' per-provider views read the provider's inbox", () => {
  it('answer what the messages say through every audience, reader, validity change and page', async () => {
    const demo = tenantIds.get('demo')!;
    const start = await expectProviderViews('demo', 'P10001');
    // A second member of staff of P10001 and one of another provider (reads only, no login).
    const [colleague, stranger] = await t.platform.db
      .insert(users)
      .values([
        {
          tenantId: demo,
          account: 'p1-colleague',
          passwordHash: 'x',
          name: '同事',
          userType: '02',
          providerId: 'P10001',
        },
        {
          tenantId: demo,
          account: 'p2-staff',
          passwordHash: 'x',
          name: '他院',
          userType: '02',
          providerId: 'P10002',
        },
      ])
      .returning({ id: users.id });

    const toAll = await insertMessage(
      t.platform.db,
      message('demo', { code: '01', recipients: [{ kind: 'allProviders' }] }),
    );
    const toBoth = await insertMessage(
      t.platform.db,
      message('demo', {
        code: '04',
        recipients: [
          { kind: 'provider', target: 'P10001' },
          { kind: 'allProviders' },
          { kind: 'allOperators' },
        ],
      }),
    );
    // Only to the hospital user in person: not the provider's message (as before).
    const toUser = await insertMessage(
      t.platform.db,
      message('demo', { code: '13', recipients: [{ kind: 'user', target: hospitalUserId }] }),
    );
    const toOther = await insertMessage(
      t.platform.db,
      message('demo', { code: '02', recipients: [{ kind: 'provider', target: 'P10002' }] }),
    );
    const later = await insertMessage(
      t.platform.db,
      message('demo', { code: '12', validFrom: new Date(Date.now() + DAY) }),
    );
    const expired = await insertMessage(
      t.platform.db,
      message('demo', { code: '12', validTo: new Date(Date.now() - MIN) }),
    );
    const ids = (await expectProviderViews('demo', 'P10001')).map((r) => r.id);
    expect(ids).toHaveLength(start.length + 2);
    expect(ids.filter((id) => id === toBoth)).toHaveLength(1);
    expect(ids).toEqual(expect.arrayContaining([toAll, toBoth]));
    for (const id of [toUser, toOther, later, expired]) expect(ids).not.toContain(id);
    const other = (await expectProviderViews('demo', 'P10002')).map((r) => r.id);
    expect(other).toEqual(expect.arrayContaining([toAll, toBoth, toOther]));

    // Read by a colleague: read for P10001 (whoever of its staff read it), still unread for P10002;
    // read by P10002's staff: nothing changes for P10001.
    await t.platform.db.insert(messageReads).values([
      { tenantId: demo, messageId: toBoth, userId: colleague.id },
      { tenantId: demo, messageId: toAll, userId: stranger.id },
    ]);
    const after = await expectProviderViews('demo', 'P10001');
    expect(after.find((r) => r.id === toBoth)?.read).toBe(true);
    expect(after.find((r) => r.id === toAll)?.read).toBe(false);
    const otherAfter = await expectProviderViews('demo', 'P10002');
    expect(otherAfter.find((r) => r.id === toAll)?.read).toBe(true);
    expect(otherAfter.find((r) => r.id === toBoth)?.read).toBe(false);
    const [p1, p2] = await collectAllOf('demo/auditor', ['P10001', 'P10002', 'P10001']);
    expect([p1.providerId, p2.providerId]).toEqual(['P10001', 'P10002']);

    // The validity window moves with the message: started now, expired now.
    await t.platform.db
      .update(messages)
      .set({ validFrom: new Date(Date.now() - MIN) })
      .where(eq(messages.id, later));
    await t.platform.db
      .update(messages)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(messages.id, toAll));
    const moved = (await expectProviderViews('demo', 'P10001')).map((r) => r.id);
    expect(moved).toContain(later);
    expect(moved).not.toContain(toAll);

    // Paged by one, every message appears once, in the order of the whole list.
    const paged: string[] = [];
    for (let current = 1; current <= moved.length; current++) {
      const page = await byProvider('demo/auditor', '/msg/msg/listMsgByProviderId', {
        providerId: 'P10001',
        current,
        size: 1,
      });
      expect(page.total).toBe(moved.length);
      paged.push(...page.rows.map((r) => r.id));
    }
    expect(paged).toEqual(moved);
  });

  it("never counts or lists another tenant's rows for the same provider id", async () => {
    const demoBefore = await expectProviderViews('demo', 'P10001');
    const acmeMsg = await insertMessage(
      t.platform.db,
      message('acme', {
        code: '13',
        recipients: [{ kind: 'provider', target: 'P10001' }, { kind: 'allProviders' }],
      }),
    );
    expect(await expectProviderViews('demo', 'P10001')).toEqual(demoBefore);
    expect((await expectProviderViews('acme', 'P10001')).map((r) => r.id)).toContain(acmeMsg);
  });
});
