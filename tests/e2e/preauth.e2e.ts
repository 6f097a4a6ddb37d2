import type { Locator } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, PASSWORD, screenshot, signIn, type TBrowser } from './browser.ts';
import { E2E_CAPTCHA } from './portal.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});

const day = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n%${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});
/** Waits until every file of the upload inside `scope` has finished uploading. */
const uploaded = (scope: Locator, name: string) =>
  scope.locator('.ant-upload-list-item:not(.ant-upload-list-item-uploading)', { hasText: name }).waitFor();

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
    messages: /^留\s*言$/,
    message: '留言内容',
    letter: '担保函',
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
    messages: 'Messages',
    message: 'Message',
    letter: 'Guarantee letter',
  },
] as const;

describe('pre-authorisation', () => {
  for (const c of cases) {
    it(`hospital requests with an attachment, auditor asks for documents, hospital supplements, auditor approves less, both talk on the case, hospital downloads the letter (${c.lang})`, async () => {
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
      await main.locator('input[type=file]').setInputFiles(pdf('referral.pdf'));
      await uploaded(main, 'referral.pdf');
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

      // The operator leaves a message on the case.
      await audit.getByRole('button', { name: c.messages }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/preauthAudit/message');
      await fillField(audit.getByLabel(c.message, { exact: true }), `Bring the X-ray on admission ${c.lang}`);
      await audit.getByRole('button', { name: c.send }).click();
      await audit.getByText(`Bring the X-ray on admission ${c.lang}`).waitFor();

      // Without a session the message route goes to login and comes back to the same case.
      const visitor = await openBrowser({ language: c.lang });
      open.push(visitor);
      await visitor.page.evaluate(() => localStorage.setItem('hideNotice', 'true'));
      await visitor.page.goto(`${visitor.baseUrl}/advance/message?id=${id}`);
      await visitor.page.waitForURL((url) => url.pathname === '/login');
      await fillField(visitor.page.locator('#login_tenant'), 'demo');
      await fillField(visitor.page.locator('#login_account'), 'hospital');
      await fillField(visitor.page.locator('#login_password'), PASSWORD);
      await fillField(visitor.page.locator('#login_code'), E2E_CAPTCHA);
      await visitor.page.locator('button[type=submit]').click();
      await visitor.page.waitForURL(
        (url) => url.pathname === '/advance/message' && url.searchParams.get('id') === id,
      );
      const talk = visitor.page.getByRole('main');
      await talk.getByText(`Bring the X-ray on admission ${c.lang}`).waitFor();
      await fillField(talk.getByLabel(c.message, { exact: true }), `X-ray sent ${c.lang}`);
      await talk.locator('input[type=file]').setInputFiles(pdf('xray.pdf'));
      await uploaded(talk, 'xray.pdf');
      await talk.getByRole('button', { name: c.send }).click();
      await talk.getByText(`X-ray sent ${c.lang}`).waitFor();
      await talk.getByRole('link', { name: 'xray.pdf' }).waitFor();
      await screenshot(visitor.page, `preauth-messages-${c.lang}`, { fullPage: true });

      // The operator sees the reply; the provider downloads the guarantee letter.
      await auditor.page.reload();
      await audit.getByText(`X-ray sent ${c.lang}`).waitFor();
      await page.reload();
      const [letter] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('button', { name: c.letter }).click(),
      ]);
      expect(letter.suggestedFilename()).toMatch(/^担保付款函-PA\d{10}\.pdf$/);
    });
  }
});
