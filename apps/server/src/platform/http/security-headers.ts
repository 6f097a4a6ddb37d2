import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, computed once. They depend on nothing of the
 * request (no CSP nonces), and @fastify/helmet rebuilt helmet's middleware, CSP parsing
 * included, on every request: about 5 % of an authenticated request's CPU (docs/performance.md).
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader: () => {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/** The portal's helmet options: the security headers of every answer but the API's JSON. */
export const PORTAL_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers of a JSON answer (the API's envelopes, refusals and errors included): a JSON
 * answer is never a page, so it needs only what keeps it from being one or from being read by
 * another site (OWASP REST Security Cheat Sheet): nothing may load or frame it, no sniffing, the
 * same HSTS and resource policy as every answer. The page-only headers (the page CSP, opener
 * policy, agent cluster, referrer, DNS prefetch, download, XSS filter) are left off: they do
 * nothing on JSON, and their 650 bytes were a measurable part of a cached lookup's cost
 * (decision 0018, amendment "the API's own security headers"; docs/performance.md).
 */
export function apiHeaders(pageHeaders: [string, string][]): [string, string][] {
  const kept = new Set([
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-resource-policy',
  ]);
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-frame-options', 'DENY'],
    ...pageHeaders.filter(([name]) => kept.has(name)),
  ];
}

/** Public static files under the API prefix (the OpenAPI viewer's assets); they may be cached. */
const CACHEABLE_API_PREFIXES = ['/saasapi/docs/static/'];

/**
 * Sends helmet's headers, computed once, on every answer of the app (pages, files, the
 * OpenAPI viewer), and the shorter API set on every JSON answer; and `cache-control: no-store`
 * on every API answer but public static files (tokens and personal data must not stay in
 * caches). Set when the answer is sent, where its type is known; no route sets these headers
 * itself. One callback hook: it runs on every answer.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = helmetHeaders(options);
  const jsonHeaders = apiHeaders(pageHeaders);
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const headers =
      typeof type === 'string' && type.startsWith('application/json') ? jsonHeaders : pageHeaders;
    for (const [name, value] of headers) reply.header(name, value);
    const { url } = request;
    if (url.startsWith('/saasapi') && !CACHEABLE_API_PREFIXES.some((prefix) => url.startsWith(prefix))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
