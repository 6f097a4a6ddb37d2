import { afterEach, describe, expect, it } from 'vitest';
import { chinaDayFrom, submitClaimBatch } from './api.ts';
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
    entry: '费用管控',
    create: '提出管控措施',
    proportion: '扣减比例',
    basis: '管控依据',
    start: '开始日期',
    end: '结束日期',
    propose: /^提\s*交$/,
    proposeAgain: '重新提出',
    submitAgain: '重新提交',
    pending: '待医院确认',
    answer: '答复',
    answerButton: /^答\s*复$/,
    disagree: '提出异议',
    reason: '异议原因',
    ok: /确\s*定/,
    disagreed: '有异议',
    accept: /^接\s*受$/,
    accepted: '已接受',
    apply: '采用 2',
    payable: '赔付金额 2',
    visit: -3,
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Claims',
    entry: 'Cost management',
    create: 'New proposal',
    proportion: 'Deduction proportion',
    basis: 'Basis',
    start: 'Start date',
    end: 'End date',
    propose: /^Propose$/,
    proposeAgain: 'Propose again',
    submitAgain: 'Propose again',
    pending: 'Awaiting the provider',
    answer: 'Answer',
    answerButton: /^Answer$/,
    disagree: 'Disagree',
    reason: 'Reason for disagreeing',
    ok: 'Confirm',
    disagreed: 'Disagreed',
    accept: /^Accept$/,
    accepted: 'Accepted',
    apply: 'Apply 2',
    payable: 'Payable 2',
    visit: -10,
  },
] as const;

describe('cost management', () => {
  for (const c of cases) {
    it(`auditor proposes a proportion for P10001; hospital disagrees, auditor proposes again, hospital accepts; the claim audit suggests the deduction (${c.lang})`, async () => {
      // Each language's measure covers the three days around its visit: accepted periods of one provider never overlap.
      const batch = await submitClaimBatch(portalBaseUrl(), `CC-${c.lang}`, ['85.00'], c.visit);

      // The auditor proposes 20 %.
      const auditor = await openBrowser({ language: c.lang });
      open.push(auditor);
      await signIn(auditor.page, auditor.baseUrl, 'auditor');
      await auditor.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const auditNav = auditor.page.getByRole('navigation', { name: c.menu });
      await auditNav.getByText(c.group, { exact: true }).first().click();
      await auditNav.getByRole('link', { name: c.entry }).click();
      await auditor.page.waitForURL((url) => url.pathname === '/claim/control/list');
      const audit = auditor.page.getByRole('main');
      await audit.getByRole('button', { name: c.create }).click();
      await auditor.page.waitForURL((url) => url.pathname.startsWith('/claim/control/create/'));
      // The list stays mounted (hidden) behind its tag: the form's own field by its id.
      const provider = audit.locator('#providerId');
      await provider.click();
      await provider.fill('P10001');
      await auditor.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'P10001' })
        .click();
      await fillField(audit.getByLabel(c.proportion), '20');
      await fillField(
        audit.getByLabel(c.basis),
        '门诊次均费用连续三个月高于区域均值 30% / outpatient cost 30% above the region',
      );
      const start = audit.getByPlaceholder(c.start);
      await start.click();
      await start.fill(chinaDayFrom(c.visit - 1));
      await start.press('Enter');
      const end = audit.getByPlaceholder(c.end);
      await end.fill(chinaDayFrom(c.visit + 1));
      await end.press('Enter');
      await screenshot(auditor.page, `cost-control-propose-${c.lang}`, { fullPage: true });
      await audit.getByRole('button', { name: c.propose }).click();
      await auditor.page.waitForURL((url) => url.pathname.startsWith('/claim/control/detail/'));
      await audit.getByText(c.pending, { exact: true }).filter({ visible: true }).first().waitFor();
      const detailUrl = auditor.page.url();
      const title = await audit.getByRole('heading').filter({ visible: true }).first().textContent();
      const measureNo = /CM\d+/.exec(title ?? '')?.[0] ?? '';
      expect(measureNo).not.toBe('');

      // The hospital disagrees with a reason.
      const hospital = await openBrowser({ language: c.lang });
      open.push(hospital);
      const { page, baseUrl } = hospital;
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).first().click();
      await nav.getByRole('link', { name: c.entry }).click();
      await page.waitForURL((url) => url.pathname === '/claim/control/list');
      const main = page.getByRole('main');
      await main
        .getByRole('row')
        .filter({ hasText: measureNo })
        .getByRole('link', { name: c.answer, exact: true })
        .click();
      await page.waitForURL((url) => url.pathname.startsWith('/claim/control/create/'));
      await main.getByRole('button', { name: c.disagree }).click();
      const dialog = page.getByRole('dialog');
      await fillField(dialog.getByLabel(c.reason), '比例过高，请参考去年的次均费用 / too high');
      await dialog.getByRole('button', { name: c.ok }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/claim/control/detail/'));
      await main.getByText(c.disagreed, { exact: true }).filter({ visible: true }).first().waitFor();

      // The auditor proposes again with 12.5 %.
      await auditor.page.goto(detailUrl);
      await audit.getByText(c.disagreed, { exact: true }).filter({ visible: true }).first().waitFor();
      await audit.getByRole('button', { name: c.proposeAgain }).click();
      await auditor.page.waitForURL((url) => url.pathname.startsWith('/claim/control/create/'));
      await expect.poll(() => audit.getByLabel(c.proportion).inputValue()).toBe('20.00');
      await fillField(audit.getByLabel(c.proportion), '12.5');
      await audit.getByRole('button', { name: c.submitAgain, exact: true }).click();
      await auditor.page.waitForURL((url) => url.pathname.startsWith('/claim/control/detail/'));
      await audit.getByText(c.pending, { exact: true }).filter({ visible: true }).first().waitFor();

      // The hospital accepts.
      await page.reload();
      await main.getByRole('button', { name: c.answerButton }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/claim/control/create/'));
      await main.getByText('12.50%').filter({ visible: true }).first().waitFor();
      await main.getByRole('button', { name: c.accept }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.ok }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/claim/control/detail/'));
      await main.getByText(c.accepted, { exact: true }).filter({ visible: true }).first().waitFor();
      await screenshot(page, `cost-control-accepted-${c.lang}`, { fullPage: true });

      // The claim audit suggests 85.00 × 12.5 % = 10.63 off; the auditor applies it.
      await auditor.page.goto(`${auditor.baseUrl}/claim/audit/auditPage?id=${batch.id}`);
      await audit.getByText('−10.63 → 74.37').waitFor();
      await audit.getByRole('button', { name: c.apply }).click();
      await expect.poll(() => audit.getByLabel(c.payable).inputValue()).toBe('74.37');
      await screenshot(auditor.page, `cost-control-audit-${c.lang}`, { fullPage: true });
    });
  }
});
