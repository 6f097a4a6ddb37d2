import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, headers, login, type TTestApp } from '../../test/test-app.ts';

/**
 * Walks every operation of the OpenAPI document with hostile values and checks that no answer
 * is a 5xx and every JSON or error answer is the envelope (docs/decisions/0014-request-hardening.md).
 */

interface TSchema {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  minItems?: number;
}
interface TParameter {
  in: 'query' | 'path' | 'header';
  name: string;
  schema?: TSchema;
}
interface TOperation {
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
}

/** The liveness probe answers load balancers with its own small document, not the envelope. */
const NOT_ENVELOPE_ON_SUCCESS = new Set(['/saasapi/health']);

const NUL = 'x\u0000y';
const LONG = 'x'.repeat(100 * 1024);
const WRONG_TYPE = { nested: ['x', 1], deep: { a: null } };

/** Property names of a body schema (object, or the union of a discriminated union's members). */
function propertiesOf(schema: TSchema | undefined): string[] {
  if (!schema) return [];
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    for (const n of propertiesOf(member)) names.add(n);
  return [...names];
}

/** A value the schema plausibly accepts, so a NUL placed in one field reaches the code behind it. */
function sample(schema: TSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return '1';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const member = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((m) => m.type !== 'null');
  if (member) return sample(member, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]),
    );
  }
  if (type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, depth + 1));
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  return '1'.repeat(Math.min(schema.maxLength ?? 8, Math.max(schema.minLength ?? 1, 4)));
}

/** The same length, with U+0000 as its second character. */
const withNul = (value: string) => (value.length < 2 ? '\u0000' : `${value[0]}\u0000${value.slice(2)}`);

/** Dotted paths of every string under a sampled value. */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function replaced(value: unknown, path: string[]): unknown {
  if (path.length === 0) return withNul(String(value));
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[path[0]] = replaced(copy[path[0]], path.slice(1));
  return copy;
}

function isEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.isSuccess === 'boolean' &&
    typeof b.code === 'number' &&
    typeof b.msg === 'string' &&
    typeof b.msg_en === 'string' &&
    'data' in b
  );
}

let t: TTestApp;
let token: string;
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'demo', 'admin')).token;
});
afterAll(async () => {
  await t?.close();
});

async function send(path: string, label: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    ...options,
    headers: { ...headers('demo', token), ...(options.headers ?? {}) },
  });
  const type = String(res.headers['content-type'] ?? '');
  let body: unknown = null;
  if (type.includes('json')) {
    try {
      body = res.json();
    } catch {
      body = null;
    }
  }
  if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  else if (
    (res.statusCode >= 400 || (type.includes('json') && !NOT_ENVELOPE_ON_SUCCESS.has(path))) &&
    !isEnvelope(body)
  )
    failures.push(`${label}: ${res.statusCode} not an envelope: ${res.body.slice(0, 200)}`);
  // A hostile request must never end the fuzzer's own session (logout with a hostile body).
  if (res.statusCode === 401 && [40001, 40009].includes((body as { code?: number } | null)?.code ?? 0)) {
    token = (await login(t.app, 'demo', 'admin')).token;
  }
  return res;
}

function pathWith(path: string, params: TParameter[], value: string): string {
  let url = path;
  for (const p of params.filter((x) => x.in === 'path'))
    url = url.replace(`{${p.name}}`, encodeURIComponent(value));
  return url;
}

function queryWith(params: TParameter[], value: unknown): string {
  const q = new URLSearchParams();
  for (const p of params.filter((x) => x.in === 'query')) {
    if (Array.isArray(value)) for (const v of value) q.append(p.name, String(v));
    else q.append(p.name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

describe('hostile input on every route', () => {
  it('never answers 5xx, and every error is the envelope', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, TOperation>> };
    let operations = 0;
    const started = Date.now();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const verb = method.toUpperCase() as InjectOptions['method'];
        const params = op.parameters ?? [];
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const fields = propertiesOf(bodySchema);
        const hasBody = verb !== 'GET' && verb !== 'HEAD';
        const label = (variant: string) => `${verb} ${path} [${variant}]`;
        const bodyOf = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));

        for (const [variant, value] of [
          ['nul', NUL],
          ['100KB', LONG],
        ] as const) {
          await send(path, label(variant), {
            method: verb,
            url: pathWith(path, params, value) + queryWith(params, value),
            ...(hasBody ? { payload: { ...bodyOf(value), grant_type: 'password' } } : {}),
          });
        }
        // One field at a time: a plausible value with U+0000 inside, the other fields plausible too.
        const query = Object.fromEntries(
          params.filter((x) => x.in === 'query').map((x) => [x.name, String(sample(x.schema))]),
        );
        const pathValues = Object.fromEntries(
          params.filter((x) => x.in === 'path').map((x) => [x.name, String(sample(x.schema))]),
        );
        const body = sample(bodySchema);
        const build = (q: Record<string, string>, pv: Record<string, string>) => {
          let url = path;
          for (const [k, v] of Object.entries(pv)) url = url.replace(`{${k}}`, encodeURIComponent(v));
          const qs = new URLSearchParams(q).toString();
          return qs ? `${url}?${qs}` : url;
        };
        for (const name of Object.keys(query)) {
          await send(path, label(`NUL in query ${name}`), {
            method: verb,
            url: build({ ...query, [name]: withNul(query[name]) }, pathValues),
            ...(hasBody && bodySchema ? { payload: body as object } : {}),
          });
        }
        for (const name of Object.keys(pathValues)) {
          await send(path, label(`NUL in path ${name}`), {
            method: verb,
            url: build(query, { ...pathValues, [name]: withNul(pathValues[name]) }),
            ...(hasBody && bodySchema ? { payload: body as object } : {}),
          });
        }
        if (hasBody && bodySchema) {
          for (const at of stringPaths(body)) {
            await send(path, label(`NUL in body ${at.join('.')}`), {
              method: verb,
              url: build(query, pathValues),
              payload: replaced(body, at) as object,
            });
          }
        }
        // Wrong types: objects where strings go, repeated query keys, a number as the whole body.
        await send(path, label('wrong types'), {
          method: verb,
          url: pathWith(path, params, '-1') + queryWith(params, ['a', 'b']),
          ...(hasBody ? { payload: bodyOf(WRONG_TYPE) } : {}),
        });
        await send(path, label('prototype keys'), {
          method: verb,
          url: `${pathWith(path, params, 'constructor')}?__proto__[x]=1&constructor[prototype][x]=1`,
          ...(hasBody
            ? {
                payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
                headers: { 'content-type': 'application/json' },
              }
            : {}),
        });
        if (hasBody) {
          await send(path, label('prototype keys, form'), {
            method: verb,
            url: pathWith(path, params, 'x'),
            payload: '__proto__[isAdmin]=true&constructor[prototype][isAdmin]=true',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          await send(path, label('malformed JSON'), {
            method: verb,
            url: pathWith(path, params, 'x'),
            payload: '{"a": [1, ',
            headers: { 'content-type': 'application/json' },
          });
          await send(path, label('number body'), {
            method: verb,
            url: pathWith(path, params, 'x'),
            payload: '12345',
            headers: { 'content-type': 'application/json' },
          });
          for (const type of ['text/plain', 'application/xml']) {
            await send(path, label(type), {
              method: verb,
              url: pathWith(path, params, 'x'),
              payload: '<a>x</a>',
              headers: { 'content-type': type },
            });
          }
          await send(path, label('multipart with NUL names'), {
            method: verb,
            url: pathWith(path, params, 'x') + queryWith(params, 'x'),
            payload:
              '--b\r\nContent-Disposition: form-data; name="bizType\u0000"\r\n\r\nx\u0000\r\n' +
              '--b\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n' +
              '\u0089PNG\r\n\u001a\n\r\n--b--\r\n',
            headers: { 'content-type': 'multipart/form-data; boundary=b' },
          });
        }
        await send(path, label('NUL header'), {
          method: verb,
          url: pathWith(path, params, 'x'),
          headers: { tenant: 'de\u0000mo', 'user-agent': 'ua\u0000' },
        });
      }
    }
    expect(operations).toBeGreaterThan(70);
    expect(failures).toEqual([]);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
