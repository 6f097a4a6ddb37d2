// Claim statement bench (issue 18, decision 0040): generated hospital statements of 1,000, 5,000
// and 10,000 rows (the most a statement may hold) for the demo provider's members, uploaded as
// .xlsx and checked row by row (POST /claim/batch/check: streamed reading, then members,
// policies, coverages, pre-authorisations and earlier claims read once per kind). Prints the
// parse+validate time and the server's resident memory before and at its peak during each check
// (sampled from /proc every 20 ms). The issue asks for 5,000 rows in under 10 seconds with flat
// memory. Asserts nothing.
//
// Usage: npm run bench:claims-statement            (PGlite under a temporary data directory)
//        ROWS=5000 npm run bench:claims-statement  (one size only)

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { BENCH_CLIENT, startPortal } from './portal.ts';

const SIZES = process.env.ROWS ? [Number(process.env.ROWS)] : [1_000, 5_000, 10_000];
const MEMBERS = [
  ['M0001001', '张伟'],
  ['M0001002', '李娜'],
  ['M0001003', '张小雨'],
] as const;
const HEADERS = [
  '会员编号 / Member ID',
  '患者姓名 / Patient name',
  '就诊日期 / Visit date',
  '就诊类型 / Visit type',
  '保障项目 / Coverage',
  '诊断编码 / Diagnosis code',
  '诊断名称 / Diagnosis',
  '项目编码 / Item code',
  '项目名称 / Item name',
  '数量 / Quantity',
  '金额 / Amount',
  '币种 / Currency',
  '预授权编号 / Pre-authorisation no.',
];

async function statement(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('statement');
  sheet.addRow(HEADERS);
  for (let i = 0; i < rows; i++) {
    const [memberId, name] = MEMBERS[i % MEMBERS.length];
    const visit = new Date(Date.now() - ((i % 20) + 1) * 86_400_000).toISOString().slice(0, 10);
    const amount = `${(i % 900) + 10}.${String(i % 100).padStart(2, '0')}`;
    sheet.addRow([
      memberId,
      name,
      visit,
      '01',
      'OP',
      'J06.9',
      '急性上呼吸道感染',
      `ITEM-${rows}-${i}`,
      '检查',
      '1',
      amount,
      'CNY',
      '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : 0;
};

const dataDir = mkdtempSync(join(tmpdir(), 'portal-claims-'));
const portal = await startPortal({ dataDir, env: { SEED_DEMO: 'true' } });
try {
  const token = await portal.signIn('hospital');
  const headers = { authorization: BENCH_CLIENT, tenant: 'demo', token: `Bearer ${token}` };
  for (const rows of SIZES) {
    const file = await statement(rows);
    const form = new FormData();
    form.append('file', new Blob([file]), `statement-${rows}.xlsx`);
    const uploaded = (await (
      await fetch(
        `${portal.base}/saasapi/file/file/anyone/uploadBatch?bucket=claim&bizType=CLAIM_STATEMENT`,
        {
          method: 'POST',
          headers,
          body: form,
        },
      )
    ).json()) as { data: { id: string }[] };
    const before = rssMb(portal.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(portal.pid));
    }, 20);
    const started = performance.now();
    const res = await fetch(`${portal.base}/saasapi/claim/batch/check`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ statementFileId: uploaded.data[0].id }),
    });
    const took = performance.now() - started;
    clearInterval(sampler);
    const body = (await res.json()) as {
      msg_en: string;
      data: { rows: number; valid: number; errorCount: number };
    };
    if (!res.ok) throw new Error(`check: ${body.msg_en}`);
    console.log(
      `${rows.toLocaleString('en')} rows (${(file.length / 1024).toFixed(0)} KB): parse+validate ${(took / 1000).toFixed(2)} s, ` +
        `${body.data.valid} valid, ${body.data.errorCount} problems; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak`,
    );
  }
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
