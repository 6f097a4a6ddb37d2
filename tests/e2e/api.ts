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
  return { call, token };
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
