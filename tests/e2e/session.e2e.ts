import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

// The sign-in flow once per language, and once per kind of home page; which home page each
// user group gets is tested in the web's router and home-page tests.
const cases = [
  { account: 'hospital', lang: 'zh', home: '公告栏' },
  { account: 'admin', lang: 'en', home: 'Dashboard' },
  { account: 'netview', lang: 'zh', home: '任务看板' },
] as const;

describe('sign in and out', () => {
  for (const c of cases) {
    it(`${c.account} signs in (${c.lang}), sees the home page and menu, and signs out`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, c.account);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const main = page.getByRole('main');
      await expect.poll(() => main.textContent()).toContain(c.home);
      const nav = page.getByRole('navigation', { name: c.lang === 'zh' ? '主菜单' : 'Main menu' });
      // The sidebar names the board as the tab and the breadcrumb do.
      await expect.poll(() => nav.textContent()).toContain(c.home);
      await screenshot(page, `home-${c.account}-${c.lang}`);

      await page.getByRole('button', { name: c.lang === 'zh' ? /^用户菜单/ : /^User menu/ }).click();
      await page.getByText(c.lang === 'zh' ? '退出登录' : 'Log out', { exact: true }).click();
      await page.getByRole('button', { name: c.lang === 'zh' ? '确定' : 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/login'));
      const lang = await page.evaluate(() => localStorage.getItem('language'));
      expect(lang).toBe(c.lang);
      expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeNull();
    });
  }

  it("shows the server's message for a bad password", async () => {
    b = await openBrowser({ language: 'en' });
    const { page, baseUrl } = b;
    await signIn(page, baseUrl, 'auditor', 'WrongPass1');
    await expect.poll(() => page.locator('body').textContent()).toContain('Wrong account or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-bad-password-en');
    // The login page fits a 1280 x 800 window: nothing to scroll on a first visit.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(0);
  });
});
