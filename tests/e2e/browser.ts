import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { E2E_CAPTCHA, portalBaseUrl } from './portal.ts';

export const PASSWORD = 'Portal2026';
export const SCREENSHOTS = resolve(import.meta.dirname, '.artifacts');

export interface TBrowser {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  close(): Promise<void>;
}

/** A fresh headless Chromium (the system one) with its own profile. */
export async function openBrowser(
  options: { width?: number; height?: number; language?: 'zh' | 'en' } = {},
): Promise<TBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'portal-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.language === 'en' ? 'en-US' : 'zh-CN',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const baseUrl = portalBaseUrl();
  if (options.language) {
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((lang) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('toggleLang', lang);
    }, options.language);
  }
  return {
    context,
    page,
    baseUrl,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the login page. The global notice dialog (unread pop-up notices, which
 * blocks the page until walked) is kept away with the hideNotice setting unless `notices`.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: string,
  password = PASSWORD,
  tenant = 'demo',
  { notices = false }: { notices?: boolean } = {},
) {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate((show) => {
    if (show) localStorage.removeItem('hideNotice');
    else localStorage.setItem('hideNotice', 'true');
  }, notices);
  await page.locator('#login_tenant').fill(tenant);
  await page.locator('#login_account').fill(account);
  await page.locator('#login_password').fill(password);
  await page.locator('#login_code').fill(E2E_CAPTCHA);
  await page.locator('button[type=submit]').click();
}

/** Saves a screenshot under tests/e2e/.artifacts for a person to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
