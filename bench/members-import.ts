// Member import bench (issue 16, decision 0036): an insurer's file of 100,000 members, one policy
// each under 4 plans with 4 coverages per plan, uploaded as .xlsx to the preview and then to the
// import (one transaction), then the same file again (nothing changes). Prints the time of each
// step and members per second. Asserts nothing.
//
// Usage: npm run bench:members-import            (PGlite under a temporary data directory)
//        BENCH_DATABASE_URL=postgres://… npm run bench:members-import   (an empty PostgreSQL database)
// MEMBERS (100,000) changes the size; FORMAT=csv uploads the same rows as .csv (members sheet only).

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { BENCH_CLIENT, cpuSeconds, startPortal } from './portal.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const FORMAT = process.env.FORMAT === 'csv' ? 'csv' : 'xlsx';
const PLANS = ['GP-BENCH-01', 'GP-BENCH-02', 'GP-BENCH-03', 'GP-BENCH-04'];
const year = new Date().getUTCFullYear();

const memberHeaders = [
  'customerId',
  'customerName',
  'customerNameEn',
  'memberId',
  'employeeId',
  'relation',
  'name',
  'nameEn',
  'birthday',
  'sex',
  'idType',
  'idNumber',
  'cardNumber',
  'phone',
  'email',
  'policyNo',
  'grpPlanCode',
  'planName',
  'planNameEn',
  'validFrom',
  'validTo',
  'policyStatus',
];
const coverageHeaders = [
  'grpPlanCode',
  'coverageCode',
  'currency',
  'perVisitLimit',
  'annualLimit',
  'coPayPercent',
  'deductible',
  'directBilling',
];

function memberValues(i: number): string[] {
  const id = `BM${String(i).padStart(7, '0')}`;
  const employee = i % 3 === 0 ? id : `BM${String(i - (i % 3)).padStart(7, '0')}`;
  const day = String((i % 28) + 1).padStart(2, '0');
  return [
    'C-BENCH',
    '基准保险公司',
    'Bench Insurance',
    id,
    employee,
    i % 3 === 0 ? '01' : '03',
    `会员${i}`,
    `Member ${i}`,
    `19${60 + (i % 40)}-0${(i % 9) + 1}-${day}`,
    i % 2 === 0 ? '01' : '02',
    '01',
    `1101011980010${String(i).padStart(5, '0')}`,
    `CARD${String(i).padStart(9, '0')}`,
    `138${String(i).padStart(8, '0')}`,
    '',
    `POL-${id}`,
    PLANS[i % PLANS.length],
    '基准计划',
    'Bench plan',
    `${year}-01-01`,
    `${year}-12-31`,
    '01',
  ];
}

async function buildXlsx(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const members = book.addWorksheet('members');
  members.addRow(memberHeaders.map((k) => `${k} / ${k} [${k}]`)).commit();
  for (let i = 1; i <= MEMBERS; i++) members.addRow(memberValues(i)).commit();
  members.commit();
  const coverages = book.addWorksheet('coverages');
  coverages.addRow(coverageHeaders.map((k) => `${k} / ${k} [${k}]`)).commit();
  for (const plan of PLANS)
    for (const [code, currency, perVisit, annual] of [
      ['OP', 'CNY', '2000', '20000'],
      ['OP', 'HKD', '2200', '22000'],
      ['IP', 'CNY', '', '200000'],
      ['DT', 'CNY', '500', '3000'],
    ])
      coverages.addRow([plan, code, currency, perVisit, annual, '10', '0', 'Y']).commit();
  coverages.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

function buildCsv(): Buffer {
  const lines = [memberHeaders.map((k) => `${k} / ${k} [${k}]`).join(',')];
  for (let i = 1; i <= MEMBERS; i++) lines.push(memberValues(i).join(','));
  return Buffer.from(`${lines.join('\n')}\n`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const dataDir = mkdtempSync(join(tmpdir(), 'portal-members-'));
const portal = await startPortal({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
try {
  const token = await portal.signIn('admin');
  let started = Date.now();
  const file = FORMAT === 'csv' ? buildCsv() : await buildXlsx();
  console.log(
    `file: ${MEMBERS.toLocaleString('en')} members as .${FORMAT}, ${(file.length / 1048576).toFixed(1)} MB, built in ${seconds(Date.now() - started)}`,
  );

  // node:http rather than fetch: fetch gives up on an answer after 300 s.
  const boundary = `----bench${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.${FORMAT}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = async (path: string) => {
    const t0 = Date.now();
    const cpu0 = cpuSeconds(portal.pid) * 1000;
    const text = await new Promise<string>((resolveText, reject) => {
      const req = httpRequest(
        `${portal.base}/saasapi${path}`,
        {
          method: 'POST',
          headers: {
            authorization: BENCH_CLIENT,
            tenant: 'demo',
            token: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': payload.length,
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolveText(Buffer.concat(parts).toString('utf8')));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    const body = JSON.parse(text) as { isSuccess: boolean; msg_en: string; data: Record<string, unknown> };
    if (!body.isSuccess)
      throw new Error(`${path}: ${body.msg_en} ${JSON.stringify(body.data).slice(0, 500)}`);
    return {
      ms: Date.now() - t0,
      cpu: `server CPU ${seconds(cpuSeconds(portal.pid) * 1000 - cpu0)}`,
      data: body.data,
    };
  };

  const preview = await upload('/member/import/preview');
  console.log(
    `preview: ${seconds(preview.ms)}, ${preview.cpu} (${preview.data.total} rows, ${preview.data.errorCount} errors)`,
  );
  started = Date.now();
  const first = await upload('/member/import');
  console.log(
    `import: ${seconds(first.ms)}, ${first.cpu}, ${Math.round((MEMBERS / first.ms) * 1000).toLocaleString('en')} members/s (created ${first.data.created}, updated ${first.data.updated})`,
  );
  const again = await upload('/member/import');
  console.log(
    `same file again: ${seconds(again.ms)}, ${again.cpu} (created ${again.data.created}, updated ${again.data.updated})`,
  );
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
