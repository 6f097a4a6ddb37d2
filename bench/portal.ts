// The portal under a bench: started on its own port and data directory, signed in through the
// login API with a fixed captcha answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/**
 * User and system CPU seconds a process has used so far, from /proc (Linux): unlike wall time,
 * it hardly moves with what else runs on a shared machine.
 */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export const BENCH_CLIENT = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;
/** The captcha answer of a portal started for a bench (CAPTCHA_TEST_CODE). */
export const CAPTCHA = 'b3nc';

/**
 * Signs `account` of tenant `demo` in to the portal at `base` (started with CAPTCHA_TEST_CODE
 * set to the bench's captcha answer); its access token.
 */
export async function signInAt(base: string, account: string): Promise<string> {
  const key = `bench-${Date.now()}-${account}`;
  await fetch(`${base}/saasapi/oauth/anno/captcha?key=${key}`, { headers: { tenant: 'demo' } });
  const res = await fetch(`${base}/saasapi/oauth/noToken/login`, {
    method: 'POST',
    headers: { authorization: BENCH_CLIENT, tenant: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'Portal2026', key, code: CAPTCHA }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

export interface TBenchPortal {
  base: string;
  port: number;
  /** The server process, to read its memory from /proc. */
  pid: number;
  signIn(account: string): Promise<string>;
  /** A change of the demo hospital's record submitted as its form would (one task of status 01). */
  submitHospitalChange(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPortal({
  dataDir,
  databaseUrl,
  nodeArgs = [],
  env: extraEnv = {},
}: {
  dataDir: string;
  databaseUrl?: string;
  /** Node options before the entry point (e.g. `--import` of a preload). */
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<TBenchPortal> {
  const port = 18080 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_TEST_CODE: CAPTCHA,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/src/main.ts')], {
    env,
    stdio: 'inherit',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  let up = false;
  // Up to 5 minutes: on the scale database under load the start took 140 s.
  for (let i = 0; i < 1500 && !up; i++) {
    try {
      up = (await fetch(`${base}/saasapi/health`)).ok;
    } catch {
      // starting
    }
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) {
    await stop();
    throw new Error('portal did not start');
  }

  const signIn = (account: string) => signInAt(base, account);

  const submitHospitalChange = async () => {
    const token = await signIn('hospital');
    const headers = {
      authorization: BENCH_CLIENT,
      tenant: 'demo',
      token: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    const current = (await (
      await fetch(`${base}/saasapi/drsystem/providerTask/editDetail?providerId=P10001`, { headers })
    ).json()) as { data: Record<string, unknown> };
    const { id, taskNo, taskType, version, photoList, attacheList, auditFlows, ...form } = current.data;
    const res = await fetch(`${base}/saasapi/drsystem/providerTask/createCase`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...form, notesE: 'Scale bench template' }),
    });
    const answer = (await res.json()) as { isSuccess: boolean };
    if (!answer.isSuccess) throw new Error(`createCase: ${JSON.stringify(answer)}`);
  };

  return { base, port, pid: child.pid ?? 0, signIn, submitHospitalChange, stop };
}
