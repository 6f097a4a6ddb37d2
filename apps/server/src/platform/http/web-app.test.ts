import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

const SHELL = `<!doctype html><html><head><title>shell</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
const SCRIPT = `export const hello = 'world';${'/* padding */'.repeat(200)}`;

/** A fake `vite build` output: the shell and a hashed asset with brotli and gzip copies. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const files: Record<string, string> = {
    'index.html': SHELL,
    'assets/index-Ab12Cd34.js': SCRIPT,
    // No compressed copies: the original goes out.
    'assets/small-Zz99.css': 'body{margin:0}',
    '.vite/manifest.json': '{"index.html":{"file":"assets/index-Ab12Cd34.js","isEntry":true}}',
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  for (const name of ['index.html', 'assets/index-Ab12Cd34.js']) {
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(files[name]));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(files[name]));
  }
  return dir;
}

function expectNotFoundEnvelope(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({
    isSuccess: false,
    code: 40400,
    msg: '抱歉，资源未找到',
    msg_en: 'Sorry, resource not found',
    data: null,
  });
}

describe('web app serving', () => {
  let t: TTestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves the app shell at /, revalidated on every use', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SHELL);
    expect(res.headers.etag).toBeTruthy();
    const again = await get('/', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);

    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves the app shell for deep links and unknown pages, so the client router shows them', async () => {
    for (const url of [
      '/login',
      '/dashboard',
      '/drsystem/whatever',
      '/drsystem/management/hospital/detail?providerId=P10001&ts=1',
      '/index.html',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('answers unknown API paths, missing assets, build metadata and non-GET pages with the 404 envelope', async () => {
    expectNotFoundEnvelope(await get('/saasapi/no/such/route?ts=1'));
    expectNotFoundEnvelope(await get('/saasapi'));
    expectNotFoundEnvelope(await get('/assets/index-Old00000.js'));
    expectNotFoundEnvelope(await get('/assets/'));
    expectNotFoundEnvelope(await get('/favicon.ico'));
    expectNotFoundEnvelope(await get('/.vite/manifest.json'));
    expectNotFoundEnvelope(await t.app.inject({ method: 'POST', url: '/drsystem/whatever', payload: {} }));
  });

  it('caches hashed assets for a year and picks the brotli or gzip copy by Accept-Encoding', async () => {
    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);

    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    // No compressed copy on disk: the file itself, still immutable.
    const css = await get('/assets/small-Zz99.css', { 'accept-encoding': 'gzip, br' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toBe('body{margin:0}');
  });

  it('sends the compressed shell for / and for client-side routes, never cached without revalidation', async () => {
    for (const url of ['/', '/drsystem/whatever']) {
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(SHELL);

      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(SHELL);
    }
  });
});

describe('web app not built', () => {
  it('answers pages with the 404 envelope and keeps the API', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'portal-web-none-'));
    const t = await createTestApp({ WEB_DIST: empty });
    try {
      expectNotFoundEnvelope(await t.app.inject({ method: 'GET', url: '/' }));
      expectNotFoundEnvelope(await t.app.inject({ method: 'GET', url: '/drsystem/whatever' }));
      const health = await t.app.inject({ method: 'GET', url: '/saasapi/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await t.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
