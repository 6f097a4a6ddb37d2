import type { TActorScope } from '@portal/domain/organisations/rules';
import type { TProviderFunction } from '@portal/domain/provider-accounts/codes';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';

/**
 * Every route under /saasapi declares who may call it in `config.access`; a route without a
 * declaration refuses to register (see registerAccessCheck). The request hook enforces it.
 */
export type TAccess =
  /** Anyone; the tenant header is read when present. */
  | { kind: 'public' }
  /** A registered client application (Authorization: Basic), no session: login and refresh. */
  | { kind: 'client' }
  /** Any signed-in user. */
  | { kind: 'login' }
  /** A signed-in user whose grants imply this permission. */
  | { kind: 'permission'; permission: string };

export const access = {
  public: (): TAccess => ({ kind: 'public' }),
  client: (): TAccess => ({ kind: 'client' }),
  login: (): TAccess => ({ kind: 'login' }),
  permission: (permission: string): TAccess => ({ kind: 'permission', permission }),
};

/** Who is calling: loaded from the token's session on every authenticated request. */
export interface TActor {
  userId: string;
  tenantId: string;
  tenantCode: string;
  sessionId: string;
  account: string;
  name: string;
  nameEn: string;
  userType: string;
  providerId: string | null;
  roles: string[];
  permissions: string[];
  isSuperAdmin: boolean;
  /** The organisation the user belongs to (decision 0028). */
  orgId: string | null;
  /** What the data scopes of the user's roles let them see of the operator screens (decision 0028). */
  scope: TActorScope;
  /**
   * For provider staff, the provider functions their provider may use now (decision 0027);
   * null for everybody else, whom provider switches do not limit.
   */
  providerFunctions: readonly TProviderFunction[] | null;
  /** The password was reset by an administrator: only routes marked `duringPasswordChange` answer. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess;
    /**
     * The provider function the route belongs to: provider staff whose provider has it switched
     * off (or is unsigned) are refused with 40303 (decision 0027).
     */
    providerFunction?: TProviderFunction;
    /**
     * The route also answers a user whose password must change first (changing the password,
     * the own profile); every other authenticated route refuses them with 40072.
     */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Set on authenticated routes. */
    actor: TActor | null;
    /** The tenant the request is for (from the token, or the tenant header on public routes). */
    tenant: { id: string; code: string } | null;
    /** 'zh' | 'en' from the language header. */
    lang: 'zh' | 'en';
    clientId: string | null;
  }
}

/** The actor of an authenticated route (the access rule guarantees it is set). */
export function actorOf(request: FastifyRequest): TActor {
  if (!request.actor) throw new AppError('NOT_LOGGED_IN');
  return request.actor;
}
