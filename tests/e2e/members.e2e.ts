import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

// `hospital` (provider P10001, which serves plan GP-DEMO-01) finds 张伟 by name and birthday and
// reads the outpatient benefit left in yuan: 20,000.00 − 1,250.50 = 18,749.50; the member's name
// and numbers arrive masked and the eye button shows one, logged by the server. Once per language.
const cases = [
  {
    lang: 'zh',
    menu: '主菜单',
    screen: '会员保单及福利',
    name: '姓名',
    birthday: '出生日期',
    search: /查\s*询/,
    view: '查看 张*（M0001001）的保单及福利',
    policy: '张*（M0001001）的保单',
    show: '显示完整内容',
    hide: '隐藏内容',
    fullName: '张伟',
    coverages: '保障项目及额度',
    outpatient: '门诊',
    rider: '视力保障附加险',
    rule: '美容及整形治疗不在保障范围内。',
    download: '下载福利使用明细',
    file: /^福利使用明细-M0001001-.*\.xlsx$/,
  },
  {
    lang: 'en',
    menu: 'Main menu',
    screen: 'Member policy and benefits',
    name: 'Name',
    birthday: 'Birthday',
    search: 'Search',
    view: 'View the policy and benefits of 张* (M0001001)',
    policy: 'Policy of Z**** *** (M0001001)',
    show: 'Show the full value',
    hide: 'Hide the value',
    fullName: 'Zhang Wei',
    coverages: 'Coverages and limits',
    outpatient: 'Outpatient',
    rider: 'Vision care rider',
    rule: 'Cosmetic and plastic treatment is not covered.',
    download: 'Download benefit usage',
    file: /^benefit-usage-M0001001-.*\.xlsx$/,
  },
] as const;

describe('member policy and benefits', () => {
  for (const c of cases) {
    it(`hospital finds 张伟 by name + birthday and sees 18,749.50 CNY of outpatient benefit left (${c.lang})`, async () => {
      b = await openBrowser({ language: c.lang });
      const { page, baseUrl } = b;
      await signIn(page, baseUrl, 'hospital');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const nav = page.getByRole('navigation', { name: c.menu });
      await nav.getByRole('link', { name: c.screen }).click();
      await page.waitForURL((url) => url.pathname === '/smartPortal/benefit');

      const main = page.getByRole('main');
      const search = main.getByRole('search');
      await fillField(search.getByLabel(c.name, { exact: true }), '张伟');
      const birthday = search.getByLabel(c.birthday, { exact: true });
      await birthday.click();
      await birthday.fill('1985-03-12');
      await birthday.press('Enter');
      await expect.poll(() => birthday.inputValue()).toBe('1985-03-12');
      await search.getByRole('button', { name: c.search }).click();

      await main.getByRole('button', { name: c.view }).waitFor();
      // One member found: the policy opens by itself.
      await main.getByText(c.policy).waitFor();
      const coverages = main.getByRole('table', { name: c.coverages });
      const opCny = coverages.getByRole('row').filter({ hasText: c.outpatient }).filter({ hasText: 'CNY' });
      await expect
        .poll(() => opCny.getByRole('cell').allTextContents())
        .toEqual(expect.arrayContaining(['20,000.00', '1,250.50', '0.00', '18,749.50']));
      await main.getByText(c.rider).waitFor();
      await main.getByText(c.rule).waitFor();
      expect(await main.getByText(c.fullName, { exact: true }).count()).toBe(0);
      const policyCard = main.locator('.ant-card').filter({ hasText: c.policy });
      await policyCard.getByRole('button', { name: c.show }).first().click();
      await policyCard.getByText(c.fullName, { exact: true }).waitFor();
      await policyCard.getByRole('button', { name: c.hide }).waitFor();
      await screenshot(page, `members-benefit-${c.lang}`, { fullPage: true });

      const download = page.waitForEvent('download');
      await main.getByRole('button', { name: c.download }).click();
      expect((await download).suggestedFilename()).toMatch(c.file);
    });
  }
});
