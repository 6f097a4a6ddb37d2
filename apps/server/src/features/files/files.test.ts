import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { MAX_ATTACHMENTS_TOTAL_BYTES, MAX_PHOTO_BYTES } from '@portal/domain/files/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zipStream } from '../../platform/files/zip.ts';
import { call, createTestApp, headers, login, type TTestApp } from '../../test/test-app.ts';
import { attachFiles, getFileForActor, listFiles, registerBizAccess, uploadFiles } from './files.service.ts';
import { files } from './files.tables.ts';

// ---- real file bytes ---------------------------------------------------------------------
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG signature and header followed by filler up to `size` bytes. */
const pngOfSize = (size: number) => Buffer.concat([PNG_1PX, Buffer.alloc(size - PNG_1PX.length, 0)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58, 0),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(4000, 0x90),
]);
const OLE_DOC = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(5000, 0),
]);

async function docxBytes(): Promise<Buffer> {
  const parts: [string, Buffer][] = [
    [
      '[Content_Types].xml',
      Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    ],
    ['word/document.xml', Buffer.from('<w:document/>')],
  ];
  const zip = zipStream(
    parts.map(([name, data]) => ({
      name,
      size: data.length,
      crc32: crc32(data),
      modified: new Date(),
      open: async () => Readable.from([data]),
    })),
  );
  const chunks: Buffer[] = [];
  for await (const c of zip) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

interface TPart {
  name: string;
  value?: string;
  filename?: string;
  content?: Buffer;
}

/** A multipart/form-data body; filenames are sent as raw UTF-8 like browsers do. */
function multipart(parts: TPart[]) {
  const boundary = `----portal${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (part.filename !== undefined) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(part.content ?? Buffer.alloc(0));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}`),
      );
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (filename: string, content: Buffer): TPart => ({ name: 'file', filename, content });
const PHOTO_QS = 'bucket=drsystem&bizType=PROVIDER_TASK_SAVE';
/**
 * Attachments of a business type no feature registers a visibility rule for (the attachment
 * rules apply to unknown types), so these tests do not depend on hospital-tasks' tables.
 */
const DOCS = 'TEST_DOCS';

let t: TTestApp;
let hospital: string;
let admin: string;
let acmeHospital: string;
let acmeAdmin: string;
let hospitalUser: { userId: string };

beforeAll(async () => {
  t = await createTestApp();
  const h = await login(t.app, 'demo', 'hospital');
  hospital = h.token;
  hospitalUser = h;
  admin = (await login(t.app, 'demo', 'admin')).token;
  acmeHospital = (await login(t.app, 'acme', 'hospital')).token;
  acmeAdmin = (await login(t.app, 'acme', 'admin')).token;
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

const filesRoot = () => join(t.config.dataDir, 'files');
/** Every stored object (and any leftover partial file) under DATA_DIR/files. */
function storedObjects(): string[] {
  try {
    return readdirSync(filesRoot(), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
}
const rowCount = async () => (await t.platform.db.select({ id: files.id }).from(files)).length;

async function upload(token: string | undefined, parts: TPart[], qs = '', tenant = 'demo') {
  const body = multipart(parts);
  return call(t.app, tenant, token, {
    method: 'POST',
    url: `/saasapi/file/file/anyone/uploadBatch${qs ? `?${qs}` : ''}`,
    payload: body.payload,
    headers: body.headers,
  });
}

/** Nothing new kept: same rows, same objects, no partial files. */
async function expectNothingKept(before: { rows: number; objects: string[] }) {
  expect(await rowCount()).toBe(before.rows);
  expect(storedObjects()).toEqual(before.objects);
  expect(storedObjects().some((f) => f.endsWith('.part'))).toBe(false);
}
const snapshot = async () => ({ rows: await rowCount(), objects: storedObjects() });

describe('upload', () => {
  it('stores a real PNG as a hospital photo and answers both name styles', async () => {
    const res = await upload(hospital, [file('front gate.png', PNG_1PX)], PHOTO_QS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, code: 0 });
    const [view] = body.data;
    expect(view).toMatchObject({
      name: 'front gate.png',
      fileName: 'front gate.png',
      size: PNG_1PX.length,
      contentType: 'image/png',
    });
    expect(view.fileId).toBe(view.id);
    expect(view.url).toBe(`/saasapi/file/file/view/${view.id}`);
    expect(view.fileUrl).toBe(view.url);
    const [row] = await t.platform.db.select().from(files).where(eq(files.id, view.id));
    expect(row).toMatchObject({
      bucket: 'drsystem',
      bizType: 'PROVIDER_TASK_SAVE',
      bizId: null,
      profile: 'photo',
      uploaderProviderId: 'P10001',
      uploadedBy: hospitalUser.userId,
      deleted: false,
    });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(storedObjects().some((f) => f.endsWith(`${view.id}.png`))).toBe(true);
  });

  it('takes several files, fields before the files, and Chinese names', async () => {
    const name = `${'附'.repeat(32)}.pdf`;
    const res = await upload(admin, [
      { name: 'bizType', value: 'PROVIDER_TASK_ATTACH' },
      { name: 'bizId', value: randomUUID() },
      file(name, PDF),
      file('form.docx', await docxBytes()),
      file('old.doc', OLE_DOC),
      file('photo.JPG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)])),
    ]);
    expect(res.statusCode).toBe(200);
    const views = res.json().data;
    expect(views.map((v: { name: string }) => v.name)).toEqual([name, 'form.docx', 'old.doc', 'photo.JPG']);
    expect(views.map((v: { contentType: string }) => v.contentType)).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/msword',
      'image/jpeg',
    ]);
  });

  it('refuses a renamed .exe posted as .png: format error, nothing kept', async () => {
    const before = await snapshot();
    const res = await upload(hospital, [file('virus.png', EXE)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      code: 40027,
      msg: '格式错误',
      msg_en: 'Format error',
    });
    await expectNothingKept(before);
  });

  it('refuses the .exe as a photo with the hospital promo message', async () => {
    const before = await snapshot();
    const res = await upload(hospital, [file('virus.png', EXE)], PHOTO_QS);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40060 });
    expect(res.json().msg_en).toContain('Hospital promo');
    await expectNothingKept(before);
  });

  it('refuses a PDF renamed to .png and a PNG renamed to .pdf', async () => {
    expect((await upload(hospital, [file('a.png', PDF)], PHOTO_QS)).json().code).toBe(40060);
    expect((await upload(hospital, [file('a.pdf', PNG_1PX)])).json().code).toBe(40027);
  });

  it('refuses extensions outside the list and empty files', async () => {
    expect((await upload(hospital, [file('a.gif', PNG_1PX)], PHOTO_QS)).json().code).toBe(40060);
    expect((await upload(hospital, [file('a.exe', EXE)])).json().code).toBe(40027);
    expect((await upload(hospital, [file('a.pdf', Buffer.alloc(0))])).json().code).toBe(40027);
  });

  it('accepts a photo of exactly 10485760 bytes', async () => {
    const res = await upload(hospital, [file('big.png', pngOfSize(MAX_PHOTO_BYTES))], PHOTO_QS);
    expect(res.json()).toMatchObject({ isSuccess: true });
    expect(res.json().data[0].size).toBe(10485760);
  });

  it('refuses a 10 MB + 1 byte photo while streaming and keeps nothing', async () => {
    const before = await snapshot();
    const res = await upload(hospital, [file('big.png', pngOfSize(MAX_PHOTO_BYTES + 1))], PHOTO_QS);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 40060 });
    await expectNothingKept(before);
  });

  it('refuses a 10 MB + 1 byte generic image with its own message', async () => {
    const before = await snapshot();
    const res = await upload(
      hospital,
      [file('me.png', pngOfSize(MAX_PHOTO_BYTES + 1))],
      'bizType=USER_AVATAR',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 40063, msg_en: 'The image must not exceed 10M' });
    await expectNothingKept(before);
  });

  it('photo names: 100 characters pass, 101 are refused', async () => {
    const ok100 = `${'照'.repeat(96)}.png`;
    expect((await upload(hospital, [file(ok100, PNG_1PX)], PHOTO_QS)).json().data[0].name).toBe(ok100);
    const res = await upload(hospital, [file(`${'a'.repeat(97)}.png`, PNG_1PX)], PHOTO_QS);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40060);
  });

  it('attachment names: 100 bytes pass, 34 Chinese characters (102 bytes) are refused', async () => {
    const before = await snapshot();
    const res = await upload(hospital, [file(`${'附'.repeat(34)}.pdf`, PDF)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40029, msg_en: 'File name exceed' });
    await expectNothingKept(before);
    expect((await upload(hospital, [file(`${'a'.repeat(96)}.pdf`, PDF)])).json().isSuccess).toBe(true);
    expect((await upload(hospital, [file(`${'a'.repeat(97)}.pdf`, PDF)])).json().code).toBe(40029);
  });

  it('a batch is all or nothing: a bad second file removes the first', async () => {
    const before = await snapshot();
    const res = await upload(hospital, [file('ok.png', PNG_1PX), file('bad.png', EXE)]);
    expect(res.statusCode).toBe(400);
    await expectNothingKept(before);
  });

  it('refuses a request without a file, and bad target fields', async () => {
    expect((await upload(hospital, [{ name: 'bizType', value: 'X' }])).json().code).toBe(40019);
    const noType = await upload(hospital, [file('a.pdf', PDF)], 'bizId=abc');
    expect(noType.statusCode).toBe(400);
    expect(noType.json().data.fieldErrors.bizType.msg_en).toBe('A bizType is required with a bizId');
    const badBucket = await upload(hospital, [{ name: 'bucket', value: '../etc' }, file('a.pdf', PDF)]);
    expect(badBucket.statusCode).toBe(400);
    expect(badBucket.json().data.fieldErrors.bucket).toBeDefined();
  });

  it('refuses a caller without a session', async () => {
    const res = await upload(undefined, [file('a.png', PNG_1PX)]);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(40003);
  });

  it('POST /file/file/anyone/upload answers the single file', async () => {
    const body = multipart([file('one.png', PNG_1PX)]);
    const res = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/file/file/anyone/upload?bizType=PROVIDER_TASK_SAVE',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.json().data).toMatchObject({ name: 'one.png', contentType: 'image/png' });
  });
});

describe('attachments: 200 MB per business object', () => {
  it('refuses the upload that would pass 200 MB, while streaming (realistic numbers)', async () => {
    const bizId = randomUUID();
    const tenantId = (await t.platform.db.select().from(files).limit(1))[0].tenantId;
    // A business object that already holds 200 MB less 200 bytes (row only; its bytes are not needed here).
    await t.platform.db.insert(files).values({
      tenantId,
      bucket: 'default',
      bizType: DOCS,
      bizId,
      profile: 'attachment',
      originalName: 'huge.pdf',
      extension: 'pdf',
      storedKey: `${tenantId}/default/000000/huge.pdf`,
      contentType: 'application/pdf',
      size: MAX_ATTACHMENTS_TOTAL_BYTES - 200,
      sha256: '0'.repeat(64),
      crc32: 0,
      uploadedBy: hospitalUser.userId,
      uploaderProviderId: 'P10001',
    });
    const rules = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/file/anyone/upload?bizType=${DOCS}&bizId=${bizId}`,
    });
    expect(rules.json().data).toMatchObject({
      profile: 'attachment',
      maxTotalBytes: 209715200,
      usedBytes: 209715000,
      remainingBytes: 200,
      nameUnit: 'bytes',
      accept: '.pdf,.doc,.docx,.xls,.xlsx,.jpeg,.jpg,.png',
    });

    const before = await snapshot();
    const qs = `bizType=${DOCS}&bizId=${bizId}`;
    const res = await upload(hospital, [file('more.pdf', Buffer.concat([PDF, Buffer.alloc(200)]))], qs);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 40062,
      msg: '附件总大小不能超过200M',
      msg_en: 'Documentation exceed 200M',
    });
    await expectNothingKept(before);
    // what still fits is accepted
    expect((await upload(hospital, [file('fits.pdf', PDF)], qs)).json().isSuccess).toBe(true);
  });

  it('counts the files of the object together (limit injected in the service)', async () => {
    const actor = await actorOf(hospital);
    const bizId = randomUUID();
    const overrides = { attachment: { maxTotalBytes: 1000 } };
    const part = (name: string, bytes: Buffer) => ({
      kind: 'file' as const,
      fieldName: 'file',
      fileName: name,
      stream: Readable.from([bytes]),
    });
    const target = { bizType: DOCS, bizId };
    const pdf600 = Buffer.concat([PDF, Buffer.alloc(600 - PDF.length)]);
    await uploadFiles(t.platform, { actor, target, parts: gen([part('a.pdf', pdf600)]), overrides });
    const before = await snapshot();
    await expect(
      uploadFiles(t.platform, { actor, target, parts: gen([part('b.pdf', pdf600)]), overrides }),
    ).rejects.toMatchObject({
      code: 40062,
    });
    await expectNothingKept(before);
    // several files of one batch without a business object count together too
    await expect(
      uploadFiles(t.platform, {
        actor,
        target: {},
        parts: gen([part('c.pdf', pdf600), part('d.pdf', pdf600)]),
        overrides,
      }),
    ).rejects.toMatchObject({ code: 40062 });
    await expectNothingKept(before);
    expect(
      (await listFiles(t.platform, { tenantId: actor.tenantId, ...target })).map((r) => r.originalName),
    ).toEqual(['a.pdf']);
  });
});

async function* gen<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

async function actorOf(token: string) {
  const { loadActor } = await import('../session/session.service.ts');
  return loadActor(t.platform, await t.platform.tokens.verifyAccess(token));
}

describe('downloads', () => {
  let bizId: string;
  let ids: string[];

  beforeAll(async () => {
    bizId = randomUUID();
    const res = await upload(
      hospital,
      [file('报告.pdf', PDF), file('photo.png', PNG_1PX), file('报告.pdf', PDF)],
      `bizType=${DOCS}&bizId=${bizId}`,
    );
    ids = res.json().data.map((v: { id: string }) => v.id);
  });

  it('lists the attachments of a business object', async () => {
    const res = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment?bizType=${DOCS}&bizId=${bizId}&ts=1`,
    });
    expect(res.json().data.map((v: { id: string }) => v.id)).toEqual(ids);
    const bad = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment?bizType=${DOCS}`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('downloads one file with an RFC 5987 Chinese name', async () => {
    const res = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment/download?id=${ids[0]}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('POST /file/file/download: one id gives the file, several give download file.zip', async () => {
    const one = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/file/file/download',
      payload: { ids: [ids[1]] },
    });
    expect(one.headers['content-type']).toBe('image/png');
    expect(one.rawPayload.equals(PNG_1PX)).toBe(true);
    const many = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/file/file/download',
      payload: { ids },
    });
    expect(many.statusCode).toBe(200);
    expect(many.headers['content-type']).toBe('application/zip');
    expect(many.headers['content-disposition']).toContain("filename*=UTF-8''download%20file.zip");
    expect(zipListing(many.rawPayload)).toEqual(['报告.pdf', 'photo.png', '报告 (1).pdf']);
    const none = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/file/file/download',
      payload: { ids: [] },
    });
    expect(none.statusCode).toBe(400);
  });

  it('the link form takes the token and tenant from the query and answers a zip', async () => {
    const url = `/saasapi/file/attachment/download/${DOCS}/${bizId}?token=${hospital}&tenant=demo`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(zipListing(res.rawPayload)).toHaveLength(3);
    const biz = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment/download/biz?bizType=${DOCS}&bizId=${bizId}`,
    });
    expect(zipListing(biz.rawPayload)).toHaveLength(3);
  });

  it('the link form refuses a missing, forged or logged-out token and another tenant', async () => {
    const base = `/saasapi/file/attachment/download/${DOCS}/${bizId}`;
    const missing = await t.app.inject({ method: 'GET', url: `${base}?tenant=demo` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ isSuccess: false, code: 40003 });
    const forged = await t.app.inject({
      method: 'GET',
      url: `${base}?token=${hospital.slice(0, -4)}AAAA&tenant=demo`,
    });
    expect(forged.statusCode).toBe(401);
    const wrongTenant = await t.app.inject({ method: 'GET', url: `${base}?token=${hospital}&tenant=acme` });
    expect(wrongTenant.statusCode).toBe(404);
    const acme = await t.app.inject({ method: 'GET', url: `${base}?token=${acmeAdmin}&tenant=acme` });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().code).toBe(40400);

    const session = await login(t.app, 'demo', 'hospital');
    await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/logout',
      headers: headers('demo'),
      payload: { token: session.token },
    });
    const loggedOut = await t.app.inject({
      method: 'GET',
      url: `${base}?token=${session.token}&tenant=demo`,
    });
    expect(loggedOut.statusCode).toBe(401);
  });

  it('views a picture inline for <img src> with the token in the query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/saasapi/file/file/view/${ids[1]}?token=${hospital}&tenant=demo`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    const noToken = await t.app.inject({ method: 'GET', url: `/saasapi/file/file/view/${ids[1]}` });
    expect(noToken.statusCode).toBe(401);
    const badId = await t.app.inject({
      method: 'GET',
      url: `/saasapi/file/file/view/not-an-id?token=${hospital}`,
    });
    expect(badId.statusCode).toBe(400);
  });

  it('unzip accepts the downloaded archive', async () => {
    const many = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/file/file/download',
      payload: { ids },
    });
    const path = join(tmpdir(), `files-test-${randomUUID()}.zip`);
    writeFileSync(path, many.rawPayload);
    let out = '';
    try {
      out = execFileSync('unzip', ['-t', path], {
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return; // no unzip on this machine: the parser above checked it
      throw error;
    }
    expect(out).toContain('No errors detected');
  });
});

/** Entry names from the central directory of a ZIP. */
function zipListing(zip: Buffer): string[] {
  let end = zip.length - 22;
  while (zip.readUInt32LE(end) !== 0x06054b50) end--;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

describe('who sees what', () => {
  let demoFile: string;
  let adminFile: string;
  const bizId = randomUUID();

  beforeAll(async () => {
    demoFile = (await upload(hospital, [file('mine.pdf', PDF)], `bizType=${DOCS}&bizId=${bizId}`)).json()
      .data[0].id;
    adminFile = (await upload(admin, [file('operator.pdf', PDF)])).json().data[0].id;
  });

  it('never serves a file of one tenant to another (404 everywhere)', async () => {
    for (const token of [acmeHospital, acmeAdmin]) {
      const view = await t.app.inject({
        method: 'GET',
        url: `/saasapi/file/file/view/${demoFile}?token=${token}&tenant=acme`,
      });
      expect(view.statusCode).toBe(404);
      const one = await call(t.app, 'acme', token, {
        method: 'GET',
        url: `/saasapi/file/attachment/download?id=${demoFile}`,
      });
      expect(one.statusCode).toBe(404);
      expect(one.json()).toMatchObject({ isSuccess: false, code: 40400 });
      const post = await call(t.app, 'acme', token, {
        method: 'POST',
        url: '/saasapi/file/file/download',
        payload: { ids: [demoFile] },
      });
      expect(post.statusCode).toBe(404);
      const list = await call(t.app, 'acme', token, {
        method: 'GET',
        url: `/saasapi/file/attachment?bizType=${DOCS}&bizId=${bizId}`,
      });
      expect(list.json().data).toEqual([]);
      const del = await call(t.app, 'acme', token, {
        method: 'DELETE',
        url: '/saasapi/file/attachment',
        payload: { ids: [demoFile] },
      });
      expect(del.statusCode).toBe(404);
    }
    // the tenant header cannot switch tenants either: the token's tenant wins
    const crossHeader = await call(t.app, 'demo', acmeAdmin, {
      method: 'GET',
      url: `/saasapi/file/attachment/download?id=${demoFile}`,
    });
    expect(crossHeader.statusCode).toBe(404);
  });

  it("operator staff see provider files; provider staff do not see the operator's unattached files", async () => {
    const asAdmin = await call(t.app, 'demo', admin, {
      method: 'GET',
      url: `/saasapi/file/attachment/download?id=${demoFile}`,
    });
    expect(asAdmin.statusCode).toBe(200);
    const asHospital = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment/download?id=${adminFile}`,
    });
    expect(asHospital.statusCode).toBe(404);
  });

  it('a registered business rule lets provider staff see files of objects they can see', async () => {
    const taskId = randomUUID();
    registerBizAccess(
      'TEST_SHARED_TASK',
      async (_p, { actor, bizId: id }) => actor.providerId === 'P10001' && id === taskId,
    );
    const shared = (
      await upload(admin, [file('for-hospital.pdf', PDF)], `bizType=TEST_SHARED_TASK&bizId=${taskId}`)
    ).json().data[0].id;
    const seen = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment/download?id=${shared}`,
    });
    expect(seen.statusCode).toBe(200);
    // but cannot delete what the operator uploaded
    const del = await call(t.app, 'demo', hospital, {
      method: 'DELETE',
      url: '/saasapi/file/attachment',
      payload: { ids: [shared] },
    });
    expect(del.statusCode).toBe(403);
    // and cannot add files to an object the rule hides
    const other = await upload(
      hospital,
      [file('x.pdf', PDF)],
      `bizType=TEST_SHARED_TASK&bizId=${randomUUID()}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('deletes softly (body or query ids): gone from lists and downloads, row kept', async () => {
    const a = (await upload(hospital, [file('a.pdf', PDF)], `bizType=${DOCS}&bizId=${bizId}`)).json().data[0]
      .id;
    const b = (await upload(hospital, [file('b.pdf', PDF)], `bizType=${DOCS}&bizId=${bizId}`)).json().data[0]
      .id;
    const viaBody = await call(t.app, 'demo', hospital, {
      method: 'DELETE',
      url: '/saasapi/file/attachment',
      payload: { ids: [a] },
    });
    expect(viaBody.json()).toMatchObject({ isSuccess: true, data: { deleted: 1 } });
    const viaQuery = await call(t.app, 'demo', hospital, {
      method: 'DELETE',
      url: `/saasapi/file/attachment?ids=${b}`,
    });
    expect(viaQuery.json().data.deleted).toBe(1);
    const list = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment?bizType=${DOCS}&bizId=${bizId}`,
    });
    expect(list.json().data.map((v: { id: string }) => v.id)).toEqual([demoFile]);
    const gone = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: `/saasapi/file/attachment/download?id=${a}`,
    });
    expect(gone.statusCode).toBe(404);
    const [row] = await t.platform.db.select().from(files).where(eq(files.id, a));
    expect(row).toMatchObject({ deleted: true, deletedBy: hospitalUser.userId });
    const none = await call(t.app, 'demo', hospital, { method: 'DELETE', url: '/saasapi/file/attachment' });
    expect(none.statusCode).toBe(400);
  });
});

describe('service functions for other features', () => {
  it('attachFiles puts uploaded files on a business object and refuses misuse', async () => {
    const actor = await actorOf(hospital);
    const images = (
      await upload(hospital, [file('1.png', PNG_1PX), file('2.png', PNG_1PX)], 'bizType=IMAGE')
    ).json().data;
    const objectId = randomUUID();
    const ids = images.map((v: { id: string }) => v.id);
    const attached = await attachFiles(t.platform, {
      tenantId: actor.tenantId,
      ids,
      bizType: 'IMAGE',
      bizId: objectId,
      actor,
    });
    expect(attached.map((r) => r.bizId)).toEqual([objectId, objectId]);
    // attaching again is harmless; attaching elsewhere is refused with the caller's field name
    await attachFiles(t.platform, {
      tenantId: actor.tenantId,
      ids,
      bizType: 'IMAGE',
      bizId: objectId,
      actor,
    });
    await expect(
      attachFiles(t.platform, {
        tenantId: actor.tenantId,
        ids,
        bizType: 'IMAGE',
        bizId: randomUUID(),
        field: 'photos',
      }),
    ).rejects.toMatchObject({ status: 400, data: { fieldErrors: { photos: expect.anything() } } });
    // a file uploaded under the image rules cannot become an attachment (other rules)
    const loose = (await upload(hospital, [file('3.png', PNG_1PX)], 'bizType=IMAGE')).json().data[0].id;
    await expect(
      attachFiles(t.platform, { tenantId: actor.tenantId, ids: [loose], bizType: DOCS, bizId: objectId }),
    ).rejects.toMatchObject({ status: 400 });
    // nor can a hospital photo
    const photo = (await upload(hospital, [file('4.png', PNG_1PX)], PHOTO_QS)).json().data[0].id;
    await expect(
      attachFiles(t.platform, { tenantId: actor.tenantId, ids: [photo], bizType: 'IMAGE', bizId: objectId }),
    ).rejects.toMatchObject({ status: 400 });
    // another tenant's ids do not exist
    const acme = await actorOf(acmeHospital);
    await expect(
      attachFiles(t.platform, { tenantId: acme.tenantId, ids: [loose], bizType: 'IMAGE', bizId: objectId }),
    ).rejects.toMatchObject({ status: 400 });
    // the attachment total is checked again when attaching
    const docs = (await upload(hospital, [file('a.pdf', PDF), file('b.pdf', PDF)])).json().data;
    const docsObject = randomUUID();
    await t.platform.db.insert(files).values({
      ...(await t.platform.db.select().from(files).where(eq(files.id, docs[0].id)))[0],
      id: randomUUID(),
      bizType: DOCS,
      bizId: docsObject,
      size: MAX_ATTACHMENTS_TOTAL_BYTES - PDF.length,
    });
    await expect(
      attachFiles(t.platform, {
        tenantId: actor.tenantId,
        ids: docs.map((d: { id: string }) => d.id),
        bizType: DOCS,
        bizId: docsObject,
      }),
    ).rejects.toMatchObject({ code: 40062 });
    const listed = await listFiles(t.platform, {
      tenantId: actor.tenantId,
      bizType: 'IMAGE',
      bizId: objectId,
    });
    expect(listed.map((r) => r.id)).toEqual(ids);
    expect((await getFileForActor(t.platform, { actor, id: ids[0] })).bizId).toBe(objectId);
    await expect(getFileForActor(t.platform, { actor: acme, id: ids[0] })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('generateId answers a fresh id', async () => {
    const a = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: '/saasapi/authority/common/generateId?ts=1',
    });
    const b = await call(t.app, 'demo', hospital, {
      method: 'GET',
      url: '/saasapi/authority/common/generateId',
    });
    expect(a.json().data).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.json().data).not.toBe(b.json().data);
    const anonymous = await t.app.inject({ method: 'GET', url: '/saasapi/authority/common/generateId' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('over real HTTP', () => {
  it('a browser-like client gets the JSON error for an oversized photo, and nothing is kept', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const before = await snapshot();
    const form = new FormData();
    form.append('file', new Blob([pngOfSize(MAX_PHOTO_BYTES + 1)]), '大门.png');
    const res = await fetch(`http://127.0.0.1:${port}/saasapi/file/file/anyone/uploadBatch?${PHOTO_QS}`, {
      method: 'POST',
      headers: { ...headers('demo', hospital) },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ isSuccess: false, code: 40060 });
    await expectNothingKept(before);

    const good = new FormData();
    good.append('file', new Blob([PNG_1PX]), '大门.png');
    const ok = await fetch(`http://127.0.0.1:${port}/saasapi/file/file/anyone/uploadBatch?${PHOTO_QS}`, {
      method: 'POST',
      headers: { ...headers('demo', hospital) },
      body: good,
    });
    const answer = (await ok.json()) as { data: { name: string }[] };
    expect(answer.data[0].name).toBe('大门.png');
    const rows = await t.platform.db
      .select()
      .from(files)
      .where(and(eq(files.originalName, '大门.png'), eq(files.deleted, false)));
    expect(rows).toHaveLength(1);
  });
});

beforeEach(() => {
  expect(t).toBeDefined();
});
