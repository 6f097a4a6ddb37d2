import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

/**
 * The message import (issue 15, decision 0035): `auditor` downloads the template, fills in two
 * messages, one naming a provider that does not exist, sees that row's error, fixes the file,
 * imports it after confirming, and both messages appear in the list. The messages start
 * tomorrow, so no provider page of another test sees them.
 */

const TEXTS = {
  zh: {
    listHeading: '消息列表',
    open: /(^|\s)导\s?入$/,
    download: '下载模板',
    next: '下一步',
    rowError: '医疗机构编号不存在或已停用：PX404',
    allValid: '全部 2 行校验通过',
    another: '重新上传文件',
    commit: '导入并发送 2 条消息',
    confirm: /^发\s?送$/,
    done: '已导入并发送 2 条消息',
    close: /^关\s?闭$/,
  },
  en: {
    listHeading: 'Messages',
    open: /(^|\s)Import$/,
    download: 'Download template',
    next: 'Next',
    rowError: 'Unknown or inactive provider ids: PX404',
    allValid: 'all 2 rows are valid',
    another: 'Upload another file',
    commit: 'Import and send 2 messages',
    confirm: /^Send$/,
    done: '2 messages imported and sent',
    close: /^Close$/,
  },
} as const;

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

/** 'YYYY-MM-DD HH:mm' in China time, `days` from now at 09:00. */
const chinaDay = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return `${d.toISOString().slice(0, 10)} 09:00`;
};

/** The downloaded template with its example replaced by two messages; the second names `recipients`. */
async function fillTemplate(template: string, out: string, names: [string, string], recipients: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0];
  const row = (name: string, to: string) => [
    name,
    `${name} (en)`,
    '02',
    '01',
    '明天起门诊时间调整。',
    'Clinic hours change from tomorrow.',
    chinaDay(1),
    chinaDay(3),
    '02',
    to,
  ];
  sheet.getRow(2).values = row(names[0], 'P10001');
  sheet.getRow(3).values = row(names[1], recipients);
  await workbook.xlsx.writeFile(out);
}

async function flow(lang: 'zh' | 'en') {
  const x = TEXTS[lang];
  const stamp = Date.now().toString(36);
  const names: [string, string] = [`导入甲${lang}${stamp}`, `导入乙${lang}${stamp}`];
  const dir = mkdtempSync(join(tmpdir(), 'msg-import-'));
  b = await openBrowser({ language: lang });
  const { page, baseUrl } = b;
  await signIn(page, baseUrl, 'auditor');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${baseUrl}/resources/msg`);
  await page.getByText(x.listHeading, { exact: true }).first().waitFor();

  await page.getByRole('button', { name: x.open }).click();
  const dialog = page.locator('.ant-modal');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: x.download }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('message-import-template.xlsx');
  const template = join(dir, 'template.xlsx');
  await download.saveAs(template);
  await screenshot(page, `message-import-template-${lang}`);

  const bad = join(dir, 'messages.xlsx');
  await fillTemplate(template, bad, names, 'PX404');
  await dialog.getByRole('button', { name: x.next }).click();
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await dialog.getByText(x.rowError, { exact: true }).waitFor();
  expect(await dialog.getByRole('button', { name: x.commit }).isDisabled()).toBe(true);
  await screenshot(page, `message-import-errors-${lang}`);

  const fixed = join(dir, 'messages-fixed.xlsx');
  await fillTemplate(template, fixed, names, 'P10001');
  await dialog.getByRole('button', { name: x.another }).click();
  await dialog.locator('input[type=file]').setInputFiles(fixed);
  await dialog.getByText(x.allValid, { exact: false }).waitFor();
  await screenshot(page, `message-import-check-${lang}`);
  await dialog.getByRole('button', { name: x.commit }).click();
  await page
    .locator('.ant-popover:visible, .ant-popconfirm:visible')
    .first()
    .getByRole('button', { name: x.confirm })
    .click();
  await dialog.getByText(x.done).waitFor();
  await dialog.locator('.ant-result').getByRole('button', { name: x.close }).click();
  await dialog.waitFor({ state: 'hidden' });

  for (const name of names) await listRow(page, lang, name).waitFor();
  await screenshot(page, `message-import-list-${lang}`);
}

/** The list's row of an imported message (the English list shows the English name). */
const listRow = (page: Page, lang: 'zh' | 'en', name: string) =>
  page.locator('.ant-table-row', { hasText: lang === 'en' ? `${name} (en)` : name });

describe('message import', () => {
  it('auditor imports messages from the template: a row error, the fix, the import (zh)', async () => {
    await flow('zh');
  });

  it('auditor imports messages from the template: a row error, the fix, the import (en)', async () => {
    await flow('en');
  });
});
