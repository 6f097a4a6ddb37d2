import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signIn, type TBrowser, until } from './browser.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const HEADERS = [
  '会员编号 / Member ID',
  '患者姓名 / Patient name',
  '就诊日期 / Visit date',
  '就诊类型 / Visit type',
  '保障项目 / Coverage',
  '诊断编码(ICD-10) / Diagnosis code (ICD-10)',
  '诊断名称 / Diagnosis',
  '项目编码 / Item code',
  '项目名称 / Item name',
  '数量 / Quantity',
  '金额 / Amount',
  '币种 / Currency',
  '预授权编号(可空) / Pre-authorisation no. (optional)',
];

/** A statement of three lines; `bad` puts letters in the second line's amount. */
async function statementFile(dir: string, name: string, lang: string, bad: boolean) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('statement');
  sheet.addRow(HEADERS);
  const visit = day(-2);
  sheet.addRow([
    'M0001001',
    '张伟',
    visit,
    '01',
    'OP',
    'J06.9',
    '',
    `LAB-${lang}-1`,
    '血常规',
    '1',
    '85.00',
    'CNY',
    '',
  ]);
  sheet.addRow([
    'M0001002',
    'Li Na',
    visit,
    '01',
    'OP',
    'J20.9',
    '',
    `MED-${lang}-2`,
    '药品',
    '2',
    bad ? 'abc' : '120.50',
    'CNY',
    '',
  ]);
  sheet.addRow([
    'M0001001',
    '张伟',
    visit,
    '01',
    'OP',
    'J06.9',
    '',
    `XR-${lang}-3`,
    '胸片',
    '1',
    '300.00',
    'CNY',
    '',
  ]);
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await workbook.xlsx.writeBuffer()));
  return path;
}

/**
 * A one-page PDF with a text layer (its name, or the given lines) and a correct cross-reference
 * table, so the viewer shows it and invoice recognition reads it.
 */
function pdfFile(dir: string, name: string, lines: string[] = [name]) {
  const text = `BT /F1 18 Tf 72 720 Td ${lines.map((l, i) => `${i ? '0 -28 Td ' : ''}(${l}) Tj`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const path = join(dir, name);
  writeFileSync(path, body, 'latin1');
  return path;
}

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '理赔',
    upload: '提交理赔',
    problems: /1 处错误/,
    amountColumn: '金额',
    allCorrect: /3 行，全部正确/,
    submit: '提交审核',
    pending: '待审核',
    reject: '拒绝',
    reasons: '原因',
    decide: '提交审核结果',
    ok: /确\s*定/,
    approved: '已批准',
    rejected: '已拒绝',
    uploadInvoice: '上传 CNY 发票',
    readFrom: /从 PDF 文字识别/,
    invoiceNumber: '发票号码',
    saveInvoices: '保存发票',
    invoiceMenu: '发票管理',
    uploadedTab: /已上传 \(\d+\)/,
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Claims',
    upload: 'Submit claims',
    problems: /problems found: 1\./,
    amountColumn: 'Amount',
    allCorrect: /3 rows, all correct/,
    submit: 'Submit for audit',
    pending: 'Pending for audit',
    reject: 'Reject',
    reasons: 'Reasons',
    decide: 'Submit the decision',
    ok: 'Confirm',
    approved: 'Approved',
    rejected: 'Rejected',
    uploadInvoice: 'Upload the CNY invoices',
    readFrom: /Read from the PDF text/,
    invoiceNumber: 'Invoice number',
    saveInvoices: 'Save invoices',
    invoiceMenu: 'Invoice management',
    uploadedTab: /Uploaded \(\d+\)/,
  },
] as const;

describe('claims', () => {
  for (const c of cases) {
    it(`hospital fixes a bad statement row and submits with PDFs; auditor approves two lines and rejects one; hospital uploads the invoice of the payable total (${c.lang})`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'claims-e2e-'));
      const hospital = await openBrowser({ language: c.lang });
      open.push(hospital);
      const { page, baseUrl } = hospital;
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).first().click();
      await nav.getByRole('link', { name: c.upload }).click();
      await page.waitForURL((url) => url.pathname === '/claim/submisson/upload');
      const main = page.getByRole('main');
      const inputs = main.locator('input[type=file]');

      await inputs
        .nth(0)
        .setInputFiles(await statementFile(dir, `statement-bad-${c.lang}.xlsx`, c.lang, true));
      await main.getByText(c.problems).waitFor();
      const errorRow = main.getByRole('row').filter({ hasText: c.amountColumn });
      await errorRow.filter({ hasText: '3' }).first().waitFor();
      await screenshot(page, `claims-upload-errors-${c.lang}`, { fullPage: true });

      await inputs.nth(0).setInputFiles(await statementFile(dir, `statement-${c.lang}.xlsx`, c.lang, false));
      await main.getByText(c.allCorrect).waitFor();
      await inputs
        .nth(1)
        .setInputFiles([pdfFile(dir, `invoice-${c.lang}.pdf`), pdfFile(dir, `record-${c.lang}.pdf`)]);
      await main.getByText(`record-${c.lang}.pdf`).waitFor();
      await until(
        () => main.locator('.ant-upload-list-item-uploading').count(),
        (n) => n === 0,
        'the claim images to finish uploading',
      );
      await main.getByRole('button', { name: c.submit }).click();
      await page.waitForURL((url) => url.pathname === '/claim/detail' && url.searchParams.has('id'));
      await main.getByText(c.pending, { exact: true }).filter({ visible: true }).first().waitFor();
      const id = new URL(page.url()).searchParams.get('id') ?? '';

      const auditor = await openBrowser({ language: c.lang });
      open.push(auditor);
      await signIn(auditor.page, auditor.baseUrl, 'auditor');
      await auditor.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await auditor.page.goto(`${auditor.baseUrl}/claim/audit/auditPage?id=${id}`);
      const audit = auditor.page.getByRole('main');
      const xray = audit.getByRole('row').filter({ hasText: `XR-${c.lang}-3` });
      await xray.getByText(c.reject, { exact: true }).click();
      await xray.getByLabel(`${c.reasons} 4`).click();
      await auditor.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'R05' })
        .click();
      await auditor.page.keyboard.press('Escape');
      await screenshot(auditor.page, `claims-audit-${c.lang}`, { fullPage: true });
      await audit.getByRole('button', { name: c.decide }).click();
      await auditor.page.getByRole('dialog').getByRole('button', { name: c.ok }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/claim/adminDetail');
      // The audit page stays mounted, hidden, behind its tag: wait for the visible status of the detail.
      await audit.getByText(c.approved, { exact: true }).filter({ visible: true }).first().waitFor();

      await page.reload();
      await main.getByText(c.rejected, { exact: true }).first().waitFor();
      await main.getByText('CNY 205.50').first().waitFor();
      await screenshot(page, `claims-detail-${c.lang}`, { fullPage: true });
      const batchNo = (await main.getByText(/CB\d+/).first().textContent())?.match(/CB\d+/)?.[0] ?? '';

      // The approved batch's invoice: a fully digitalised e-invoice (a 20-digit number) as a PDF
      // with a text layer, read by recognition, confirmed, and saved for the payable total.
      const invoiceNo = `26${String(Date.now()).slice(-8)}${c.lang === 'zh' ? 1 : 2}000000001`;
      const invoiceName = `fapiao-${c.lang}.pdf`;
      const invoice = pdfFile(dir, invoiceName, [
        'VAT e-fapiao, fully digitalised',
        `Fapiao number: ${invoiceNo}`,
        'Buyer taxpayer 91310115MA1K3D7P2X',
        'Total due: CNY 205.50',
      ]);
      await main.getByRole('link', { name: c.uploadInvoice }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/invoice/upload/'));
      const slotId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      // Pages left stay mounted, hidden, behind their tags: the visible upload is the invoice page's.
      await main
        .locator('.portal-upload')
        .filter({ visible: true })
        .locator('input[type=file]')
        .setInputFiles(invoice);
      await main.getByText(c.readFrom).waitFor();
      await until(
        () => main.getByLabel(c.invoiceNumber).inputValue(),
        (value) => value === invoiceNo,
        'the recognised invoice number',
      );
      await main.getByRole('checkbox', { name: new RegExp(invoiceName) }).check();
      await screenshot(page, `invoices-upload-${c.lang}`, { fullPage: true });
      await main.getByRole('button', { name: c.saveInvoices }).click();
      await page.waitForURL((url) => url.pathname === `/invoice/detail/${slotId}`);
      await main.getByRole('cell', { name: invoiceNo }).waitFor();
      await screenshot(page, `invoices-detail-${c.lang}`, { fullPage: true });

      // The amounts reconcile: the batch is in the uploaded tab, invoiced as much as is payable.
      // The invoice detail is a hidden page of Invoice management: its group is open, its entry selected.
      const invoiceMenu = nav.getByRole('link', { name: c.invoiceMenu });
      await invoiceMenu.waitFor();
      await expect
        .poll(async () => (await invoiceMenu.locator('xpath=ancestor::li[1]').getAttribute('class')) ?? '')
        .toContain('ant-menu-item-selected');
      await invoiceMenu.click();
      await page.waitForURL((url) => url.pathname === '/invoice/index');
      await main.getByRole('tab', { name: c.uploadedTab }).click();
      const reconciled = main.getByRole('row').filter({ hasText: batchNo, visible: true });
      await reconciled.waitFor();
      await expect
        .poll(() => reconciled.getByRole('cell').allTextContents())
        .toEqual(expect.arrayContaining([batchNo, 'CNY 205.50', 'CNY 205.50']));
      expect(
        (await reconciled.getByRole('cell').allTextContents()).filter((text) => text === 'CNY 205.50'),
      ).toHaveLength(2);
      await screenshot(page, `invoices-uploaded-${c.lang}`, { fullPage: true });
    });
  }
});
