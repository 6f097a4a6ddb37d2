import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, PASSWORD, painted, screenshot, signIn, type TBrowser } from './browser.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

const tabTexts = (b: TBrowser, label: string) =>
  b.page.getByRole('list', { name: label }).getByRole('listitem').allTextContents();

describe('application shell', () => {
  it('keeps cached tabs alive, closes others from the right-click menu and switches language', async () => {
    b = await openBrowser({ language: 'zh' });
    const { page, baseUrl } = b;
    await signIn(page, baseUrl, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const tabs = page.getByRole('list', { name: '已打开的页面' });
    await expect.poll(() => tabTexts(b!, '已打开的页面')).toEqual(['首页']);
    // The dashboard fits the 1440 x 900 window: the footer ends at its bottom, nothing scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);

    // The personal centre, through the user menu; type without saving.
    await page.getByRole('button', { name: /^用户菜单/ }).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    const work = page.getByLabel('工作描述');
    await fillField(work, '负责华东区医院网络维护（尚未保存）');

    // The error log, through the sidebar; type a search keyword.
    const nav = page.getByRole('navigation', { name: '主菜单' });
    await nav.getByText('系统管理', { exact: true }).click();
    await nav.getByRole('link', { name: '错误日志' }).click();
    await page.waitForURL((url) => url.pathname === '/system/error-log');
    await fillField(page.getByLabel('关键字'), 'TypeError');

    // The message list, through the notification panel.
    await page.getByRole('button', { name: /^消息通知/ }).click();
    await page.getByRole('button', { name: '查看全部' }).click();
    await page.waitForURL((url) => url.pathname === '/resources/msg');
    await expect
      .poll(() => tabTexts(b!, '已打开的页面'))
      .toEqual(['首页', '个人中心', '错误日志', '消息列表']);

    // Back to the cached tabs: what was typed is still there.
    await tabs.getByRole('link', { name: '个人中心' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    await expect
      .poll(() => page.getByLabel('工作描述').inputValue())
      .toBe('负责华东区医院网络维护（尚未保存）');
    await tabs.getByRole('link', { name: '错误日志' }).click();
    await page.waitForURL((url) => url.pathname === '/system/error-log');
    await expect.poll(() => page.getByLabel('关键字').inputValue()).toBe('TypeError');
    await screenshot(page, 'shell-tabs-zh-1440');

    // Right-click: close others keeps the affix home and this tab.
    await tabs.getByRole('link', { name: '错误日志' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await expect.poll(() => tabTexts(b!, '已打开的页面')).toEqual(['首页', '错误日志']);

    // Language: tabs, navbar and the kept page follow; the input stays.
    await page.getByRole('button', { name: /^语言/ }).click();
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => tabTexts(b!, 'Open pages')).toEqual(['Dashboard', 'Error log']);
    await expect.poll(() => page.getByLabel('Keyword').inputValue()).toBe('TypeError');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await screenshot(page, 'shell-close-others-en-1440');

    // A reload keeps the open tabs; opening an address adds its tab to them.
    await page.reload();
    await expect.poll(() => tabTexts(b!, 'Open pages')).toEqual(['Dashboard', 'Error log']);
    expect(new URL(page.url()).pathname).toBe('/system/error-log');
    await page.goto(`${baseUrl}/resources/msg`);
    await expect.poll(() => tabTexts(b!, 'Open pages')).toEqual(['Dashboard', 'Error log', 'Messages']);
  });

  it('walks the global notice dialog with Next and Noted; it cannot be dismissed otherwise', async () => {
    b = await openBrowser({ language: 'zh' });
    const { page, baseUrl } = b;
    await signIn(page, baseUrl, 'hospital', PASSWORD, 'demo', { notices: true });
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('第 1 / 2 条');
    expect(await dialog.textContent()).toContain('直付结算新政策生效通知');
    await screenshot(page, 'notice-dialog-zh-1440');

    await page.keyboard.press('Escape');
    await page.mouse.click(10, 450);
    await painted(page);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: /close|关闭/i }).count()).toBe(0);

    await dialog.getByRole('button', { name: '下一条' }).click();
    await expect.poll(() => dialog.textContent()).toContain('第 2 / 2 条');
    expect(await dialog.textContent()).toContain('节假日服务安排');
    await dialog.getByRole('button', { name: '知道了' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Noted marked them read: they do not come back once the notices have been fetched again.
    const notices = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/saasapi/msg/msg/center/global',
    );
    await page.reload();
    await expect
      .poll(() => page.getByRole('list', { name: '已打开的页面' }).textContent())
      .toContain('公告栏');
    await notices;
    await painted(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('uses a drawer menu under 992 px that closes on navigation', async () => {
    b = await openBrowser({ language: 'zh', width: 1440, height: 900 });
    const { page, baseUrl } = b;
    await signIn(page, baseUrl, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => page.getByRole('navigation', { name: '主菜单' }).isVisible()).toBe(true);

    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => page.getByRole('navigation', { name: '主菜单' }).count()).toBe(0);
    await page.getByRole('button', { name: '打开菜单' }).click();
    const nav = page.getByRole('navigation', { name: '主菜单' });
    await expect.poll(() => nav.isVisible()).toBe(true);
    await nav.getByText('系统管理', { exact: true }).click();
    await nav.getByRole('link', { name: '地区管理' }).click();
    await page.waitForURL((url) => url.pathname === '/system/area');
    await expect.poll(() => nav.isVisible()).toBe(false);
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1440, 390]) {
      it(`looks right in ${lang} at ${width} px`, async () => {
        b = await openBrowser({ language: lang, width, height: width > 900 ? 900 : 844 });
        const { page, baseUrl } = b;
        await signIn(page, baseUrl, 'hospital');
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        const board = lang === 'zh' ? '公告栏' : 'Bulletin Board';
        await expect.poll(() => page.getByRole('main').textContent()).toContain(board);
        // The scrolling notice and the footer have loaded.
        await expect.poll(() => page.locator('.portal-notice').count()).toBe(1);
        await expect
          .poll(() => page.locator('footer').textContent())
          .toContain(lang === 'zh' ? '隐私声明' : 'Privacy statement');
        await screenshot(page, `frame-${lang}-${width}`);

        if (width === 390) {
          await page.getByRole('button', { name: lang === 'zh' ? '打开菜单' : 'Open menu' }).click();
          await page.getByRole('navigation', { name: lang === 'zh' ? '主菜单' : 'Main menu' }).waitFor();
          await screenshot(page, `frame-drawer-${lang}-${width}`);
          await page.keyboard.press('Escape');
        } else {
          await page.getByRole('button', { name: lang === 'zh' ? /^消息通知/ : /^Notifications/ }).click();
          await page.locator('.ant-popover:visible').waitFor();
          await screenshot(page, `frame-bell-${lang}-${width}`);
          await page.keyboard.press('Escape');
          await page.locator('.ant-popover:visible').waitFor({ state: 'hidden' });
          await page
            .getByRole('button', { name: lang === 'zh' ? '系统布局设置' : 'Layout settings' })
            .click();
          await page.getByRole('dialog').waitFor();
          await screenshot(page, `frame-settings-${lang}-${width}`);
        }
      });
    }
  }

  it('opens the privacy statement from the footer in a new tab, in the current language', async () => {
    b = await openBrowser({ language: 'en' });
    const { page, baseUrl, context } = b;
    await signIn(page, baseUrl, 'hospital');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('footer').getByRole('link', { name: 'Privacy statement' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).search).toBe('?lang=en');
    await expect.poll(() => tab.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy Statement');
    await screenshot(tab, 'privacy-en-1440');
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Personal centre' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/index');
    await expect.poll(() => page.getByRole('tab', { name: 'Change password' }).count()).toBe(1);
    await screenshot(page, 'profile-en-1440');
  });
});
