import type { TSmsBatch, TSmsPreview, TSmsRecipient } from '@portal/domain/sms/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { failure, mockApi, signInAs, type TApiCall } from '../../../test/api-mock.ts';
import { renderAt } from '../../../test/render.tsx';
import { SmsPage } from './SmsPage.tsx';

const BATCH: TSmsBatch = {
  id: '6f1c7a52-6a8e-4a4e-9d1b-0d6a2a1f0b11',
  content: '您好，体检报告已出',
  senderAccount: 'auditor',
  senderName: '审核员',
  senderNameEn: 'Auditor',
  createdAt: '2026-11-24T02:15:00.000Z',
  total: 2,
  pending: 0,
  sending: 0,
  sent: 1,
  failed: 1,
  delivered: 0,
  undelivered: 1,
};
const RECIPIENTS: TSmsRecipient[] = [
  {
    id: 'r1',
    phone: '13800138000',
    name: '',
    providerId: '',
    text: '您好，体检报告已出',
    status: 'sent',
    attempts: 1,
    nextAttemptAt: null,
    sentAt: '2026-11-24T02:15:02.000Z',
    providerMessageId: 'biz-1',
    error: '',
    delivery: 'undelivered',
    deliveryReason: 'MK:0001',
    deliveredAt: '2026-11-24T02:15:05.000Z',
  },
  {
    id: 'r2',
    phone: '13900139000',
    name: '',
    providerId: '',
    text: '您好，体检报告已出',
    status: 'failed',
    attempts: 1,
    nextAttemptAt: null,
    sentAt: null,
    providerMessageId: '',
    error: 'isv.MOBILE_NUMBER_ILLEGAL: 非法手机号',
    delivery: '',
    deliveryReason: '',
    deliveredAt: null,
  },
];
const PREVIEW: TSmsPreview = {
  recipients: [
    { phone: '13800138000', name: '', providerId: '', providerName: '', text: '您好', segments: 1 },
    { phone: '13900139000', name: '', providerId: '', providerName: '', text: '您好', segments: 1 },
  ],
  duplicates: 1,
  providersWithoutMobile: [],
  segments: 2,
};

function api(overrides: Record<string, (call: TApiCall) => unknown> = {}) {
  return mockApi({
    'GET /saasapi/msg/sms/settings': () => ({ signName: '', adapter: 'log' }),
    'POST /saasapi/msg/sms/providers': () => [
      {
        providerId: 'P10001',
        providerCnName: '北京和睦家医院',
        providerEnName: 'Beijing United',
        mobiles: 2,
      },
    ],
    'POST /saasapi/msg/sms/page': () => ({ records: [BATCH], current: 1, size: 10, total: 1 }),
    'POST /saasapi/msg/sms/recipients': () => ({ records: RECIPIENTS, current: 1, size: 10, total: 2 }),
    'POST /saasapi/msg/sms/preview': () => PREVIEW,
    'POST /saasapi/msg/sms': () => ({ ...BATCH, pending: 2, sent: 0, failed: 0 }),
    ...overrides,
  });
}

const content = () => screen.getByLabelText(i18n.language === 'en' ? 'Content' : '短信内容');
const phones = () => screen.getByLabelText(i18n.language === 'en' ? 'Phone numbers' : '手机号');
/** The form's Send (a closing confirmation dialog may still hold its own). */
const sendButton = () =>
  screen
    .getAllByRole('button', { name: i18n.language === 'en' ? /Send/ : /发\s*送/ })
    .find((b) => b.getAttribute('type') === 'submit') as HTMLElement;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('<SmsPage> form', () => {
  it('counts characters and SMS live: 70 in one, 67 per part beyond', async () => {
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    api();
    renderAt(<SmsPage />);
    fireEvent.change(content(), { target: { value: '好'.repeat(70) } });
    expect(await screen.findByText('70 个字，1 条短信（每条 70 个字）')).toBeTruthy();
    fireEvent.change(content(), { target: { value: '好'.repeat(71) } });
    expect(await screen.findByText('71 个字，2 条短信（每条 67 个字）')).toBeTruthy();
    fireEvent.change(content(), { target: { value: '好'.repeat(135) } });
    expect(await screen.findByText('135 个字，3 条短信（每条 67 个字）')).toBeTruthy();
  });

  it('counts the signature with its brackets, in English too', async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    api({ 'GET /saasapi/msg/sms/settings': () => ({ signName: '医网', adapter: 'aliyun' }) });
    renderAt(<SmsPage />);
    fireEvent.change(content(), { target: { value: 'a'.repeat(66) } });
    expect(
      await screen.findByText(/70 characters, 1 SMS \(70 characters per SMS\) · Signature 【医网】 included/),
    ).toBeTruthy();
    fireEvent.change(content(), { target: { value: 'a'.repeat(67) } });
    expect(await screen.findByText(/71 characters, 2 SMS \(67 characters per SMS\)/)).toBeTruthy();
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`shows every validation message in ${lang} and sends nothing`, async () => {
      await i18n.changeLanguage(lang);
      await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
      const calls = api();
      renderAt(<SmsPage />);
      await userEvent.click(sendButton());
      expect(await screen.findByText(lang === 'en' ? "Can't be empty" : '不能为空')).toBeTruthy();

      fireEvent.change(content(), { target: { value: '【签名】您好' } });
      expect(
        await screen.findByText(
          lang === 'en'
            ? 'The template cannot contain the bracket symbol (【】[])'
            : '模板不能包含括号符号（【】[]）',
        ),
      ).toBeTruthy();

      fireEvent.change(content(), { target: { value: '好'.repeat(501) } });
      expect(
        await screen.findByText(
          lang === 'en' ? 'The content is at most 500 characters' : '短信内容最多 500 个字',
        ),
      ).toBeTruthy();

      fireEvent.change(phones(), { target: { value: '13800138000, 12345\nabc' } });
      expect(
        await screen.findByText(
          lang === 'en' ? 'Phone number is invalid: 12345, abc' : '手机号格式不正确：12345, abc',
        ),
      ).toBeTruthy();
      await userEvent.click(sendButton());
      expect(calls.callsTo('/msg/sms/preview')).toHaveLength(0);
      expect(calls.callsTo('/msg/sms').filter((c) => c.path === '/saasapi/msg/sms')).toHaveLength(0);
    });
  }

  it("puts the server's message on the field (a variable a typed number has no value for)", async () => {
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    api({
      'POST /saasapi/msg/sms/preview': () =>
        failure(
          40181,
          '13800138000 没有变量 #name# 的值，请删除变量或改用医疗机构联系人',
          '13800138000 has no value for #name#; remove the variable or choose provider contacts',
          400,
          {
            fieldErrors: {
              content: {
                msg: '13800138000 没有变量 #name# 的值，请删除变量或改用医疗机构联系人',
                msg_en:
                  '13800138000 has no value for #name#; remove the variable or choose provider contacts',
              },
            },
          },
        ),
    });
    renderAt(<SmsPage />);
    fireEvent.change(content(), { target: { value: '#name# 您好' } });
    fireEvent.change(phones(), { target: { value: '13800138000' } });
    await userEvent.click(sendButton());
    expect(
      await screen.findByText('13800138000 没有变量 #name# 的值，请删除变量或改用医疗机构联系人'),
    ).toBeTruthy();
  });

  it('confirms before sending, then sends once with a request key', async () => {
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<SmsPage />);
    fireEvent.change(content(), { target: { value: '您好' } });
    fireEvent.change(phones(), { target: { value: '13800138000\n13900139000\n13800138000' } });
    expect(await screen.findByText('共 2 个号码 · 1 个重复号码只发送一次')).toBeTruthy();
    await userEvent.click(sendButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('共 2 个收信人，合计 2 条短信。')).toBeTruthy();
    expect(calls.callsTo('/msg/sms').filter((c) => c.path === '/saasapi/msg/sms')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() =>
      expect(calls.callsTo('/msg/sms').filter((c) => c.path === '/saasapi/msg/sms')).toHaveLength(1),
    );
    const sent = calls.callsTo('/msg/sms').find((c) => c.path === '/saasapi/msg/sms');
    expect(sent?.body).toMatchObject({
      content: '您好',
      phones: '13800138000\n13900139000\n13800138000',
      providerIds: [],
      requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('cancelling the confirmation sends nothing', async () => {
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    const calls = api();
    renderAt(<SmsPage />);
    fireEvent.change(content(), { target: { value: '您好' } });
    fireEvent.change(phones(), { target: { value: '13800138000' } });
    await userEvent.click(sendButton());
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    // The form is free again once the confirmation has settled: Send asks for a new preview.
    await userEvent.click(sendButton());
    await waitFor(() => expect(calls.callsTo('/msg/sms/preview')).toHaveLength(2));
    expect(calls.callsTo('/msg/sms').filter((c) => c.path === '/saasapi/msg/sms')).toHaveLength(0);
  });
});

describe('<SmsPage> sent list', () => {
  it("shows each recipient's status, 'Send failure' with its reason", async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    api();
    renderAt(<SmsPage />);
    expect(await screen.findByText('1 sent, 1 failed, 0 waiting')).toBeTruthy();
    expect(screen.getByText('Auditor')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Send failure')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText('isv.MOBILE_NUMBER_ILLEGAL: 非法手机号')).toBeTruthy();
  });

  it("shows the carrier's receipt: 'Not delivered' with the gateway's reason, in both languages", async () => {
    await i18n.changeLanguage('en');
    await signInAs({ permissions: ['sms:*'], roles: ['AUDITOR'] });
    api();
    const { unmount } = renderAt(<SmsPage />);
    expect(await screen.findByText('0 delivered, 1 not delivered')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Not delivered')).toBeTruthy();
    expect(screen.getByText('Not delivered: MK:0001')).toBeTruthy();
    unmount();

    await i18n.changeLanguage('zh');
    api();
    renderAt(<SmsPage />);
    expect(await screen.findByText('已送达 0，未送达 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('未送达')).toBeTruthy();
    expect(screen.getByText('未送达：MK:0001')).toBeTruthy();
  });

  it('is refused without the SMS permissions', async () => {
    await signInAs({ permissions: ['msg:center:*'], roles: ['SMART_PORTAL'] });
    api();
    renderAt(<SmsPage />);
    expect(await screen.findByText('您没有发送短信的权限。')).toBeTruthy();
  });
});
