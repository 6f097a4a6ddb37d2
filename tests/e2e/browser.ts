import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
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

/** The running file's Chromium, started by its first test and closed after its last. */
let shared: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
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
  return shared;
}

/** Closes the file's Chromium (tests/e2e/setup-portal.ts, after the file's last test). */
export async function closeSharedBrowser(): Promise<void> {
  const browser = shared;
  shared = null;
  await (await browser)?.close();
}

/**
 * A fresh browser for one person: a new context (its own cookies, storage and cache, as a new
 * profile would have) in the file's Chromium, which starts once per file rather than per test.
 */
export async function openBrowser(
  options: { width?: number; height?: number; language?: 'zh' | 'en' } = {},
): Promise<TBrowser> {
  const context = await (await sharedBrowser()).newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.language === 'en' ? 'en-US' : 'zh-CN',
    // The portal switches animations off then: no click lands on a dialog still zooming in.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
  trackRequests(context);
  const page = await context.newPage();
  const baseUrl = portalBaseUrl();
  if (options.language) {
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((lang) => {
      localStorage.setItem('language', lang);
      localStorage.setItem('toggleLang', lang);
    }, options.language);
  }
  return { context, page, baseUrl, close: () => context.close() };
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
  // A navigation the previous page started (a sign-out's redirect, or the app's own move to the
  // login page once its session is gone) can interrupt opening the login page or replace it
  // while the setting is stored; the page is then opened again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`${baseUrl}/login`);
      await page.evaluate((show) => {
        if (show) localStorage.removeItem('hideNotice');
        else localStorage.setItem('hideNotice', 'true');
      }, notices);
      break;
    } catch (error) {
      const raced = /Execution context was destroyed|interrupted by another navigation/.test(String(error));
      if (attempt >= 3 || !raced) throw error;
    }
  }
  await fillField(page.locator('#login_tenant'), tenant);
  await fillField(page.locator('#login_account'), account);
  await fillField(page.locator('#login_password'), password);
  await fillField(page.locator('#login_code'), E2E_CAPTCHA);
  await page.locator('button[type=submit]').click();
}

/**
 * Reads until `ok` holds and returns the value; fails after `timeout` (ACTION_TIMEOUT) with the
 * last value. For waits outside a test's body (hooks, helpers), where expect.poll is not allowed.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeout = ACTION_TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout} ms`);
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

/**
 * The options of the open select's list, once every one answers the search just typed into it.
 * An option clicked while the list is being replaced (the first answer by the search's) can miss.
 */
export async function searchedOptions(page: Page, search: string): Promise<Locator> {
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await until(
    () => options.filter({ hasNotText: search }).count(),
    (others) => others === 0,
    `the open list to answer the search ${JSON.stringify(search)}`,
  );
  return options;
}

/** Resolves once the page has painted twice: whatever the last input changed is on screen. */
export async function painted(page: Page) {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Each context's requests not yet answered, and when each page last sent or heard one (settled()). */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();
const lastActivity = new WeakMap<Page, number>();

const pageOf = (request: Request): Page | null => {
  try {
    return request.frame().page();
  } catch {
    return null; // a service worker's request
  }
};

function trackRequests(context: BrowserContext) {
  const pending = new Set<Request>();
  inFlight.set(context, pending);
  const seen = (request: Request) => {
    const page = pageOf(request);
    if (page) lastActivity.set(page, Date.now());
  };
  context.on('request', (request) => {
    // A live stream (the message centre's EventSource) stays open: it is not loading.
    if (request.resourceType() === 'eventsource') return;
    pending.add(request);
    seen(request);
  });
  const answered = (request: Request) => {
    if (pending.delete(request)) seen(request);
  };
  context.on('requestfinished', answered);
  context.on('requestfailed', answered);
}

/** How long a page must have had no request open before it counts as loaded. */
const QUIET_MS = 300;

/**
 * Resolves once the page has had no request open for QUIET_MS (at once if that is already so).
 * Playwright's 'networkidle' is once per document: after the first, it no longer waits for what
 * a client-side navigation or a click loads. On a timeout it names the requests still open.
 */
async function networkQuiet(page: Page) {
  const pending = inFlight.get(page.context());
  if (!pending) throw new Error('settled() needs a page of openBrowser(), whose requests it follows');
  await until(
    () => ({
      open: [...pending].filter((request) => pageOf(request) === page).map((r) => `${r.method()} ${r.url()}`),
      quietFor: Date.now() - (lastActivity.get(page) ?? 0),
    }),
    ({ open, quietFor }) => open.length === 0 && quietFor >= QUIET_MS,
    'the page to stop loading',
    NAVIGATION_TIMEOUT,
  );
}

/** Waits until nothing is loading (requests, fonts, pictures), as a person would before looking. */
export async function settled(page: Page) {
  await networkQuiet(page);
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
