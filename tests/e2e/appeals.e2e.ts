import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs, pdfBytes, submitClaimBatch } from './api.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';
import { portalBaseUrl } from './portal.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});

/**
 * Through the API: the hospital submits two lines (CNY 100.00 and 80.00), the auditor approves
 * the first and rejects the second, the hospital uploads the invoice of the payable total.
 */
async function decidedBatch(lang: string) {
  const batch = await submitClaimBatch(portalBaseUrl(), `APL-${lang}-${Date.now() % 100_000}`, [
    '100.00',
    '80.00',
  ]);
  const hospital = await apiAs(portalBaseUrl(), 'hospital');
  const auditor = await apiAs(portalBaseUrl(), 'auditor');
  const detail = await auditor.call('GET', `/claim/audit/detail/${batch.id}`);
  const [first, second] = detail.lines as { id: string; amount: string }[];
  await auditor.call('POST', '/claim/audit/decide', {
    id: batch.id,
    version: detail.batch.version,
    lines: [
      { lineId: first.id, result: 'approved', payableAmount: first.amount },
      { lineId: second.id, result: 'rejected', reasonCodes: ['R04'], remark: '缺少出院小结' },
    ],
  });
  const slots = await hospital.call('POST', '/invoice/page', {
    current: 1,
    size: 10,
    model: { tab: '1', batchNo: batch.batchNo },
  });
  for (const slot of slots.records as {
    id: string;
    version: number;
    payableAmount: string;
    currency: string;
  }[]) {
    const [fileId] = await hospital.upload(
      [
        {
          name: `appeal-invoice-${lang}.pdf`,
          content: Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(2000, 0x20)]),
        },
      ],
      'bucket=invoice&bizType=INVOICE',
    );
    await hospital.call('POST', `/invoice/upload/${slot.id}`, {
      version: slot.version,
      invoices: [
        {
          fileId,
          invoiceNo: `26442000${lang === 'zh' ? 3 : 4}${String(Date.now()).slice(-11)}`,
          amount: slot.payableAmount,
          currency: slot.currency,
        },
      ],
    });
  }
  return batch;
}

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '理赔',
    entry: '理赔申诉',
    appealRow: '申诉第 3 行',
    amount: '申诉金额（CNY）',
    reason: '申诉理由',
    submit: '提交申诉',
    processing: '处理中',
    approve: '批准申诉',
    approved: '已批准',
    choose: (batchNo: string) => `选择理赔批次 ${batchNo} 第 3 行`,
    toPay: (batchNo: string) => `理赔批次 ${batchNo} 第 3 行的本次付款金额`,
    build: '生成付款批次',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Claims',
    entry: 'Claim appeals',
    appealRow: 'Appeal row 3',
    amount: 'Amount appealed (CNY)',
    reason: 'Reason of the appeal',
    submit: 'Submit the appeal',
    processing: 'Processing',
    approve: 'Approve the appeal',
    approved: 'Approved',
    choose: (batchNo: string) => `Choose claim batch ${batchNo} row 3`,
    toPay: (batchNo: string) => `Amount to pay of claim batch ${batchNo} row 3`,
    build: 'Build payment batch',
  },
] as const;

describe('claim appeals', () => {
  for (const c of cases) {
    it(`hospital appeals a rejected claim line; auditor approves it and the amount is paid in the next payment batch (${c.lang})`, async () => {
      const batch = await decidedBatch(c.lang);

      // The hospital appeals the rejected line (statement row 3) from its claim batch.
      const hospital = await openBrowser({ language: c.lang });
      open.push(hospital);
      const { page, baseUrl } = hospital;
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${baseUrl}/claim/detail?id=${batch.id}`);
      const main = page.getByRole('main');
      const appealLink = main.getByRole('link', { name: c.appealRow }).filter({ visible: true });
      await appealLink.waitFor();
      await screenshot(page, `appeals-claim-lines-${c.lang}`, { fullPage: true });
      await appealLink.click();
      await page.waitForURL((url) => url.pathname === '/claim/appeal/create');
      const amount = main.getByLabel(c.amount).filter({ visible: true });
      await amount.waitFor();
      expect(await amount.inputValue()).toBe('80.00');
      await fillField(
        main.getByLabel(c.reason).filter({ visible: true }),
        '出院小结已补充，费用在保障范围内 / discharge summary added; the item is covered',
      );
      const dir = mkdtempSync(join(tmpdir(), 'appeals-e2e-'));
      const evidence = join(dir, `discharge-summary-${c.lang}.pdf`);
      writeFileSync(evidence, pdfBytes('discharge summary'));
      await main.locator('input[type=file]').setInputFiles(evidence);
      await main
        .locator('.ant-upload-list-item:not(.ant-upload-list-item-uploading)', {
          hasText: `discharge-summary-${c.lang}.pdf`,
        })
        .waitFor();
      await screenshot(page, `appeals-create-${c.lang}`, { fullPage: true });
      await main.getByRole('button', { name: c.submit }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/claim/appeal/detail/'));
      const heading = main.getByRole('heading', { name: /CA\d{10}/ }).filter({ visible: true });
      await heading.waitFor();
      const appealNo = /CA\d{10}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
      expect(appealNo).not.toBe('');
      await main.getByText(c.processing, { exact: true }).filter({ visible: true }).first().waitFor();
      await screenshot(page, `appeals-submitted-${c.lang}`, { fullPage: true });

      // The auditor finds it under the menu and approves it.
      const auditor = await openBrowser({ language: c.lang });
      open.push(auditor);
      await signIn(auditor.page, auditor.baseUrl, 'auditor');
      await auditor.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = auditor.page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).first().click();
      await nav.getByRole('link', { name: c.entry }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/claim/appeal/list');
      const desk = auditor.page.getByRole('main');
      await screenshot(auditor.page, `appeals-list-${c.lang}`, { fullPage: true });
      await desk.getByRole('link', { name: appealNo }).filter({ visible: true }).click();
      await auditor.page.waitForURL((url) => url.pathname.startsWith('/claim/appeal/audit/'));
      await desk
        .getByRole('link', { name: `discharge-summary-${c.lang}.pdf` })
        .filter({ visible: true })
        .waitFor();
      await screenshot(auditor.page, `appeals-audit-${c.lang}`, { fullPage: true });
      await desk.getByRole('button', { name: c.approve }).filter({ visible: true }).click();
      await desk.getByText(c.approved, { exact: true }).filter({ visible: true }).first().waitFor();
      await screenshot(auditor.page, `appeals-approved-${c.lang}`, { fullPage: true });

      // The next payment batch of the hospital offers the 80.00; the auditor pays that line alone.
      await auditor.page.goto(`${auditor.baseUrl}/claim/acc/build?providerId=P10001`);
      const toPay = desk.getByRole('textbox', { name: c.toPay(batch.batchNo) }).filter({ visible: true });
      await toPay.waitFor();
      expect(await toPay.inputValue()).toBe('80.00');
      await desk.locator('.ant-table-thead .ant-checkbox-input').filter({ visible: true }).first().uncheck();
      await desk
        .getByRole('checkbox', { name: c.choose(batch.batchNo) })
        .filter({ visible: true })
        .check();
      await desk.locator('strong', { hasText: 'CNY 80.00' }).filter({ visible: true }).first().waitFor();
      await screenshot(auditor.page, `appeals-payment-${c.lang}`, { fullPage: true });
      await desk.getByRole('button', { name: c.build }).filter({ visible: true }).click();
      await auditor.page.getByRole('dialog').getByRole('button', { name: c.build }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/claim/acc/detail');
      await desk
        .getByRole('row')
        .filter({ hasText: batch.batchNo, visible: true })
        .filter({ hasText: '80.00' })
        .first()
        .waitFor();
      await screenshot(auditor.page, `appeals-paid-${c.lang}`, { fullPage: true });

      // The hospital sees its appeal approved.
      await page.reload();
      await main.getByText(c.approved, { exact: true }).filter({ visible: true }).first().waitFor();
      await screenshot(page, `appeals-provider-approved-${c.lang}`, { fullPage: true });
    });
  }
});
