// First load of the login page in the system Chromium: script requests, their bytes on the
// wire (gzip or brotli as the server chose), all bytes transferred, and the largest
// contentful paint. Starts the portal itself on a fresh embedded database against the built
// web app (run `npm run build:web` first). Prints figures; asserts nothing.
// --encoding gzip (default; the unit of the budget) sends Accept-Encoding: gzip, deflate;
// --encoding browser leaves Chromium's own header (gzip, deflate, br, zstd: the server sends br).
// Usage: npm run bench:login-lcp [-- --runs 5 --encoding gzip|browser]
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, encoding: { type: 'string', default: 'gzip' } },
});
if (values.encoding !== 'gzip' && values.encoding !== 'browser')
  throw new Error('--encoding is gzip or browser');
const runs = Math.max(1, Number(values.runs));
const port = 19080 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;

interface TRun {
  scripts: number;
  scriptBytes: number;
  totalBytes: number;
  requests: number;
  lcpMs: number;
  encodings: Set<string>;
}

async function startPortal(): Promise<{ child: ChildProcess; dataDir: string }> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is not built: run npm run build:web first');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lcp-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_TEST_CODE: 'x',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], { env, stdio: 'inherit' });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/saasapi/health`)).ok) return { child, dataDir };
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('portal did not start');
}

/** One cold load of /login in a fresh profile (empty HTTP cache). */
async function measureOnce(): Promise<TRun> {
  const profile = mkdtempSync(join(tmpdir(), 'portal-lcp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (values.encoding === 'gzip') {
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    }
    const types = new Map<string, string>();
    const encodings = new Map<string, string>();
    const wire = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      const enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
      encodings.set(e.requestId, enc ?? 'identity');
    });
    cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));

    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login_account').waitFor();
    // LCP is final once the page is interacted with or hidden; read it after the load settled.
    const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);

    let scripts = 0;
    let scriptBytes = 0;
    let totalBytes = 0;
    const usedEncodings = new Set<string>();
    for (const [id, bytes] of wire) {
      totalBytes += bytes;
      if (types.get(id) === 'Script') {
        scripts += 1;
        scriptBytes += bytes;
        usedEncodings.add(encodings.get(id) ?? 'identity');
      }
    }
    return { scripts, scriptBytes, totalBytes, requests: wire.size, lcpMs, encodings: usedEncodings };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const { child, dataDir } = await startPortal();
try {
  // Warm the server (first file reads, JIT) before the measured runs.
  await measureOnce();
  const results: TRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await measureOnce());
  console.log(
    `\n/login on ${base}, ${runs} cold-cache runs after one warm-up, Chromium headless, Accept-Encoding: ${values.encoding}`,
  );
  console.log('run  scripts  script bytes (wire)  all bytes (wire)  requests  LCP');
  results.forEach((r, i) => {
    console.log(
      `${String(i + 1).padStart(3)}  ${String(r.scripts).padStart(7)}  ${kb(r.scriptBytes).padStart(19)}  ${kb(r.totalBytes).padStart(16)}  ${String(r.requests).padStart(8)}  ${Math.round(r.lcpMs)} ms`,
    );
  });
  console.log(
    `median: ${median(results.map((r) => r.scripts))} scripts, ${kb(median(results.map((r) => r.scriptBytes)))} of script, LCP ${Math.round(median(results.map((r) => r.lcpMs)))} ms; script encodings: ${[...new Set(results.flatMap((r) => [...r.encodings]))].join(', ')}`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
