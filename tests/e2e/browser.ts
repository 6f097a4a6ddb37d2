import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { E2E_CAPTCHA, portalBaseUrl } from './portal.ts';

export const PASSWORD = 'Portal2026';

/*
 * Timeouts of every browser test, set once here and in vitest.config.ts (expect.poll), sized
 * for CI's busy 2-core machine. Tests wait for states a user would see (a role, a text, a URL,
 * a response), never for time, and do not set timeouts of their own.
 */
/** A click, a fill, a locator's wait. */
export const ACTION_TIMEOUT = 15_000;
/** A page load or a URL change (the first load of a route also loads its chunks). */
export const NAVIGATION_TIMEOUT = 30_000;
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
    // The portal switches animations off then: no click lands on a dialog still zooming in.
    reducedMotion: 'reduce',
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
  context.setDefaultTimeout(ACTION_TIMEOUT);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
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
  await fillField(page.locator('#login_tenant'), tenant);
  await fillField(page.locator('#login_account'), account);
  await fillField(page.locator('#login_password'), password);
  await fillField(page.locator('#login_code'), E2E_CAPTCHA);
  await page.locator('button[type=submit]').click();
}

/**
 * Reads until `ok` holds and returns the value; fails after ACTION_TIMEOUT with the last value.
 * For waits outside a test's body (hooks, helpers), where expect.poll is not allowed.
 */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + ACTION_TIMEOUT;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${ACTION_TIMEOUT} ms`);
    }
    await new Promise((next) => setTimeout(next, 100));
  }
}

/** Fills a field and waits until it holds the value (a re-render must not have dropped it). */
export async function fillField(field: Locator, value: string) {
  await field.fill(value);
  await until(
    () => field.inputValue(),
    (typed) => typed === value,
    `the field ${field} to hold ${JSON.stringify(value)}`,
  );
}

/** Resolves once the page has painted twice: whatever the last input changed is on screen. */
export async function painted(page: Page) {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Waits until nothing is loading (requests, fonts, pictures), as a person would before looking. */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].filter((img) => !img.complete).map((img) => img.decode().catch(() => undefined)),
    );
  });
  await painted(page);
}

/** Saves a screenshot under tests/e2e/.artifacts for a person to look at, once the page has settled. */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}) {
  await settled(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}
