import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './api.ts';
import { fillField, openBrowser, PASSWORD, screenshot, signIn, type TBrowser } from './browser.ts';
import { portalBaseUrl } from './portal.ts';

/**
 * Operator messaging with live delivery (issue 15, decision 0032): the auditor sends an urgent
 * pop-up message to P10001 and the hospital, signed in elsewhere, sees the notice dialog appear
 * without reloading; the auditor withdraws a rolling message and it leaves the hospital's navbar.
 * The message auto-refresh switch stays off, so only the live stream can bring the changes.
 */

interface TTexts {
  menuGroup: string;
  sendMenu: RegExp;
  sendHeading: string;
  name: string;
  nameEn: string;
  popUp: string;
  urgent: string;
  validity: string;
  content: string;
  enContent: string;
  providers: string;
  send: RegExp;
  sent: string;
  noted: string;
  bell: (count: number) => string;
  listHeading: string;
  withdraw: RegExp;
  confirm: RegExp;
  withdrawn: string;
  withdrawnStatus: string;
}

const TEXTS: Record<'zh' | 'en', TTexts> = {
  zh: {
    menuGroup: '消息管理',
    sendMenu: /^发送消息$/,
    sendHeading: '发送消息',
    name: '名称',
    nameEn: '英文名称',
    popUp: '弹窗',
    urgent: '紧急',
    validity: '有效期',
    content: '中文内容',
    enContent: '英文内容',
    providers: '医疗机构',
    send: /(^|\s)发\s?送$/,
    sent: '已发送给 1 家医疗机构',
    noted: '知道了',
    bell: (count) => `消息通知，未读 ${count} 条`,
    listHeading: '消息列表',
    withdraw: /^撤\s?回$/,
    confirm: /^确\s?定$/,
    withdrawn: '消息已撤回',
    withdrawnStatus: '已撤回',
  },
  en: {
    menuGroup: 'Messages',
    sendMenu: /^Send message$/,
    sendHeading: 'Send message',
    name: 'Name',
    nameEn: 'English name',
    popUp: 'Pop-up',
    urgent: 'Urgent',
    validity: 'Validity period',
    content: 'Chinese content',
    enContent: 'English content',
    providers: 'Providers',
    send: /(^|\s)Send$/,
    sent: 'Sent to 1 providers',
    noted: 'Noted',
    bell: (count) => `Notifications, ${count} unread`,
    listHeading: 'Messages',
    withdraw: /^Withdraw$/,
    confirm: /^Yes$/,
    withdrawn: 'Message withdrawn',
    withdrawnStatus: 'Withdrawn',
  },
};

const MIN = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the validity picker takes it (the browser runs in this machine's time zone). */
const pickerTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The unread count the navbar badge announces (its accessible name carries it). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.locator('button.portal-bell').getAttribute('aria-label')) ?? '';
  const match = /(\d+)/.exec(label);
  return match ? Number(match[1]) : Number.NaN;
}

let browsers: TBrowser[] = [];
afterEach(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  browsers = [];
});

async function signedIn(language: 'zh' | 'en', account: string, notices: boolean): Promise<TBrowser> {
  const b = await openBrowser({ language });
  browsers.push(b);
  await signIn(b.page, b.baseUrl, account, PASSWORD, 'demo', { notices });
  await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return b;
}

async function flow(lang: 'zh' | 'en') {
  const x = TEXTS[lang];
  const stamp = `${lang}-${Date.now().toString(36)}`;
  const popUpName = lang === 'zh' ? `停诊通知 ${stamp}` : `Clinic closure ${stamp}`;
  const popUpText = { zh: `明天门诊停诊 ${stamp}。`, en: `The clinic is closed tomorrow ${stamp}.` };
  const rolling = { zh: `系统维护 ${stamp}`, en: `System maintenance ${stamp}` };

  // The hospital starts with no unread pop-up, so the dialog can only be the new one.
  const baseUrl = portalBaseUrl();
  const hospitalApi = await apiAs(baseUrl, 'hospital');
  const pending = (await hospitalApi.call('GET', '/msg/msg/center/global')) as { popUpMsg: { id: string }[] };
  if (pending.popUpMsg.length > 0) {
    await hospitalApi.call('POST', '/msg/msg/center/haveRead', { ids: pending.popUpMsg.map((m) => m.id) });
  }
  const hospital = (await signedIn(lang, 'hospital', true)).page;
  // The badge shows 0 until the counts arrive: wait for the server's count.
  const before = (
    (await hospitalApi.call('POST', '/msg/msg/center/collect', {
      codes: ['12', '01', '13', '02', '03', '04'],
    })) as {
      count: number;
    }
  ).count;
  await expect.poll(() => bellCount(hospital)).toBe(before);
  expect(await hospital.getByRole('dialog').count()).toBe(0);

  // The auditor sends an urgent pop-up to P10001 from the send screen.
  const auditor = (await signedIn(lang, 'auditor', false)).page;
  await auditor.getByRole('menuitem', { name: x.menuGroup, exact: true }).click();
  await auditor.getByRole('menuitem', { name: x.sendMenu }).click();
  await auditor.waitForURL(`${baseUrl}/resources/msg/edit`);
  const form = auditor.getByRole('form', { name: x.sendHeading });
  await fillField(form.getByLabel(x.name, { exact: true }), popUpName);
  await fillField(form.getByLabel(x.nameEn, { exact: true }), `Clinic closure ${stamp}`);
  await form.getByRole('radio', { name: x.popUp }).check();
  await form.getByRole('radio', { name: x.urgent }).check();
  const now = new Date();
  const [start, end] = [
    form.locator('.ant-picker-range input').first(),
    form.locator('.ant-picker-range input').last(),
  ];
  await start.click();
  await start.fill(pickerTime(now));
  await start.press('Enter');
  await end.fill(pickerTime(new Date(now.getTime() + 24 * 60 * MIN)));
  await end.press('Enter');
  await expect.poll(() => start.inputValue()).toBe(pickerTime(now));
  await fillField(form.getByLabel(x.content, { exact: true }), popUpText.zh);
  await fillField(form.getByLabel(x.enContent, { exact: true }), popUpText.en);
  const providers = form.getByRole('combobox', { name: x.providers });
  await providers.click();
  await providers.fill('P10001');
  await auditor.locator('.ant-select-item-option', { hasText: 'P10001' }).click();
  await form
    .locator('.ant-select-selection-item, .ant-select-selection-item-content', { hasText: 'P10001' })
    .first()
    .waitFor();
  await providers.press('Escape');
  await screenshot(auditor, `messaging-send-${lang}`);
  await form.getByRole('button', { name: x.send }).click();
  await auditor.locator('.ant-message-notice', { hasText: x.sent }).waitFor();
  const sentAt = Date.now();

  // The hospital's open page shows the notice and the higher badge without a reload.
  const dialog = hospital.getByRole('dialog');
  await dialog.getByText(popUpText[lang]).waitFor();
  const delay = Date.now() - sentAt;
  // Well under the 15-second refresh (which is off here): the stream brought it.
  expect(delay).toBeLessThan(10_000);
  await expect.poll(() => bellCount(hospital)).toBe(before + 1);
  await screenshot(hospital, `messaging-notice-${lang}`);
  await dialog.getByRole('button', { name: x.noted }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => bellCount(hospital)).toBe(before);

  // A rolling message reaches the hospital's navbar live; the auditor withdraws it and it goes.
  const auditorApi = await apiAs(baseUrl, 'auditor');
  await auditorApi.call('POST', '/msg/msg', {
    action: 'send',
    name: rolling.zh,
    nameEn: rolling.en,
    msgType: '02',
    msgLevel: '03',
    content: rolling.zh,
    enContent: rolling.en,
    validFrom: new Date(Date.now() - MIN).toISOString(),
    validTo: new Date(Date.now() + 60 * MIN).toISOString(),
    searchType: '02',
    providerIds: ['P10001'],
  });
  const notice = hospital.locator(`.portal-notice[title="${rolling[lang]}"]`).first();
  await notice.waitFor();
  await screenshot(hospital, `messaging-rolling-${lang}`);

  await auditor.goto(`${baseUrl}/resources/msg`);
  await auditor.getByText(x.listHeading, { exact: true }).first().waitFor();
  const row = auditor.locator('.ant-table-row', { hasText: rolling[lang] });
  await row.getByRole('button', { name: x.withdraw }).click();
  const confirm = auditor.locator('.ant-popover:visible, .ant-popconfirm:visible').first();
  await confirm.getByRole('button', { name: x.confirm }).click();
  await auditor.locator('.ant-message-notice', { hasText: x.withdrawn }).waitFor();
  await row.getByText(x.withdrawnStatus, { exact: true }).waitFor();
  await screenshot(auditor, `messaging-list-${lang}`);
  await notice.waitFor({ state: 'detached' });
  expect(await hospital.locator(`.portal-notice[title="${rolling[lang]}"]`).count()).toBe(0);
}

describe('operator messaging with live delivery', () => {
  it('sends an urgent pop-up that an open hospital page shows at once; a withdrawn rolling message leaves (zh)', async () => {
    await flow('zh');
  });

  it('sends an urgent pop-up that an open hospital page shows at once; a withdrawn rolling message leaves (en)', async () => {
    await flow('en');
  });
});
