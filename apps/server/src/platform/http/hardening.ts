import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyHttpOptions,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { TConfig } from '../config.ts';
import { errorBody } from './error-handler.ts';

/**
 * Server options against forged addresses and slow or oversized requests
 * (docs/decisions/0014-request-hardening.md).
 */
export function serverOptions(config: TConfig): FastifyHttpOptions<Server> {
  const limits = config.http;
  return {
    // Only the listed proxies may name the client; everyone else is the socket's address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for expired requests at this interval; keep it well under the shortest timeout.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(limits.headersTimeoutMs / 4))),
      // A request without Content-Length or Transfer-Encoding has no body: Node hands it over
      // already ended instead of running a readable stream's 'end' and 'close' for nothing
      // (Node 24.12+; older versions ignore it). Such a request emits no 'close' when its
      // client goes away: whatever must notice that listens on the response (app.ts).
      optimizeEmptyRequests: true,
    },
    clientErrorHandler: writeClientError,
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      // A malformed URL (bad percent-encoding) or a failed route constraint.
      // These answers skip the onSend hooks, so they set their own cache header.
      reply.status(400).header('cache-control', 'no-store').send(errorBody('BAD_REQUEST'));
    },
  };
}

/**
 * Answers errors Node raises before a request exists (header overflow, timeouts, garbage)
 * with the envelope instead of Fastify's own JSON, then closes the socket.
 */
function writeClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let key: Parameters<typeof errorBody>[0] = 'BAD_REQUEST';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    key = 'HEADERS_TOO_LARGE';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    key = 'REQUEST_TIMEOUT';
  }
  if (socket.writable) {
    const body = JSON.stringify(errorBody(key));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Route patterns by method, to tell 'no such path' (404) from 'not with this method' (405). */
function methodIndex(app: FastifyInstance) {
  const routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/saasapi')) return;
    const source = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods: new Set(methods.map(String)) });
  });
  return (path: string): string[] => {
    const allowed = new Set<string>();
    for (const r of routes) if (r.pattern.test(path)) for (const m of r.methods) allowed.add(m);
    return [...allowed];
  };
}

/**
 * The answer for an API path that exists with other methods: 405 with `Allow`, sent by the
 * not-found handler (web-app.ts), which calls it first; false when the path has no route at all.
 * Call before routes register: it learns their paths as they do.
 */
export function wrongMethodAnswer(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const allowedMethods = methodIndex(app);
  return (request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = path.startsWith('/saasapi') ? allowedMethods(path) : [];
    if (allowed.length === 0) return false;
    reply.status(405).header('allow', allowed.join(', ')).send(errorBody('METHOD_NOT_ALLOWED'));
    return true;
  };
}
