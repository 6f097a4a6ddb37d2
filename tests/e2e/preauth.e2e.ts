import { afterEach, describe, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '预授权',
    create: '申请预授权',
    name: '姓名',
    birthday: '出生日期',
    search: /查\s*询/,
    choose: /选\s*择/,
    coverage: '保障',
    currency: '币种',
    visitDate: '就诊日期',
    cost: '费用',
    icd: 'ICD 编码',
    saveAndSubmit: '保存并提交',
    auditing: '审核中',
    ask: '要求补充资料',
    documentsNeeded: '需补充的资料',
    ok: /确\s*定/,
    docsRequired: '需补充资料',
    supplement: '补充资料',
    remark: '备注',
    send: /发\s*送/,
    approve: /批\s*准/,
    approvedAmount: /批准金额/,
    validUntil: '有效期至',
    approved: '已批准',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Pre-authorisations',
    create: 'Make a pre-authorisation',
    name: 'Name',
    birthday: 'Birthday',
    search: 'Search',
    choose: 'Choose',
    coverage: 'Coverage',
    currency: 'Currency',
    visitDate: 'Visit date',
    cost: 'Cost',
    icd: 'ICD code',
    saveAndSubmit: 'Save and submit',
    auditing: 'Auditing',
    ask: 'Ask for documents',
    documentsNeeded: 'Documents needed',
    ok: 'Confirm',
    docsRequired: 'Additional documents required',
    supplement: 'Supplement documents',
    remark: 'Remark',
    send: 'Send',
    approve: 'Approve',
    approvedAmount: /Approved amount/,
    validUntil: 'Valid until',
    approved: 'Approved',
  },
] as const;

describe('pre-authorisation', () => {
  for (const c of cases) {
    it(`hospital requests, auditor asks for documents, hospital supplements, auditor approves less (${c.lang})`, async () => {
      const hospital = await openBrowser({ language: c.lang });
      open.push(hospital);
      const { page, baseUrl } = hospital;
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).first().click();
      await nav.getByRole('link', { name: c.group }).click();
      await page.waitForURL((url) => url.pathname === '/preauth/list');
      const main = page.getByRole('main');
      await main.getByRole('button', { name: c.create }).click();
      await page.waitForURL((url) => url.pathname === '/advance/preAuthCreateNew');

      await fillField(main.getByLabel(c.name, { exact: true }), '张伟');
      const birthday = main.getByLabel(c.birthday, { exact: true });
      await fillField(birthday, '1985-03-12');
      await birthday.press('Enter');
      await main.getByRole('button', { name: c.search }).click();
      const row = main.getByRole('row').filter({ hasText: 'M0001001' });
      await row.getByRole('button', { name: c.choose }).click();

      const coverage = main.getByLabel(c.coverage, { exact: true });
      await coverage.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^IP/ }).click();
      await main.getByLabel(c.currency, { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'CNY' }).click();
      const visitDate = main.getByLabel(c.visitDate, { exact: true });
      await fillField(visitDate, day(5));
      await visitDate.press('Enter');
      await fillField(main.getByLabel(c.cost, { exact: true }), '12000.50');
      const icd = main.getByLabel(c.icd, { exact: true });
      await icd.fill('S72.0');
      await icd.press('Enter');
      await screenshot(page, `preauth-form-${c.lang}`, { fullPage: true });
      await main.getByRole('button', { name: c.saveAndSubmit }).click();
      await page.waitForURL((url) => url.pathname === '/advance/detail');
      await main.getByText(c.auditing, { exact: true }).first().waitFor();
      const id = new URL(page.url()).searchParams.get('id') ?? '';

      const auditor = await openBrowser({ language: c.lang });
      open.push(auditor);
      await signIn(auditor.page, auditor.baseUrl, 'auditor');
      await auditor.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await auditor.page.goto(`${auditor.baseUrl}/preauthAudit/detail?id=${id}`);
      const audit = auditor.page.getByRole('main');
      await audit.getByRole('button', { name: c.ask }).click();
      let dialog = auditor.page.getByRole('dialog');
      await fillField(dialog.getByLabel(c.documentsNeeded), 'X-ray please');
      await dialog.getByRole('button', { name: c.ok }).click();
      await audit.getByText(c.docsRequired, { exact: true }).first().waitFor();

      await page.reload();
      await main.getByRole('button', { name: c.supplement }).click();
      await page.waitForURL((url) => url.pathname === '/advance/supplement');
      await fillField(main.getByLabel(c.remark, { exact: true }).last(), 'X-ray attached to the file');
      await main.getByRole('button', { name: c.send }).click();
      await page.waitForURL((url) => url.pathname === '/advance/detail');
      await main.getByText(c.auditing, { exact: true }).first().waitFor();

      await auditor.page.reload();
      await audit.getByRole('button', { name: c.approve }).click();
      dialog = auditor.page.getByRole('dialog');
      await fillField(dialog.getByLabel(c.approvedAmount), '10000.25');
      const validUntil = dialog.getByLabel(c.validUntil);
      await fillField(validUntil, day(30));
      await validUntil.press('Enter');
      await dialog.getByRole('button', { name: c.ok }).click();
      await audit.getByText(c.approved, { exact: true }).first().waitFor();
      await audit.getByText('CNY 10,000.25').first().waitFor();
      await screenshot(auditor.page, `preauth-audit-detail-${c.lang}`, { fullPage: true });
    });
  }
});
