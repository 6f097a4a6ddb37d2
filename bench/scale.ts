// Scale bench (issue 10): seeds PostgreSQL with 100 tenants, 1,000,000 hospital tasks with two
// flows each, an approval for each approved task, 5,000 hospital records and 2,000,000 message
// recipients and 100,000 doctors of demo with their practices, then drives the list endpoints with autocannon (first, middle and last page, with
// filters), downloads the exports while sampling the server's memory, and prints the figures.
// Asserts nothing.
//
// Usage, on a dedicated empty database (the portal creates its schema on start):
//   node apps/server/scripts/pg-database.ts create postgres://postgres@127.0.0.1:5432/portal_scale
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_scale npm run bench:scale
//   node apps/server/scripts/pg-database.ts drop postgres://postgres@127.0.0.1:5432/portal_scale
// SCALE_TASKS and SCALE_RECIPIENTS change the volume; a second run on the same database skips
// the seeding; BENCH_ONLY=text runs the cases whose title contains it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_CLIENT, startPortal } from './portal.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to an empty PostgreSQL database');
const TASKS = Number(process.env.SCALE_TASKS ?? 1_000_000);
const RECIPIENTS = Number(process.env.SCALE_RECIPIENTS ?? 2_000_000);
const TENANTS = 100;
const HOSPITALS = Number(process.env.SCALE_HOSPITALS ?? 5_000);
const duration = Number(process.env.BENCH_SECONDS ?? 5);

const db = new pg.Client({ connectionString: databaseUrl });

/** Every column of a table, in order. */
async function columnsOf(table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/**
 * INSERT … SELECT of `count` copies of one template row, with some columns replaced by SQL
 * expressions of the series number `g`.
 */
async function cloneRows(
  table: string,
  templateWhere: string,
  count: number,
  overrides: Record<string, string>,
): Promise<void> {
  const columns = await columnsOf(table);
  const select = columns.map((c) => overrides[c] ?? `t.${c}`).join(', ');
  const started = Date.now();
  await db.query(
    `insert into ${table} (${columns.join(', ')})
     select ${select} from (select * from ${table} where ${templateWhere} limit 1) t,
     generate_series(1, ${count}) g`,
  );
  console.log(
    `  ${table}: ${count.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function seed(demoTenant: string): Promise<void> {
  console.log('seeding');
  // 98 more tenants beside demo and acme, copies of demo with their own codes.
  await cloneRows('tenants', `id = '${demoTenant}'`, TENANTS - 2, {
    id: 'gen_random_uuid()',
    code: `'scale' || g`,
  });
  const { rows: tenantRows } = await db.query<{ id: string }>(
    `select id from tenants where id <> $1 order by code`,
    [demoTenant],
  );
  const others = `(array[${tenantRows.map((r) => `'${r.id}'::uuid`).join(',')}])`;
  // A fifth of the tasks are demo's, a quarter of those its hospital P10001's (the provider list's
  // worst case); the rest spread over the other 99 tenants and 500 providers each.
  const demoShare = Math.floor(TASKS / 5);
  const tenantOf = `case when g <= ${demoShare} then '${demoTenant}'::uuid else ${others}[1 + g % ${tenantRows.length}] end`;
  await cloneRows('hospital_tasks', `tenant_id = '${demoTenant}'`, TASKS, {
    id: 'gen_random_uuid()',
    tenant_id: tenantOf,
    task_no: `'HS' || lpad(g::text, 9, '0')`,
    provider_id: `case when g <= ${demoShare / 4} then 'P10001' else 'P' || (20000 + g % 500) end`,
    provider_cn_name: `'规模测试医院' || (g % 5000)`,
    provider_en_name: `'Scale Hospital ' || (g % 5000)`,
    task_type: `case when g % 10 = 0 then '03' else '04' end`,
    status: `(array['01','02','03','04','05','06','07','08'])[1 + g % 8]`,
    commit_date: `now() - make_interval(mins => g)`,
    created_at: `now() - make_interval(mins => g)`,
    updated_at: `now() - make_interval(mins => g)`,
    version: '1',
  });
  const started = Date.now();
  await db.query(
    `insert into hospital_task_flows (id, tenant_id, task_id, status, flow_type, operate_date, operate_member,
       operate_member_en, operator_kind, created_at, updated_at, created_by, updated_by)
     select gen_random_uuid(), t.tenant_id, t.id, s.status, s.status, t.commit_date + s.n * interval '1 hour',
       '规模测试', 'Scale test', 'O', t.created_at, t.created_at, 'bench', 'bench'
     from hospital_tasks t cross join (values (0, '01'), (1, '02')) s(n, status)
     where t.task_no like 'HS%'`,
  );
  console.log(
    `  hospital_task_flows: ${(TASKS * 2).toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // Messages: ten recipients each; demo gets a tenth of them, a tenth of those to P10001.
  const messages = Math.floor(RECIPIENTS / 10);
  const demoMessages = Math.floor(messages / 10);
  await cloneRows('messages', `tenant_id = '${demoTenant}' and status = '01'`, messages, {
    id: 'gen_random_uuid()',
    tenant_id: `case when g <= ${demoMessages} then '${demoTenant}'::uuid else ${others}[1 + g % ${tenantRows.length}] end`,
    name: `'规模测试消息 ' || g`,
    name_en: `'Scale test message ' || g`,
    code: `(array['12','01','13','02','03','04'])[1 + g % 6]`,
    msg_type: `'02'`,
    valid_to: 'null',
    sent_at: `now() - make_interval(mins => g)`,
    created_at: `now() - make_interval(mins => g)`,
  });
  const recipientsStarted = Date.now();
  await db.query(
    `insert into message_recipients (tenant_id, message_id, kind, target)
     select m.tenant_id, m.id, 'provider',
       case when r = 1 and m.tenant_id = $1 and (hashtext(m.id::text) % 10) = 0 then 'P10001' else 'P' || (20000 + r) end
     from messages m cross join generate_series(1, 10) r
     where m.name like '规模测试消息%'`,
    [demoTenant],
  );
  console.log(
    `  message_recipients: ${RECIPIENTS.toLocaleString('en')} rows in ${((Date.now() - recipientsStarted) / 1000).toFixed(1)} s`,
  );
  // The exports' data: an approval (two changed fields) for every approved task, and more
  // hospital records in demo, copies of P10001.
  const auditsStarted = Date.now();
  const { rowCount } = await db.query(
    `insert into hospital_task_audits (id, tenant_id, task_id, task_no, task_type, audit_result, conclusion,
       provider_id, task_provider_id, provider_cn_name, provider_en_name, changes, audited_at,
       audit_member, audit_member_en, operator_kind, created_at, updated_at, created_by, updated_by)
     select gen_random_uuid(), t.tenant_id, t.id, t.task_no, t.task_type, '01', '01', t.provider_id,
       t.provider_id, t.provider_cn_name, t.provider_en_name,
       jsonb_build_array(
         jsonb_build_object('field', 'providerCnName', 'oldValue', t.provider_cn_name, 'newValue', t.provider_cn_name || '（新）'),
         jsonb_build_object('field', 'webAddr', 'oldValue', 'https://old.example.cn', 'newValue', 'https://new.example.cn')),
       t.commit_date + interval '1 hour', '规模测试', 'Scale test', 'O', t.created_at, t.created_at, 'bench', 'bench'
     from hospital_tasks t where t.task_no like 'HS%' and t.status = '06'`,
  );
  console.log(
    `  hospital_task_audits: ${(rowCount ?? 0).toLocaleString('en')} rows in ${((Date.now() - auditsStarted) / 1000).toFixed(1)} s`,
  );
  await cloneRows('providers', `tenant_id = '${demoTenant}' and provider_id = 'P10001'`, HOSPITALS, {
    id: 'gen_random_uuid()',
    provider_id: `'P' || (20000 + g)`,
    provider_cn_name: `'规模测试医院' || g`,
    provider_en_name: `'Scale Hospital ' || g`,
  });
  const analyzeStarted = Date.now();
  await db.query('vacuum analyze');
  console.log(`  vacuum analyze in ${((Date.now() - analyzeStarted) / 1000).toFixed(1)} s`);
}

const DOCTORS = Number(process.env.SCALE_DOCTORS ?? 100_000);

/**
 * 100,000 approved doctors of demo (issue 12), each practising at one of the scale hospitals
 * (P20001 ...) or P10001, with names, expertise and departments drawn from small lists so that
 * every search criterion has realistic hit rates: one surname in 10, one expertise phrase in 16.
 */
async function seedDoctors(demoTenant: string): Promise<void> {
  const started = Date.now();
  const sur = `array['王','李','张','刘','陈','杨','赵','黄','周','吴']`;
  const surEn = `array['Wang','Li','Zhang','Liu','Chen','Yang','Zhao','Huang','Zhou','Wu']`;
  const given = `array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','建国','志强']`;
  const givenEn = `array['Wei','Fang','Na','Min','Jing','Li','Qiang','Lei','Jun','Yang','Yong','Yan','Jie','Juan','Tao','Ming','Chao','Xiuying','Jianguo','Zhiqiang']`;
  const expertise = `array['2型糖尿病的诊治','冠心病介入治疗','哮喘与慢性阻塞性肺病','胃炎和胃溃疡的内镜治疗','膝关节置换','脑梗死的溶栓与康复','乳腺癌综合治疗','甲状腺结节','儿童过敏性疾病','抑郁症与焦虑障碍','针灸治疗颈肩腰腿痛','白内障手术','慢性肾脏病与透析','肝胆外科微创手术','痛风与类风湿关节炎','高血压的规范管理']`;
  const expertiseEn = `array['Type 2 diabetes care','Coronary intervention','Asthma and COPD','Endoscopic treatment of gastritis and ulcers','Knee replacement','Thrombolysis and rehabilitation after stroke','Comprehensive breast cancer treatment','Thyroid nodules','Allergic diseases of children','Depression and anxiety disorders','Acupuncture for neck, shoulder and back pain','Cataract surgery','Chronic kidney disease and dialysis','Minimally invasive hepatobiliary surgery','Gout and rheumatoid arthritis','Management of hypertension']`;
  const departments = `array['03.07','03.04','03.01','03.02','04.03.X02','03.03','19','03.07','07','15','50.13','10','03.06','04.01.X01','03.08','03.04']`;
  await db.query(
    `insert into doctors (tenant_id, certificate_no, cn_last_name, cn_first_name, en_last_name, en_first_name,
       gender, multi_practice, languages, professional_level, expertise_cn, expertise_en, recommend_rating)
     select $1::uuid, 'SC' || g, (${sur})[1 + g % 10], (${given})[1 + (g / 10) % 20],
       (${surEn})[1 + g % 10], (${givenEn})[1 + (g / 10) % 20], (1 + g % 2)::text, '02',
       case when g % 3 = 0 then '["01","02"]'::jsonb else '["01"]'::jsonb end, lpad((1 + g % 5)::text, 2, '0'),
       (${expertise})[1 + g % 16] || '，' || (${expertise})[1 + (g / 16) % 16],
       (${expertiseEn})[1 + g % 16] || ', ' || (${expertiseEn})[1 + (g / 16) % 16],
       case when g % 4 = 0 then null else 1 + g % 5 end
     from generate_series(1, ${DOCTORS}) g`,
    [demoTenant],
  );
  await db.query(
    `insert into doctor_practices (tenant_id, doctor_id, provider_id, external_display, departments, approved_at)
     select d.tenant_id, d.id,
       case when n % 50 = 0 then 'P10001' else 'P' || (20001 + n % ${HOSPITALS}) end, '01',
       jsonb_build_array((${departments})[1 + n % 16]), now()
     from (select id, tenant_id, substr(certificate_no, 3)::int as n from doctors
           where tenant_id = $1 and certificate_no like 'SC%') d`,
    [demoTenant],
  );
  await db.query('vacuum analyze doctors, doctor_practices');
  console.log(
    `  doctors: ${DOCTORS.toLocaleString('en')} with practices in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface TCase {
  title: string;
  path: string;
  body: unknown;
  token: string;
}

async function measure({ title, path, body, token }: TCase, base: string): Promise<void> {
  const headers = {
    authorization: BENCH_CLIENT,
    tenant: 'demo',
    token: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  // One call first: its answer says how big the page and the whole list are.
  const probe = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const envelope = (await probe.json()) as {
    isSuccess: boolean;
    data?: { total?: number; count?: number; totalCapped?: boolean };
  };
  if (!envelope.isSuccess) throw new Error(`${title}: ${JSON.stringify(envelope)}`);
  const result = await autocannon({
    url: `${base}${path}`,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    connections: 10,
    duration,
  });
  const size = envelope.data?.total ?? envelope.data?.count;
  const of = envelope.data?.totalCapped ? 'over' : 'of';
  console.log(
    [
      title.padEnd(52),
      `${Math.round(result.requests.average)} req/s`.padStart(11),
      `p50 ${result.latency.p50} ms`.padStart(11),
      `p99 ${result.latency.p99} ms`.padStart(11),
      `non-2xx ${result.non2xx}`.padStart(10),
      size === undefined ? '' : `${of} ${size.toLocaleString('en')}`.padStart(14),
      result.timeouts ? `timeouts ${result.timeouts}` : '',
    ].join(' '),
  );
}

/**
 * Pages through a list as people do: 10 connections, each reading one page after another
 * forward from its own starting page (connection i from `from` + i × `step`), for the case's
 * seconds; prints requests per second and the latency percentiles of all the pages read.
 */
async function measurePaging(
  {
    title,
    path,
    token,
    bodyOf,
    pageOf,
  }: Omit<TCase, 'body'> & {
    bodyOf: (current: number) => unknown;
    /** The page of the `n`-th request of lane `lane` (ten lanes, 0 to 9). */
    pageOf: (lane: number, n: number) => number;
  },
  base: string,
): Promise<void> {
  const headers = {
    authorization: BENCH_CLIENT,
    tenant: 'demo',
    token: `Bearer ${token}`,
    'content-type': 'application/json',
  };
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + duration * 1000;
  const lane = async (lane: number) => {
    for (let n = 0; performance.now() < until; n += 1) {
      const current = pageOf(lane, n);
      const started = performance.now();
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(bodyOf(current)),
      });
      const envelope = (await res.json()) as { isSuccess: boolean; data?: { records?: unknown[] } };
      if (!envelope.isSuccess || !envelope.data?.records?.length) failures += 1;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: 10 }, (_v, i) => lane(i)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  console.log(
    [
      title.padEnd(52),
      `${Math.round(latencies.length / duration)} req/s`.padStart(11),
      `p50 ${at(0.5)} ms`.padStart(11),
      `p99 ${at(0.99)} ms`.padStart(11),
      `failed ${failures}`.padStart(10),
    ].join(' '),
  );
}

/** The server's resident memory in MB, from /proc. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Downloads one export three times, sampling the server's memory every 20 ms; prints time, size and memory. */
async function measureExport(title: string, url: string, init: RequestInit, pid: number): Promise<void> {
  const before = rssMb(pid);
  const times: number[] = [];
  let peak = before;
  let bytes = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  try {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await fetch(url, init);
      if (!res.ok || !res.body) throw new Error(`${title}: ${res.status} ${await res.text()}`);
      bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      times.push(performance.now() - started);
    }
  } finally {
    clearInterval(sampler);
  }
  console.log(
    [
      title.padEnd(52),
      `${(Math.min(...times) / 1000).toFixed(2)} s`.padStart(11),
      `${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(11),
      `server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`.padStart(34),
    ].join(' '),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
await db.connect();
const portal = await startPortal({ dataDir, databaseUrl });
try {
  const {
    rows: [demo],
  } = await db.query<{ id: string }>(`select id from tenants where code = 'demo'`);
  const { rows: seeded } = await db.query<{ n: string }>(
    `select count(*) as n from hospital_tasks where task_no like 'HS%'`,
  );
  if (Number(seeded[0].n) === 0) {
    // The template rows: one change task of the demo hospital, and the demo messages.
    await portal.submitHospitalChange();
    await seed(demo.id);
  } else {
    console.log(`already seeded: ${Number(seeded[0].n).toLocaleString('en')} tasks`);
  }
  const { rows: doctorsSeeded } = await db.query<{ n: string }>(
    `select count(*) as n from doctors where certificate_no like 'SC%'`,
  );
  if (Number(doctorsSeeded[0].n) === 0) await seedDoctors(demo.id);
  const hospital = await portal.signIn('hospital');
  const auditor = await portal.signIn('auditor');
  const { rows: counts } = await db.query<{ provider: string; demo: string }>(
    `select count(*) filter (where provider_id = 'P10001') as provider, count(*) as demo
     from hospital_tasks where tenant_id = $1`,
    [demo.id],
  );
  const providerPages = Math.ceil(Number(counts[0].provider) / 10);
  const demoPages = Math.ceil(Number(counts[0].demo) / 10);
  console.log(
    `\n${TASKS.toLocaleString('en')} tasks in ${TENANTS} tenants; demo ${Number(counts[0].demo).toLocaleString('en')}, P10001 ${Number(counts[0].provider).toLocaleString('en')}; ${duration} s per case, 10 connections\n`,
  );
  const taskList = (current: number, model: Record<string, unknown> = {}) => ({
    current,
    size: 10,
    model: { title: '', status: [], ...model },
  });
  const auditList = (current: number, model: Record<string, unknown> = {}) => ({ current, size: 10, model });
  const cases: TCase[] = [
    {
      title: 'provider task list, page 1',
      path: '/saasapi/drsystem/providerTask/list',
      body: taskList(1),
      token: hospital,
    },
    {
      title: `provider task list, page ${Math.ceil(providerPages / 2)} (middle)`,
      path: '/saasapi/drsystem/providerTask/list',
      body: taskList(Math.ceil(providerPages / 2)),
      token: hospital,
    },
    {
      title: `provider task list, page ${providerPages} (last)`,
      path: '/saasapi/drsystem/providerTask/list',
      body: taskList(providerPages),
      token: hospital,
    },
    {
      title: 'provider task list, status 02, page 1',
      path: '/saasapi/drsystem/providerTask/list',
      body: taskList(1, { status: ['02'] }),
      token: hospital,
    },
    {
      title: 'audit list, page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1),
      token: auditor,
    },
    {
      title: `audit list, page ${Math.ceil(demoPages / 2)} (middle)`,
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(Math.ceil(demoPages / 2)),
      token: auditor,
    },
    {
      title: `audit list, page ${demoPages} (last)`,
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(demoPages),
      token: auditor,
    },
    {
      title: 'audit list, status 01 + type 04, page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1, { status: ['01'], taskType: ['04'] }),
      token: auditor,
    },
    {
      title: 'audit list, title "Hospital 42", page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1, { title: 'Hospital 42' }),
      token: auditor,
    },
    {
      title: 'audit list, title "Scale Hospital" (every task), page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1, { title: 'Scale Hospital' }),
      token: auditor,
    },
    {
      title: 'audit list, title 医院 (two characters), page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1, { title: '医院' }),
      token: auditor,
    },
    {
      title: 'provider task list, title "Hospital 42", page 1',
      path: '/saasapi/drsystem/providerTask/list',
      body: taskList(1, { title: 'Hospital 42' }),
      token: hospital,
    },
    {
      title: 'provider task list, title "Scale Hospital" (every task), page 1',
      path: '/saasapi/drsystem/providerTask/list',
      body: taskList(1, { title: 'Scale Hospital' }),
      token: hospital,
    },
    {
      title: 'audit list, provider P20007, page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1, { providerId: 'P20007' }),
      token: auditor,
    },
    {
      title: 'audit list, one month, page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      body: auditList(1, {
        sendStartDate: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10),
        sendEndDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
      }),
      token: auditor,
    },
    {
      title: 'message collect (hospital)',
      path: '/saasapi/msg/msg/center/collect',
      body: {},
      token: hospital,
    },
    {
      title: 'message list, page 1 (hospital)',
      path: '/saasapi/msg/msg/center/list',
      body: { current: 1 },
      token: hospital,
    },
    {
      title: 'message list, unread, page 1 (hospital)',
      path: '/saasapi/msg/msg/center/list',
      body: { current: 1, readStatus: 'unread' },
      token: hospital,
    },
    ...(
      [
        ['advance search, disease 糖尿病', { disease: '糖尿病' }],
        ['advance search, disease "asthma"', { disease: 'asthma' }],
        ['advance search, symptom 胸痛', { symptom: '胸痛' }],
        ['advance search, treatment 针灸', { treatment: '针灸' }],
        ['advance search, doctor name 王建国', { doctorName: '王建国' }],
        ['advance search, doctor name 王 (one character)', { doctorName: '王' }],
        ['advance search, doctor name "zhiqiang"', { doctorName: 'zhiqiang' }],
        [
          'advance search, disease 糖尿病 + level 01 + language 02',
          { disease: '糖尿病', professionalLevel: '01', language: '02' },
        ],
      ] as const
    ).map(([title, body]) => ({ title, path: '/saasapi/drsystem/info/advance', body, token: auditor })),
  ];
  const only = process.env.BENCH_ONLY;
  for (const c of cases) {
    if (only && !c.title.includes(only)) continue;
    // A case that saturates the server (every request past the timeout) is reported and the
    // next one waits for the pool to drain, instead of ending the run.
    await measure(c, portal.base).catch(async (error: Error) => {
      console.log(`${c.title.padEnd(52)} failed: ${error.message.slice(0, 160)}`);
      await new Promise((done) => setTimeout(done, 15_000));
    });
  }
  // Ten lanes reading page after page, each from its own start in the second quarter.
  const pagingOn = (pages: number) => (lane: number, n: number) =>
    Math.ceil(pages / 4) + lane * Math.floor(pages / 40) + n;
  // Ten lanes jumping to pages spread over the middle half, a different page each time
  // (a fixed pseudo-random sequence per lane, the same in every run).
  const jumps = (pages: number) => (lane: number, n: number) =>
    Math.ceil(pages / 4) + (((lane + 1) * 7_919 + n * 104_729) % Math.floor(pages / 2));
  const paging = [
    {
      title: `provider task list, paging on from page ${Math.ceil(providerPages / 4)}`,
      path: '/saasapi/drsystem/providerTask/list',
      token: hospital,
      bodyOf: (current: number) => taskList(current),
      pageOf: pagingOn(providerPages),
    },
    {
      title: `audit list, paging on from page ${Math.ceil(demoPages / 4)}`,
      path: '/saasapi/drsystem/providerTaskMsh/list',
      token: auditor,
      bodyOf: (current: number) => auditList(current),
      pageOf: pagingOn(demoPages),
    },
    {
      title: 'provider task list, jumps over the middle half',
      path: '/saasapi/drsystem/providerTask/list',
      token: hospital,
      bodyOf: (current: number) => taskList(current),
      pageOf: jumps(providerPages),
    },
    {
      title: 'audit list, jumps over the middle half',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      token: auditor,
      bodyOf: (current: number) => auditList(current),
      pageOf: jumps(demoPages),
    },
  ];
  // Searches as people make them: page after page through one search's results (each lane from
  // its own start), and a new narrow search on every request ("Hospital 1000" to "Hospital 4999":
  // about 40 of demo's tasks each), which nothing kept can answer.
  const searches = [
    {
      title: 'audit list, title "Scale Hospital", paging on from page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      token: auditor,
      bodyOf: (current: number) => auditList(current, { title: 'Scale Hospital' }),
      pageOf: (lane: number, n: number) => 1 + ((lane * 60 + n) % 1_000),
    },
    {
      title: 'audit list, title "Hospital 42", paging on from page 1',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      token: auditor,
      bodyOf: (current: number) => auditList(current, { title: 'Hospital 42' }),
      pageOf: (lane: number, n: number) => 1 + ((lane * 40 + n) % 440),
    },
    {
      title: 'provider task list, title "Scale Hospital", paging on from page 1',
      path: '/saasapi/drsystem/providerTask/list',
      token: hospital,
      bodyOf: (current: number) => taskList(current, { title: 'Scale Hospital' }),
      pageOf: (lane: number, n: number) => 1 + ((lane * 60 + n) % 1_000),
    },
    {
      title: 'audit list, title "Hospital N", a new N each request',
      path: '/saasapi/drsystem/providerTaskMsh/list',
      token: auditor,
      bodyOf: (n: number) => auditList(1, { title: `Hospital ${n}` }),
      pageOf: (lane: number, n: number) => 1_000 + ((lane * 400 + n) % 4_000),
    },
  ];
  for (const c of [...paging, ...searches]) {
    if (!only || c.title.includes(only)) await measurePaging(c, portal.base);
  }
  const exportHeaders = {
    authorization: BENCH_CLIENT,
    tenant: 'demo',
    token: `Bearer ${auditor}`,
    'content-type': 'application/json',
  };
  const { rows: approvals } = await db.query<{ n: string }>(
    `select count(*) as n from hospital_task_audits where tenant_id = $1 and conclusion = '01'
       and audited_at > now() - interval '365 days'`,
    [demo.id],
  );
  console.log(
    `\nexports (demo: ${Number(approvals[0].n).toLocaleString('en')} approvals in the last year), best of 3`,
  );
  const exports: [string, string, RequestInit][] = [
    [
      'announcement, every approved hospital',
      '/saasapi/drsystem/providerTaskMsh/downloadAnnounce',
      { headers: exportHeaders },
    ],
    [
      'newsletter, one year',
      '/saasapi/drsystem/providerTaskMsh/downloadNewsLetter',
      {
        method: 'POST',
        headers: exportHeaders,
        body: JSON.stringify({
          startDate: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10),
          endDate: new Date().toISOString().slice(0, 10),
        }),
      },
    ],
  ];
  for (const [title, path, init] of exports) {
    if (!only || title.includes(only)) await measureExport(title, `${portal.base}${path}`, init, portal.pid);
  }
} finally {
  await portal.stop();
  await db.end();
  rmSync(dataDir, { recursive: true, force: true });
}
