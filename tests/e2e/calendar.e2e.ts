import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './api.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

// Issue 20 (decision 0043): `admin` opens System > Holiday calendar, adds an adjusted working day
// to next year's calendar, sees it listed, and removes it after confirming.

/** A button by its text, allowing the space Ant Design puts between two Chinese characters. */
const button = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s?')}$`) });

const chinaYear = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));
/** The n-th Saturday of March next year, so each language adds its own weekend day. */
function saturdayOfMarch(n: number): string {
  const first = new Date(Date.UTC(chinaYear + 1, 2, 1));
  const offset = (6 - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(chinaYear + 1, 2, 1 + offset + 7 * (n - 1))).toISOString().slice(0, 10);
}

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '系统管理',
    screen: '节假日日历',
    year: '年份',
    add: '新增日期',
    day: '日期',
    workday: '调休上班',
    name: '中文名称',
    nameEn: '英文名称',
    save: '保存',
    remove: '删除',
    confirm: '确定从日历中删除',
    date: saturdayOfMarch(1),
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'System',
    screen: 'Holiday calendar',
    year: 'Year',
    add: 'Add a day',
    day: 'Date',
    workday: 'Adjusted working day',
    name: 'Chinese name',
    nameEn: 'English name',
    save: 'Save',
    remove: 'Remove',
    confirm: 'from the calendar?',
    date: saturdayOfMarch(2),
  },
] as const;

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

describe('holiday calendar', () => {
  for (const c of cases) {
    it(`admin adds an adjusted working day, sees it, and removes it (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      const link = nav.getByRole('link', { name: c.screen, exact: true });
      if ((await link.count()) === 0) await nav.getByText(c.group, { exact: true }).click();
      await link.click();
      await page.waitForURL((url) => url.pathname === '/system/holiday');
      // This year's seeded arrangement is listed.
      await expect
        .poll(() => page.getByRole('cell', { name: `${chinaYear}-10-01`, exact: true }).count())
        .toBe(1);

      await page.getByRole('combobox', { name: c.year }).click();
      await page.getByTitle(String(chinaYear + 1), { exact: true }).click();
      await expect
        .poll(() => page.getByRole('cell', { name: `${chinaYear + 1}-10-01`, exact: true }).count())
        .toBe(1);

      await button(page, c.add).click();
      const dialog = page.getByRole('dialog');
      const date = dialog.getByLabel(c.day, { exact: true });
      await fillField(date, c.date);
      await date.press('Enter');
      await dialog.getByLabel(c.workday).check();
      await fillField(dialog.getByLabel(c.name), '春节调休上班');
      await fillField(dialog.getByLabel(c.nameEn), 'Spring Festival adjusted working day');
      await button(dialog, c.save).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: c.date, exact: true }) });
      await expect.poll(() => row.getByText(c.workday, { exact: true }).count()).toBe(1);
      await screenshot(page, `calendar-added-${c.lang}`);

      const admin = await apiAs(baseUrl, 'admin');
      const listed: { day: string; kind: string }[] = await admin.call(
        'GET',
        `/authority/holiday/list?year=${chinaYear + 1}`,
      );
      expect(listed.find((d) => d.day === c.date)?.kind).toBe('workday');

      await row.getByRole('button', { name: `${c.remove} ${c.date}` }).click();
      const confirm = page.locator('.ant-popconfirm').filter({ hasText: c.confirm });
      await button(confirm, c.remove).click();
      await expect.poll(() => page.getByRole('cell', { name: c.date, exact: true }).count()).toBe(0);
      const after: { day: string }[] = await admin.call(
        'GET',
        `/authority/holiday/list?year=${chinaYear + 1}`,
      );
      expect(after.map((d) => d.day)).not.toContain(c.date);
    });
  }
});
