import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { inspectUpload } from './inspect.ts';
import { createS3Store, S3_PART_SIZE } from './s3-storage.ts';
import { createFileStore, createLocalStore, type TFileStore } from './storage.ts';

const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A body that sends some bytes and then fails, like a client that went away. */
function failingBody(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(bytes, 1);
      throw new Error('client went away');
    })(),
  );
}

function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

function contract(name: string, make: () => TFileStore, objects: () => string[]) {
  describe(`${name} store`, () => {
    it('puts, finds, reads and deletes', async () => {
      const store = make();
      const body = randomBytes(20_000);
      await store.put('t1/drsystem/202601/a.png', Readable.from([body]), { contentType: 'image/png' });
      expect(await store.exists('t1/drsystem/202601/a.png')).toBe(true);
      const read = await store.get('t1/drsystem/202601/a.png');
      expect(read && (await buffer(read)).equals(body)).toBe(true);
      await store.delete('t1/drsystem/202601/a.png');
      expect(await store.exists('t1/drsystem/202601/a.png')).toBe(false);
      expect(await store.get('t1/drsystem/202601/a.png')).toBeNull();
      await store.delete('t1/drsystem/202601/a.png');
    });

    it('keeps nothing when the body fails half-way', async () => {
      const store = make();
      await expect(
        store.put('t1/x/202601/b.pdf', failingBody(1000), { contentType: 'application/pdf' }),
      ).rejects.toThrow('client went away');
      expect(await store.exists('t1/x/202601/b.pdf')).toBe(false);
      expect(objects()).toEqual([]);
    });
  });
}

const localRoot = join(dir, 'local');
contract(
  'local',
  () => createLocalStore(localRoot),
  () => filesUnder(localRoot),
);

describe('local store keys', () => {
  it('refuses keys that leave the folder', async () => {
    const store = createLocalStore(localRoot);
    for (const key of ['../x', 't1/../../etc/passwd', '/abs', 't1//x', 't1/./x']) {
      await expect(
        store.put(key, Readable.from([Buffer.from('x')]), { contentType: 'text/plain' }),
      ).rejects.toThrow(/Unsafe/);
    }
  });
});

// --- a small S3-compatible server: path-style PutObject, multipart, Get, Head, Delete ----
const objects = new Map<string, Buffer>();
const uploads = new Map<string, Map<number, Buffer>>();
let aborted = 0;
let server: Server;
let endpoint = '';

const read = (req: IncomingMessage) => buffer(req);

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname);
    const uploadId = url.searchParams.get('uploadId');
    const body = await read(req);
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `u${uploads.size + 1}`;
      uploads.set(id, new Map());
      res.setHeader('content-type', 'application/xml');
      res.end(
        `<InitiateMultipartUploadResult><Bucket>b</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    } else if (req.method === 'PUT' && uploadId) {
      uploads.get(uploadId)?.set(Number(url.searchParams.get('partNumber')), body);
      res.setHeader('etag', `"p${url.searchParams.get('partNumber')}"`);
      res.end();
    } else if (req.method === 'POST' && uploadId) {
      const parts = uploads.get(uploadId) ?? new Map();
      objects.set(key, Buffer.concat([...parts.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1])));
      uploads.delete(uploadId);
      res.setHeader('content-type', 'application/xml');
      res.end(
        `<CompleteMultipartUploadResult><Key>${key}</Key><ETag>"x"</ETag></CompleteMultipartUploadResult>`,
      );
    } else if (req.method === 'DELETE' && uploadId) {
      uploads.delete(uploadId);
      aborted++;
      res.statusCode = 204;
      res.end();
    } else if (req.method === 'PUT') {
      objects.set(key, body);
      res.setHeader('etag', '"x"');
      res.end();
    } else if ((req.method === 'GET' || req.method === 'HEAD') && objects.has(key)) {
      const data = objects.get(key) as Buffer;
      res.setHeader('content-length', String(data.length));
      res.end(req.method === 'GET' ? data : undefined);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      res.end();
    } else {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/xml');
      res.end(
        req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code><Message>none</Message></Error>',
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const s3Config = () => ({
  bucket: 'portal-files',
  region: 'us-east-1',
  endpoint,
  forcePathStyle: true,
  prefix: 'portal/',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' },
});

contract(
  's3',
  () => createS3Store(s3Config()),
  () => [...objects.keys(), ...uploads.keys()],
);

describe('s3 store', () => {
  it('streams a large body as a multipart upload under the prefix', async () => {
    const store = createS3Store(s3Config());
    const body = randomBytes(S3_PART_SIZE * 2 + 1000);
    const chunks = [];
    for (let i = 0; i < body.length; i += 64 * 1024) chunks.push(body.subarray(i, i + 64 * 1024));
    await store.put('t1/big.pdf', Readable.from(chunks), { contentType: 'application/pdf' });
    expect(objects.get('/portal-files/portal/t1/big.pdf')?.equals(body)).toBe(true);
    const back = await store.get('t1/big.pdf');
    expect(back && (await buffer(back)).equals(body)).toBe(true);
    await store.delete('t1/big.pdf');
  });

  it('aborts the multipart upload when the body fails after the first part', async () => {
    const store = createS3Store(s3Config());
    const before = aborted;
    await expect(
      store.put('t1/broken.pdf', failingBody(S3_PART_SIZE + 10), { contentType: 'application/pdf' }),
    ).rejects.toThrow('client went away');
    expect(aborted).toBe(before + 1);
    expect(await store.exists('t1/broken.pdf')).toBe(false);
    expect(uploads.size).toBe(0);
  });
});

describe('store selection', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };

  it('uses DATA_DIR/files without S3 settings, S3 with S3_BUCKET', () => {
    expect(createFileStore(loadConfig(base)).kind).toBe('local');
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toMatchObject({
      bucket: 'portal-files',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: '',
    });
    expect(createFileStore(config).kind).toBe('s3');
  });

  it('names the missing or half-given S3 settings', () => {
    expect(() => loadConfig({ ...base, S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b1b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('inspectUpload', () => {
  it('stops reading the moment the limit is passed', async () => {
    let pulled = 0;
    const endless = (async function* () {
      for (;;) {
        pulled += 1024;
        yield Buffer.alloc(1024, 0x41);
      }
    })();
    const inspected = inspectUpload(endless, {
      maxBytes: 10_000,
      sniffBytes: 4100,
      checkHead: async () => {},
      tooLarge: () => new Error('too large'),
    });
    await expect(buffer(inspected.stream)).rejects.toThrow('too large');
    expect(pulled).toBe(10 * 1024);
  });

  it('refuses on the first bytes before anything passes on', async () => {
    const passed: Buffer[] = [];
    const inspected = inspectUpload(Readable.from([Buffer.from('MZ'), Buffer.alloc(10_000)]), {
      maxBytes: 1e9,
      sniffBytes: 4100,
      checkHead: async (head) => {
        if (head[0] === 0x4d) throw new Error('format error');
      },
      tooLarge: () => new Error('too large'),
    });
    inspected.stream.on('data', (c) => passed.push(c));
    await expect(buffer(inspected.stream)).rejects.toThrow('format error');
    expect(passed).toEqual([]);
  });

  it('hashes and counts what passes', async () => {
    const body = randomBytes(9000);
    const inspected = inspectUpload(Readable.from([body.subarray(0, 100), body.subarray(100)]), {
      maxBytes: 9000,
      sniffBytes: 4100,
      checkHead: async (head) => expect(head.length).toBe(4100),
      tooLarge: () => new Error('too large'),
    });
    expect((await buffer(inspected.stream)).equals(body)).toBe(true);
    const { createHash } = await import('node:crypto');
    expect(inspected.result()).toMatchObject({
      size: 9000,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
  });
});
