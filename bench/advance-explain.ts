// Focused measurement of the advanced doctor search (decision 0025): runs the search's own SQL
// (knowledge.search.ts) on a bench database under the portal's role and tenant, as a request
// would, with EXPLAIN (ANALYZE, BUFFERS) of every statement and the wall time of each search
// (best of BENCH_REPEAT): cold (no kept ranking: every call ranks) and warm (the ranking kept
// by an earlier call of the same search, as the next page or another user's same search finds
// it). Asserts nothing.
//
// Usage, on a database seeded by scale.ts (100,000 doctors of demo):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_scale npm run advance-explain -w @portal/bench
// BENCH_PLANS=1 prints the plans; BENCH_ONLY=text runs the cases whose title contains it.
import type { TAdvanceSearchRequest } from '@portal/domain/knowledge/rules';
import { ZAdvanceSearchRequest } from '@portal/domain/knowledge/rules';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TActor } from '../apps/server/src/platform/auth/access.ts';
import type { TPlatform } from '../apps/server/src/platform/platform.ts';

// BENCH_SEARCH_MODULE: another version of knowledge.search.ts to measure (e.g. the one before a change).
const { advanceSearch } = (await import(
  process.env.BENCH_SEARCH_MODULE ?? '../apps/server/src/features/knowledge/knowledge.search.ts'
)) as typeof import('../apps/server/src/features/knowledge/knowledge.search.ts');

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to a database seeded by scale.ts');
const repeat = Number(process.env.BENCH_REPEAT ?? 5);
const plans = process.env.BENCH_PLANS === '1';

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const db = drizzle(client);
const {
  rows: [demo],
} = await client.query<{ id: string }>(`select id from tenants where code = 'demo'`);

/** The database as a request sees it: role portal_app, the tenant set, row-level security on. */
async function asRequest<T>(run: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query(`set local role portal_app; select set_config('app.tenant_id', '${demo.id}', true)`);
    return await run();
  } finally {
    await client.query('rollback');
  }
}

/** A db that explains each statement before running it, collecting the plans. */
function explaining(out: { text: string; ms: number }[]) {
  return {
    async execute(statement: SQL) {
      const result = (await db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      const text = result.rows.map((r) => r['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
      out.push({ text, ms });
      return db.execute(statement);
    },
  };
}

const actor = { tenantId: demo.id, providerId: null } as TActor;
/** A kv that keeps nothing: every search ranks (cold). */
const noKv = { get: async () => null, set: async () => undefined };
/** A kv in memory: the second call of a search finds the ranking of the first (warm). */
function memoryKv() {
  const map = new Map<string, string>();
  return {
    get: async (key: string) => map.get(key) ?? null,
    set: async (key: string, value: string) => {
      map.set(key, value);
    },
  };
}
const platform = (kv: object, database: object = db) => ({ db: database, kv }) as unknown as TPlatform;
const cases: [string, Partial<TAdvanceSearchRequest>][] = [
  ['disease 糖尿病', { disease: '糖尿病' }],
  ['disease 糖尿病, page 50', { disease: '糖尿病', current: 50 }],
  ['disease "asthma"', { disease: 'asthma' }],
  ['symptom 胸痛', { symptom: '胸痛' }],
  ['treatment 针灸', { treatment: '针灸' }],
  ['doctor name 王建国', { doctorName: '王建国' }],
  ['doctor name 王 (one character)', { doctorName: '王' }],
  ['doctor name "zhiqiang"', { doctorName: 'zhiqiang' }],
  ['disease 糖尿病 + level 01 + language 02', { disease: '糖尿病', professionalLevel: '01', language: '02' }],
];
const only = process.env.BENCH_ONLY;
console.log(
  `advanced search on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, best of ${repeat}, one connection`,
);
for (const [title, body] of cases) {
  if (only && !title.includes(only)) continue;
  const request = ZAdvanceSearchRequest.parse(body);
  const cold: number[] = [];
  const warm: number[] = [];
  let total = 0;
  for (let i = 0; i < repeat; i++) {
    let started = performance.now();
    const page = await asRequest(() => advanceSearch(platform(noKv), { actor, request }));
    cold.push(performance.now() - started);
    total = page.total;
    const kv = memoryKv();
    await asRequest(() => advanceSearch(platform(kv), { actor, request }));
    started = performance.now();
    await asRequest(() => advanceSearch(platform(kv), { actor, request }));
    warm.push(performance.now() - started);
  }
  const explained: { text: string; ms: number }[] = [];
  await asRequest(() => advanceSearch(platform(noKv, explaining(explained)), { actor, request }));
  const sqlMs = explained.map((e) => e.ms.toFixed(1)).join(' + ');
  const best = (times: number[]) => `${Math.min(...times).toFixed(0)} ms`.padStart(8);
  console.log(
    `${title.padEnd(44)} cold ${best(cold)}  warm ${best(warm)}  statements ${sqlMs} ms  of ${total.toLocaleString('en')}`,
  );
  if (plans) for (const e of explained) console.log(`${e.text}\n`);
}
await client.end();
