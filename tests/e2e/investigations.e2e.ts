import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { chinaDayFrom, pdfBytes, submitClaimBatch } from './api.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';
import { portalBaseUrl } from './portal.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '理赔',
    entry: '理赔调查',
    requestRecords: '调取病历 2',
    request: '需要的病历资料',
    openButton: '发起调查',
    files: '病历文件',
    tracking: '快递单号',
    posting: '寄出日期',
    submit: '提交回复',
    processing: '处理中',
    complete: '完成调查',
    ok: /确\s*定/,
    completed: '已完成',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Claims',
    entry: 'Claim investigations',
    requestRecords: 'Request records 2',
    request: 'Medical records needed',
    openButton: 'Open investigation',
    files: 'Medical record files',
    tracking: 'Tracking numbers',
    posting: 'Posting date',
    submit: 'Submit the answer',
    processing: 'Processing',
    complete: 'Complete',
    ok: 'Confirm',
    completed: 'Completed',
  },
] as const;

describe('claim investigations', () => {
  for (const c of cases) {
    it(`auditor opens an investigation on a claim; hospital answers with a file and a tracking number before the deadline; auditor completes it (${c.lang})`, async () => {
      const batch = await submitClaimBatch(portalBaseUrl(), `INV-${c.lang}`, ['85.00', '120.00']);

      // The auditor asks for the records of the first line (statement row 2) from the claim audit page.
      const auditor = await openBrowser({ language: c.lang });
      open.push(auditor);
      await signIn(auditor.page, auditor.baseUrl, 'auditor');
      await auditor.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await auditor.page.goto(`${auditor.baseUrl}/claim/audit/auditPage?id=${batch.id}`);
      const audit = auditor.page.getByRole('main');
      await audit.getByRole('button', { name: c.requestRecords }).click();
      const dialog = auditor.page.getByRole('dialog');
      await fillField(
        dialog.getByLabel(c.request),
        '请提供门诊病历及血常规报告 / outpatient record and blood test',
      );
      await dialog.getByRole('button', { name: c.openButton }).click();
      const caseLink = audit.getByRole('link', { name: /^CI\d+$/ });
      await caseLink.waitFor();
      const caseNo = (await caseLink.textContent()) ?? '';
      await screenshot(auditor.page, `investigations-audit-${c.lang}`, { fullPage: true });

      // The hospital finds it under its menu and answers with a file and a tracking number.
      const hospital = await openBrowser({ language: c.lang });
      open.push(hospital);
      const { page, baseUrl } = hospital;
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).first().click();
      await nav.getByRole('link', { name: c.entry }).click();
      await page.waitForURL((url) => url.pathname === '/medical/record');
      const main = page.getByRole('main');
      await main.getByRole('link', { name: caseNo }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/claim/medical/detail/'));
      await main.getByText(c.processing, { exact: true }).filter({ visible: true }).first().waitFor();
      const dir = mkdtempSync(join(tmpdir(), 'investigations-e2e-'));
      const record = join(dir, `outpatient-record-${c.lang}.pdf`);
      writeFileSync(record, pdfBytes('outpatient record'));
      await main.locator('input[type=file]').setInputFiles(record);
      await main
        .locator('.ant-upload-list-item:not(.ant-upload-list-item-uploading)', {
          hasText: `outpatient-record-${c.lang}.pdf`,
        })
        .waitFor();
      await fillField(main.getByLabel(c.tracking), 'SF1234567890');
      const posting = main.getByLabel(c.posting);
      await fillField(posting, chinaDayFrom(-1));
      await posting.press('Enter');
      await screenshot(page, `investigations-answer-${c.lang}`, { fullPage: true });
      await main.getByRole('button', { name: c.submit }).click();
      await main.getByRole('link', { name: `outpatient-record-${c.lang}.pdf` }).waitFor();
      await main.getByText('SF1234567890', { exact: false }).filter({ visible: true }).first().waitFor();

      // The auditor sees the answer and completes the investigation.
      await caseLink.click();
      await auditor.page.waitForURL((url) => url.pathname.startsWith('/claim/medical/detail/'));
      const detail = auditor.page.getByRole('main');
      await detail.getByRole('link', { name: `outpatient-record-${c.lang}.pdf` }).waitFor();
      await detail.getByRole('button', { name: c.complete, exact: true }).click();
      await auditor.page.getByRole('dialog').getByRole('button', { name: c.ok }).click();
      await detail.getByText(c.completed, { exact: true }).filter({ visible: true }).first().waitFor();
      await screenshot(auditor.page, `investigations-completed-${c.lang}`, { fullPage: true });

      await page.reload();
      await main.getByText(c.completed, { exact: true }).filter({ visible: true }).first().waitFor();
    });
  }
});
