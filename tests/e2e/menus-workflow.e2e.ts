import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './api.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

// Issue 14: `admin` renames a menu entry and hides another on System > Menus and sees the menu
// change after a reload; `admin` changes a task type's overdue period on System > Workflow and
// sees it saved. Everything is restored afterwards through the API.

interface TNode {
  id: string;
  name: string;
  parentId: string | null;
  path: string;
  component: string;
  redirect: string;
  title: string;
  titleEn: string;
  icon: string;
  hidden: boolean;
  noCache: boolean;
  alwaysShow: boolean;
  sortOrder: number;
  children: TNode[];
}

const find = (nodes: TNode[], name: string): TNode | undefined =>
  nodes.map((n) => (n.name === name ? n : find(n.children, name))).find(Boolean);

const editBody = (n: TNode) => ({
  id: n.id,
  parentId: n.parentId,
  menuGroup: 'default',
  path: n.path,
  component: n.component,
  redirect: n.redirect,
  title: n.title,
  titleEn: n.titleEn,
  icon: n.icon,
  hidden: n.hidden,
  noCache: n.noCache,
  alwaysShow: n.alwaysShow,
  sortOrder: n.sortOrder,
});

/** A button by its text, allowing the space Ant Design puts between two Chinese characters. */
const button = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${name.split('').join('\\s?')}$`) });

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    menus: '菜单管理',
    workflow: '流程配置',
    renameOf: '地区管理',
    renamed: '地区与区域',
    renameField: '#menu-edit_title',
    hideOf: '字典管理',
    save: '保存',
    saved: '已保存',
    overdue: '医院任务（新增、修改医院） 超期天数',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    menus: 'Menus',
    workflow: 'Workflow',
    renameOf: 'Areas',
    renamed: 'Regions and areas',
    renameField: '#menu-edit_titleEn',
    hideOf: 'Dictionaries',
    save: 'Save',
    saved: 'saved',
    overdue: 'Hospital tasks (add and update hospital) Overdue period',
  },
] as const;

let b: TBrowser | null = null;
let cleanUp: (() => Promise<void>) | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
  await cleanUp?.();
  cleanUp = null;
});

/** Opens a System screen from the sidebar. */
async function openSystem(page: Page, c: (typeof cases)[number], screen: string, path: string) {
  const nav = page.getByRole('navigation', { name: c.menu });
  const link = nav.getByRole('link', { name: screen, exact: true });
  if ((await link.count()) === 0) await nav.getByText(c.group, { exact: true }).click();
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('menu administration and workflow', () => {
  for (const c of cases) {
    it(`admin renames one menu entry and hides another, and the menu follows after reload (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      const admin = await apiAs(baseUrl, 'admin');
      const tree: TNode[] = await admin.call('GET', '/authority/menu/tree?group=default');
      const area = find(tree, 'area')!;
      const dictionary = find(tree, 'dictionary')!;
      cleanUp = async () => {
        const api = await apiAs(baseUrl, 'admin');
        const now: TNode[] = await api.call('GET', '/authority/menu/tree?group=default');
        for (const original of [area, dictionary]) {
          const current = find(now, original.name)!;
          await api.call('PUT', '/authority/menu', { ...editBody(original), sortOrder: current.sortOrder });
        }
      };

      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await openSystem(page, c, c.menus, '/system/menu');
      const treeTitle = (title: string) => page.locator('.ant-tree-title').filter({ hasText: title }).first();
      await treeTitle(c.renameOf).click();
      const form = page.locator('#menu-edit');
      await expect.poll(() => form.locator(c.renameField).inputValue()).toBe(c.renameOf);
      await screenshot(page, `menus-entry-${c.lang}`);
      await fillField(form.locator(c.renameField), c.renamed);
      await button(form, c.save).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.saved);
      await expect.poll(() => treeTitle(c.renamed).count()).toBe(1);

      await treeTitle(c.hideOf).click();
      await expect.poll(() => form.locator('#menu-edit_hidden').isChecked()).toBe(false);
      await form.locator('#menu-edit_hidden').check();
      await button(form, c.save).click();
      await expect
        .poll(() => page.locator('.ant-tree-treenode').filter({ hasText: c.hideOf }).textContent())
        .toMatch(c.lang === 'zh' ? /已隐藏/ : /Hidden/);
      await screenshot(page, `menus-tree-${c.lang}`);

      await page.reload();
      const nav = page.getByRole('navigation', { name: c.menu });
      await expect.poll(() => nav.getByRole('link', { name: c.renamed, exact: true }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: c.renameOf, exact: true }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: c.hideOf, exact: true }).count()).toBe(0);
      await screenshot(page, `menus-after-reload-${c.lang}`);
    });

    it(`admin changes the overdue period of hospital tasks and sees it saved (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      cleanUp = async () => {
        const api = await apiAs(baseUrl, 'admin');
        await api.call('PUT', '/authority/workflow', {
          taskType: 'hospital',
          auditorRoleCode: null,
          overdueDays: 30,
        });
      };
      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await openSystem(page, c, c.workflow, '/system/workflow');
      const days = page.getByLabel(c.overdue);
      await expect.poll(() => days.inputValue()).toBe('30');
      await fillField(days, '45');
      await button(page.locator('#workflow-hospital'), c.save).click();
      await expect.poll(() => page.locator('.ant-message').textContent()).toContain(c.saved);
      await screenshot(page, `workflow-saved-${c.lang}`);
      await page.reload();
      await expect.poll(() => page.getByLabel(c.overdue).inputValue()).toBe('45');
    });
  }
});
