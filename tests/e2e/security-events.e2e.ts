import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

// An operator finds a failed sign-in among the security events (decision 0021), once per
// language. Each case fails with its own unknown account, so the two never see each other's row.
const cases = [
  {
    lang: 'zh',
    account: 'intruder-zh',
    refused: '账号或密码错误',
    menu: '主菜单',
    group: '系统管理',
    screen: '安全事件',
    accountLabel: '账号',
    search: /查\s*询/,
    event: '登录失败',
    reason: '账号不存在',
  },
  {
    lang: 'en',
    account: 'intruder-en',
    refused: 'Wrong account or password',
    menu: 'Main menu',
    group: 'System',
    screen: 'Security events',
    accountLabel: 'Account',
    search: 'Search',
    event: 'Sign-in failed',
    reason: 'Unknown account',
  },
] as const;

describe('security events', () => {
  for (const c of cases) {
    it(`an operator sees a failed sign-in with its account and reason (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, c.account, 'WrongPass1');
      await expect.poll(() => page.locator('body').textContent()).toContain(c.refused);

      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.screen }).click();
      await page.waitForURL((url) => url.pathname === '/system/security-event');

      await fillField(page.getByRole('main').getByLabel(c.accountLabel), c.account);
      await page.getByRole('main').getByRole('button', { name: c.search }).click();
      const row = page.getByRole('row').filter({ hasText: c.account });
      await expect.poll(() => row.count()).toBe(1);
      const cells = await row.getByRole('cell').allTextContents();
      expect(cells).toContain(c.event);
      expect(cells).toContain(c.reason);
      expect(cells).toContain(c.account);
      await screenshot(page, `security-events-${c.lang}`);
    });
  }
});
