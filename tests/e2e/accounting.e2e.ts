import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterEach, describe, it } from 'vitest';
import { apiAs } from './api.ts';
import { openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';
import { portalBaseUrl } from './portal.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const MONTH = day(0).slice(0, 7);

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

/**
 * Through the API: the hospital submits three claims (two in CNY, one in HKD), the auditor
 * approves them, the hospital uploads the invoices; they are then payable.
 */
async function payableClaims(lang: string) {
  const hospital = await apiAs(portalBaseUrl(), 'hospital');
  const auditor = await apiAs(portalBaseUrl(), 'auditor');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('statement');
  sheet.addRow(HEADERS);
  const visit = day(-2);
  for (const [code, amount, currency] of [
    [`ACC-${lang}-1`, '85.00', 'CNY'],
    [`ACC-${lang}-2`, '120.50', 'CNY'],
    [`ACC-${lang}-3`, '200.00', 'HKD'],
  ])
    sheet.addRow([
      'M0001001',
      '张伟',
      visit,
      '01',
      'OP',
      'J06.9',
      '',
      code,
      '检查',
      '1',
      amount,
      currency,
      '',
    ]);
  const [statementFileId] = await hospital.upload(
    [{ name: `acc-statement-${lang}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) }],
    'bucket=claim&bizType=CLAIM_STATEMENT',
  );
  const imageFileIds = await hospital.upload(
    [{ name: `acc-${lang}.pdf`, content: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n') }],
    'bucket=claim&bizType=CLAIM_IMAGE',
  );
  const batch = await hospital.call('POST', '/claim/batch/submit', { statementFileId, imageFileIds });
  const detail = await auditor.call('GET', `/claim/audit/detail/${batch.id}`);
  await auditor.call('POST', '/claim/audit/decide', {
    id: batch.id,
    version: batch.version,
    lines: detail.lines.map((l: { id: string; amount: string }) => ({
      lineId: l.id,
      result: 'approved',
      payableAmount: l.amount,
    })),
  });
  const slots = await hospital.call('POST', '/invoice/page', {
    current: 1,
    size: 50,
    model: { tab: '1', batchNo: batch.batchNo },
  });
  let n = 0;
  for (const slot of slots.records as {
    id: string;
    version: number;
    payableAmount: string;
    currency: string;
  }[]) {
    const [fileId] = await hospital.upload(
      [
        {
          name: `invoice-${lang}-${++n}.pdf`,
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
          invoiceNo: `264420000${lang === 'zh' ? 1 : 2}${String(n).padStart(10, '0')}`,
          amount: slot.payableAmount,
          currency: slot.currency,
        },
      ],
    });
  }
}

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '理赔',
    finance: '理赔财务',
    newBatch: '生成付款批次',
    build: '生成付款批次',
    provider: '医疗机构',
    pickProvider: '请选择医疗机构，查看其已批准且发票已上传的理赔',
    rate: 'HKD 兑 CNY 的汇率',
    confirmPayment: '确认付款',
    bankReference: '银行流水号',
    confirmed: '已确认',
    dispute: '提出争议',
    reason: '争议原因',
    reasonOption: '到账金额不符',
    text: '不符情况说明',
    reconcileAll: /确认全部待对账明细/,
    reconcile: '对账确认',
    disputes: '争议 1 条',
    resolve: '处理争议',
    amount: '补付金额 (HKD)',
    reply: '给医疗机构的答复',
    reconciled: '已对账',
    reconcileStatus: '对账状态',
    handMonth: '经办月度账单',
    awaitingConfirmation: '待确认付款',
    items: '明细',
    disputeSource: '对账争议补付',
    payMonth: '付款月度账单',
    paidThisMonth: `${MONTH} 已付款`,
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Claims',
    finance: 'Claim finance',
    newBatch: 'New payment batch',
    build: 'Build payment batch',
    provider: 'Provider',
    pickProvider: 'Choose a provider to see its approved claims whose invoices are uploaded',
    rate: 'Rate from HKD to CNY',
    confirmPayment: 'Confirm payment',
    bankReference: 'Bank reference',
    confirmed: 'Confirmed',
    dispute: 'Dispute',
    reason: 'Reason',
    reasonOption: 'Amount received differs',
    text: 'What differs',
    reconcileAll: /Reconcile all open lines/,
    reconcile: 'Reconcile',
    disputes: 'Disputes: 1',
    resolve: 'Resolve',
    amount: 'Difference to pay (HKD)',
    reply: 'Reply to the provider',
    reconciled: 'Reconciled',
    reconcileStatus: 'Reconciliation',
    handMonth: 'Monthly bills by handling month',
    awaitingConfirmation: 'Payments awaiting confirmation',
    items: 'Items',
    disputeSource: 'Dispute adjustment',
    payMonth: 'Monthly bills by paid month',
    paidThisMonth: `Paid in ${MONTH}`,
  },
] as const;

type TCase = (typeof cases)[number];

async function openFinance(page: Page, c: TCase) {
  const nav = page.getByRole('navigation', { name: c.menu });
  const link = nav.getByRole('link', { name: c.finance });
  // The group may be open already (a second visit): clicking it again would close it.
  if (!(await link.isVisible())) await nav.getByText(c.group, { exact: true }).first().click();
  await link.click();
  await page.waitForURL((url) => url.pathname === '/claim/acc');
}

/**
 * Both sides see the handling-month bill (HKD 5.00 upheld in the dispute is outstanding) with its
 * items, and the paid-month bill of the CNY payments.
 */
async function seeMonthlyBill(page: Page, c: TCase, name: string) {
  const main = page.getByRole('main');
  await main.getByRole('tab', { name: c.handMonth }).filter({ visible: true }).click();
  const row = main.getByRole('row').filter({ hasText: MONTH, visible: true }).filter({ hasText: 'HKD 5.00' });
  await row.first().waitFor();
  await screenshot(page, name, { fullPage: true });
  await row.first().getByRole('button', { name: c.items }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('row').filter({ hasText: c.disputeSource }).first().waitFor();
  await screenshot(page, `${name}-items`, { fullPage: true });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await main.getByRole('tab', { name: c.payMonth }).filter({ visible: true }).click();
  await main
    .getByRole('row')
    .filter({ hasText: MONTH, visible: true })
    .filter({ hasText: 'CNY' })
    .first()
    .waitFor();
  await screenshot(page, `${name}-paid`, { fullPage: true });
}

describe('claim accounting', () => {
  for (const c of cases) {
    it(`auditor builds and confirms a payment batch for P10001; hospital reconciles and disputes a line; auditor resolves it; both see the monthly bill (${c.lang})`, async () => {
      await payableClaims(c.lang);

      const auditor = await openBrowser({ language: c.lang });
      open.push(auditor);
      await signIn(auditor.page, auditor.baseUrl, 'auditor');
      await auditor.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await openFinance(auditor.page, c);
      const desk = auditor.page.getByRole('main');
      await desk.getByRole('button', { name: c.newBatch }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/claim/acc/build');
      await desk.getByText(c.pickProvider).filter({ visible: true }).waitFor();
      // Pages stay mounted, hidden, behind their tags: the list's provider filter has the same label.
      await desk.getByRole('combobox', { name: c.provider }).filter({ visible: true }).click();
      await auditor.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'P10001' })
        .click();
      await desk.getByRole('textbox', { name: c.rate }).fill('0.912345');
      // The total of the batch shows once every amount and rate is valid.
      await desk.locator('strong', { hasText: /^CNY / }).waitFor();
      await screenshot(auditor.page, `accounting-build-${c.lang}`, { fullPage: true });
      await desk.getByRole('button', { name: c.build }).filter({ visible: true }).click();
      await auditor.page.getByRole('dialog').getByRole('button', { name: c.build }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/claim/acc/detail');
      const payBatchNo = new URL(auditor.page.url()).searchParams.get('payBatchNo') ?? '';
      await desk.getByRole('button', { name: c.confirmPayment }).filter({ visible: true }).click();
      const confirmDialog = auditor.page.getByRole('dialog');
      await confirmDialog.getByLabel(c.bankReference).fill(`TRX-${c.lang}-001`);
      await confirmDialog.getByRole('button', { name: c.confirmPayment }).click();
      await desk.getByText(c.confirmed, { exact: true }).filter({ visible: true }).first().waitFor();

      const hospital = await openBrowser({ language: c.lang });
      open.push(hospital);
      await signIn(hospital.page, hospital.baseUrl, 'hospital');
      await hospital.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await openFinance(hospital.page, c);
      const clinic = hospital.page.getByRole('main');
      await screenshot(hospital.page, `accounting-payments-${c.lang}`, { fullPage: true });
      await clinic.getByRole('link', { name: payBatchNo }).filter({ visible: true }).click();
      await hospital.page.waitForURL((url) => url.pathname === '/claim/acc/detail');
      const hkdRow = clinic.getByRole('row').filter({ hasText: 'HKD 200.00', visible: true });
      await hkdRow.getByRole('button', { name: c.dispute }).click();
      const disputeDialog = hospital.page.getByRole('dialog');
      await disputeDialog.getByLabel(c.reason).click();
      await hospital.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c.reasonOption })
        .click();
      await disputeDialog.getByLabel(c.text).fill('Received CNY 177.47, bank charges deducted');
      await disputeDialog.getByRole('button', { name: c.dispute }).click();
      await disputeDialog.waitFor({ state: 'hidden' });
      await clinic.getByRole('button', { name: c.reconcileAll }).filter({ visible: true }).click();
      await hospital.page.getByRole('dialog').getByRole('button', { name: c.reconcile }).click();
      await clinic.getByText(c.disputes).filter({ visible: true }).first().waitFor();
      await screenshot(hospital.page, `accounting-reconcile-${c.lang}`, { fullPage: true });

      await auditor.page.reload();
      const disputed = desk.getByRole('row').filter({ hasText: 'HKD 200.00', visible: true });
      await disputed.getByRole('button', { name: c.resolve }).click();
      const resolveDialog = auditor.page.getByRole('dialog');
      await resolveDialog.getByLabel(c.amount).fill('5.00');
      await resolveDialog.getByLabel(c.reply).fill('Bank charges are ours; paid with the next batch');
      await resolveDialog.getByRole('button', { name: c.resolve }).click();
      await desk
        .getByText(/HKD 5\.00: Bank charges/)
        .filter({ visible: true })
        .waitFor();
      await desk
        .locator('.ant-descriptions-item')
        .filter({ visible: true })
        .filter({ hasText: c.reconcileStatus })
        .getByText(c.reconciled, { exact: true })
        .waitFor();
      await screenshot(auditor.page, `accounting-resolved-${c.lang}`, { fullPage: true });

      await openFinance(auditor.page, c);
      await seeMonthlyBill(auditor.page, c, `accounting-bills-auditor-${c.lang}`);
      await openFinance(hospital.page, c);
      await seeMonthlyBill(hospital.page, c, `accounting-bills-hospital-${c.lang}`);

      // The home boards carry the finance figures.
      await auditor.page.goto(`${auditor.baseUrl}/`);
      await auditor.page.getByText(c.awaitingConfirmation).waitFor();
      await screenshot(auditor.page, `accounting-dashboard-${c.lang}`, { fullPage: true });
      await hospital.page.goto(`${hospital.baseUrl}/`);
      await hospital.page.getByText(c.paidThisMonth).waitFor();
      await screenshot(hospital.page, `accounting-bulletin-${c.lang}`, { fullPage: true });
    });
  }
});
