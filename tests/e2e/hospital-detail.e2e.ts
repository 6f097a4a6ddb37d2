import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitHospitalChange } from './api.ts';
import { openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

const OLD_ACCOUNT_NAME = '北京和睦国际医院有限公司';
const NEW_ACCOUNT_NAME = '北京和睦国际医院有限公司（朝阳）';

/** A whole-page picture under tests/e2e/.artifacts for a person to look at. */
async function fullScreenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, name, { fullPage: true });
}

/** Clicks a sidebar entry, opening its group first when it is closed. */
async function openMenu(page: Page, group: string, item: string) {
  const groupEntry = page.getByRole('menuitem', { name: group });
  await groupEntry.waitFor();
  const entry = page.getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await groupEntry.click();
  await entry.click();
}

/** Waits until every picture inside `selector` has loaded. */
async function imagesLoaded(page: Page, selector: string, count: number) {
  await expect
    .poll(() =>
      page.evaluate(
        (sel) =>
          [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].filter(
            (img) => img.complete && img.naturalWidth > 0,
          ).length,
        selector,
      ),
    )
    .toBe(count);
}

describe('hospital detail and task list (hospital, demo, provider P10001)', () => {
  let zh: TBrowser;
  let en: TBrowser;
  beforeAll(async () => {
    zh = await openBrowser({ language: 'zh' });
    await signIn(zh.page, zh.baseUrl, 'hospital');
    await zh.page.waitForURL((url) => !url.pathname.startsWith('/login'));
    en = await openBrowser({ language: 'en' });
    await signIn(en.page, en.baseUrl, 'hospital');
    await en.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await zh?.close();
    await en?.close();
  });

  it('opens My hospital from the sidebar and shows the detail cards (zh)', async () => {
    const { page, baseUrl } = zh;
    await openMenu(page, '医院信息', '我的医院');
    await page.waitForURL(`${baseUrl}/drsystem/management/hospital/mine`);
    await page.getByRole('heading', { name: '我的医院' }).waitFor();
    const main = page.getByRole('main');
    await main
      .locator('.hospital-summary-title', {
        hasText: '北京和睦国际医院 - Beijing Harmony International Hospital',
      })
      .waitFor();
    for (const title of [
      '基本信息',
      '收款银行信息',
      '地址信息',
      '联系方式',
      '服务时间',
      '医院照片',
      '备注',
      '医院备注信息',
    ]) {
      await main.locator('.ant-card-head-title', { hasText: title }).first().waitFor();
    }
    await expect.poll(() => main.textContent()).toContain('北京市 / 北京市 / 朝阳区');
    await expect.poll(() => main.textContent()).toContain('39.9710°');
    await expect.poll(() => main.textContent()).toContain('该院住院直付需提前3个工作日提交预授权申请。');
    await expect.poll(() => main.textContent()).toContain('中国银行');
    // The account number is masked until shown; showing it is logged by the server first.
    await expect.poll(() => main.textContent()).toContain('**** **** **** **90 12');
    expect(await main.textContent()).not.toContain('3380 6012 3456 7890 12');
    await main.getByRole('button', { name: '显示完整内容' }).click();
    await expect.poll(() => main.textContent()).toContain('3380 6012 3456 7890 12');
    await main.getByRole('button', { name: '隐藏内容' }).click();
    await expect.poll(() => main.textContent()).toContain('**** **** **** **90 12');
    await imagesLoaded(page, '.hospital-gallery', 4);
    // No change is pending and no change has been approved yet: no NEW marker.
    expect(await page.locator('.hospital-new-marker').count()).toBe(0);
    await screenshot(page, 'hospital-detail-top-zh');
    await fullScreenshot(page, 'hospital-detail-zh');

    // The gallery previews a picture.
    await page.locator('.hospital-gallery .ant-image').first().click();
    await page.locator('.ant-image-preview').first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview').first().waitFor({ state: 'hidden' });
  });

  it('shows the same cards in English', async () => {
    const { page, baseUrl } = en;
    await page.goto(`${baseUrl}/drsystem/management/hospital/mine`);
    await page.getByRole('heading', { name: 'My hospital' }).waitFor();
    const main = page.getByRole('main');
    for (const title of ['Basic information', 'Beneficiary bank information', 'Location', 'Hospital notes']) {
      await main.locator('.ant-card-head-title', { hasText: title }).first().waitFor();
    }
    await expect.poll(() => main.textContent()).toContain('Beijing');
    await expect.poll(() => main.textContent()).toContain('General hospital');
    await main.getByRole('button', { name: 'Show the full value' }).click();
    await expect.poll(() => main.textContent()).toContain('3380 6012 3456 7890 12');
    await main.getByRole('button', { name: 'Hide the value' }).waitFor();
    await imagesLoaded(page, '.hospital-gallery', 4);
    await fullScreenshot(page, 'hospital-detail-en');
  });

  it('lists a change task, shows NEW with the old value, and withdraws it after confirmation', async () => {
    const { page, baseUrl } = zh;
    await openMenu(page, '医院信息', '任务列表');
    await page.waitForURL(`${baseUrl}/drsystem/management/task`);
    await page.getByRole('heading', { name: '任务列表' }).waitFor();
    await page.getByRole('button', { name: /变更医院信息/ }).waitFor();
    expect(await page.getByRole('button', { name: /新增医院任务/ }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('TASK_SEARCH_STATUS'))).toBe('02');

    // A change of the approved record, submitted through the API (as the form would).
    const change = await submitHospitalChange(baseUrl, { accountName: NEW_ACCOUNT_NAME });
    expect(change.compareResult).toBe('["accountName"]');

    await page.getByRole('button', { name: '查询' }).click();
    const row = page.locator('.ant-table-row', { hasText: change.taskNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('审核中');
    expect(await row.textContent()).toContain('修改医院');
    await screenshot(page, 'hospital-task-list-zh');

    // Changing again is refused while this change is unfinished, with the server's message.
    await page.getByRole('button', { name: /变更医院信息/ }).click();
    const refusal = page.locator('.ant-modal-confirm:visible');
    await refusal.getByText(`该医院有未完成的变更任务（${change.taskNo}）`, { exact: false }).waitFor();
    await refusal.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);

    // Its detail marks the changed field NEW, with the old value on hover.
    await row.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(`${baseUrl}/drsystem/management/hospital/task/detail/${change.id}`);
    await page.getByTestId('task-status').filter({ hasText: '审核中' }).waitFor();
    await page.getByText('标记 NEW 的字段为本任务修改的内容', { exact: false }).waitFor();
    await screenshot(page, 'hospital-task-detail-top-zh');
    const marker = page.locator('.hospital-new-marker[data-field="accountName"]').first();
    await marker.scrollIntoViewIfNeeded();
    await marker.hover();
    const tooltip = page.locator('.ant-tooltip:visible');
    await tooltip.getByText(OLD_ACCOUNT_NAME, { exact: true }).waitFor();
    expect(await tooltip.textContent()).toContain('原值');
    await screenshot(page, 'hospital-task-detail-new-zh');
    const changeCard = page.locator('.ant-card', { hasText: '变更信息' });
    await expect.poll(() => changeCard.textContent()).toContain(`${OLD_ACCOUNT_NAME}→${NEW_ACCOUNT_NAME}`);
    await fullScreenshot(page, 'hospital-task-detail-zh');

    // My hospital tells that a change is pending and links to it.
    await openMenu(page, '医院信息', '我的医院');
    const pending = page.locator('.ant-alert', { hasText: change.taskNo });
    await pending.waitFor();
    expect(await pending.textContent()).toContain('审核中');
    await screenshot(page, 'hospital-detail-pending-zh');
    await pending.getByRole('button', { name: '查看任务' }).click();
    await page.waitForURL(`${baseUrl}/drsystem/management/hospital/task/detail/${change.id}`);

    // Withdraw after confirmation.
    await page.locator('.ant-card-extra').getByRole('button', { name: '撤回' }).click();
    const dialog = page.locator('.ant-modal-confirm:visible');
    await dialog.getByText(`确定撤回任务 ${change.taskNo} 吗？`, { exact: false }).waitFor();
    await screenshot(page, 'hospital-task-withdraw-confirm-zh');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('撤回成功').waitFor();
    await page.getByTestId('task-status').filter({ hasText: '已撤回' }).waitFor();
    const flow = page.locator('.ant-card', { hasText: '操作记录' });
    await flow.getByText('医院已撤回').waitFor();
    await flow.scrollIntoViewIfNeeded();
    await screenshot(page, 'hospital-task-audit-flow-zh');

    await page.getByRole('button', { name: '返回任务列表' }).click();
    await page.waitForURL(`${baseUrl}/drsystem/management/task`);
    await expect.poll(() => row.textContent()).toContain('已撤回');
    await screenshot(page, 'hospital-task-list-withdrawn-zh');
  });

  it('shows the task list and the withdrawn task in English', async () => {
    const { page, baseUrl } = en;
    await openMenu(page, 'Hospital information', 'Hospital tasks');
    await page.waitForURL(`${baseUrl}/drsystem/management/task`);
    const row = page.locator('.ant-table-row', { hasText: 'Withdrawn' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Update hospital');
    await screenshot(page, 'hospital-task-list-en');
    await row.getByRole('button', { name: 'View' }).click();
    await page.getByTestId('task-status').filter({ hasText: 'Withdrawn' }).waitFor();
    await page.locator('.ant-card', { hasText: 'Audit flow' }).getByText('Withdrew by Hospital').waitFor();
    await screenshot(page, 'hospital-task-detail-top-en');
    await fullScreenshot(page, 'hospital-task-detail-en');
  });
});
