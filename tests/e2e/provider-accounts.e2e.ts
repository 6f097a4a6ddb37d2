import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './api.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

/** Makes P10001 valid again through the API, so each case starts from the seeded account. */
async function validDemoProvider(baseUrl: string) {
  const admin = await apiAs(baseUrl, 'admin');
  const account = await admin.call('GET', '/authority/providerAccount/P10001');
  const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = account;
  await admin.call('PUT', '/authority/providerAccount', { ...settings, status: '01' });
}

// `admin` makes the demo hospital's provider invalid on the provider accounts screen; its staff
// user `hospital` is then refused at sign-in with the message (decision 0027). Once per language.
const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    screen: '机构账户',
    providerId: '机构编号',
    search: /查\s*询/,
    valid: '有效',
    invalid: '无效',
    manage: '管理 P10001',
    status: '账户状态',
    save: /保\s*存/,
    confirm: '设为无效',
    saved: '机构账户已保存',
    staff: '北京和睦国际医院 李娜',
    refused: '所属医疗机构账户已失效，无法登录，请联系运营方',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    screen: 'Provider accounts',
    providerId: 'Provider ID',
    search: 'Search',
    valid: 'Valid',
    invalid: 'Invalid',
    manage: 'Manage P10001',
    status: 'Account status',
    save: 'Save',
    confirm: 'Make invalid',
    saved: 'Provider account saved',
    staff: 'Li Na (Harmony International)',
    refused: "Your provider's account is invalid, so you cannot sign in; contact the operator",
  },
] as const;

describe('provider accounts', () => {
  for (const c of cases) {
    it(`admin makes a provider invalid and its staff cannot sign in (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await validDemoProvider(baseUrl);

      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.screen }).click();
      await page.waitForURL((url) => url.pathname === '/system/provider-account');

      const main = page.getByRole('main');
      await fillField(main.getByLabel(c.providerId), 'P10001');
      await main.getByRole('button', { name: c.search }).click();
      const row = main.getByRole('row').filter({ hasText: 'P10001' });
      await expect.poll(() => row.count()).toBe(1);
      await expect.poll(() => row.getByRole('cell').allTextContents()).toContain(c.valid);
      await screenshot(page, `provider-accounts-list-${c.lang}`);

      await row.getByRole('button', { name: c.manage }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: 'P10001' });
      // The read-only staff list of the provider.
      await drawer.getByText(c.staff).waitFor();
      await drawer.getByRole('switch', { name: c.status }).click();
      await page.getByRole('button', { name: c.save }).click();
      await page.getByRole('button', { name: c.confirm }).click();
      await page.getByText(c.saved).first().waitFor();
      await screenshot(page, `provider-accounts-drawer-${c.lang}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => row.getByRole('cell').allTextContents()).toContain(c.invalid);

      // Signed out as logout leaves the browser, then the provider's staff user tries.
      await page.evaluate(() => {
        const language = localStorage.getItem('language');
        localStorage.clear();
        if (language) localStorage.setItem('language', language);
      });
      await signIn(page, baseUrl, 'hospital');
      await expect.poll(() => page.locator('body').textContent()).toContain(c.refused);
      expect(new URL(page.url()).pathname).toBe('/login');
      await screenshot(page, `provider-accounts-refused-${c.lang}`);
    });
  }
});
