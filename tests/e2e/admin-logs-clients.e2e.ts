import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

/** Picks an option of the open select dropdown. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('main').getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

// `admin` registers an API client, sees its secret once, then finds the creation in the
// operation log (docs/decisions/0031-clients-and-logs.md), once per language.
const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    clients: '客户端管理',
    create: '新增客户端',
    clientIdLabel: '客户端 ID',
    nameLabel: '名称',
    ok: /确\s*定/,
    once: '关闭后将无法再次查看',
    saved: '我已保存密钥',
    operationLog: '操作日志',
    actionLabel: '操作',
    action: '新增',
    objectLabel: '对象类型',
    object: '客户端',
    search: /查\s*询/,
    expand: /展开行|Expand row/,
    before: '修改前',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    clients: 'Clients',
    create: 'New client',
    clientIdLabel: 'Client ID',
    nameLabel: 'Name',
    ok: 'Confirm',
    once: 'cannot show it again',
    saved: 'I have saved the secret',
    operationLog: 'Operation log',
    actionLabel: 'Action',
    action: 'Create',
    objectLabel: 'Object type',
    object: 'Client',
    search: 'Search',
    expand: /Expand row|展开行/,
    before: 'Before',
  },
] as const;

describe('clients and the operation log', () => {
  for (const c of cases) {
    it(`admin creates a client, sees its secret once, and finds the creation in the operation log (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      const clientId = `e2e-${c.lang}-${randomUUID().slice(0, 8)}`;
      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.clients, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/system/client');
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'portal-web' }).count()).toBe(1);

      await page.getByRole('button', { name: c.create }).click();
      const form = page.getByRole('dialog');
      await fillField(form.getByLabel(c.clientIdLabel), clientId);
      await fillField(form.getByLabel(c.nameLabel, { exact: true }), `Gateway ${c.lang}`);
      await form.getByRole('button', { name: c.ok }).click();

      // The secret, once.
      const secretDialog = page.getByRole('dialog').filter({ hasText: c.once });
      const secret = secretDialog.locator('code');
      await expect.poll(() => secret.textContent()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const shown = (await secret.textContent()) ?? '';
      await screenshot(page, `admin-clients-secret-${c.lang}`);
      await secretDialog.getByRole('button', { name: c.saved }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => page.getByRole('row').filter({ hasText: clientId }).count()).toBe(1);
      expect(await page.locator('body').textContent()).not.toContain(shown);

      // The operation log has the creation, with the client's fields as 'after'.
      await nav.getByRole('link', { name: c.operationLog, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/system/operation-log');
      await pick(page, c.actionLabel, c.action);
      await pick(page, c.objectLabel, c.object);
      await page.getByRole('main').getByRole('button', { name: c.search }).click();
      // The clients screen stays mounted (hidden) behind its tag: look at what is visible.
      const first = page.getByRole('main').locator('.ant-table-row:visible').first();
      await expect
        .poll(() => first.getByRole('cell').allTextContents())
        .toEqual(expect.arrayContaining(['admin', c.action, c.object]));
      await first.getByRole('button', { name: c.expand }).click();
      const detail = page.getByRole('main').locator('.ant-table-expanded-row:visible').first();
      await expect.poll(() => detail.textContent()).toContain(clientId);
      expect(await detail.textContent()).toContain(c.before);
      expect(await detail.textContent()).not.toContain(shown);
      await screenshot(page, `admin-operation-log-${c.lang}`);
    });
  }
});
