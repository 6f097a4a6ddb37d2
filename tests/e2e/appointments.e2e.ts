import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './api.ts';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

const open: TBrowser[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
});
async function browser(lang: 'zh' | 'en') {
  const b = await openBrowser({ language: lang });
  open.push(b);
  return b;
}

/** Turns P10001's appointment management on or off through the API (the seeded account otherwise). */
async function setAppointmentSwitch(baseUrl: string, on: boolean) {
  const admin = await apiAs(baseUrl, 'admin');
  const account = await admin.call('GET', '/authority/providerAccount/P10001');
  const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = account;
  await admin.call('PUT', '/authority/providerAccount', {
    ...settings,
    status: '01',
    signStatus: '01',
    appointmentEnabled: on,
  });
}

const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    group: '预约管理',
    hospitalGroup: '医院信息',
    reset: /重\s*置/,
    retrieveBill: '调取账单',
    payableByPlan: '计划支付',
    member: '会员',
    registration: '患者登记',
    inquiry: '预约查询',
    name: '姓名',
    birthday: '出生日期',
    find: '查找会员',
    register: '登记就诊 M0001001',
    submitRegister: '登记就诊',
    department: '科室',
    detail: '预约详情',
    toBeTreated: '待就诊',
    confirm: '就诊确认',
    diagnosis: '诊断',
    billAmount: /账单金额/,
    ok: /确\s*定/,
    confirmed: '已确认',
    claimForm: '下载直付理赔申请表',
    system: '系统管理',
    accounts: '机构账户',
    providerId: '机构编号',
    search: /查\s*询/,
    manage: '管理 P10001',
    appointmentSwitch: '预约管理',
    save: /保\s*存/,
    saved: '机构账户已保存',
  },
  {
    lang: 'en',
    menu: 'Main menu',
    group: 'Appointments',
    hospitalGroup: 'Hospital information',
    reset: 'Reset',
    retrieveBill: 'Retrieve bill',
    payableByPlan: 'Payable by plan',
    member: 'Member',
    registration: 'Patient registration',
    inquiry: 'Appointment inquiry',
    name: 'Name',
    birthday: 'Birthday',
    find: 'Find member',
    register: 'Register visit M0001001',
    submitRegister: 'Register visit',
    department: 'Department',
    detail: 'Appointment details',
    toBeTreated: 'To be treated',
    confirm: 'Confirm visit',
    diagnosis: 'Diagnosis',
    billAmount: /Bill amount/,
    ok: 'OK',
    confirmed: 'Confirmed',
    claimForm: 'Download direct-billing claim form',
    system: 'System',
    accounts: 'Provider accounts',
    providerId: 'Provider ID',
    search: 'Search',
    manage: 'Manage P10001',
    appointmentSwitch: 'Appointment management',
    save: 'Save',
    saved: 'Provider account saved',
  },
] as const;

describe('appointments', () => {
  for (const c of cases) {
    it(`hospital finds 张伟, registers a visit, confirms it and downloads the claim form (${c.lang})`, async () => {
      const { page, baseUrl } = await browser(c.lang);
      await setAppointmentSwitch(baseUrl, true);
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.group, { exact: true }).click();
      await nav.getByRole('link', { name: c.registration }).click();
      await page.waitForURL((url) => url.pathname === '/appointment/registration');

      const main = page.getByRole('main');
      await fillField(main.getByLabel(c.name, { exact: true }), '张伟');
      const birthday = main.getByLabel(c.birthday, { exact: true });
      await fillField(birthday, '1985-03-12');
      await birthday.press('Enter');
      await main.getByRole('button', { name: c.find }).click();
      const row = main.getByRole('row').filter({ hasText: 'M0001001' });
      await expect.poll(() => row.count()).toBe(1);
      await screenshot(page, `appointments-registration-${c.lang}`);

      await row.getByRole('button', { name: c.register }).click();
      const dialog = page.getByRole('dialog');
      await fillField(dialog.getByLabel(c.department), '内科');
      await screenshot(page, `appointments-register-dialog-${c.lang}`);
      await dialog.getByRole('button', { name: c.submitRegister }).click();
      await page.waitForURL((url) => url.pathname === '/appointment/detail');
      await main.getByText(c.toBeTreated, { exact: true }).first().waitFor();

      await main.getByRole('button', { name: c.confirm }).click();
      const confirmDialog = page.getByRole('dialog');
      await fillField(confirmDialog.getByLabel(c.diagnosis), '上呼吸道感染');
      await fillField(confirmDialog.getByLabel(c.billAmount), '1000.00');
      await confirmDialog.getByRole('button', { name: c.ok }).click();
      await main.getByText(c.confirmed, { exact: true }).first().waitFor();
      await confirmDialog.waitFor({ state: 'hidden' });
      // Bill retrieval: 1000.00 at 10% co-pay leaves 900.00 to the plan.
      await main.getByRole('button', { name: c.retrieveBill }).click();
      await main.getByText(c.payableByPlan, { exact: true }).waitFor();
      await expect.poll(() => main.getByText('CNY 900.00').count()).toBeGreaterThan(0);
      await screenshot(page, `appointments-detail-${c.lang}`, { fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('button', { name: c.claimForm }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = join(mkdtempSync(join(tmpdir(), 'appoint-e2e-')), 'form.pdf');
      await download.saveAs(file);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('直付理赔申请表');
      expect(text).toContain('张伟');
      expect(text).toContain('上呼吸道感染');

      // The hidden detail page belongs to the inquiry: the sidebar keeps its group open and the
      // inquiry selected, also after a reload remounts the layout (the router's activeMenu).
      await page.reload();
      await main.getByText(c.confirmed, { exact: true }).first().waitFor();
      const inquiry = nav.getByRole('link', { name: c.inquiry });
      await inquiry.waitFor();
      await expect
        .poll(async () => (await inquiry.locator('xpath=ancestor::li[1]').getAttribute('class')) ?? '')
        .toContain('ant-menu-item-selected');
      await inquiry.click();
      await page.waitForURL((url) => url.pathname === '/appointment/list');
      // The list starts with the remembered status filter, to be treated; reset shows every status.
      await main.getByRole('button', { name: c.reset }).click();
      await fillField(main.getByLabel(c.member, { exact: true }), 'M0001001');
      await main.getByRole('button', { name: c.search }).click();
      await expect
        .poll(() =>
          main.getByRole('row').filter({ hasText: 'M0001001' }).filter({ hasText: c.confirmed }).count(),
        )
        .toBeGreaterThan(0);
      await screenshot(page, `appointments-list-${c.lang}`);
    });

    it(`admin switches appointment management off and the menu entry leaves hospital's menu (${c.lang})`, async () => {
      const staff = await browser(c.lang);
      await setAppointmentSwitch(staff.baseUrl, true);
      await signIn(staff.page, staff.baseUrl, 'hospital');
      await staff.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const staffNav = staff.page.getByRole('navigation', { name: c.menu });
      await staffNav.getByText(c.group, { exact: true }).waitFor();

      const admin = await browser(c.lang);
      const { page, baseUrl } = admin;
      await signIn(page, baseUrl, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByText(c.system, { exact: true }).click();
      await nav.getByRole('link', { name: c.accounts }).click();
      await page.waitForURL((url) => url.pathname === '/system/provider-account');
      const main = page.getByRole('main');
      await fillField(main.getByLabel(c.providerId), 'P10001');
      await main.getByRole('button', { name: c.search }).click();
      const row = main.getByRole('row').filter({ hasText: 'P10001' });
      await expect.poll(() => row.count()).toBe(1);

      const toggle = async (expected: boolean) => {
        await row.getByRole('button', { name: c.manage }).click();
        const drawer = page.getByRole('dialog').filter({ hasText: 'P10001' });
        const sw = drawer.getByRole('switch', { name: c.appointmentSwitch });
        await expect.poll(() => sw.getAttribute('aria-checked')).toBe(String(!expected));
        await sw.click();
        await page.getByRole('button', { name: c.save }).click();
        await page.getByText(c.saved).first().waitFor();
        await page.keyboard.press('Escape');
      };

      await toggle(false);
      await staff.page.reload();
      await staffNav.getByText(c.hospitalGroup, { exact: true }).waitFor();
      await expect.poll(() => staffNav.getByText(c.group, { exact: true }).count()).toBe(0);
      await screenshot(staff.page, `appointments-switched-off-${c.lang}`);

      await toggle(true);
      await staff.page.reload();
      await staffNav.getByText(c.group, { exact: true }).waitFor();
    });
  }
});
