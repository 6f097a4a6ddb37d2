/**
 * The signed-in session (spec section 3 "Session data kept in the browser"): tokens, expiry,
 * tenant, user, permissions and the user's route tree. The zustand store is the in-memory
 * view; every change is written through to localStorage under the keys of spec section 9,
 * which stays the source of truth shared by all tabs.
 */
import type { TAuthorityResource } from '@portal/domain/permissions';
import { create } from 'zustand';
import type { TMenuRoute } from './menu-tree.ts';
import {
  clearAllExceptLanguage,
  clearSessionStorage,
  readJson,
  readString,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from './storage.ts';
import { clearViewState } from './view-state.ts';

export const DEFAULT_TENANT = 'demo';

export interface TSessionUser {
  userId: string;
  account: string;
  name: string;
  nameEn: string | null;
  avatar: string | null;
  workDescribe: string | null;
  providerId: string | null;
  /** Code string: '01' operator staff, '02' provider staff, ... */
  userType: string | null;
  /** A reset or temporary password: /forceUpdatePwd comes before anything else. */
  mustChangePassword?: boolean;
}

/** The answer of POST /oauth/noToken/login and of the refresh grant of /authority/anno/login. */
export interface TLoginResult {
  token: string;
  refreshToken: string;
  /** ISO-8601 instant when the access token expires. */
  expiration?: string | null;
  /** Seconds the access token lives. */
  expiresIn?: number | null;
  userId: string | number;
  account: string;
  name: string;
  nameEn?: string | null;
  avatar?: string | null;
  workDescribe?: string | null;
  providerId?: string | null;
  userType?: string | null;
  tenant?: string | null;
  mustChangePassword?: boolean | null;
}

/** Nothing granted: positive checks fail until the server's answer arrives. */
export const EMPTY_AUTHORITY: TAuthorityResource = Object.freeze({
  enabled: true,
  caseSensitive: false,
  resourceList: [],
  roleList: [],
}) as TAuthorityResource;

export interface TSessionState {
  token: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds when the access token expires. */
  expireTime: number | null;
  tenant: string;
  user: TSessionUser | null;
  authority: TAuthorityResource;
  permissions: string[];
  /** The route tree (the stored one until this page loads it). */
  routes: TMenuRoute[] | null;
  /** True once this page has loaded the route tree from the server. */
  routesLoaded: boolean;
  applyLogin: (result: TLoginResult, tenant?: string) => void;
  applyAuthority: (authority: TAuthorityResource) => void;
  applyRoutes: (routes: TMenuRoute[]) => void;
  /** Changes stored user fields (the personal centre's name, avatar, a changed password). */
  updateUser: (patch: Partial<Omit<TSessionUser, 'userId'>>) => void;
  setTenant: (tenant: string) => void;
  /** Re-reads the tokens from storage (another tab may have refreshed them). */
  syncTokensFromStorage: () => void;
  /** Ends the session in this browser; tenant, language and settings stay. */
  clearSession: () => void;
  /** Logout: everything goes except the language. */
  clearAll: () => void;
}

/** Expiry instant in epoch ms from the login answer: `expiration` first, else now + `expiresIn`. */
export function expiryFromResult(
  result: Pick<TLoginResult, 'expiration' | 'expiresIn'>,
  now = Date.now(),
): number | null {
  if (result.expiration) {
    const parsed = Date.parse(result.expiration);
    if (!Number.isNaN(parsed)) return parsed;
  }
  if (typeof result.expiresIn === 'number' && Number.isFinite(result.expiresIn))
    return now + result.expiresIn * 1000;
  return null;
}

/** The user part of a login answer, in a fixed key order so an unchanged user stores the same text. */
export function userFromResult(result: TLoginResult): TSessionUser {
  return {
    userId: String(result.userId),
    account: result.account,
    name: result.name,
    nameEn: result.nameEn ?? null,
    avatar: result.avatar ?? null,
    workDescribe: result.workDescribe ?? null,
    providerId: result.providerId ?? null,
    userType: result.userType ?? null,
    mustChangePassword: result.mustChangePassword === true,
  };
}

function readExpireTime(): number | null {
  const text = readString(STORAGE_KEYS.EXPIRE_TIME);
  if (text === null) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function readAuthority(): TAuthorityResource {
  const stored = readJson<Partial<TAuthorityResource>>(STORAGE_KEYS.AUTHORITY_RESOURCE);
  if (!stored || typeof stored !== 'object') return EMPTY_AUTHORITY;
  return {
    enabled: stored.enabled !== false,
    caseSensitive: stored.caseSensitive === true,
    resourceList: Array.isArray(stored.resourceList) ? stored.resourceList : [],
    roleList: Array.isArray(stored.roleList) ? stored.roleList : [],
  };
}

function readInitialState() {
  const authority = readAuthority();
  return {
    token: readString(STORAGE_KEYS.TOKEN),
    refreshToken: readString(STORAGE_KEYS.REFRESH_TOKEN),
    expireTime: readExpireTime(),
    tenant: readString(STORAGE_KEYS.TENANT) || DEFAULT_TENANT,
    user: readJson<TSessionUser>(STORAGE_KEYS.USER),
    authority,
    permissions: readJson<string[]>(STORAGE_KEYS.PERMISSIONS) ?? authority.resourceList,
    routes: readJson<TMenuRoute[]>(STORAGE_KEYS.USER_ROUTER),
    routesLoaded: false,
  };
}

export const useSessionStore = create<TSessionState>()((set, get) => ({
  ...readInitialState(),

  applyLogin(result, tenant) {
    const nextTenant = tenant || result.tenant || get().tenant;
    const expireTime = expiryFromResult(result);
    const user = userFromResult(result);
    writeString(STORAGE_KEYS.TOKEN, result.token);
    writeString(STORAGE_KEYS.ACCESS_TOKEN, result.token);
    writeString(STORAGE_KEYS.REFRESH_TOKEN, result.refreshToken);
    writeString(STORAGE_KEYS.EXPIRE_TIME, expireTime === null ? null : String(expireTime));
    writeString(STORAGE_KEYS.TENANT, nextTenant);
    writeJson(STORAGE_KEYS.USER, user);
    set({ token: result.token, refreshToken: result.refreshToken, expireTime, tenant: nextTenant, user });
  },

  applyAuthority(authority) {
    const normalized: TAuthorityResource = {
      enabled: authority.enabled !== false,
      caseSensitive: authority.caseSensitive === true,
      resourceList: authority.resourceList ?? [],
      roleList: authority.roleList ?? [],
    };
    writeJson(STORAGE_KEYS.AUTHORITY_RESOURCE, normalized);
    writeJson(STORAGE_KEYS.PERMISSIONS, normalized.resourceList);
    set({ authority: normalized, permissions: normalized.resourceList });
  },

  applyRoutes(routes) {
    writeJson(STORAGE_KEYS.USER_ROUTER, routes);
    set({ routes, routesLoaded: true });
  },

  updateUser(patch) {
    const current = get().user;
    if (!current) return;
    const user = { ...current, ...patch };
    writeJson(STORAGE_KEYS.USER, user);
    set({ user });
  },

  setTenant(tenant) {
    writeString(STORAGE_KEYS.TENANT, tenant);
    set({ tenant });
  },

  syncTokensFromStorage() {
    const token = readString(STORAGE_KEYS.TOKEN);
    const refreshToken = readString(STORAGE_KEYS.REFRESH_TOKEN);
    const expireTime = readExpireTime();
    const state = get();
    if (state.token !== token || state.refreshToken !== refreshToken || state.expireTime !== expireTime) {
      set({ token, refreshToken, expireTime });
    }
  },

  clearSession() {
    clearSessionStorage();
    clearViewState();
    set({
      token: null,
      refreshToken: null,
      expireTime: null,
      user: null,
      authority: EMPTY_AUTHORITY,
      permissions: [],
      routes: null,
      routesLoaded: false,
    });
  },

  clearAll() {
    clearAllExceptLanguage();
    clearViewState();
    set({
      token: null,
      refreshToken: null,
      expireTime: null,
      tenant: DEFAULT_TENANT,
      user: null,
      authority: EMPTY_AUTHORITY,
      permissions: [],
      routes: null,
      routesLoaded: false,
    });
  },
}));

/** True when a session token is stored. */
export function hasSession(): boolean {
  return Boolean(useSessionStore.getState().token);
}
