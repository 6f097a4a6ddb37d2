// Runs before each browser-test file: a portal of its own on a fresh copy of the seeded database;
// after the file, closes the Chromium its tests shared (tests/e2e/browser.ts).
import { afterAll, beforeAll, inject } from 'vitest';
import { closeSharedBrowser } from './browser.ts';
import { setPortalBaseUrl, startPortal, type TPortal } from './portal.ts';

let portal: TPortal | null = null;

beforeAll(async () => {
  portal = await startPortal({ template: inject('portalTemplate') });
  setPortalBaseUrl(portal.baseUrl);
}, 120_000);

afterAll(async () => {
  await closeSharedBrowser();
  await portal?.stop();
  setPortalBaseUrl(undefined);
});
