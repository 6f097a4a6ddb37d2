// Payable claim lines bench (issue 10, decision 0022 "The open-line read at volume"): times
// `GET /claim/acc/payable` (a page of a provider's open, invoiced claim lines with the count and
// outstanding sums per currency of everything the filter matches, and what waits for invoices)
// at 5,000 and 50,000 open lines of one provider, through `app.inject` on the portal built in
// this process, and prints EXPLAIN (ANALYZE, BUFFERS) of each statement of one page read.
//
// The lines are written straight into the database (`INSERT … SELECT` from generate_series):
// approved claim batches of 1,000 lines each (BENCH_PER_BATCH; the demo provider P10001, decided a minute apart,
// payable 10.00-99.99 CNY), each with its invoice slot uploaded; then one payment batch of 100
// of them is built through the API (so part of the lines is held). Each size is read on stale
// statistics (as PGlite, which runs no autovacuum, has them after a bulk insert) and after
// ANALYZE. Prints p50 / p99 / max of BENCH_REPEAT requests (default 20) per query, with the
// load average, and the same for an option list of the module (the machine's floor for a
// signed-in call); pages: 1 of 20, 50 of 100, and the first, middle and last of 100. Plans of
// page 1 of 20 and of the first, middle and last pages of 100. Asserts nothing.
//
// Usage: npm run bench:payable                          (PGlite in memory)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_payable npm run bench:payable
//        (an empty database: migrated and seeded by the run; drop it afterwards)
//        SIZES=5000 BENCH_PLANS=0 npm run bench:payable   (one size, no plans)
//        SIZES=50000 BENCH_PER_BATCH=10000 npm run bench:payable   (claim batches of 10,000 lines)
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import type { TDbOrTx } from '../apps/server/src/platform/db/client.ts';

const { payableLinePage } = (await import(
  process.env.BENCH_PAYABLES_MODULE ?? '../apps/server/src/features/accounting/accounting.payables.ts'
)) as typeof import('../apps/server/src/features/accounting/accounting.payables.ts');

const SIZES = (process.env.SIZES ?? '5000,50000').split(',').map(Number);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const PLANS = process.env.BENCH_PLANS !== '0';
/** Lines per claim batch (a statement holds at most 10,000). */
const PER_BATCH = Number(process.env.BENCH_PER_BATCH ?? 1_000);
const CLIENT = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;
const PASSWORD = 'Portal2026';
const CAPTCHA = 'b3nc';

const dataDir = `/tmp/portal-bench-payable-${randomUUID()}`;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  CAPTCHA_TEST_CODE: CAPTCHA,
  JOBS_ENABLED: 'false',
  DATA_DIR: dataDir,
  PGLITE_DIR: 'memory://',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const { app, platform } = await buildApp(config, {});
await app.ready();
const db = platform.database.pinned({ kind: 'cross-tenant', reason: 'bench fixtures' });
const rows = async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function signIn(account: string) {
  const key = randomUUID();
  await app.inject({
    method: 'GET',
    url: `/saasapi/oauth/anno/captcha?key=${key}`,
    headers: { tenant: 'demo' },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/saasapi/oauth/noToken/login',
    headers: { authorization: CLIENT, tenant: 'demo' },
    payload: { account, password: PASSWORD, key, code: CAPTCHA },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

const [{ id: tenantId }] = await rows<{ id: string }>(sql`select id from tenants where code = 'demo'`);
const token = await signIn('auditor');
const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  app.inject({
    method,
    url: `/saasapi${url}`,
    payload,
    headers: { authorization: CLIENT, tenant: 'demo', token: `Bearer ${token}`, language: 'en' },
  });

/** Approved claim batches of P10001 with their invoice slots uploaded, up to `open` lines in all. */
async function topUp(open: number) {
  const [{ n }] = await rows<{ n: number }>(
    sql`select count(*)::int as n from claim_batches where tenant_id = ${tenantId} and batch_no like 'CBBENCH%'`,
  );
  const batches = Math.ceil(open / PER_BATCH);
  for (let k = n + 1; k <= batches; k++) {
    const batchNo = `CBBENCH${String(k).padStart(5, '0')}`;
    const [batch] = await rows<{ id: string }>(sql`
      insert into claim_batches (tenant_id, batch_no, status, provider_id, statement_file_id, statement_name,
        line_count, submitted_at, decided_at)
      values (${tenantId}, ${batchNo}, '02', 'P10001', gen_random_uuid(), ${`${batchNo}.xlsx`}, ${PER_BATCH},
        now() - interval '30 days', now() - interval '20 days' + ${k} * interval '1 minute')
      returning id::text`);
    await db.execute(sql`
      insert into claim_lines (tenant_id, batch_ref, row_no, status, member_ref, member_id, member_name,
        member_name_en, policy_ref, policy_no, coverage_ref, coverage_code, currency, visit_date, visit_type,
        icd_code, item_code, item_name, quantity, amount, dup_key, payable_amount)
      select ${tenantId}, ${batch.id}, g, '01', gen_random_uuid(), 'M0001001', '张伟', 'Zhang Wei',
        gen_random_uuid(), 'POL-BENCH', gen_random_uuid(), 'OP', 'CNY', current_date - 30, '01',
        'J06.9', ${`${batchNo}-`} || g, '检查', 1, 100 + (g % 90), ${`bench|${batchNo}|`} || g,
        10 + (g % 90) + (g % 100) / 100.0
      from generate_series(1, ${PER_BATCH}) g`);
    await db.execute(sql`
      insert into invoice_slots (tenant_id, batch_ref, batch_no, provider_id, currency, payable_amount, status, uploaded_at)
      select ${tenantId}, ${batch.id}, ${batchNo}, 'P10001', 'CNY', sum(payable_amount), '2', now()
      from claim_lines where batch_ref = ${batch.id}`);
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function time(url: string) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    const res = await call('GET', url);
    ms.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    total = (res.json() as { data: { total?: number } }).data.total ?? 0;
  }
  ms.sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(7);
  console.log(
    `  ${url.padEnd(72)} total ${String(total).padStart(6)}  p50 ${f(quantile(ms, 0.5))}  p99 ${f(quantile(ms, 0.99))}  max ${f(ms[ms.length - 1])} ms  load ${load()}`,
  );
}

/** A db whose statements are explained (ANALYZE, BUFFERS) before they run; plans printed. */
function explaining(inner: TDbOrTx): TDbOrTx {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return async (statement: SQL) => {
          const text = (await target.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          const plan = text.rows.map((r) => r['QUERY PLAN']).join('\n');
          if (!/set_config/.test(plan)) console.log(`${plan}\n`);
          return target.execute(statement);
        };
      if (prop === 'transaction')
        return (run: (tx: TDbOrTx) => Promise<unknown>) => target.transaction((tx) => run(explaining(tx)));
      return Reflect.get(target, prop, receiver);
    },
  });
}

async function plans(size: number) {
  const tenantDb = platform.database.pinned({ kind: 'tenant', tenantId });
  const base = { tenantId, providerId: 'P10001' };
  console.log('  --- plans: page 1 of 20, open and invoiced');
  await payableLinePage(explaining(tenantDb), { ...base, open: 'invoiced' }, { offset: 0, limit: 20 });
  const last = Math.ceil((size - 100) / 100);
  for (const [current, name] of [
    [1, 'the first'],
    [Math.ceil(last / 2), 'the middle'],
    [last, 'the last'],
  ] as const) {
    console.log(`  --- plans: page ${current} of 100 (${name}), open and invoiced`);
    await payableLinePage(
      explaining(tenantDb),
      { ...base, open: 'invoiced' },
      { offset: (current - 1) * 100, limit: 100 },
    );
  }
  console.log('  --- plans: awaiting invoice (sums only)');
  await payableLinePage(explaining(tenantDb), { ...base, open: 'awaiting' }, { offset: 0, limit: 0 });
}

try {
  console.log(`payable bench on ${databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}, load ${load()}`);
  let paid = false;
  for (const size of SIZES) {
    await topUp(size);
    if (!paid) {
      // One payment batch of 100 lines (built through the API): those lines are held.
      const lines = await rows<{ id: string; payable: string }>(sql`
        select l.id::text, l.payable_amount::text as payable from claim_lines l
        join claim_batches b on b.id = l.batch_ref
        where b.batch_no = 'CBBENCH00001' order by l.row_no limit 100`);
      const res = await call('POST', '/claim/acc/payBill/save', {
        providerId: 'P10001',
        invoiceCurrency: 'CNY',
        items: lines.map((l) => ({ lineId: l.id, amount: l.payable })),
      });
      if (res.statusCode !== 200) throw new Error(`build: ${res.body}`);
      paid = true;
    }
    for (const statistics of ['stale', 'analyzed'] as const) {
      if (statistics === 'analyzed') await db.execute(sql`analyze`);
      console.log(
        `\n${size} open lines of one provider (${size / PER_BATCH} claim batches), ${statistics} statistics`,
      );
      // The machine's floor for a signed-in call of the same module (no database read).
      await time('/claim/acc/getByType?type=payStatus');
      await time('/claim/acc/payable?providerId=P10001&current=1&size=20');
      await time('/claim/acc/payable?providerId=P10001&current=50&size=100');
      // First, middle and last page of 100 (the 100 paid lines are not open).
      const last = Math.ceil((size - 100) / 100);
      for (const current of [1, Math.ceil(last / 2), last])
        await time(`/claim/acc/payable?providerId=P10001&current=${current}&size=100`);
      await time(
        '/claim/acc/payable?providerId=P10001&current=1&size=20&currency=CNY&claimBatchNo=CBBENCH0000',
      );
      if (PLANS && statistics === 'analyzed') await plans(size);
    }
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
