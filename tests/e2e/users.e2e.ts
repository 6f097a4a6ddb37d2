import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, searchedOptions, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

// `admin` creates a provider user for P10001 (issue 13); the new user signs in, is held on the
// change-password screen until the initial password is changed, then reaches the home page.
const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    screen: '用户管理',
    add: '新增用户',
    providerType: '医疗机构人员',
    role: '医院门户用户',
    save: /保\s*存/,
    saved: '已保存',
    forceTitle: '设置新密码',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    screen: 'Users',
    add: 'Add user',
    providerType: 'Provider staff',
    role: 'Hospital portal user',
    save: 'Save',
    saved: 'saved',
    forceTitle: 'Set a new password',
  },
] as const;

async function pick(page: TBrowser['page'], field: string, text: string, search?: string) {
  await page.locator(field).click();
  if (search) {
    await page.locator(field).fill(search);
    await searchedOptions(page, search);
  }
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

describe('user administration', () => {
  for (const c of cases) {
    it(`admin creates a provider user who must change the initial password first (${c.lang})`, async () => {
      const account = `staff_${c.lang}_${Date.now().toString(36)}`;
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.screen, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/system/user');
      await expect
        .poll(() => page.getByRole('row').filter({ hasText: 'hospital' }).count())
        .toBeGreaterThan(0);
      await screenshot(page, `users-list-${c.lang}`);

      await page.getByRole('button', { name: c.add }).click();
      const drawer = page.locator('.ant-drawer');
      await pick(page, '#user_userType', c.providerType);
      await fillField(page.locator('#user_account'), account);
      await fillField(page.locator('#user_password'), 'Welcome2026');
      await fillField(page.locator('#user_name'), `李娜 ${c.lang}`);
      await pick(page, '#user_providerId', 'P10001', 'P10001');
      await pick(page, '#user_roleIds', c.role);
      // Close the multiple choice's list, which stays open over the drawer's footer.
      await drawer.locator('.ant-drawer-title').click();
      await screenshot(page, `users-drawer-${c.lang}`);
      await drawer.getByRole('button', { name: c.save }).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.saved);
      await expect.poll(() => page.getByRole('row').filter({ hasText: account }).count()).toBe(1);
      await b.close();

      b = await openBrowser({ language: c.lang });
      await signIn(b.page, b.baseUrl, account, 'Welcome2026');
      await b.page.waitForURL((url) => url.pathname === '/forceUpdatePwd');
      await expect.poll(() => b!.page.locator('body').textContent()).toContain(c.forceTitle);
      await screenshot(b.page, `users-force-password-${c.lang}`);
      await fillField(b.page.locator('#password_oldPassword'), 'Welcome2026');
      await fillField(b.page.locator('#password_newPassword'), 'Changed2026');
      await fillField(b.page.locator('#password_confirmPassword'), 'Changed2026');
      await b.page.locator('button[type=submit]').click();
      await b.page.waitForURL(
        (url) => url.pathname !== '/forceUpdatePwd' && !url.pathname.startsWith('/login'),
      );
      await expect.poll(() => b!.page.getByRole('navigation', { name: c.menu }).count()).toBe(1);
      // The home board has loaded its content (no request was refused while the password was pending).
      await expect.poll(() => b!.page.locator('main .ant-skeleton').count()).toBe(0);
      await screenshot(b.page, `users-new-user-home-${c.lang}`);
    });
  }
});
