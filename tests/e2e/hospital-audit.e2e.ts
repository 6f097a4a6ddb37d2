import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillField, openBrowser, PASSWORD, screenshot, signIn, type TBrowser } from './browser.ts';

const LIST_PATH = '/drsystem/management/hospital';

/** A footer button of the hospital form ('提交', 'Submit'); Ant Design may space two Chinese characters. */
const footerButton = (page: Page, name: string) =>
  page
    .locator('.hospital-form-footer button')
    .filter({ hasText: new RegExp(`^${name.split('').join('\\s?')}$`) });

/** A button by its exact text, allowing the space Ant Design puts between two Chinese characters. */
const button = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s?')}$`) });

async function waitForToast(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** How far the task table scrolls sideways; 0 when all its columns fit (the browser is 1440 px wide). */
const sideways = (page: Page) =>
  page.locator('main .ant-table-content').evaluate((table) => table.scrollWidth - table.clientWidth);

async function signedIn(language: 'zh' | 'en', account: string, tenant = 'demo'): Promise<TBrowser> {
  const b = await openBrowser({ language });
  await signIn(b.page, b.baseUrl, account, PASSWORD, tenant);
  await b.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return b;
}

describe('hospital audit list, exports and provider notes (auditor, demo)', () => {
  let zh: TBrowser;
  let en: TBrowser;
  beforeAll(async () => {
    zh = await signedIn('zh', 'auditor');
    en = await signedIn('en', 'auditor');
  });
  afterAll(async () => {
    await zh?.close();
    await en?.close();
  });

  it('opens the audit task list from the sidebar (zh)', async () => {
    const { page, baseUrl } = zh;
    await page.getByRole('menuitem', { name: '医院审核', exact: true }).click();
    await page.getByRole('menuitem', { name: '医院审核任务' }).click();
    await page.waitForURL(`${baseUrl}${LIST_PATH}`);
    await page.getByRole('heading', { name: '医院审核任务' }).waitFor();
    await page.getByRole('search').getByText('审核中').waitFor();
    await button(page, '查询').waitFor();
    await page.getByRole('button', { name: /导出医院公告/ }).waitFor();
    await page.getByRole('button', { name: /导出变更简报/ }).waitFor();
    await expect.poll(() => sideways(page)).toBe(0);
    await screenshot(page, 'hospital-audit-list-zh');
  });

  it('exports the announcement of approved hospitals as an .xlsx with the Chinese data', async () => {
    const { page } = zh;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出医院公告/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^医院公告(-P\d+)?-\d{8}\.xlsx$/);
    const file = join(mkdtempSync(join(tmpdir(), 'announce-')), download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows: string[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
    });
    expect(rows[0][0]).toBe('网络医院公告');
    expect(rows.find((r) => r[1] === 'P10001')).toEqual(
      expect.arrayContaining(['北京和睦国际医院', 'Beijing Harmony International Hospital']),
    );
    await waitForToast(page, '已导出');
  });

  it('asks for the period of the newsletter', async () => {
    const { page } = zh;
    await page.getByRole('button', { name: /导出变更简报/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '导出变更简报' });
    await dialog.waitFor();
    await screenshot(page, 'hospital-audit-newsletter-zh');
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出').click()]);
    expect(download.suggestedFilename()).toMatch(/^医院变更简报-\d{8}-\d{8}\.xlsx$/);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the list in English', async () => {
    const { page, baseUrl } = en;
    await page.goto(`${baseUrl}${LIST_PATH}`);
    await page.getByRole('heading', { name: 'Hospital audit tasks' }).waitFor();
    await page.getByRole('button', { name: /Export announcement/ }).waitFor();
    await page.getByRole('search').getByText('Auditing').waitFor();
    await expect.poll(() => sideways(page)).toBe(0);
    await screenshot(page, 'hospital-audit-list-en');
  });

  it("links the network-view user's Task Board to the list, which they can only read", async () => {
    const netview = await signedIn('zh', 'netview');
    try {
      const { page, baseUrl } = netview;
      await page.getByRole('button', { name: /进入医院审核任务/ }).click();
      await page.waitForURL(`${baseUrl}${LIST_PATH}`);
      await page.getByRole('heading', { name: '医院审核任务' }).waitFor();
      expect(await page.getByRole('button', { name: /导出医院公告/ }).count()).toBe(0);
    } finally {
      await netview.close();
    }
  });

  it('keeps provider notes: add, edit and delete after confirmation (zh)', async () => {
    const { page, baseUrl } = zh;
    await page.getByRole('menuitem', { name: '医院备注' }).click();
    await page.waitForURL(`${baseUrl}/drsystem/audit/provider-notes`);
    await page.getByRole('heading', { name: '医院备注' }).waitFor();
    await page.locator('.ant-table-row', { hasText: 'P10001' }).click();
    await page.getByText('该院住院直付需提前3个工作日提交预授权申请。').waitFor();
    await page.getByRole('button', { name: /新增备注/ }).click();
    const dialog = page.locator('.ant-modal:visible', { hasText: '新增备注' });
    await fillField(dialog.getByLabel('中文备注'), '周日门诊暂停，急诊照常。');
    await fillField(dialog.getByLabel('英文备注'), 'No outpatient service on Sundays; emergency is open.');
    await button(page, '保存').click();
    // The saved note in the table, once the dialog (whose field still holds the text) is gone.
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-row', { hasText: '周日门诊暂停，急诊照常。' });
    await row.waitFor();
    await page.getByRole('button', { name: '关于医院备注' }).click();
    await page
      .locator('.ant-popover:visible')
      .getByText('医疗机构在医院资料中只能查看', { exact: false })
      .waitFor();
    await screenshot(page, 'hospital-audit-notes-zh');
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await confirm.getByText('确定删除这条备注吗', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: /删\s?除/ }).click();
    await row.waitFor({ state: 'detached' });
  });
});

interface TFlowTexts {
  modifyHeading: string;
  website: string;
  submit: string;
  submitted: string;
  audit: string;
  auditHeading: string;
  returnChoice: string;
  approveChoice: string;
  reasonLabel: string;
  returnedHeader: string;
  returnedStatus: string;
  edit: string;
  view: string;
  flows: string[];
  more: RegExp;
}

const TEXTS: Record<'zh' | 'en', TFlowTexts> = {
  zh: {
    modifyHeading: '修改医院信息',
    website: '网址',
    submit: '提交',
    submitted: '提交成功',
    audit: '审核',
    auditHeading: '审核医院任务',
    returnChoice: '退回',
    approveChoice: '通过',
    reasonLabel: '退回原因',
    returnedHeader: '该任务已被退回',
    returnedStatus: '已退回',
    edit: '编辑',
    view: '查看',
    flows: ['已提交', '已退回', '已提交', '已通过'],
    more: /展开其余/,
  },
  en: {
    modifyHeading: 'Update hospital information',
    website: 'Website',
    submit: 'Submit',
    submitted: 'Submit success',
    audit: 'Audit',
    auditHeading: 'Audit hospital task',
    returnChoice: 'Return',
    approveChoice: 'Approve',
    reasonLabel: 'Return Reason',
    returnedHeader: 'This task was returned',
    returnedStatus: 'Rejected',
    edit: 'Edit',
    view: 'View',
    flows: ['Submitted', 'Rejected', 'Submitted', 'Approved'],
    more: /Show \d+ more/,
  },
};

/**
 * The whole story in the browser, in tenant acme (its provider P20001 is touched by no other
 * browser test): the hospital submits a change, the auditor returns it with a reason, the
 * hospital sees the reason, edits and resubmits, the auditor approves, and the hospital sees
 * the new value and the whole history.
 */
describe.each(['zh', 'en'] as const)('submit, return, resubmit, approve (%s, acme)', (lang) => {
  const x = TEXTS[lang];
  const first = `https://www.lioncity-${lang}-first.example.sg`;
  const second = `https://www.lioncity-${lang}-second.example.sg`;
  const reason =
    lang === 'zh' ? '网址无法访问，请核实后重新提交' : 'The website does not open; check it and submit again';
  let hospital: TBrowser;
  let auditor: TBrowser;
  let taskNo = '';
  let taskId = '';

  beforeAll(async () => {
    hospital = await signedIn(lang, 'hospital', 'acme');
    auditor = await signedIn(lang, 'auditor', 'acme');
  });
  afterAll(async () => {
    await hospital?.close();
    await auditor?.close();
  });

  /** The auditor opens the task from the list (Audit takes it) and submits a decision. */
  async function decide(choice: 'return' | 'approve') {
    const { page, baseUrl } = auditor;
    await page.goto(`${baseUrl}${LIST_PATH}`);
    const row = page.locator('.ant-table-row', { hasText: taskNo });
    await row.waitFor();
    await row.getByRole('button', { name: x.audit, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/drsystem/management/hosp/audit');
    expect(new URL(page.url()).searchParams.get('taskNo')).toBe(taskNo);
    await page.getByRole('heading', { name: x.auditHeading }).waitFor();
    const section = page.locator('#hospital-form-section-audit');
    await section.scrollIntoViewIfNeeded();
    if (choice === 'return') {
      await section.getByText(x.returnChoice, { exact: true }).click();
      await fillField(section.getByLabel(x.reasonLabel), reason);
      await screenshot(page, `hospital-audit-return-${lang}`);
    } else {
      await section.getByText(x.approveChoice, { exact: true }).click();
    }
    const answer = page.waitForResponse((r) => r.url().includes('/providerTaskMsh/approval'));
    await footerButton(page, x.submit).click();
    expect((await answer).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === LIST_PATH);
  }

  it('the hospital submits a change of its record', async () => {
    const { page, baseUrl } = hospital;
    await page.goto(`${baseUrl}/drsystem/management/hosp/modify?providerId=P20001`);
    await page.getByRole('heading', { name: x.modifyHeading }).waitFor();
    const website = page.getByLabel(x.website, { exact: true });
    await expect.poll(() => website.inputValue()).not.toBe('');
    await fillField(website, first);
    const created = page.waitForResponse((r) => r.url().includes('/providerTask/createCase'));
    await footerButton(page, x.submit).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const data = ((await answer.json()) as { data: { id: string; taskNo: string } }).data;
    taskNo = data.taskNo;
    taskId = data.id;
    await waitForToast(page, x.submitted);
  });

  it('the auditor returns it with a reason', async () => {
    await decide('return');
    // Back on the list, which shows the tasks under audit: the returned task has left it.
    await expect.poll(() => auditor.page.locator('.ant-table-row', { hasText: taskNo }).count()).toBe(0);
  });

  it('the hospital sees the reason, edits the task and submits it again', async () => {
    const { page, baseUrl } = hospital;
    await page.goto(`${baseUrl}/drsystem/management/task/modify?taskNo=${taskNo}`);
    await page.getByText(x.returnedHeader, { exact: false }).first().waitFor();
    await page.getByText(reason).first().waitFor();
    await screenshot(page, `hospital-audit-returned-${lang}`);
    const website = page.getByLabel(x.website, { exact: true });
    await expect.poll(() => website.inputValue()).toBe(first);
    await fillField(website, second);
    const modified = page.waitForResponse((r) => r.url().includes('/providerTask/modify'));
    await footerButton(page, x.submit).click();
    expect((await modified).status()).toBe(200);
    await waitForToast(page, x.submitted);
  });

  it('the auditor approves it', async () => {
    await decide('approve');
    // Every status: the approved task is listed with its tag, auditor and publicity date.
    const { page } = auditor;
    await page.getByRole('search').locator('.ant-select-selection-item-remove').first().click();
    await button(page, lang === 'zh' ? '查询' : 'Search').click();
    const row = page.locator('.ant-table-row', { hasText: taskNo });
    await row.getByText(lang === 'zh' ? '已通过' : 'Approved', { exact: true }).waitFor();
    await screenshot(page, `hospital-audit-list-filled-${lang}`);
  });

  it('the hospital sees the new value and the whole history', async () => {
    const { page, baseUrl } = hospital;
    await page.goto(`${baseUrl}/drsystem/management/hospital/mine`);
    await page.getByText(second).first().waitFor();
    await page.goto(`${baseUrl}/drsystem/management/hospital/task/detail/${taskId}`);
    await page.getByText(second).first().waitFor();
    const more = page.getByText(x.more);
    if ((await more.count()) > 0) await more.first().click();
    const history = page.locator('.ant-card', { has: page.locator('.ant-timeline') }).last();
    await history.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        const text = (await history.textContent()) ?? '';
        return x.flows.every((f) => text.includes(f)) && text.includes(reason);
      })
      .toBe(true);
    await screenshot(page, `hospital-audit-history-${lang}`);
  });
});
