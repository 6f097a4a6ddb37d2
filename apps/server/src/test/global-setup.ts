/**
 * Runs once before the server tests: builds one migrated and seeded template database, which
 * every `createTestApp()` then copies instead of migrating and seeding again (decision 0004).
 * On PGlite the template is a dump of the data directory; on PostgreSQL a database that
 * `CREATE DATABASE ... TEMPLATE` copies. Files the seed uploads are copied with it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { adminQuery, TEST_ENV, type TTestTemplate, testServerUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTestTemplate: TTestTemplate | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-template-'));
  const serverUrl = testServerUrl();
  const database = serverUrl ? `portal_template_${randomUUID().replaceAll('-', '').slice(0, 16)}` : null;
  if (serverUrl && database) await adminQuery(serverUrl, `create database ${database}`);
  const databaseUrl = serverUrl && database ? withDatabase(serverUrl, database) : undefined;

  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: join(dir, 'data'),
    PGLITE_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const { app, platform } = await buildApp(config);
  await app.ready();
  let template: TTestTemplate;
  if (database) {
    await app.close();
    template = { kind: 'postgres', database, dataDir: config.dataDir };
  } else {
    const dumped = await platform.database.dumpDataDir?.();
    if (!dumped) throw new Error('the embedded database cannot dump its data directory');
    const dump = join(dir, 'pglite.tar');
    writeFileSync(dump, Buffer.from(await dumped.arrayBuffer()));
    await app.close();
    template = { kind: 'pglite', dump, dataDir: config.dataDir };
  }
  project.provide('serverTestTemplate', template);

  return async () => {
    if (serverUrl && database)
      await adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  };
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
