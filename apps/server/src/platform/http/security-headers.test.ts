import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { helmetHeaders } from './security-headers.ts';

let t: TTestApp;
// A built web app of one page, so that pages are served.
const dist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

describe('security headers (helmet, computed once)', () => {
  it("are helmet's own headers for the options", () => {
    const headers = Object.fromEntries(helmetHeaders({ crossOriginEmbedderPolicy: false }));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('travel on every page: the page CSP and frame rules', async () => {
    for (const url of ['/login', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('travel on every JSON answer as the API set: a success, a refusal, an unknown path, a wrong method', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/saasapi/health' }),
      await t.app.inject({ method: 'GET', url: '/saasapi/oauth/resource/visible' }),
      await t.app.inject({ method: 'GET', url: '/saasapi/nowhere' }),
      await t.app.inject({ method: 'DELETE', url: '/saasapi/health' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 401, 404, 405]);
    for (const [i, res] of answers.entries()) {
      const url = `answer ${i}`;
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cache-control'], url).toBe('no-store');
      // Page-only headers are not sent with JSON.
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined();
    }
  });

  it('keep the page set on an API answer that is not JSON (a file of the OpenAPI viewer)', async () => {
    for (const url of ['/saasapi/docs/static/swagger-ui.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).not.toMatch(/json/);
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
