import { ERRORS, formatMessage } from '@portal/domain/errors/catalogue';
import { isPermitted } from '@portal/domain/permissions';
import { PROVIDER_FUNCTION, type TProviderFunction } from '@portal/domain/provider-accounts/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { handleInTenant } from '../db/db-scope.ts';
import { AppError } from '../http/app-error.ts';
import type { TAccess, TActor } from './access.ts';
import type { TAccessClaims, TTokenService } from './tokens.ts';

export interface TAuthDeps {
  tokens: TTokenService;
  /** Tenant by code, or null when unknown or disabled. */
  findTenant(code: string): Promise<{ id: string; code: string } | null>;
  /** The enabled registered client with this id and secret (and the tenant it serves), or null. */
  verifyClient(clientId: string, secret: string): Promise<{ tenantId: string | null } | null>;
  /** The actor of a live session; throws a session AppError when the session is gone or ran out. */
  loadActor(claims: TAccessClaims, ctx: { ip: string; requestId: string }): Promise<TActor>;
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
  app.decorateRequest('lang', 'zh');
  app.decorateRequest('clientId', null);

  const table: TAccessTableEntry[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/saasapi') || route.method === 'HEAD') return;
    // The OpenAPI document and its viewer are public by design.
    if (route.url.startsWith('/saasapi/docs')) {
      route.config = { ...route.config, access: { kind: 'public' } };
    }
    const rule = route.config?.access;
    if (!rule) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
    table.push({ method: String(route.method), url: route.url, access: rule });
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

  app.addHook('onRequest', async (request) => {
    request.lang = request.headers.language === 'en' ? 'en' : 'zh';
    const rule = request.routeOptions.config?.access;
    if (!rule) return;

    const tenantCode = (request.headers.tenant as string | undefined)?.trim();

    if (rule.kind === 'public') {
      if (tenantCode) request.tenant = await deps.findTenant(tenantCode);
      return;
    }

    const basic = readBasic(request);
    const client = basic ? await deps.verifyClient(basic.clientId, basic.secret) : null;
    if (!basic || !client) throw new AppError('INVALID_CLIENT');
    request.clientId = basic.clientId;
    // A tenant's own client serves only that tenant's users (the built-in one serves every tenant).
    const servesTenant = (tenantId: string | undefined) =>
      client.tenantId === null || tenantId === undefined || tenantId === client.tenantId;

    if (rule.kind === 'client') {
      if (tenantCode) request.tenant = await deps.findTenant(tenantCode);
      if (!servesTenant(request.tenant?.id)) throw new AppError('INVALID_CLIENT');
      return;
    }

    const token = readBearer(request);
    if (!token) throw new AppError('TOKEN_MISSING');
    const claims = await deps.tokens.verifyAccess(token);
    const actor = await deps.loadActor(claims, { ip: request.ip, requestId: request.id });
    if (!servesTenant(actor.tenantId)) throw new AppError('INVALID_CLIENT');
    request.actor = actor;
    request.tenant = { id: actor.tenantId, code: actor.tenantCode };

    if (actor.mustChangePassword && !request.routeOptions.config?.duringPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }

    if (rule.kind === 'permission' && !isPermitted(actor.permissions, rule.permission)) {
      throw new AppError('NO_PERMISSION');
    }
    const needed = request.routeOptions.config?.providerFunction;
    if (needed) refuseSwitchedOff(actor, needed);
  });
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
