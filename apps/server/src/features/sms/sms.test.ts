import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { aliyunPercentEncode, createAliyunGateway } from './sms.gateway.ts';
import { dispatchSms, SMS_DISPATCH_JOB } from './sms.outbox.ts';
import { collectSmsReceipts } from './sms.receipts.ts';
import { smsBatches, smsOutbox } from './sms.tables.ts';

const SEND = '/saasapi/msg/sms';
const PREVIEW = '/saasapi/msg/sms/preview';
const PAGE = '/saasapi/msg/sms/page';
const RECIPIENTS = '/saasapi/msg/sms/recipients';
const PROVIDERS = '/saasapi/msg/sms/providers';
const SETTINGS = '/saasapi/msg/sms/settings';

/**
 * A local stand-in for Aliyun's SMS API: checks each request's signature as Aliyun does and
 * answers what the test queued (default: OK).
 */
interface TFakeAnswer {
  status: number;
  body: Record<string, unknown>;
}
class FakeGateway {
  server: Server;
  requests: Record<string, string>[] = [];
  badSignatures = 0;
  answers: TFakeAnswer[] = [];
  /** Answers by phone number, used whenever that phone is asked for. */
  byPhone = new Map<string, TFakeAnswer[]>();
  /** What SendSms took, by the BizId it answered: QuerySendDetails reports on these. */
  sent = new Map<string, { phone: string; outId: string; sendDate: string }>();
  /**
   * QuerySendDetails answers by BizId: a receipt (SendStatus 1 waiting, 2 failed, 3 delivered,
   * with ErrCode and ReceiveDate) or a whole answer (an error). Default when none is queued:
   * delivered.
   */
  receipts = new Map<string, (TFakeAnswer | { SendStatus: number; ErrCode: string })[]>();

  readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
    this.server = createServer((req, res) => this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams.entries());
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(rest[k])}`)
      .join('&');
    const expected = createHmac('sha1', `${this.secret}&`)
      .update(`GET&%2F&${aliyunPercentEncode(canonical)}`)
      .digest('base64');
    this.requests.push(params);
    let answer: TFakeAnswer;
    if (Signature !== expected) {
      this.badSignatures += 1;
      answer = {
        status: 400,
        body: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' },
      };
    } else if (params.Action === 'QuerySendDetails') {
      answer = this.querySendDetails(params);
    } else {
      answer = this.byPhone.get(params.PhoneNumbers)?.shift() ??
        this.answers.shift() ?? {
          status: 200,
          body: { Code: 'OK', Message: 'OK', BizId: `biz-${this.requests.length}`, RequestId: randomUUID() },
        };
    }
    if (params.Action === 'SendSms' && answer.body.Code === 'OK') {
      this.sent.set(String(answer.body.BizId), {
        phone: params.PhoneNumbers,
        outId: params.OutId,
        sendDate: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', ''),
      });
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  }

  /** Aliyun's QuerySendDetails: the details of what was sent to PhoneNumber on SendDate under BizId. */
  private querySendDetails(params: Record<string, string>): TFakeAnswer {
    const sent = this.sent.get(params.BizId);
    const queued = this.receipts.get(params.BizId)?.shift();
    if (queued && 'status' in queued) return queued;
    const found = sent && sent.phone === params.PhoneNumber && sent.sendDate === params.SendDate;
    const receipt = queued ?? { SendStatus: 3, ErrCode: 'DELIVERED' };
    const details = found
      ? [
          {
            PhoneNum: sent.phone,
            OutId: sent.outId,
            SendStatus: receipt.SendStatus,
            ErrCode: receipt.ErrCode,
            TemplateCode: 'SMS_123456789',
            Content: '',
            SendDate: '2026-11-25 10:00:00',
            ReceiveDate: receipt.SendStatus === 1 ? '' : '2026-11-25 10:00:05',
          },
        ]
      : [];
    return {
      status: 200,
      body: {
        Code: 'OK',
        Message: 'OK',
        RequestId: randomUUID(),
        TotalCount: details.length,
        SmsSendDetailDTOs: { SmsSendDetailDTO: details },
      },
    };
  }
}

let t: TTestApp;
const tokens: Record<string, string> = {};
const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);

const send = (who: string, payload: Record<string, unknown>, language: 'zh' | 'en' = 'zh') =>
  as(who, {
    method: 'POST',
    url: SEND,
    headers: { language },
    payload: { requestKey: randomUUID(), ...payload },
  });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('validation, in both languages', () => {
  const cases: [string, Record<string, unknown>, string, { zh: string; en: string }][] = [
    [
      'empty content',
      { content: '', phones: '13800138000' },
      'content',
      { zh: '不能为空', en: "Can't be empty" },
    ],
    [
      'content over 500 characters',
      { content: '好'.repeat(501), phones: '13800138000' },
      'content',
      { zh: '短信内容最多 500 个字', en: 'The content is at most 500 characters' },
    ],
    [
      'a bracket in the template',
      { content: '【医网】您好', phones: '13800138000' },
      'content',
      { zh: '模板不能包含括号符号（【】[]）', en: 'The template cannot contain the bracket symbol (【】[])' },
    ],
    [
      'invalid phone numbers, each named',
      { content: '您好', phones: '13800138000\n12345,abc' },
      'phones',
      { zh: '手机号格式不正确：12345, abc', en: 'Phone number is invalid: 12345, abc' },
    ],
    [
      'no recipient',
      { content: '您好', phones: ' , ' },
      'phones',
      { zh: '请输入手机号或选择医疗机构联系人', en: 'Enter phone numbers or choose provider contacts' },
    ],
    [
      'an unknown variable',
      { content: '#nmae# 您好', phones: '13800138000' },
      'content',
      {
        zh: '未知的变量 #nmae#，可用：#phone#、#name#、#provider#、#providerId#',
        en: 'Unknown variable #nmae#; use #phone#, #name#, #provider#, #providerId#',
      },
    ],
    [
      'a variable a typed number has no value for',
      { content: '#name# 您好', phones: '13800138000' },
      'content',
      {
        zh: '13800138000 没有变量 #name# 的值，请删除变量或改用医疗机构联系人',
        en: '13800138000 has no value for #name#; remove the variable or choose provider contacts',
      },
    ],
    [
      'a provider the tenant does not have',
      { content: '您好', providerIds: ['P99999'] },
      'providerIds',
      { zh: '医疗机构 P99999 不存在', en: 'Provider P99999 does not exist' },
    ],
  ];
  for (const [what, payload, fieldName, message] of cases) {
    it(`refuses ${what} with a 400 and nothing saved`, async () => {
      const before = await t.platform.db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox);
      for (const language of ['zh', 'en'] as const) {
        const res = await send('demo/auditor', payload, language);
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expect(body.isSuccess).toBe(false);
        expect({
          zh: body.data.fieldErrors[fieldName].msg,
          en: body.data.fieldErrors[fieldName].msg_en,
        }).toEqual(message);
        expect(body.msg_en).toBe(message.en);
        const preview = await as('demo/auditor', {
          method: 'POST',
          url: PREVIEW,
          headers: { language },
          payload,
        });
        expect(preview.statusCode).toBe(400);
      }
      const after = await t.platform.db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox);
      expect(after[0].n).toBe(before[0].n);
    });
  }

  it('refuses a send without its request key', async () => {
    const res = await as('demo/auditor', {
      method: 'POST',
      url: SEND,
      payload: { content: '您好', phones: '13800138000' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('preview and send (log adapter)', () => {
  it('previews typed numbers and provider contacts: repeats removed, variables filled, segments counted', async () => {
    const res = await as('demo/auditor', {
      method: 'POST',
      url: PREVIEW,
      payload: {
        content: '#provider# 您好，请联系 #phone#',
        phones: '',
        providerIds: ['P10001'],
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const phones = data.recipients.map((r: { phone: string }) => r.phone);
    // The seed's P10001 has mobiles 138 0101 2001 (王芳) and 139 1120 3003 (张伟); landlines are not SMS targets.
    expect(phones).toContain('13801012001');
    expect(phones).toContain('13911203003');
    expect(phones.every((p: string) => /^1[3-9]\d{9}$/.test(p))).toBe(true);
    const wang = data.recipients.find((r: { phone: string }) => r.phone === '13801012001');
    expect(wang).toMatchObject({ name: '王芳', providerId: 'P10001', segments: 1 });
    expect(wang.text).toMatch(/^北京.*您好，请联系 13801012001$/);

    const mixed = await as('demo/auditor', {
      method: 'POST',
      url: PREVIEW,
      payload: {
        content: '好'.repeat(71),
        phones: '13801012001, 13800138000, +86 138 0013 8000',
        providerIds: ['P10001'],
      },
    });
    const m = mixed.json().data;
    expect(m.recipients[0].phone).toBe('13801012001');
    expect(m.recipients[1].phone).toBe('13800138000');
    expect(m.duplicates).toBe(2);
    expect(m.recipients[0].segments).toBe(2);
    expect(m.segments).toBe(2 * m.recipients.length);
  });

  it('sends to two numbers: a batch, one pending row each, an operation-log row; the job marks them sent', async () => {
    const requestKey = randomUUID();
    const res = await as('demo/auditor', {
      method: 'POST',
      url: SEND,
      payload: { content: '您好，体检报告已出', phones: '13800138000\n13900139000', requestKey },
    });
    expect(res.statusCode).toBe(200);
    const batch = res.json().data;
    expect(batch).toMatchObject({ total: 2, pending: 2, sent: 0, failed: 0, senderAccount: 'auditor' });
    expect(batch.senderNameEn).not.toBe('');
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetTable, 'sms_batches'), eq(operationLogs.targetId, batch.id)));
    expect(logs).toHaveLength(1);

    // The same request again (a double click, a retried request) sends nothing more.
    const again = await as('demo/auditor', {
      method: 'POST',
      url: SEND,
      payload: { content: '您好，体检报告已出', phones: '13800138000\n13900139000', requestKey },
    });
    expect(again.json().data.id).toBe(batch.id);
    const rows = await t.platform.db.select().from(smsOutbox).where(eq(smsOutbox.batchId, batch.id));
    expect(rows).toHaveLength(2);

    await t.platform.jobs.requestRun(SMS_DISPATCH_JOB);
    const outcome = await t.platform.jobs.runDue(SMS_DISPATCH_JOB);
    expect(outcome).toMatchObject({ status: 'ran' });
    const page = await as('demo/auditor', {
      method: 'POST',
      url: RECIPIENTS,
      payload: { batchId: batch.id },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ total: 2 });
    for (const r of page.json().data.records) {
      // The log adapter is the message's destination: delivered at once, no receipt to wait for.
      expect(r).toMatchObject({
        status: 'sent',
        attempts: 1,
        providerMessageId: `log-${r.id}`,
        error: '',
        delivery: 'delivered',
        deliveryReason: '',
      });
      expect(r.deliveredAt).not.toBeNull();
    }
    const list = await as('demo/auditor', { method: 'POST', url: PAGE, payload: { current: 1, size: 5 } });
    expect(list.json().data.records[0]).toMatchObject({
      id: batch.id,
      total: 2,
      sent: 2,
      pending: 0,
      delivered: 2,
      undelivered: 0,
    });
  });

  it('answers the settings and a provider search', async () => {
    const settings = await as('demo/auditor', { method: 'GET', url: SETTINGS });
    expect(settings.json().data).toEqual({ signName: '', adapter: 'log' });
    const found = await as('demo/auditor', {
      method: 'POST',
      url: PROVIDERS,
      payload: { keyword: 'P10001' },
    });
    expect(found.json().data).toEqual([expect.objectContaining({ providerId: 'P10001', mobiles: 2 })]);
  });
});

describe('permissions and tenants', () => {
  const routes: [string, 'GET' | 'POST', Record<string, unknown> | undefined][] = [
    [SETTINGS, 'GET', undefined],
    [PROVIDERS, 'POST', { keyword: '' }],
    [PREVIEW, 'POST', { content: '您好', phones: '13800138000' }],
    [SEND, 'POST', { content: '您好', phones: '13800138000', requestKey: randomUUID() }],
    [PAGE, 'POST', {}],
    [RECIPIENTS, 'POST', { batchId: randomUUID() }],
  ];
  for (const [url, method, payload] of routes) {
    it(`${method} ${url}: provider staff get 403, no session 401`, async () => {
      const denied = await as('demo/hospital', { method, url, payload });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe(40300);
      const anonymous = await call(t.app, 'demo', undefined, { method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    });
  }

  it("never shows one tenant's batches or recipients to another", async () => {
    const res = await send('demo/auditor', { content: '只给 demo', phones: '13700137000' });
    const batchId = res.json().data.id;
    const acmePage = await as('acme/admin', { method: 'POST', url: PAGE, payload: {} });
    expect(acmePage.statusCode).toBe(200);
    expect(acmePage.json().data.records.map((b: { id: string }) => b.id)).not.toContain(batchId);
    const acmeRecipients = await as('acme/admin', { method: 'POST', url: RECIPIENTS, payload: { batchId } });
    expect(acmeRecipients.statusCode).toBe(404);
    // acme has no provider P10001: its contacts are not reachable from acme.
    const acmeSend = await send('acme/admin', { content: '您好', providerIds: ['P10001'] });
    expect(acmeSend.statusCode).toBe(400);
    expect(acmeSend.json().data.fieldErrors.providerIds).toBeDefined();
  });
});

describe('delivery through Aliyun SMS, against a local fake gateway', () => {
  const SECRET = 'fake-secret-value';
  let fake: FakeGateway;
  let g: TTestApp;
  let auditor = '';

  beforeAll(async () => {
    fake = new FakeGateway(SECRET);
    const endpoint = await fake.listen();
    g = await createTestApp({
      SMS_ADAPTER: 'aliyun',
      SMS_SIGN_NAME: '医网',
      SMS_ALIYUN_ENDPOINT: endpoint,
      SMS_ALIYUN_ACCESS_KEY_ID: 'fake-key-id',
      SMS_ALIYUN_ACCESS_KEY_SECRET: SECRET,
      SMS_ALIYUN_TEMPLATE_CODE: 'SMS_123456789',
      SMS_RETRY_BASE_SECONDS: '30',
      SMS_MAX_ATTEMPTS: '3',
      SMS_RECEIPT_BASE_SECONDS: '60',
      SMS_RECEIPT_MAX_CHECKS: '3',
    });
    auditor = (await login(g.app, 'demo', 'auditor')).token;
  });
  afterAll(async () => {
    await g?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.requests = [];
    fake.answers = [];
    fake.byPhone.clear();
    fake.receipts.clear();
    // Earlier tests' attempts must not count against this test's rate.
    await g.platform.db.update(smsOutbox).set({ lastAttemptAt: sql`now() - interval '1 hour'` });
  });

  const sendG = async (phones: string, content = '您好，#phone#') => {
    const res = await call(g.app, 'demo', auditor, {
      method: 'POST',
      url: SEND,
      payload: { content, phones, requestKey: randomUUID() },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as string;
  };
  const rowsOf = (batchId: string) =>
    g.platform.db.select().from(smsOutbox).where(eq(smsOutbox.batchId, batchId)).orderBy(smsOutbox.phone);
  const dispatch = () => dispatchSms(g.platform, gatewayOf(g));

  it('sends a signed SendSms per recipient, with the row id as OutId, and records the BizId', async () => {
    const batchId = await sendG('13800138000');
    expect(await dispatch()).toMatchObject({ sent: 1, failed: 0 });
    expect(fake.badSignatures).toBe(0);
    const [row] = await rowsOf(batchId);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800138000',
      SignName: '医网',
      TemplateCode: 'SMS_123456789',
      TemplateParam: JSON.stringify({ content: '您好，13800138000' }),
      OutId: row.id,
      AccessKeyId: 'fake-key-id',
      SignatureMethod: 'HMAC-SHA1',
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'biz-1', error: '' });
    // A second run sends nothing again.
    expect(await dispatch()).toMatchObject({ sent: 0 });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries after a 5xx with exponential back-off, then sends once', async () => {
    const batchId = await sendG('13800138001');
    fake.answers.push({ status: 503, body: { Code: 'ServiceUnavailable', Message: 'busy' } });
    expect(await dispatch()).toMatchObject({ retried: 1, sent: 0 });
    let [row] = await rowsOf(batchId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).toContain('HTTP 503');
    const wait = (row.nextAttemptAt.getTime() - (row.lastAttemptAt?.getTime() ?? 0)) / 1000;
    expect(wait).toBeGreaterThanOrEqual(29);
    expect(wait).toBeLessThanOrEqual(31);
    // Not due yet: nothing is sent.
    expect(await dispatch()).toMatchObject({ sent: 0, retried: 0 });
    expect(fake.requests).toHaveLength(1);

    // The second failure waits twice as long.
    fake.answers.push({ status: 500, body: {} });
    await g.platform.db.update(smsOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(smsOutbox.id, row.id));
    expect(await dispatch()).toMatchObject({ retried: 1 });
    [row] = await rowsOf(batchId);
    const wait2 = (row.nextAttemptAt.getTime() - (row.lastAttemptAt?.getTime() ?? 0)) / 1000;
    expect(wait2).toBeGreaterThanOrEqual(59);
    expect(wait2).toBeLessThanOrEqual(61);

    await g.platform.db.update(smsOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(smsOutbox.id, row.id));
    expect(await dispatch()).toMatchObject({ sent: 1 });
    [row] = await rowsOf(batchId);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, error: '' });
    expect(fake.requests).toHaveLength(3);
    // Every attempt carried the same idempotency key.
    expect(new Set(fake.requests.map((r) => r.OutId))).toEqual(new Set([row.id]));
  });

  it("fails for good on a permanent refusal and shows 'Send failure' with the reason", async () => {
    const batchId = await sendG('13800138002');
    fake.byPhone.set('13800138002', [
      { status: 200, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' } },
    ]);
    expect(await dispatch()).toMatchObject({ failed: 1 });
    expect(await dispatch()).toMatchObject({ failed: 0, sent: 0 });
    expect(fake.requests).toHaveLength(1);
    const page = await call(g.app, 'demo', auditor, {
      method: 'POST',
      url: RECIPIENTS,
      payload: { batchId },
    });
    expect(page.json().data.records[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号',
    });
  });

  it('gives up after the last attempt of retryable failures', async () => {
    const batchId = await sendG('13800138003');
    for (let i = 0; i < 3; i++) {
      fake.answers.push({ status: 502, body: {} });
      await g.platform.db
        .update(smsOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(smsOutbox.batchId, batchId));
      await dispatch();
    }
    const [row] = await rowsOf(batchId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(fake.requests).toHaveLength(3);
  });

  it('never sends a row twice when two dispatchers run at once', async () => {
    const batchId = await sendG('13800138010,13800138011,13800138012,13800138013');
    const results = await Promise.all([dispatch(), dispatch(), dispatch()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(4);
    expect(fake.requests).toHaveLength(4);
    expect(new Set(fake.requests.map((r) => r.PhoneNumbers)).size).toBe(4);
    expect((await rowsOf(batchId)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('does not resend a row cut off mid-send: it fails with its outcome unknown', async () => {
    const batchId = await sendG('13800138020');
    await g.platform.db
      .update(smsOutbox)
      .set({ status: 'sending', attempts: 1, lastAttemptAt: sql`now() - interval '11 minutes'` })
      .where(eq(smsOutbox.batchId, batchId));
    expect(await dispatch()).toMatchObject({ failed: 1, sent: 0 });
    expect(fake.requests).toHaveLength(0);
    const [row] = await rowsOf(batchId);
    expect(row.status).toBe('failed');
    expect(row.error).toContain('not resent');
  });

  it('keeps each tenant to its rate per minute; the rest waits for the next run', async () => {
    const limited = {
      ...g.platform,
      config: { ...g.platform.config, sms: { ...g.platform.config.sms, ratePerMinute: 2 } },
    };
    const batchId = await sendG('13800138030,13800138031,13800138032');
    const first = await dispatchSms(limited, gatewayOf(g));
    expect(first).toMatchObject({ sent: 2, deferred: 1 });
    expect(await dispatchSms(limited, gatewayOf(g))).toMatchObject({ sent: 0, deferred: 1 });
    await g.platform.db
      .update(smsOutbox)
      .set({ lastAttemptAt: sql`now() - interval '2 minutes'` })
      .where(eq(smsOutbox.batchId, batchId));
    expect(await dispatchSms(limited, gatewayOf(g))).toMatchObject({ sent: 1, deferred: 0 });
  });

  it('counts a batch per status in the list', async () => {
    const batchId = await sendG('13800138040,13800138041');
    fake.byPhone.set('13800138041', [
      { status: 200, body: { Code: 'isv.AMOUNT_NOT_ENOUGH', Message: '余额不足' } },
    ]);
    await dispatch();
    const list = await call(g.app, 'demo', auditor, { method: 'POST', url: PAGE, payload: { size: 1 } });
    expect(list.json().data.records[0]).toMatchObject({ id: batchId, total: 2, sent: 1, failed: 1 });
    const batches = await g.platform.db.select().from(smsBatches).where(eq(smsBatches.id, batchId));
    expect(batches).toHaveLength(1);
  });

  describe('delivery receipts (QuerySendDetails)', () => {
    const collect = () => collectSmsReceipts(g.platform, gatewayOf(g));
    const makeDue = (batchId: string) =>
      g.platform.db
        .update(smsOutbox)
        .set({ nextReceiptAt: sql`now()` })
        .where(eq(smsOutbox.batchId, batchId));
    const sentRow = async (phone: string) => {
      const batchId = await sendG(phone);
      expect(await dispatch()).toMatchObject({ sent: 1 });
      const [row] = await rowsOf(batchId);
      return { batchId, row };
    };
    const queries = () => fake.requests.filter((r) => r.Action === 'QuerySendDetails');

    it('awaits a receipt after the send and asks only when it is due', async () => {
      const { batchId, row } = await sentRow('13800138050');
      expect(row).toMatchObject({ status: 'sent', delivery: 'waiting', receiptChecks: 0 });
      const wait = ((row.nextReceiptAt?.getTime() ?? 0) - (row.sentAt?.getTime() ?? 0)) / 1000;
      expect(wait).toBeGreaterThanOrEqual(59);
      expect(wait).toBeLessThanOrEqual(61);
      expect(await collect()).toMatchObject({ delivered: 0, waiting: 0 });
      expect(queries()).toHaveLength(0);

      await makeDue(batchId);
      expect(await collect()).toMatchObject({ delivered: 1 });
      expect(fake.badSignatures).toBe(0);
      expect(queries()[0]).toMatchObject({
        Action: 'QuerySendDetails',
        Version: '2017-05-25',
        PhoneNumber: '13800138050',
        BizId: row.providerMessageId,
        AccessKeyId: 'fake-key-id',
        SignatureMethod: 'HMAC-SHA1',
      });
      const [after] = await rowsOf(batchId);
      expect(after).toMatchObject({ delivery: 'delivered', deliveryReason: '', receiptChecks: 1 });
      // The carrier's receive time (10:00:05 China time), not the time of the check.
      expect(after.deliveredAt?.toISOString()).toBe('2026-11-25T02:00:05.000Z');
      // Nothing more to ask.
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ delivered: 0, waiting: 0 });
      expect(queries()).toHaveLength(1);
    });

    it("records 'not delivered' with the gateway's reason, shown on the recipients page", async () => {
      const { batchId, row } = await sentRow('13800138051');
      fake.receipts.set(row.providerMessageId, [{ SendStatus: 2, ErrCode: 'MK:0001' }]);
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ undelivered: 1 });
      const page = await call(g.app, 'demo', auditor, {
        method: 'POST',
        url: RECIPIENTS,
        payload: { batchId },
      });
      expect(page.json().data.records[0]).toMatchObject({
        status: 'sent',
        delivery: 'undelivered',
        deliveryReason: 'MK:0001',
        deliveredAt: '2026-11-25T02:00:05.000Z',
      });
      const list = await call(g.app, 'demo', auditor, { method: 'POST', url: PAGE, payload: { size: 1 } });
      expect(list.json().data.records[0]).toMatchObject({
        id: batchId,
        sent: 1,
        delivered: 0,
        undelivered: 1,
      });
    });

    it('keeps waiting while the receipt is pending, backing off, then gives up as unknown', async () => {
      const { batchId, row } = await sentRow('13800138052');
      fake.receipts.set(row.providerMessageId, [
        { SendStatus: 1, ErrCode: '' },
        { SendStatus: 1, ErrCode: '' },
        { SendStatus: 1, ErrCode: '' },
      ]);
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ waiting: 1 });
      let [r] = await rowsOf(batchId);
      expect(r).toMatchObject({ delivery: 'waiting', receiptChecks: 1, deliveryReason: '' });
      // After the first check the wait doubles: 120 s.
      let wait = ((r.nextReceiptAt?.getTime() ?? 0) - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(110);
      expect(wait).toBeLessThanOrEqual(121);

      await makeDue(batchId);
      expect(await collect()).toMatchObject({ waiting: 1 });
      [r] = await rowsOf(batchId);
      wait = ((r.nextReceiptAt?.getTime() ?? 0) - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(230);
      expect(wait).toBeLessThanOrEqual(241);

      // The third check is the last (SMS_RECEIPT_MAX_CHECKS=3).
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ unknown: 1 });
      [r] = await rowsOf(batchId);
      expect(r).toMatchObject({ delivery: 'unknown', receiptChecks: 3, nextReceiptAt: null });
      expect(r.deliveryReason).toBe('');
      expect(queries()).toHaveLength(3);
    });

    it('asks again after a failed receipt query (throttled, 5xx), keeping the reason meanwhile', async () => {
      const { batchId, row } = await sentRow('13800138053');
      fake.receipts.set(row.providerMessageId, [
        { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' } },
        { status: 503, body: { Code: 'ServiceUnavailable', Message: 'busy' } },
      ]);
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ waiting: 1 });
      let [r] = await rowsOf(batchId);
      expect(r).toMatchObject({ delivery: 'waiting', receiptChecks: 1 });
      expect(r.deliveryReason).toBe('isv.BUSINESS_LIMIT_CONTROL: 触发流控');
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ waiting: 1 });
      [r] = await rowsOf(batchId);
      expect(r.deliveryReason).toContain('ServiceUnavailable');
      await makeDue(batchId);
      expect(await collect()).toMatchObject({ delivered: 1 });
      [r] = await rowsOf(batchId);
      expect(r).toMatchObject({ delivery: 'delivered', deliveryReason: '', receiptChecks: 3 });
      expect(queries()).toHaveLength(3);
      // The send itself was never repeated.
      expect(fake.requests.filter((q) => q.Action === 'SendSms')).toHaveLength(1);
    });

    it('asks once per row when two receipt runs meet, and no failed send is asked about', async () => {
      const batchId = await sendG('13800138060,13800138061,13800138062');
      fake.byPhone.set('13800138062', [
        { status: 200, body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' } },
      ]);
      await dispatch();
      await makeDue(batchId);
      const results = await Promise.all([collect(), collect()]);
      expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(2);
      expect(queries()).toHaveLength(2);
      const rows = await rowsOf(batchId);
      expect(rows.map((r) => [r.status, r.delivery])).toEqual([
        ['sent', 'delivered'],
        ['sent', 'delivered'],
        ['failed', ''],
      ]);
    });
  });

  it('the gateway does not retry an unreachable host on its own, and says it may be retried', async () => {
    // A port nobody listens on: open one, note it, close it.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gateway = createAliyunGateway(
      {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'cn-hangzhou',
        accessKeyId: 'k',
        accessKeySecret: 's',
        templateCode: 'SMS_1',
        templateParam: 'content',
      },
      '医网',
      2000,
    );
    expect(await gateway.send({ id: randomUUID(), phone: '13800138000', text: 'x' })).toMatchObject({
      ok: false,
      retryable: true,
    });
  });
});

/** The app's own gateway, built from its configuration as the routes build it. */
function gatewayOf(app: TTestApp) {
  const config = app.platform.config.sms;
  if (!config.aliyun) throw new Error('aliyun not configured');
  return createAliyunGateway(config.aliyun, config.signName, config.timeoutMs);
}
