import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { helmetHeaders } from './security-headers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('security headers (helmet, computed once)', () => {
  it("are helmet's own headers for the options", () => {
    const headers = Object.fromEntries(helmetHeaders({ crossOriginEmbedderPolicy: false }));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('travel on every answer: a success, a refusal, an unknown path and a page', async () => {
    for (const url of ['/saasapi/health', '/saasapi/oauth/resource/visible', '/saasapi/nowhere', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
