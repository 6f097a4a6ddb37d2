import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from '../../platform/files/s3-storage.ts';
import { fileStoreOf, setFileStore } from '../../platform/files/storage.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { FILES_PURGE_JOB, purgeFiles } from './files.purge.ts';
import { files, type TFileRow } from './files.tables.ts';

const pdf = (size = 200) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%%EOF\n'), Buffer.alloc(Math.max(0, size - 15), 0x20)]);

function multipart(name: string, content: Buffer) {
  const boundary = `----purge${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TTestApp;
const tokens: Record<string, string> = {};

/** A fresh app and its users' tokens (the seed's own uploads count in the demo users' quota). */
async function start(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  for (const [key, tenant, account] of [
    ['demo', 'demo', 'hospital'],
    ['acme', 'acme', 'hospital'],
    ['demoAdmin', 'demo', 'admin'],
    ['netview', 'demo', 'netview'],
    ['acmeAdmin', 'acme', 'admin'],
  ] as const) {
    tokens[key] = (await login(t.app, tenant, account)).token;
  }
}

async function upload(who: string, tenant: string, qs = '', size = 200) {
  const body = multipart('report.pdf', pdf(size));
  return call(t.app, tenant, tokens[who], {
    method: 'POST',
    url: `/saasapi/file/file/anyone/uploadBatch${qs ? `?${qs}` : ''}`,
    payload: body.payload,
    headers: body.headers,
  });
}

async function uploaded(who: string, tenant: string, qs = ''): Promise<TFileRow> {
  const res = await upload(who, tenant, qs);
  expect(res.json()).toMatchObject({ isSuccess: true });
  const id = res.json().data[0].id as string;
  const [row] = await t.platform.db.select().from(files).where(eq(files.id, id));
  return row;
}

const ago = (hours: number) => sql`now() - ${hours}::int * interval '1 hour'`;
const age = (id: string, hours: number) =>
  t.platform.db
    .update(files)
    .set({ createdAt: ago(hours) })
    .where(eq(files.id, id));
const softDelete = (id: string, hours: number) =>
  t.platform.db
    .update(files)
    .set({ deleted: true, deletedAt: ago(hours) })
    .where(eq(files.id, id));
const stored = (row: TFileRow) => fileStoreOf(t.platform).exists(row.storedKey);
const rowsLeft = async (rows: TFileRow[]) =>
  (
    await t.platform.db
      .select({ id: files.id })
      .from(files)
      .where(
        inArray(
          files.id,
          rows.map((r) => r.id),
        ),
      )
  ).map((r) => r.id);

describe('files purge job', () => {
  beforeAll(() => start());
  afterAll(() => t?.close());

  it('removes stale unattached and long-deleted files, keeps the rest, and never another tenant’s bytes', async () => {
    const staleUnattached = await uploaded('demo', 'demo');
    await age(staleUnattached.id, 25);
    const freshUnattached = await uploaded('demo', 'demo');
    const oldAttached = await uploaded('demo', 'demo', 'bizType=TEST_DOCS&bizId=B1');
    await age(oldAttached.id, 24 * 90);
    const longDeleted = await uploaded('demo', 'demo', 'bizType=TEST_DOCS&bizId=B1');
    await softDelete(longDeleted.id, 24 * 31);
    const recentlyDeleted = await uploaded('demo', 'demo', 'bizType=TEST_DOCS&bizId=B1');
    await softDelete(recentlyDeleted.id, 24);
    const acmeFresh = await uploaded('acme', 'acme');
    const acmeAttached = await uploaded('acme', 'acme', 'bizType=TEST_DOCS&bizId=A1');
    await age(acmeAttached.id, 24 * 90);
    const acmeStale = await uploaded('acme', 'acme');
    await age(acmeStale.id, 30);
    // A demo row that (by a bug or tampering) names acme's object must not remove it.
    const [demo] = await t.platform.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(eq(tenants.code, 'demo'));
    const [forged] = await t.platform.db
      .insert(files)
      .values({
        ...acmeFresh,
        id: randomUUID(),
        tenantId: demo.id,
        createdAt: new Date(Date.now() - 48 * 3600_000),
      })
      .returning();

    await t.platform.jobs.requestRun(FILES_PURGE_JOB);
    const outcome = await t.platform.jobs.runDue(FILES_PURGE_JOB);
    expect(outcome).toMatchObject({ status: 'ran', result: { unattached: 2, deleted: 1, failed: 1 } });

    const purged = [staleUnattached, longDeleted, acmeStale];
    const kept = [freshUnattached, oldAttached, recentlyDeleted, acmeFresh, acmeAttached];
    expect(await rowsLeft(purged)).toEqual([]);
    expect((await rowsLeft(kept)).sort()).toEqual(kept.map((r) => r.id).sort());
    for (const row of purged) expect(await stored(row)).toBe(false);
    for (const row of kept) expect(await stored(row)).toBe(true);
    // The forged row stays (its key is outside its tenant), and so do acme's bytes it names.
    expect(await rowsLeft([forged])).toEqual([forged.id]);
    expect(await stored(acmeFresh)).toBe(true);
    await t.platform.db.delete(files).where(eq(files.id, forged.id));

    // A second run finds nothing more to do.
    await t.platform.jobs.requestRun(FILES_PURGE_JOB);
    expect(await t.platform.jobs.runDue(FILES_PURGE_JOB)).toMatchObject({
      result: { unattached: 0, deleted: 0, failed: 0 },
    });
  });

  it('removes the objects from an S3 store through the storage interface', async () => {
    const objects = new Map<string, Buffer>();
    const server: Server = createServer(async (req, res) => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const body = await buffer(req);
      if (req.method === 'PUT') {
        objects.set(key, body);
        res.setHeader('etag', '"x"');
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.statusCode = 204;
      } else if (req.method === 'HEAD' && objects.has(key)) {
        res.setHeader('content-length', String(objects.get(key)?.length));
      } else {
        res.statusCode = 404;
      }
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const store = createS3Store({
        bucket: 'portal-files',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        forcePathStyle: true,
        prefix: 'portal/',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
      });
      // The app's own handle, so the purge runs under row-level security as the job does.
      const p: TPlatform = { ...t.platform, db: t.platform.database.db };
      setFileStore(p, store);
      const stale = await uploaded('demoAdmin', 'demo');
      const fresh = await uploaded('demoAdmin', 'demo');
      for (const row of [stale, fresh])
        await store.put(row.storedKey, Readable.from([pdf()]), { contentType: 'application/pdf' });
      await age(stale.id, 25);
      expect(objects.size).toBe(2);

      expect(await purgeFiles(p)).toEqual({ unattached: 1, deleted: 0, failed: 0 });
      expect([...objects.keys()]).toEqual([`/portal-files/portal/${fresh.storedKey}`]);
      expect(await rowsLeft([stale, fresh])).toEqual([fresh.id]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('daily upload quota', () => {
  beforeAll(() => start({ UPLOAD_DAILY_MAX_FILES: '6', UPLOAD_DAILY_MAX_BYTES: '20000' }));
  afterAll(() => t?.close());

  it('answers 413 with the bilingual envelope once the bytes of 24 hours are used', async () => {
    expect((await upload('netview', 'demo', '', 9000)).statusCode).toBe(200);
    expect((await upload('netview', 'demo', '', 9000)).statusCode).toBe(200);
    const res = await upload('netview', 'demo', '', 9000);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 40064,
      msg: '24 小时内上传已达上限（6 个文件，共 19.5 KB），请稍后再试',
      msg_en: 'Upload limit of 24 hours reached (6 files, 19.5 KB in all); try again later',
      data: null,
    });
    // Nothing of the refused file was kept.
    const mine = await t.platform.db.select({ size: files.size }).from(files).where(eq(files.size, 9000));
    expect(mine).toHaveLength(2);
  });

  it('counts files too, per user: another user and another tenant still upload', async () => {
    for (let i = 0; i < 6; i++) expect((await upload('acmeAdmin', 'acme')).statusCode).toBe(200);
    const refused = await upload('acmeAdmin', 'acme', '', 100);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe(40064);
    expect((await upload('acme', 'acme')).statusCode).toBe(200);
    expect((await upload('demo', 'demo')).statusCode).toBe(200);
  });
});
