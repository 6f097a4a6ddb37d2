// Once per browser-test run: a portal migrates and seeds a database and stops; every test file
// then starts its own portal on a copy of that data directory (tests/e2e/setup-portal.ts), so
// files still never share data but do not each wait for the migrations and the seed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPortal } from './portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    portalTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const template = mkdtempSync(join(tmpdir(), 'portal-e2e-template-'));
  const portal = await startPortal({ dataDir: template, keepData: true });
  await portal.stop();
  project.provide('portalTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
