import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

// `auditor` sends an SMS to two phone numbers through the log adapter (the default outside
// production) and sees both recipients' status become sent and their receipts delivered. Once
// per language.
const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '消息管理',
    screen: '发送短信',
    content: '短信内容',
    phones: '手机号',
    text: '您好，您的体检报告已出，请登录查看',
    numbers: '13800138000\n13900139000',
    counter: '17 个字，1 条短信（每条 70 个字）',
    send: /发\s*送/,
    summary: '共 2 个收信人，合计 2 条短信。',
    submitted: '已提交发送给 2 个收信人',
    counts: '已发送 2，失败 0，等待 0',
    delivery: '已送达 2，未送达 0',
    sent: '已发送',
    delivered: '已送达',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Messages',
    screen: 'Send SMS',
    content: 'Content',
    phones: 'Phone numbers',
    text: 'Your health check report is ready',
    numbers: '13700137000, 13600136000',
    counter: '33 characters, 1 SMS (70 characters per SMS)',
    send: 'Send',
    summary: '2 recipients, 2 SMS in all.',
    submitted: 'Submitted for sending to 2 recipients',
    counts: '2 sent, 0 failed, 0 waiting',
    delivery: '2 delivered, 0 not delivered',
    sent: 'Sent',
    delivered: 'Delivered',
  },
] as const;

describe('SMS', () => {
  for (const c of cases) {
    it(`auditor sends an SMS to two numbers and sees both sent (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, 'auditor');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.screen }).click();
      await page.waitForURL((url) => url.pathname === '/resources/sms/edit');

      const main = page.getByRole('main');
      await fillField(main.getByLabel(c.content, { exact: true }), c.text);
      await main.getByText(c.counter).waitFor();
      await fillField(main.getByLabel(c.phones, { exact: true }), c.numbers);
      await screenshot(page, `sms-form-${c.lang}`);
      await main.locator('button[type=submit]').click();

      const dialog = page.getByRole('dialog').filter({ hasText: c.summary });
      await dialog.waitFor();
      await screenshot(page, `sms-confirm-${c.lang}`);
      await dialog.getByRole('button', { name: c.send }).click();
      await page.getByText(c.submitted).first().waitFor();

      const row = main.getByRole('row').filter({ hasText: c.text });
      await expect.poll(() => row.count()).toBe(1);
      // The list refreshes itself while the batch is on its way.
      await expect.poll(() => row.textContent()).toContain(c.counts);
      // The log adapter is the destination: delivered at once (decision 0035).
      await expect.poll(() => row.textContent()).toContain(c.delivery);
      await row.getByRole('button').first().click();
      for (const phone of c.numbers.split(/[\n,]\s*/)) {
        const r = main.getByRole('row').filter({ hasText: phone });
        await expect.poll(() => r.getByRole('cell').allTextContents()).toContain(c.sent);
        await expect.poll(() => r.getByRole('cell').allTextContents()).toContain(c.delivered);
      }
      await screenshot(page, `sms-sent-${c.lang}`, { fullPage: true });
    });
  }
});
