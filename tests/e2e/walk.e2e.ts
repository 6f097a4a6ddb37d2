import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fillField, openBrowser, PASSWORD, settled, type TBrowser } from './browser.ts';
import { E2E_CAPTCHA } from './portal.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

const ACCOUNTS = ['admin', 'auditor', 'hospital', 'netview'] as const;
const CJK = /[\u3400-\u9fff]/;

/** axe-core's serious and critical findings on the page, one line each. */
async function accessibilityFindings(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' ')}`));
}

/** Waits until the page shows no spinner or skeleton: what a person would wait for before reading. */
async function loaded(page: Page) {
  await expect
    .poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible').count())
    .toBe(0);
  await settled(page);
}

/** Opens every submenu of the sidebar and returns its page links, in menu order. */
async function menuLinks(page: Page, menuName: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: menuName });
  // The menu comes with the session's route tree: wait for its first entry.
  await nav.locator('.ant-menu-item, .ant-menu-submenu').first().waitFor();
  const groups = nav.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await groups.count()) > 0) {
    await groups.first().click();
  }
  const hrefs = await nav
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

/**
 * Signs in from `/` as each demo account and walks every entry of its menu at 1280 px: no
 * serious or critical axe-core finding, no console error, nothing wider than the window, and in
 * English no Chinese in the frame (menu, header, breadcrumb, tabs).
 */
async function walk(lang: 'zh' | 'en') {
  b = await openBrowser({ language: lang, width: 1280 });
  const { page, baseUrl } = b;
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  const findings: string[] = [];
  const overflow: string[] = [];
  const untranslated: string[] = [];
  const menuName = lang === 'zh' ? '主菜单' : 'Main menu';

  for (const account of ACCOUNTS) {
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    await page.evaluate(() => localStorage.setItem('hideNotice', 'true'));
    if (account === ACCOUNTS[0]) {
      await loaded(page);
      findings.push(...(await accessibilityFindings(page, '/login')));
    }
    await fillField(page.locator('#login_tenant'), 'demo');
    await fillField(page.locator('#login_account'), account);
    await fillField(page.locator('#login_password'), PASSWORD);
    await fillField(page.locator('#login_code'), E2E_CAPTCHA);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const links = await menuLinks(page, menuName);
    expect(links.length, `${account}'s menu`).toBeGreaterThan(0);
    for (const href of links) {
      const link = page.getByRole('navigation', { name: menuName }).locator(`a[href="${href}"]`);
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await loaded(page);
      const where = `${account} ${href}`;
      findings.push(...(await accessibilityFindings(page, where)));
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      if (widths[0] > widths[1]) overflow.push(`${where}: ${widths[0]} px wide in ${widths[1]} px`);
      if (lang === 'en') {
        const frame = await page
          .locator('.portal-sidebar, header, .portal-tags-view')
          .evaluateAll((parts) => parts.map((part) => (part as HTMLElement).innerText).join(' '));
        if (CJK.test(frame))
          untranslated.push(`${where}: ${frame.match(/\S*[\u3400-\u9fff]+\S*/g)?.join(', ')}`);
      }
    }
    // Signed out as logout leaves the browser: everything gone but the language.
    await page.evaluate(() => {
      const language = localStorage.getItem('language') ?? '';
      localStorage.clear();
      sessionStorage.clear();
      localStorage.setItem('language', language);
    });
  }

  expect(findings).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(overflow).toEqual([]);
  expect(untranslated).toEqual([]);
}

describe('every menu entry of every demo account', () => {
  it('is accessible, error-free and fits 1280 px (zh)', async () => {
    await walk('zh');
  });

  it('is accessible, error-free, fits 1280 px and has no Chinese in the frame (en)', async () => {
    await walk('en');
  });
});
