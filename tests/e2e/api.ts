import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PASSWORD } from './browser.ts';
import { E2E_CAPTCHA } from './portal.ts';

const WEB_CLIENT = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

/** The server's API as a demo account of tenant demo (login with the test captcha), for setting up data. */
export async function apiAs(baseUrl: string, account: string) {
  const headers = (token?: string): Record<string, string> => ({
    authorization: WEB_CLIENT,
    tenant: 'demo',
    language: 'zh',
    'content-type': 'application/json',
    ...(token ? { token: `Bearer ${token}` } : {}),
  });
  const key = randomUUID();
  await fetch(`${baseUrl}/saasapi/oauth/anno/captcha?key=${key}`, { headers: { tenant: 'demo' } });
  const login = await fetch(`${baseUrl}/saasapi/oauth/noToken/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ account, password: PASSWORD, key, code: E2E_CAPTCHA }),
  }).then((r) => r.json());
  expect(login.isSuccess, JSON.stringify(login)).toBe(true);
  const token: string = login.data.token;
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/saasapi${path}`, {
      method,
      headers: headers(token),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await res.json();
    expect(envelope.isSuccess, `${path}: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.data;
  };
  /** Uploads files (multipart, field `file`) under a bucket and business type; their ids. */
  const upload = async (files: { name: string; content: Buffer }[], query: string): Promise<string[]> => {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.content)]), f.name);
    const { 'content-type': _json, ...plain } = headers(token);
    const res = await fetch(`${baseUrl}/saasapi/file/file/anyone/uploadBatch?${query}`, {
      method: 'POST',
      headers: plain,
      body: form,
    });
    const envelope = await res.json();
    expect(envelope.isSuccess, `upload: ${JSON.stringify(envelope)}`).toBe(true);
    return envelope.data.map((f: { id: string }) => f.id);
  };
  return { call, upload, token };
}

/** The China day `offset` days from today. */
export const chinaDayFrom = (offset: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** A one-page PDF that names itself, with a correct cross-reference table, so a viewer shows it. */
export function pdfBytes(name: string): Buffer {
  const text = `BT /F1 24 Tf 72 720 Td (${name}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A claim batch of the demo hospital submitted through the API: one statement line per amount
 * (member M0001001, outpatient, visited `visitOffset` days from today, item codes starting with `prefix`) and
 * one claim image. Answers the batch.
 */
export async function submitClaimBatch(baseUrl: string, prefix: string, amounts: string[], visitOffset = -3) {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('statement');
  sheet.addRow([
    'Member ID',
    'Patient name',
    'Visit date',
    'Visit type',
    'Coverage',
    'Diagnosis code (ICD-10)',
    'Diagnosis',
    'Item code',
    'Item name',
    'Quantity',
    'Amount',
    'Currency',
    'Pre-authorisation no. (optional)',
  ]);
  amounts.forEach((amount, i) => {
    sheet.addRow([
      'M0001001',
      '张伟',
      chinaDayFrom(visitOffset),
      '01',
      'OP',
      'J06.9',
      '',
      `${prefix}-${i + 1}`,
      '血常规',
      '1',
      amount,
      'CNY',
      '',
    ]);
  });
  const api = await apiAs(baseUrl, 'hospital');
  const [statementFileId] = await api.upload(
    [{ name: `${prefix}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) }],
    'bucket=claim&bizType=CLAIM_STATEMENT',
  );
  const imageFileIds = await api.upload(
    [{ name: `${prefix}.pdf`, content: pdfBytes(prefix) }],
    'bucket=claim&bizType=CLAIM_IMAGE',
  );
  return (await api.call('POST', '/claim/batch/submit', { statementFileId, imageFileIds })) as {
    id: string;
    batchNo: string;
  };
}

/** A change of the demo hospital's approved record, submitted as its form would (status 01). */
export async function submitHospitalChange(baseUrl: string, changes: Record<string, unknown>) {
  const api = await apiAs(baseUrl, 'hospital');
  const current = await api.call('GET', '/drsystem/providerTask/editDetail?providerId=P10001');
  const {
    id: _i,
    taskNo: _t,
    taskType: _y,
    version: _v,
    photoList: _p,
    attacheList: _a,
    auditFlows: _f,
    ...form
  } = current;
  return (await api.call('POST', '/drsystem/providerTask/createCase', { ...form, ...changes })) as {
    id: string;
    taskNo: string;
    taskType: string;
    compareResult: string;
  };
}

/** Uploads one file as a demo account (multipart, field `file`); its stored id. */
async function uploadAs(baseUrl: string, token: string, name: string, content: Buffer, query: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(`${baseUrl}/saasapi/file/file/anyone/upload?${query}`, {
    method: 'POST',
    headers: { authorization: WEB_CLIENT, tenant: 'demo', language: 'zh', token: `Bearer ${token}` },
    body,
  }).then((r) => r.json());
  expect(res.isSuccess, JSON.stringify(res)).toBe(true);
  return res.data.id as string;
}

/**
 * A claim batch of the demo hospital (one line, CNY 120.00) approved by `auditor`, which opens an
 * invoice slot to be uploaded: the slot's id, for the screens a test reaches by its buttons.
 */
export async function approvedInvoiceSlot(baseUrl: string): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const hospital = await apiAs(baseUrl, 'hospital');
  const auditor = await apiAs(baseUrl, 'auditor');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('statement');
  const visit = new Date(Date.now() + 8 * 3_600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
  sheet.addRow([
    'Member ID',
    'Patient name',
    'Visit date',
    'Visit type',
    'Coverage',
    'Diagnosis code (ICD-10)',
    'Diagnosis',
    'Item code',
    'Item name',
    'Quantity',
    'Amount',
    'Currency',
    'Pre-authorisation no. (optional)',
  ]);
  sheet.addRow([
    'M0001001',
    '张伟',
    visit,
    '01',
    'OP',
    'J06.9',
    '',
    `WALK-${randomUUID().slice(0, 8)}`,
    '血常规',
    '1',
    '120.00',
    'CNY',
    '',
  ]);
  const token = hospital.token;
  const statementFileId = await uploadAs(
    baseUrl,
    token,
    `walk-${randomUUID().slice(0, 8)}.xlsx`,
    Buffer.from(await workbook.xlsx.writeBuffer()),
    'bucket=claim&bizType=CLAIM_STATEMENT',
  );
  const imageFileId = await uploadAs(
    baseUrl,
    token,
    'walk-record.pdf',
    Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'),
    'bucket=claim&bizType=CLAIM_IMAGE',
  );
  const batch = await hospital.call('POST', '/claim/batch/submit', {
    statementFileId,
    imageFileIds: [imageFileId],
  });
  const detail = await auditor.call('GET', `/claim/audit/detail/${batch.id}`);
  await auditor.call('POST', '/claim/audit/decide', {
    id: batch.id,
    version: batch.version,
    lines: detail.lines.map((l: { id: string; amount: string }) => ({
      lineId: l.id,
      result: 'approved',
      payableAmount: l.amount,
    })),
  });
  const page = await hospital.call('POST', '/invoice/page', { model: { tab: '1', batchId: batch.id } });
  return page.records[0].id as string;
}

/**
 * An appeal of the demo hospital (processing) on the rejected line of a batch whose other line
 * `auditor` approved: its id, for the appeal screens a test reaches by links (decision 0049).
 */
export async function processingAppeal(baseUrl: string): Promise<string> {
  const batch = await submitClaimBatch(baseUrl, `WALK-APL-${randomUUID().slice(0, 8)}`, ['100.00', '80.00']);
  const hospital = await apiAs(baseUrl, 'hospital');
  const auditor = await apiAs(baseUrl, 'auditor');
  const detail = await auditor.call('GET', `/claim/audit/detail/${batch.id}`);
  const [approved, rejected] = detail.lines as { id: string; amount: string }[];
  await auditor.call('POST', '/claim/audit/decide', {
    id: batch.id,
    version: detail.batch.version,
    lines: [
      { lineId: approved.id, result: 'approved', payableAmount: approved.amount },
      { lineId: rejected.id, result: 'rejected', reasonCodes: ['R04'] },
    ],
  });
  const appeal = await hospital.call('POST', '/claim/appeal/create', {
    lineId: rejected.id,
    amount: '80.00',
    reason: '已补充出院小结',
  });
  return appeal.id as string;
}
