import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

/** Picks an option of the open Ant Design select dropdown by its visible text. */
async function pickOption(page: Page, text: string) {
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first();
  await option.waitFor();
  await option.click();
}

/** Clicks an item of the open cascader menus by its text. */
async function pickCascader(page: Page, column: number, text: string) {
  const item = page
    .locator('.ant-cascader-menu')
    .nth(column)
    .locator('.ant-cascader-menu-item', { hasText: text })
    .first();
  await item.waitFor();
  await item.click();
}

describe('dictionaries and areas (zh)', () => {
  let b: TBrowser;
  beforeAll(async () => {
    b = await openBrowser({ language: 'zh' });
    await signIn(b.page, b.baseUrl, 'admin');
    await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await b?.close();
  });

  it('adds a dictionary entry and finds it in the select', async () => {
    const { page } = b;
    await page.getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByRole('menuitem', { name: '字典管理' }).click();
    await page.waitForURL(`${b.baseUrl}/system/dictionary`);
    await page.getByRole('heading', { name: '字典管理' }).waitFor();

    const search = page.getByRole('search').first();
    await fillField(search.getByLabel('字典类型'), 'teltype');
    await search.getByRole('button', { name: '查询' }).click();
    await page.locator('.ant-table-row', { hasText: '电话类型' }).click();
    await page.getByText('字典项：电话类型 (teltype)').waitFor();
    await page.locator('.ant-table-row', { hasText: '400热线' }).waitFor();
    await screenshot(page, 'dictionaries-zh');

    await page.getByRole('button', { name: '新增' }).nth(1).click();
    const modal = page.locator('.ant-modal:visible', { hasText: '新增字典项' });
    await fillField(modal.getByLabel('编码'), '06');
    await fillField(modal.getByLabel('中文名称'), '卫星电话');
    await fillField(modal.getByLabel('英文名称'), 'Satellite phone');
    await modal.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();
    await page.locator('.ant-table-row', { hasText: '卫星电话' }).waitFor();

    await page.getByLabel('下拉预览').click();
    await pickOption(page, '卫星电话');
    await expect
      .poll(() => page.locator('.ant-select', { has: page.getByLabel('下拉预览') }).innerText())
      .toContain('卫星电话');
  });

  it('warns that no validation runs before saving an edit of a code table', async () => {
    const { page } = b;
    await page
      .locator('.ant-table-row', { hasText: '直线电话' })
      .getByRole('button', { name: '编辑' })
      .click();
    const modal = page.locator('.ant-modal:visible', { hasText: '编辑字典项' });
    await modal.getByText('码表只允许新增：已有编码不可修改或删除。').waitFor();
    expect(await modal.getByLabel('编码').isDisabled()).toBe(true);
    await fillField(modal.getByLabel('中文名称'), '直线电话（座机）');
    await modal.getByRole('button', { name: '保存' }).click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.getByText('不会进行任何校验', { exact: false }).waitFor();
    await screenshot(page, 'dictionaries-code-table-warning-zh');
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.locator('.ant-table-row', { hasText: '直线电话（座机）' }).waitFor();
    expect(
      await page
        .locator('.ant-table-row', { hasText: '直线电话（座机）' })
        .getByRole('button', { name: '删除' })
        .isDisabled(),
    ).toBe(true);
  });

  it('walks the area cascader down to a district', async () => {
    const { page } = b;
    await page.getByRole('menuitem', { name: '地区管理' }).click();
    await page.waitForURL(`${b.baseUrl}/system/area`);
    await page.getByRole('heading', { name: '地区管理' }).waitFor();
    await page.locator('.ant-table-row', { hasText: '亚洲' }).first().waitFor();

    await page.getByLabel('大洲', { exact: true }).click();
    await pickOption(page, '亚洲');
    await page.getByLabel('国家/地区', { exact: true }).click();
    await pickOption(page, '中国');
    await page.getByLabel('省/市/区', { exact: true }).click();
    await pickCascader(page, 0, '北京市');
    await pickCascader(page, 1, '北京市');
    await pickCascader(page, 2, '海淀区');
    const value = page.getByTestId('area-preview-value');
    await expect.poll(() => value.innerText()).toContain('110000 / 110100 / 110108');
    expect(await value.innerText()).toContain('大洲 01，国家/地区 23');
    await expect
      .poll(() =>
        page.locator('.ant-cascader', { has: page.getByLabel('省/市/区', { exact: true }) }).innerText(),
      )
      .toContain('北京市 / 北京市 / 海淀区');

    // Expand the tree level by level to the same district.
    const expand = async (name: string) =>
      page.locator('.ant-table-row', { hasText: name }).first().locator('.ant-table-row-expand-icon').click();
    await expand('亚洲');
    await expand('中国');
    await expand('北京市');
    await expand('Beijing Shi');
    await page.locator('.ant-table-row', { hasText: '海淀区' }).waitFor();
    await page.locator('.ant-table-row', { hasText: '海淀区' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'areas-zh');
  });
});

describe('dictionaries and areas (en)', () => {
  let b: TBrowser;
  beforeAll(async () => {
    b = await openBrowser({ language: 'en' });
    await signIn(b.page, b.baseUrl, 'admin');
    await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await b?.close();
  });

  it('shows the screens in English with English labels', async () => {
    const { page } = b;
    await page.goto(`${b.baseUrl}/system/dictionary`);
    await page.getByRole('heading', { name: 'Dictionaries' }).waitFor();
    await page.locator('.ant-table-row', { hasText: 'Currencies' }).first().click();
    await page.getByText('Entries: Currencies (ldCode-currency)').waitFor();
    await page.locator('.ant-table-row', { hasText: 'Chinese Yuan (CNY)' }).waitFor();
    await page.getByLabel('Select preview').click();
    await pickOption(page, 'Chinese Yuan (CNY)');
    await screenshot(page, 'dictionaries-en');

    await page.goto(`${b.baseUrl}/system/area`);
    await page.getByRole('heading', { name: 'Areas', exact: true }).waitFor();
    await page.getByLabel('Continent', { exact: true }).click();
    await pickOption(page, 'Asia');
    await page.getByLabel('Country/region', { exact: true }).click();
    await pickOption(page, 'China');
    await page.getByLabel('Province/city/district', { exact: true }).click();
    await pickCascader(page, 0, 'Beijing');
    await pickCascader(page, 1, 'Beijing Shi');
    await pickCascader(page, 2, 'Haidian Qu');
    await expect.poll(() => page.getByTestId('area-preview-value').innerText()).toContain('110108');
    await page.locator('.ant-cascader-dropdown').waitFor({ state: 'hidden' });
    await screenshot(page, 'areas-en');
  });
});
