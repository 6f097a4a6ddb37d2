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
  return { call, upload };
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
