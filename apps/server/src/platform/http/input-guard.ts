import { CONTROL_CHARACTER_MESSAGE, hasForbiddenControl, maskControls } from '@portal/domain/text/rules';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { type TFieldError, validationError } from './app-error.ts';

/** Nesting deeper than this is refused as malformed rather than walked. */
const MAX_DEPTH = 32;
/**
 * Headers the server reads; a control character in any of them never reaches a query. The hook
 * below checks them in this order.
 */
const HEADERS_READ = ['tenant', 'language', 'token', 'authorization', 'user-agent'] as const;

const message: TFieldError = { msg: CONTROL_CHARACTER_MESSAGE.zh, msg_en: CONTROL_CHARACTER_MESSAGE.en };

/**
 * Paths (dotted, as in data.fieldErrors) of every string or key under `value` holding a C0
 * control other than tab, newline and carriage return. Keys count: JSON objects are stored.
 */
export function findControlCharacters(value: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (hasForbiddenControl(value, 'multi-line')) found.push(path || '_');
    return found;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return found;
  if (depth > MAX_DEPTH) {
    found.push(path || '_');
    return found;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      findControlCharacters(item, path ? `${path}.${i}` : String(i), found, depth + 1);
    });
    return found;
  }
  // for...in with an own-key check, not Object.entries: no array per object (every request's
  // params and query pass here, mostly empty).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const at = path ? `${path}.${key}` : key;
    if (hasForbiddenControl(key, 'multi-line')) found.push(at);
    else findControlCharacters((value as Record<string, unknown>)[key], at, found, depth + 1);
  }
  return found;
}

function refuse(paths: string[]) {
  return validationError(Object.fromEntries(paths.map((p) => [maskControls(p), message])));
}

/**
 * Throws the 400 field error when a value of `fields` (multipart field names, values, file
 * names: parts the body hook cannot see) holds a forbidden control character.
 */
export function assertNoControlCharacters(fields: Record<string, string | undefined>): void {
  const found = Object.entries(fields)
    .filter(([, value]) => value !== undefined && hasForbiddenControl(value, 'multi-line'))
    .map(([name]) => name);
  if (found.length > 0) throw refuse(found);
}

/**
 * Refuses, with a 400 field error in both languages, any request whose headers, path, query or
 * body hold a control character no field accepts (docs/decisions/0014-request-hardening.md).
 * Headers, path and query are checked before the session is looked up; bodies once parsed.
 * Route schemas may be stricter (single-line fields refuse tab and newline too).
 */
export function installInputGuard(app: FastifyInstance): void {
  // The header values of a connection's requests that were found clean, by HEADERS_READ's
  // order: a browser keeps its connection and sends the same values each time, so they are
  // scanned once per connection, not once per request (the session token is about 360
  // characters; its scan was 2-3 % of a cached lookup's instructions, docs/performance.md).
  // Only the very same text is skipped; they go with the connection.
  const cleanOnConnection = new WeakMap<object, (string | undefined)[]>();
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const found: string[] = [];
    const socket: object | undefined = request.raw.socket;
    let clean = socket && cleanOnConnection.get(socket);
    const check = (i: number, value: string | string[] | undefined) => {
      if (typeof value !== 'string' || value === clean?.[i]) return;
      if (hasForbiddenControl(value, 'single-line')) {
        found.push(`headers.${HEADERS_READ[i]}`);
      } else if (socket) {
        if (!clean) {
          clean = [];
          cleanOnConnection.set(socket, clean);
        }
        clean[i] = value;
      }
    };
    // Each header by name, not in a loop over the names (a lookup by a varying key is V8's slow one).
    const { headers } = request;
    check(0, headers.tenant);
    check(1, headers.language);
    check(2, headers.token);
    check(3, headers.authorization);
    check(4, headers['user-agent']);
    findControlCharacters(request.params, '', found);
    findControlCharacters(request.query, '', found);
    done(found.length > 0 ? refuse(found) : undefined);
  });
  const checkBody: preValidationHookHandler = (request, _reply, done) => {
    if (request.body === undefined || request.body === null) return done();
    const found = findControlCharacters(request.body);
    done(found.length > 0 ? refuse(found) : undefined);
  };
  // Fastify parses no body for GET and HEAD: the body check is a hook of the routes with other
  // methods only, so a lookup runs one hook fewer. Routes registered later get it too.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [checkBody, ...(route.preValidation ? [route.preValidation].flat() : [])];
  });
}
