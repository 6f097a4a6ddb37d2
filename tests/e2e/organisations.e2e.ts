import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

// Issue 14 (decision 0028): `admin` opens System > Organisations, sees the demo tree, adds a
// sub-organisation under North China Audit Team, deletes it after confirming, and is told why
// East China Region (which holds the demo provider) cannot be deleted.

/** A button by its text, allowing the space Ant Design puts between two Chinese characters. */
const button = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${name.split('').join('\\s?')}$`) });

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    screen: '机构管理',
    centre: '运营中心',
    north: '华北审核组',
    east: '华东区域',
    addChild: '新增下级',
    delete: '删除',
    save: '保存',
    ok: '确定',
    saved: '已保存',
    deleted: '已删除',
    refusal: '该机构下还有 1 家医疗机构，请先移出后再删除',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    screen: 'Organisations',
    centre: 'Operations Centre',
    north: 'North China Audit Team',
    east: 'East China Region',
    addChild: 'Add child',
    delete: 'Delete',
    save: 'Save',
    ok: 'OK',
    saved: 'saved',
    deleted: 'deleted',
    refusal: 'The organisation still holds providers (1); take them out before deleting it',
  },
] as const;

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

describe('organisation administration', () => {
  for (const c of cases) {
    it(`admin adds and deletes a sub-organisation and cannot delete a region holding a provider (${c.lang})`, async () => {
      const stamp = Date.now().toString(36);
      const name = `上海小组${stamp}`;
      const nameEn = `Shanghai Team ${stamp}`;
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.screen, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/system/org');
      const main = page.locator('main');
      await main.getByText(c.centre, { exact: true }).waitFor();
      await main.getByText(c.east, { exact: true }).waitFor();
      await screenshot(page, `organisations-tree-${c.lang}`);

      await main.getByRole('button', { name: `${c.addChild} ${c.north}` }).click();
      const drawer = page.locator('.ant-drawer').filter({ has: page.locator('#organisation_name') });
      await fillField(drawer.locator('#organisation_name'), name);
      await fillField(drawer.locator('#organisation_nameEn'), nameEn);
      await screenshot(page, `organisations-add-${c.lang}`);
      await button(drawer, c.save).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.saved);
      const shown = c.lang === 'en' ? nameEn : name;
      await main.getByText(shown, { exact: true }).waitFor();

      await main.getByRole('button', { name: `${c.delete} ${shown}` }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.waitFor();
      await screenshot(page, `organisations-delete-confirm-${c.lang}`);
      await button(confirm, c.ok).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.deleted);
      await expect.poll(() => main.getByText(shown, { exact: true }).count()).toBe(0);

      await main.getByRole('button', { name: `${c.delete} ${c.east}` }).click();
      await button(page.locator('.ant-modal-confirm'), c.ok).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.refusal);
      await main.getByText(c.east, { exact: true }).waitFor();
      await screenshot(page, `organisations-refused-${c.lang}`);
    });
  }
});
