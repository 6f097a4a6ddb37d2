import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { isPermitted } from '@portal/domain/permissions';
import { PROVIDER_FUNCTION, type TProviderFunction } from '@portal/domain/provider-accounts/codes';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { handleInTenant } from '../db/db-scope.ts';
import { AppError } from '../http/app-error.ts';
import type { TAccess, TActor } from './access.ts';
import type { TVerifiedClient } from './auth-cache.ts';
import type { TAccessClaims, TTokenService } from './tokens.ts';

export interface TAuthDeps {
  tokens: TTokenService;
  /** Tenant by code, or null when unknown or disabled. */
  findTenant(code: string): Promise<{ id: string; code: string } | null>;
  /** The enabled registered client with this id and secret (and the tenant it serves), or null. */
  verifyClient(clientId: string, secret: string): Promise<TVerifiedClient | null>;
  /** The actor of a live session; throws a session AppError when the session is gone or ran out. */
  loadActor(claims: TAccessClaims, ctx: { ip: string; requestId: string }): Promise<TActor>;
  /**
   * What the two above would answer, when it is in memory and needs nothing else (a recently
   * verified client, by its cache key; a cached, fresh session needing no touch); undefined sends
   * the request down the awaited path, which decides and refuses as before.
   */
  knownClient(key: string): TVerifiedClient | undefined;
  /** The key the client cache knows a client by: its id and a hash of the secret. */
  clientKey(clientId: string, secret: string): string;
  actorInMemory(claims: TAccessClaims): TActor | undefined;
}

export interface TAccessTableEntry {
  method: string;
  url: string;
  access: TAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /saasapi route with its access rule, in registration order. */
    accessTable: TAccessTableEntry[];
  }
}

/** Reads `Authorization: Basic base64(clientId:secret)`; null when absent or malformed. */
export function readBasic(request: FastifyRequest): { clientId: string; secret: string } | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * What a request's credentials headers read to: the client's id and cache key, and the session
 * token. Kept per connection for its last request, so the next request with the same header
 * texts (a browser keeps its connection and sends the same ones) skips the decoding, the
 * secret's hash and the token's string hash (its effect: docs/performance.md). The texts kept
 * are the ones the request itself held; they go with the connection.
 */
interface TCredentialsRead {
  authorization: string | undefined;
  token: string | undefined;
  /** Null: no usable `Authorization: Basic` header. */
  client: { id: string; key: string } | null;
  bearer: string | null;
}
const lastRead = new WeakMap<object, TCredentialsRead>();

function readCredentials(request: FastifyRequest, deps: TAuthDeps): TCredentialsRead {
  const { authorization, token } = request.headers as { authorization?: string; token?: string };
  const socket: object | undefined = request.raw.socket;
  const last = socket && lastRead.get(socket);
  if (last && last.authorization === authorization && last.token === token) return last;
  const basic = readBasic(request);
  const read: TCredentialsRead = {
    authorization,
    token,
    client: basic && { id: basic.clientId, key: deps.clientKey(basic.clientId, basic.secret) },
    bearer: readBearer(request),
  };
  if (socket) lastRead.set(socket, read);
  return read;
}

/** Reads the session token from `token: Bearer ...` (or Authorization: Bearer for API tools). */
function readBearer(request: FastifyRequest): string | null {
  const raw = (request.headers.token as string | undefined) ?? '';
  const value =
    raw || (request.headers.authorization?.startsWith('Bearer ') ? request.headers.authorization : '');
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/**
 * Installs the per-request checks: every /saasapi route must declare `config.access`
 * (registration fails otherwise), and each request is checked against it.
 */
export function installAuth(app: FastifyInstance, deps: TAuthDeps): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('tenant', null);
  // Every request's language, for every answer (404s and framework errors included): read from
  // the header when asked, not by a hook on every request.
  app.decorateRequest('lang', {
    getter(this: FastifyRequest) {
      return this.headers.language === 'en' ? 'en' : 'zh';
    },
  });
  app.decorateRequest('clientId', null);

  const table: TAccessTableEntry[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/saasapi')) return;
    // The OpenAPI document and its viewer are public by design.
    if (route.url.startsWith('/saasapi/docs')) {
      route.config = { ...route.config, access: { kind: 'public' } };
    }
    // Fastify's HEAD twin of a GET route carries the GET's config: it gets the same check.
    const head = route.method === 'HEAD';
    const rule = route.config?.access;
    if (!rule) {
      if (head) return;
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
    if (!head) table.push({ method: String(route.method), url: route.url, access: rule });
    // The check runs as this route's own hook, after the app's: the rule and its options are
    // read once here, not from `request.routeOptions` (a getter that builds an object per call)
    // on every request.
    const check = accessCheck(deps, rule, {
      duringPasswordChange: route.config?.duringPasswordChange === true,
      providerFunction: route.config?.providerFunction,
    });
    route.onRequest = [check, ...(route.onRequest ? [route.onRequest].flat() : [])];
    // The handler and everything it awaits see only the request's tenant in the database
    // (row-level security, db-scope.ts); without a tenant, no tenant-owned row at all.
    const handler = route.handler;
    route.handler = function tenantScoped(request, reply) {
      const tenantId = request.actor?.tenantId ?? request.tenant?.id;
      return tenantId
        ? handleInTenant(tenantId, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    };
  });
}

/**
 * The per-request check of one route's access rule: client, token, session, permission. A
 * callback hook that finishes synchronously when the client, the token's claims and the actor
 * are all in memory (the common case: no promise, no database scope); each step that is not
 * awaits its source and goes on from there, with the same checks and refusals.
 */
function accessCheck(
  deps: TAuthDeps,
  rule: TAccess,
  options: { duringPasswordChange: boolean; providerFunction: TProviderFunction | undefined },
): onRequestHookHandler {
  if (rule.kind === 'public') {
    return async (request) => {
      const tenantCode = (request.headers.tenant as string | undefined)?.trim();
      if (tenantCode) request.tenant = await deps.findTenant(tenantCode);
    };
  }

  const withClient = (
    request: FastifyRequest,
    clientId: string,
    client: TVerifiedClient | null,
    token: string | null,
  ) => {
    if (!client) throw new AppError('INVALID_CLIENT');
    request.clientId = clientId;
    if (rule.kind === 'client') {
      const tenantCode = (request.headers.tenant as string | undefined)?.trim();
      if (!tenantCode) return admitClient(request, client);
      return deps.findTenant(tenantCode).then((tenant) => {
        request.tenant = tenant;
        admitClient(request, client);
      });
    }
    if (!token) throw new AppError('TOKEN_MISSING');
    const claims = deps.tokens.knownAccess(token);
    if (claims) return withClaims(request, client, claims);
    return deps.tokens.verifyAccess(token).then((verified) => withClaims(request, client, verified));
  };

  const withClaims = (request: FastifyRequest, client: TVerifiedClient, claims: TAccessClaims) => {
    const actor = deps.actorInMemory(claims);
    if (actor) return admitActor(request, client, actor);
    return deps
      .loadActor(claims, { ip: request.ip, requestId: request.id })
      .then((loaded) => admitActor(request, client, loaded));
  };

  /** A tenant's own client serves only that tenant's users (the built-in one serves every tenant). */
  const admitClient = (request: FastifyRequest, client: TVerifiedClient) => {
    if (!servesTenant(client, request.tenant?.id)) throw new AppError('INVALID_CLIENT');
  };

  const admitActor = (request: FastifyRequest, client: TVerifiedClient, actor: TActor) => {
    if (!servesTenant(client, actor.tenantId)) throw new AppError('INVALID_CLIENT');
    request.actor = actor;
    request.tenant = { id: actor.tenantId, code: actor.tenantCode };
    if (actor.mustChangePassword && !options.duringPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }
    if (rule.kind === 'permission' && !isPermitted(actor.permissions, rule.permission)) {
      throw new AppError('NO_PERMISSION');
    }
    if (options.providerFunction) refuseSwitchedOff(actor, options.providerFunction);
  };

  // Callback hook, not an async one: a request whose steps are all in memory awaits nothing.
  return (request, _reply, done) => {
    let pending: Promise<void> | void;
    try {
      const read = readCredentials(request, deps);
      if (!read.client) throw new AppError('INVALID_CLIENT');
      const { id } = read.client;
      const client = deps.knownClient(read.client.key);
      if (client !== undefined) pending = withClient(request, id, client, read.bearer);
      else {
        // The secret is decoded from the header again: the connection's memory keeps the
        // client's key, not the decoded secret.
        const basic = readBasic(request) as { clientId: string; secret: string };
        pending = deps
          .verifyClient(id, basic.secret)
          .then((verified) => withClient(request, id, verified, read.bearer));
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  };
}

/** Whether the client serves the tenant: the built-in one every tenant, a tenant's own only it. */
function servesTenant(client: { tenantId: string | null }, tenantId: string | undefined): boolean {
  return client.tenantId === null || tenantId === undefined || tenantId === client.tenantId;
}

/**
 * Refuses provider staff whose provider may not use `fn` (switched off, or unsigned) with 40303,
 * naming the function in both languages; everybody else passes (decision 0027).
 */
export function refuseSwitchedOff(actor: TActor, fn: TProviderFunction): void {
  if (actor.providerFunctions === null || actor.providerFunctions.includes(fn)) return;
  const label = Object.values(PROVIDER_FUNCTION).find((f) => f.code === fn) ?? { zh: fn, en: fn };
  const entry = ERRORS.PROVIDER_FUNCTION_OFF;
  throw new AppError('PROVIDER_FUNCTION_OFF', {
    zh: formatMessage(entry.zh, { function: label.zh }),
    en: formatMessage(entry.en, { function: label.en }),
    data: { providerFunction: fn },
  });
}
