import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { approvedInvoiceSlot, processingAppeal, submitHospitalChange } from './api.ts';
import { fillField, openBrowser, PASSWORD, settled, type TBrowser } from './browser.ts';
import { E2E_CAPTCHA } from './portal.ts';

let b: TBrowser | null = null;
afterEach(async () => {
  await b?.close();
  b = null;
});

const ACCOUNTS = ['hospital', 'auditor', 'admin', 'netview'] as const;
type TAccount = (typeof ACCOUNTS)[number];

/** One submitted change of the demo hospital, made once per portal for the screens that need a task. */
let change: ReturnType<typeof submitHospitalChange> | null = null;
const aChange = (baseUrl: string) => {
  change ??= submitHospitalChange(baseUrl, { notesE: 'Please book three working days ahead.' });
  return change;
};

/** One approved claim batch's invoice slot, made once per portal for the invoice view. */
let slot: Promise<string> | null = null;
const aSlot = (baseUrl: string) => {
  slot ??= approvedInvoiceSlot(baseUrl);
  return slot;
};

/** One processing appeal of the demo hospital, made once per portal for the appeal screens. */
let appeal: Promise<string> | null = null;
const anAppeal = (baseUrl: string) => {
  appeal ??= processingAppeal(baseUrl);
  return appeal;
};

/** Screens reached by buttons rather than the menu, visited after each account's menu. */
const BUTTON_SCREENS: Record<TAccount, (baseUrl: string) => Promise<string[]>> = {
  hospital: async (baseUrl) => [
    '/drsystem/management/hosp/create',
    `/drsystem/management/hospital/task/detail/${(await aChange(baseUrl)).id}`,
    '/profile/index',
    '/resources/messageCenter',
    `/invoice/upload/${await aSlot(baseUrl)}`,
    `/invoice/detail/${await aSlot(baseUrl)}`,
    '/claim/appeal/create',
    `/claim/appeal/detail/${await anAppeal(baseUrl)}`,
  ],
  auditor: async (baseUrl) => {
    const { id, taskNo, taskType } = await aChange(baseUrl);
    return [
      `/drsystem/management/hosp/audit?taskNo=${taskNo}&taskType=${taskType}`,
      `/drsystem/management/hospital/task/detail/${id}`,
      `/invoice/detail/${await aSlot(baseUrl)}`,
      `/claim/appeal/audit/${await anAppeal(baseUrl)}`,
    ];
  },
  admin: async () => ['/resources/messageCenter', '/profile/index'],
  netview: async () => ['/profile/index'],
};
const CJK = /[\u3400-\u9fff]/;
/** English words in a row: a sentence left untranslated in the Chinese screen. */
const ENGLISH_PHRASE = /\b[A-Za-z]+ [a-z]{2,}\b/;
/** A value that is a bare code (`01`, `01 02 10`, 'Medical type 01') where a label belongs. */
const RAW_CODE = /^0\d(?:[ ,、/]+\d{2})*$|\b(?:type|类型)\s*0\d\b/i;

/** Where the page writes its own words (not data): headings, labels, headers, buttons, tabs. */
const UI_TEXT =
  'main :is(h1, h2, h3, h4, th, label, button, .ant-card-head-title, .ant-descriptions-item-label, .ant-tabs-tab, .ant-empty-description, .ant-form-item-explain)';
/** Where the page shows values that may be codes: cells, description values, tags, selections. */
const VALUE_TEXT =
  'main :is(td, .ant-descriptions-item-content, .ant-tag, .ant-select-content-value, .ant-select-selection-item)';

/** Texts of the page's own words in the other language, and values that are bare codes. */
async function languageFindings(page: Page, lang: 'zh' | 'en', where: string): Promise<string[]> {
  // Data in its own language (a hospital's name in both) is marked translate="no"; a column of
  // codes (a code table's Code column) shows codes on purpose.
  const texts = async (selector: string) =>
    page.locator(selector).evaluateAll((nodes) =>
      nodes
        .filter((node) => (node as HTMLElement).offsetParent !== null && !node.closest('[translate="no"]'))
        .filter((node) => {
          if (!(node instanceof HTMLTableCellElement)) return true;
          const header = node.closest('table')?.querySelectorAll('thead th')[node.cellIndex];
          return !/code|编码|代码|编号/i.test(header?.textContent ?? '');
        })
        .map((node) => (node as HTMLElement).innerText.trim())
        .filter(Boolean),
    );
  const foreign = (await texts(UI_TEXT)).filter((text) =>
    lang === 'en' ? CJK.test(text) : ENGLISH_PHRASE.test(text),
  );
  const codes = (await texts(VALUE_TEXT)).filter((text) => RAW_CODE.test(text));
  return [
    ...foreign.map((text) => `${where}: untranslated ${JSON.stringify(text)}`),
    ...codes.map((text) => `${where}: raw code ${JSON.stringify(text)}`),
  ];
}

/** axe-core, read once; put into a page on its first check there (it stays while the app routes). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical findings on the page, one line each. axe runs in the page
 * itself, which keeps it between the walk's pages, asked for violations only (the runner of
 * @axe-core/playwright injected it again and opened a blank page for every check: three
 * quarters of the walk's time).
 */
async function accessibilityFindings(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.targets.map((target) => `${where}: ${v.id} at ${target}`));
}

/** Waits until the page shows no spinner or skeleton: what a person would wait for before reading. */
async function loaded(page: Page) {
  await expect
    .poll(() => page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible').count())
    .toBe(0);
  await settled(page);
}

/**
 * The page's height and the height its content needs (at least the window's): the page area
 * is measured once more without growing, so a frame that adds height of its own shows.
 */
async function pageHeights(page: Page): Promise<[number, number]> {
  return page.evaluate(() => {
    const tall = document.documentElement.scrollHeight;
    const main = document.getElementById('portal-main');
    if (!main) return [tall, tall];
    const { flex, minHeight } = main.style;
    main.style.flex = 'none';
    main.style.minHeight = '0';
    const natural = document.documentElement.scrollHeight;
    main.style.flex = flex;
    main.style.minHeight = minHeight;
    return [tall, Math.max(natural, window.innerHeight)];
  });
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
 * Signs in from `/` as one demo account and walks every entry of its menu, then the screens
 * its buttons open (forms, task detail, audit form, profile, messages), at 1280 px: no
 * serious or critical axe-core finding, no console error, nothing wider than the window, no
 * page taller than its content needs (a page that fits the window does not scroll), no
 * bare code where a label belongs, none of the page's own words in the other language, and in
 * English no Chinese anywhere in the frame (menu, header, breadcrumb, tabs).
 */
/** How many tests share an account's menu: each takes every n-th entry, so each stays short. */
const PARTS: Record<TAccount, number> = { hospital: 2, auditor: 2, admin: 3, netview: 1 };

async function walk(lang: 'zh' | 'en', account: TAccount, part: number) {
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

  await page.goto(`${baseUrl}/`);
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
  await page.evaluate(() => localStorage.setItem('hideNotice', 'true'));
  if (account === ACCOUNTS[0] && part === 0) {
    await loaded(page);
    findings.push(...(await accessibilityFindings(page, '/login')));
  }
  await fillField(page.locator('#login_tenant'), 'demo');
  await fillField(page.locator('#login_account'), account);
  await fillField(page.locator('#login_password'), PASSWORD);
  await fillField(page.locator('#login_code'), E2E_CAPTCHA);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));

  const menu = await menuLinks(page, menuName);
  expect(menu.length, `${account}'s menu`).toBeGreaterThan(0);
  const links = menu.filter((_, i) => i % PARTS[account] === part);
  const lastPart = part === PARTS[account] - 1;
  const check = async (path: string) => {
    await loaded(page);
    const where = `${account} ${path}`;
    findings.push(...(await accessibilityFindings(page, where)));
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (widths[0] > widths[1]) overflow.push(`${where}: ${widths[0]} px wide in ${widths[1]} px`);
    const nameCut = await page
      .locator('.portal-user-name')
      .evaluate((name) => name.scrollWidth > name.clientWidth);
    if (nameCut) overflow.push(`${where}: the user name in the header is cut`);
    const [tall, needed] = await pageHeights(page);
    if (tall > needed) overflow.push(`${where}: ${tall} px tall where ${needed} px hold it`);
    untranslated.push(...(await languageFindings(page, lang, where)));
    if (lang === 'en') {
      const frame = await page
        .locator('.portal-sidebar, header, .portal-tags-view')
        .evaluateAll((areas) => areas.map((area) => (area as HTMLElement).innerText).join(' '));
      if (CJK.test(frame))
        untranslated.push(`${where}: ${frame.match(/\S*[\u3400-\u9fff]+\S*/g)?.join(', ')}`);
    }
  };
  for (const href of links) {
    const link = page.getByRole('navigation', { name: menuName }).locator(`a[href="${href}"]`);
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await check(href);
  }
  for (const path of lastPart ? await BUTTON_SCREENS[account](baseUrl) : []) {
    await page.goto(`${baseUrl}${path}`);
    await page
      .getByRole('main')
      .getByRole('heading')
      .first()
      .waitFor()
      .catch((error: Error) => {
        throw new Error(`${account} ${path}: no heading (${page.url()}): ${error.message}`);
      });
    await check(path);
  }

  expect(findings).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(overflow).toEqual([]);
  expect(untranslated).toEqual([]);
}

// Tests per account, part of its menu and language, so that each stays well inside the browser
// tests' timeout on a busy machine as the menus grow.
const WALKS = ACCOUNTS.flatMap((account) =>
  Array.from({ length: PARTS[account] }, (_, part) => ({ account, part, of: PARTS[account] })),
);
describe.each(WALKS)('every menu entry of $account, part $part of $of', ({ account, part }) => {
  it('is accessible, error-free, fits 1280 px and shows labels, not codes (zh)', async () => {
    await walk('zh', account, part);
  });

  it('is accessible, error-free, fits 1280 px and has no Chinese in the frame or labels (en)', async () => {
    await walk('en', account, part);
  });
});
