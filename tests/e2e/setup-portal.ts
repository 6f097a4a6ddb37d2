// Runs before each browser-test file: a portal of its own on a fresh database.
import { afterAll, beforeAll } from 'vitest';
import { setPortalBaseUrl, startPortal, type TPortal } from './portal.ts';

let portal: TPortal | null = null;

beforeAll(async () => {
  portal = await startPortal();
  setPortalBaseUrl(portal.baseUrl);
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  setPortalBaseUrl(undefined);
});
