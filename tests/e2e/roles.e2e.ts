import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { submitHospitalChange } from './api.ts';
import {
  fillField,
  openBrowser,
  PASSWORD,
  screenshot,
  searchedOptions,
  signIn,
  type TBrowser,
} from './browser.ts';
import { E2E_CAPTCHA } from './portal.ts';

// Issue 14: `admin` creates a role 'Junior auditor' with the hospital audit list but not its
// approval, gives it to a new operator user, who signs in, sees the audit list and has no audit
// (approve) button. Then `admin` narrows the role's data scope to one organisation (decision
// 0028): to North China Region, which holds no provider, and the user's list is empty; to East
// China Region, which holds the demo provider P10001, and the user sees its tasks only.

const WEB_CLIENT = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

/** The API as one account of tenant demo, any method (test setup and clean-up only). */
async function api(baseUrl: string, account: string, password = PASSWORD) {
  const headers = (token?: string): Record<string, string> => ({
    authorization: WEB_CLIENT,
    tenant: 'demo',
    'content-type': 'application/json',
    ...(token ? { token: `Bearer ${token}` } : {}),
  });
  const key = randomUUID();
  await fetch(`${baseUrl}/saasapi/oauth/anno/captcha?key=${key}`, { headers: { tenant: 'demo' } });
  const login = await fetch(`${baseUrl}/saasapi/oauth/noToken/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ account, password, key, code: E2E_CAPTCHA }),
  }).then((r) => r.json());
  expect(login.isSuccess, JSON.stringify(login)).toBe(true);
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/saasapi${path}`, {
      method,
      headers: headers(login.data.token),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await res.json();
    expect(envelope.isSuccess, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.data;
  };
}

/** An operator user with no roles whose password is already the demo one. */
async function newOperator(baseUrl: string, account: string) {
  const admin = await api(baseUrl, 'admin');
  await admin('POST', '/authority/user', {
    account,
    password: 'Welcome2026',
    name: '初级审核员用户',
    nameEn: 'Junior auditor user',
    userType: '01',
    roleIds: [],
  });
  const self = await api(baseUrl, account, 'Welcome2026');
  await self('PUT', '/authority/user/password', {
    oldPassword: 'Welcome2026',
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
  });
}

/**
 * A button by its text, allowing the space Ant Design puts between two Chinese characters and
 * an icon's name before it.
 */
const button = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${name.split('').join('\\s?')}$`) });

/** The checkbox of a node of the grant tree. */
const treeCheckbox = (page: Page, title: string) =>
  page
    .locator('.ant-drawer .ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }) })
    .first()
    .locator('.ant-tree-checkbox');

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    screen: '角色管理',
    add: '新增角色',
    name: '初级审核员',
    nameEn: 'Junior auditor',
    page: '医院审核任务',
    approval: '审核通过或退回',
    save: '保存',
    saved: '已保存',
    users: '用户',
    addUsers: '添加用户',
    addOk: '添加',
    added: '已添加',
    auditGroup: '医院审核',
    heading: '医院审核任务',
    view: '查看',
    audit: '审核',
    edit: '编辑',
    custom: '自定义机构',
    north: '华北区域',
    east: '华东区域',
    empty: '暂无任务',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    screen: 'Roles',
    add: 'Add role',
    name: '初级审核员（英文）',
    nameEn: 'Junior auditor (en)',
    page: 'Hospital audit tasks',
    approval: 'Approve or return tasks',
    save: 'Save',
    saved: 'saved',
    users: 'Users',
    addUsers: 'Add users',
    addOk: 'Add',
    added: 'added',
    auditGroup: 'Hospital audit',
    heading: 'Hospital audit tasks',
    view: 'View',
    audit: 'Audit',
    edit: 'Edit',
    custom: 'Custom organisations',
    north: 'North China Region',
    east: 'East China Region',
    empty: 'No tasks',
  },
] as const;

let b: TBrowser | null = null;
let adminBrowser: TBrowser | null = null;
let cleanUp: (() => Promise<void>) | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
  await adminBrowser?.close();
  adminBrowser = null;
  await cleanUp?.();
  cleanUp = null;
});

describe('role administration', () => {
  for (const c of cases) {
    it(`admin creates 'Junior auditor' without approval and gives it to a user (${c.lang})`, async () => {
      const stamp = Date.now().toString(36);
      const account = `junior_${c.lang}_${stamp}`;
      const code = `JUNIOR_AUDITOR_${c.lang.toUpperCase()}_${stamp.toUpperCase()}`;
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await newOperator(baseUrl, account);
      // A task waiting for audit, so that the list has a row an auditor with approval could audit.
      await submitHospitalChange(baseUrl, { providerCnName: `北京和睦国际医院 ${stamp}` }).catch(() => null);
      cleanUp = async () => {
        const admin = await api(baseUrl, 'admin');
        const found = await admin('POST', '/authority/role/page', { model: { code } });
        if (found.records[0])
          await admin('DELETE', '/authority/role', { ids: [found.records[0].id], removeFromUsers: true });
      };

      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.screen, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/system/role');
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'SUPER_ADMIN' }).count()).toBe(1);
      await screenshot(page, `roles-list-${c.lang}`);

      await button(page, c.add).click();
      const drawer = page.locator('.ant-drawer');
      await fillField(page.locator('#role_code'), code);
      await fillField(page.locator('#role_name'), c.name);
      await fillField(page.locator('#role_nameEn'), c.nameEn);
      await treeCheckbox(page, c.page).click();
      await treeCheckbox(page, c.approval).click();
      await expect
        .poll(() => treeCheckbox(page, c.approval).getAttribute('class'))
        .not.toContain('ant-tree-checkbox-checked');
      await expect
        .poll(() => treeCheckbox(page, c.page).getAttribute('class'))
        .toContain('ant-tree-checkbox-indeterminate');
      await screenshot(page, `roles-drawer-${c.lang}`);
      await button(drawer, c.save).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.saved);
      const row = page.getByRole('row').filter({ hasText: code });
      await expect.poll(() => row.count()).toBe(1);

      await button(row, c.users).click();
      const panel = page.locator('.ant-drawer').filter({ hasText: c.addUsers });
      await button(panel, c.addUsers).click();
      const modal = page.locator('.ant-modal');
      await modal.locator('.ant-select').click();
      await modal.locator('.ant-select input').fill(account);
      await (await searchedOptions(page, account)).filter({ hasText: account }).first().click();
      // Close the multiple choice's list, which stays open over the dialog's footer.
      await modal.locator('.ant-modal-title').click();
      await expect.poll(() => modal.locator('.ant-select-selection-item').count()).toBe(1);
      await button(modal, c.addOk).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.added);
      await expect.poll(() => panel.getByRole('row').filter({ hasText: account }).count()).toBe(1);
      await screenshot(page, `roles-users-${c.lang}`);
      await b.close();

      b = await openBrowser({ language: c.lang });
      await signIn(b.page, b.baseUrl, account);
      const user = b.page;
      await user.waitForURL((url) => !url.pathname.startsWith('/login'));
      const userNav = user.getByRole('navigation', { name: c.menu });
      await userNav.getByText(c.auditGroup, { exact: true }).click();
      await userNav.getByRole('link', { name: c.heading, exact: true }).click();
      await user.waitForURL((url) => url.pathname === '/drsystem/management/hospital');
      await user.getByRole('heading', { name: c.heading }).waitFor();
      const rows = user.locator('main .ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      await expect.poll(() => button(rows.first(), c.view).count()).toBe(1);
      expect(await button(user.locator('main .ant-table-tbody'), c.audit).count()).toBe(0);
      await screenshot(user, `roles-junior-auditor-list-${c.lang}`);

      // The admin narrows the role's data scope to one organisation, then to another.
      adminBrowser = await openBrowser({ language: c.lang });
      const admin = adminBrowser.page;
      await signIn(admin, adminBrowser.baseUrl, 'admin');
      await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
      await admin.goto(`${adminBrowser.baseUrl}/system/role`);
      const setScope = async (organisation: string, shot?: string) => {
        const roleRow = admin.getByRole('row').filter({ hasText: code });
        await expect.poll(() => roleRow.count()).toBe(1);
        await button(roleRow, c.edit).click();
        const editor = admin.locator('.ant-drawer').filter({ has: admin.locator('#role_dataScope') });
        await editor.locator('#role_dataScope').waitFor();
        await admin.locator('#role_dataScope').click({ force: true });
        await admin.locator('.ant-select-item-option').filter({ hasText: c.custom }).click();
        const picker = editor.locator('.ant-select').filter({ has: admin.locator('#role_organisationIds') });
        // Replace what was chosen before.
        const chosen = picker.locator('.ant-select-selection-item-remove');
        while ((await chosen.count()) > 0) await chosen.first().click();
        await admin.locator('#role_organisationIds').click({ force: true });
        await admin.locator('.ant-select-tree-title').filter({ hasText: organisation }).first().click();
        await editor.locator('.ant-drawer-title').click();
        await expect.poll(() => picker.locator('.ant-select-selection-item').count()).toBe(1);
        if (shot) await screenshot(admin, shot);
        await button(editor, c.save).click();
        await expect.poll(() => admin.locator('.ant-message').textContent()).toContain(c.saved);
        await editor.waitFor({ state: 'hidden' });
      };
      await setScope(c.north, `roles-data-scope-${c.lang}`);
      // The user's next request has the new scope: no task of North China's (none) providers.
      await user.reload();
      await user.getByRole('heading', { name: c.heading }).waitFor();
      await user.locator('main .ant-table-tbody').getByText(c.empty).waitFor();
      expect(await rows.count()).toBe(0);
      await screenshot(user, `roles-junior-auditor-scope-empty-${c.lang}`);

      await setScope(c.east);
      await user.reload();
      await user.getByRole('heading', { name: c.heading }).waitFor();
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      // East China Region holds P10001 only: every row is one of its tasks.
      await expect.poll(() => rows.filter({ hasNotText: 'P10001' }).count()).toBe(0);
      await screenshot(user, `roles-junior-auditor-scope-east-${c.lang}`);
    });
  }
});
