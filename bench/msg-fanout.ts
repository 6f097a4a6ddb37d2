// Message fan-out bench (issue 15, decision 0032): a tenant with 10,000 providers, an operator
// sends one message to all of them while 10,000 live streams are open. Prints:
//   1. the send itself (POST /msg/msg, searchType 04: one INSERT ... SELECT of a recipient row
//      per provider), median and range of several sends;
//   2. the live fan-out: from the send's start until each open stream has its `messages` event
//      (median, p99, last), and how many events carry the message (the browser updates in place,
//      decision 0032 amended) or are bare (the browser re-reads); the same for a withdrawal;
//   3. the re-read a bare event makes: every provider's browser asks /msg/msg/center/collect and
//      /msg/msg/center/global once; measured as throughput with autocannon and turned into the
//      time the server needs to answer the re-reads the events asked for, and, for comparison,
//      what it needed when every event was bare (before the amendment);
//   4. the lookup the hub makes per event for 10,000 distinct connected providers (one query
//      of the recipient rows, one of the reads), timed directly on the database.
// Asserts nothing.
//
// Usage, on a dedicated empty database (the portal creates its schema on start):
//   node apps/server/scripts/pg-database.ts create postgres://postgres@127.0.0.1:5432/portal_fanout
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_fanout npm run bench:msg-fanout
//   node apps/server/scripts/pg-database.ts drop postgres://postgres@127.0.0.1:5432/portal_fanout
// FANOUT_PROVIDERS (10,000), FANOUT_STREAMS (10,000), FANOUT_SENDS (5) and BENCH_SECONDS (5)
// change the sizes; REDIS_URL, when set, is passed to the portal (pub/sub through Redis).

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_CLIENT, startPortal } from './portal.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to an empty PostgreSQL database');
const PROVIDERS = Number(process.env.FANOUT_PROVIDERS ?? 10_000);
const STREAMS = Number(process.env.FANOUT_STREAMS ?? 10_000);
const SENDS = Number(process.env.FANOUT_SENDS ?? 5);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const MIN = 60_000;

const ms = (n: number) => `${Math.round(n).toLocaleString('en')} ms`;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

const dataDir = mkdtempSync(join(tmpdir(), 'portal-fanout-'));
const portal = await startPortal({ dataDir, databaseUrl });
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  const { rows: tenantRows } = await db.query<{ id: string }>(`select id from tenants where code = 'demo'`);
  const tenantId = tenantRows[0].id;
  const { rows: countRows } = await db.query<{ n: string }>(
    `select count(*) as n from providers where tenant_id = $1`,
    [tenantId],
  );
  const missing = PROVIDERS - Number(countRows[0].n);
  if (missing > 0) {
    await db.query(
      `insert into providers (tenant_id, provider_id, provider_cn_name, provider_en_name)
       select $1::uuid, 'B' || lpad(g::text, 6, '0'), '医院' || g, 'Hospital ' || g
       from generate_series(1, $2::int) g`,
      [tenantId, missing],
    );
  }
  const { rows: finalRows } = await db.query<{ n: string }>(
    `select count(*) as n from providers where tenant_id = $1`,
    [tenantId],
  );
  console.log(`providers of tenant demo: ${Number(finalRows[0].n).toLocaleString('en')}`);

  const headers = (token: string) => ({
    authorization: BENCH_CLIENT,
    tenant: 'demo',
    token: `Bearer ${token}`,
    'content-type': 'application/json',
  });
  const auditor = await portal.signIn('auditor');
  const hospital = await portal.signIn('hospital');
  const api = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${portal.base}/saasapi${path}`, {
      method,
      headers: headers(token),
      // A JSON content type needs a body, if only {}.
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    const envelope = (await res.json()) as { isSuccess: boolean; data: unknown };
    if (!envelope.isSuccess) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const sendToAll = (name: string) =>
    api(auditor, 'POST', '/msg/msg', {
      action: 'send',
      name,
      nameEn: name,
      msgType: '01',
      msgLevel: '01',
      content: `${name} 内容`,
      enContent: `${name} content`,
      validFrom: new Date(Date.now() - MIN).toISOString(),
      validTo: new Date(Date.now() + 60 * MIN).toISOString(),
      searchType: '04',
      providerIds: [],
    }) as Promise<{ id: string; recipients: number }>;

  // 1. The send.
  const sendTimes: number[] = [];
  let recipients = 0;
  for (let i = 0; i < SENDS; i++) {
    const started = performance.now();
    const sent = await sendToAll(`扇出测试 ${i + 1}`);
    sendTimes.push(performance.now() - started);
    recipients = sent.recipients;
    await api(auditor, 'DELETE', '/msg/msg', { ids: [sent.id] });
  }
  sendTimes.sort((a, b) => a - b);
  console.log(
    `\n1. send to all (${recipients.toLocaleString('en')} recipients), ${SENDS} sends: median ${ms(quantile(sendTimes, 0.5))} (${ms(sendTimes[0])}–${ms(sendTimes[sendTimes.length - 1])})`,
  );

  // 2. The live fan-out to open streams.
  // Tickets live 30 s: each batch's streams open right after its tickets, however slow the machine.
  const tickets: string[] = [];
  let ticketMs = 0;
  const arrivals: number[] = [];
  /** Events whose data names the message (no re-read) and bare ones (re-read). */
  const carried = { withData: 0, bare: 0 };
  let sendStart = 0;
  let phase: 'send' | 'withdraw' = 'send';
  const withdrawals: number[] = [];
  const withdrawCarried = { withData: 0, bare: 0 };
  const closers: (() => void)[] = [];
  let openMs = 0;
  for (let i = 0; i < STREAMS; i += 250) {
    const ticketStarted = performance.now();
    const batch = await Promise.all(
      Array.from({ length: Math.min(250, STREAMS - i) }, () =>
        api(hospital, 'POST', '/msg/msg/stream/ticket').then((d) => (d as { ticket: string }).ticket),
      ),
    );
    tickets.push(...batch);
    ticketMs += performance.now() - ticketStarted;
    const openStarted = performance.now();
    await Promise.all(
      batch.map(
        (ticket) =>
          new Promise<void>((resolve, reject) => {
            const req = httpRequest({
              host: '127.0.0.1',
              port: portal.port,
              path: `/saasapi/msg/msg/stream?ticket=${ticket}`,
              agent: false,
            });
            req.on('response', (res) => {
              if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
              res.setEncoding('utf8');
              // Events may arrive split across chunks: read whole events (ending in a blank line).
              let buffer = '';
              res.on('data', (chunk: string) => {
                buffer += chunk;
                let end = buffer.indexOf('\n\n');
                while (end >= 0) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  end = buffer.indexOf('\n\n');
                  if (block.includes('event: ready')) resolve();
                  if (sendStart === 0 || !block.includes('event: messages')) continue;
                  const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
                  const full = data.includes('"added"') || data.includes('"removed"');
                  if (phase === 'send') {
                    arrivals.push(performance.now() - sendStart);
                    carried[full ? 'withData' : 'bare'] += 1;
                  } else {
                    withdrawals.push(performance.now() - sendStart);
                    withdrawCarried[full ? 'withData' : 'bare'] += 1;
                  }
                }
              });
            });
            req.on('error', reject);
            req.end();
            closers.push(() => req.destroy());
          }),
      ),
    );
    openMs += performance.now() - openStarted;
  }
  console.log(
    `\n2. ${tickets.length.toLocaleString('en')} streams: tickets in ${ms(ticketMs)}, streams open in ${ms(openMs)}`,
  );
  sendStart = performance.now();
  const live = await sendToAll('扇出测试 live');
  const sendMs = performance.now() - sendStart;
  let deadline = Date.now() + 60_000;
  while (arrivals.length < tickets.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  arrivals.sort((a, b) => a - b);
  console.log(
    `   send answered after ${ms(sendMs)}; events received by ${arrivals.length.toLocaleString('en')} of ${tickets.length.toLocaleString('en')} streams:` +
      ` median ${ms(quantile(arrivals, 0.5))}, p99 ${ms(quantile(arrivals, 0.99))}, last ${ms(arrivals[arrivals.length - 1] ?? Number.NaN)} after the send started;` +
      ` ${carried.withData.toLocaleString('en')} carry the message, ${carried.bare.toLocaleString('en')} are bare (re-read)`,
  );
  phase = 'withdraw';
  sendStart = performance.now();
  await api(auditor, 'DELETE', '/msg/msg', { ids: [live.id] });
  deadline = Date.now() + 60_000;
  while (withdrawals.length < tickets.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 10));
  withdrawals.sort((a, b) => a - b);
  console.log(
    `   withdrawal: events received by ${withdrawals.length.toLocaleString('en')} streams: median ${ms(quantile(withdrawals, 0.5))}, last ${ms(withdrawals[withdrawals.length - 1] ?? Number.NaN)};` +
      ` ${withdrawCarried.withData.toLocaleString('en')} carry the message, ${withdrawCarried.bare.toLocaleString('en')} are bare`,
  );
  for (const close of closers) close();

  // 3. The re-read each provider's browser makes after the event.
  const rereads: [string, string, string | undefined][] = [
    [
      'POST',
      '/saasapi/msg/msg/center/collect',
      JSON.stringify({ codes: ['12', '01', '13', '02', '03', '04'] }),
    ],
    ['GET', '/saasapi/msg/msg/center/global', undefined],
  ];
  let perProviderMs = 0;
  console.log(`\n3. re-read after the event (autocannon, 10 connections, ${duration} s each)`);
  for (const [method, path, body] of rereads) {
    const result = await autocannon({
      url: `${portal.base}${path}`,
      method: method as 'GET' | 'POST',
      headers: headers(hospital),
      body,
      connections: 10,
      duration,
    });
    const rps = result.requests.average;
    perProviderMs += 1000 / rps;
    console.log(
      `   ${method} ${path}: ${Math.round(rps).toLocaleString('en')} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  }
  const bare = carried.bare + withdrawCarried.bare;
  console.log(
    `   => one browser's re-read costs the instance about ${(perProviderMs).toFixed(2)} ms; the send and the withdrawal asked for ${bare.toLocaleString('en')} re-reads: about ${ms(perProviderMs * bare)} of work;` +
      ` with bare events (before) every one of ${tickets.length.toLocaleString('en')} streams re-read twice: about ${ms(perProviderMs * tickets.length * 2)}, ${ms(perProviderMs * tickets.length)} per change`,
  );

  // 4. The hub's lookup per event when the streams belong to 10,000 distinct providers.
  const { rows: providerRows } = await db.query<{ provider_id: string }>(
    `select provider_id from providers where tenant_id = $1 order by provider_id limit $2`,
    [tenantId, PROVIDERS],
  );
  const wide = await sendToAll('扇出测试 lookup');
  const lookups: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await db.query(
      `select message_id, kind, target from message_recipients
       where tenant_id = $1 and message_id = any($2::uuid[])
         and (kind in ('allProviders', 'allOperators')
           or (kind = 'provider' and target in (select jsonb_array_elements_text($3::jsonb))))`,
      [tenantId, [wide.id], JSON.stringify(providerRows.map((r) => r.provider_id))],
    );
    lookups.push(performance.now() - started);
  }
  lookups.sort((a, b) => a - b);
  console.log(
    `\n4. the hub's recipient lookup for ${providerRows.length.toLocaleString('en')} distinct connected providers: median ${ms(quantile(lookups, 0.5))} (${ms(lookups[0])}–${ms(lookups[lookups.length - 1])})`,
  );
  await api(auditor, 'DELETE', '/msg/msg', { ids: [wide.id] });
} finally {
  await db.end();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
