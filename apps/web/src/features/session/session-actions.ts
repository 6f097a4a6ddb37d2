/**
 * Session flows of spec section 4: sign in, load permissions and route tree, clear cache,
 * log out. Rendering (dialogs, forms) stays in the components that call these.
 */
import { hardNavigate, reloadPage } from '../../lib/browser.ts';
import { http, markLeavingPage, refreshAccessToken } from '../../lib/http.ts';
import type { TMenuRoute } from '../../lib/menu-tree.ts';
import { type TSessionUser, useSessionStore } from '../../lib/session-store.ts';
import { PORTAL_STORAGE_KEYS, readString, STORAGE_KEYS, writeString } from '../../lib/storage.ts';
import { login, type TLoginInput } from './api/login.ts';
import { logoutRequest } from './api/logout.ts';
import { getMenuRouter, SMART_PORTAL_GROUP } from './api/menu-router.ts';
import { getVisibleResources } from './api/visible-resources.ts';

/** Delay between a successful clear cache and the page reload (spec section 4). */
export const CLEAR_CACHE_RELOAD_MS = 1000;

let sessionData: Promise<TMenuRoute[]> | null = null;

export interface TSessionDataOptions {
  /** Load again even when loaded on this page (after login, clear cache). */
  force?: boolean;
  /** The smartPortal menu group, chosen by the transfer setting 'free'. */
  group?: typeof SMART_PORTAL_GROUP;
}

/** The menu group of this session: smartPortal when a /transfer hand-over chose 'free'. */
export function storedMenuGroup(): typeof SMART_PORTAL_GROUP | undefined {
  return readString(PORTAL_STORAGE_KEYS.MENU_GROUP) === SMART_PORTAL_GROUP ? SMART_PORTAL_GROUP : undefined;
}

/**
 * Loads the user's permissions (GET /oauth/resource/visible) and route tree
 * (GET /oauth/menu/router) into the session store, once per page: concurrent callers share
 * one load, and a failed load stays failed until forced again.
 */
export function ensureSessionData(options: TSessionDataOptions = {}): Promise<TMenuRoute[]> {
  if (options.force || !sessionData) {
    const group = options.group ?? storedMenuGroup();
    sessionData = Promise.all([getVisibleResources(), getMenuRouter(group)]).then(([authority, routes]) => {
      const store = useSessionStore.getState();
      store.applyAuthority(authority);
      store.applyRoutes(routes);
      return routes;
    });
  }
  return sessionData;
}

/** True once this page has loaded the route tree. */
export async function isSessionDataReady(): Promise<boolean> {
  if (!sessionData) return false;
  try {
    await sessionData;
    return true;
  } catch {
    return false;
  }
}

/** Signs in with the login form, stores the session, then loads permissions and the route tree. */
export async function signIn(input: TLoginInput): Promise<void> {
  const result = await login(input);
  writeString(PORTAL_STORAGE_KEYS.MENU_GROUP, null);
  useSessionStore.getState().applyLogin(result, input.tenant);
  // A reset password must change first: the server answers nothing else until then (40072), and
  // the frame loads permissions and routes once the new password is set.
  if (result.mustChangePassword) return;
  try {
    await ensureSessionData({ force: true });
  } catch (error) {
    // Without permissions and menu the session is unusable: it ends here (spec section 8).
    useSessionStore.getState().clearSession();
    throw error;
  }
}

/** Logs out: revokes the session on the server, clears all local storage but the language, reloads on /login. */
export async function logout(): Promise<void> {
  const { token, user } = useSessionStore.getState();
  if (token) {
    // The session ends in this browser whatever the server answers (it may already be gone).
    await logoutRequest({ token, userId: user?.userId ?? null }).catch(() => undefined);
  }
  markLeavingPage();
  useSessionStore.getState().clearAll();
  hardNavigate('/login');
}

/**
 * Clear cache: signs in again with the refresh token, stores the new token and user, loads
 * the permissions, and reloads the page after 1 s. Any failure logs out.
 */
export async function clearCache(onDone?: () => void): Promise<void> {
  try {
    await refreshAccessToken({ force: true });
    await ensureSessionData({ force: true });
  } catch {
    await logout();
    return;
  }
  onDone?.();
  setTimeout(reloadPage, CLEAR_CACHE_RELOAD_MS);
}

/** What a /transfer hand-over link carries. */
export interface TTransferInput {
  token: string;
  refreshToken?: string | null;
  tenant?: string | null;
  /** 'free' selects the smartPortal menu group (spec section 6). */
  transfer?: string | null;
}

/** The claims of a JWT access token the portal needs (user id and expiry), or null. */
export function readTokenClaims(token: string): { sub: string; exp: number | null } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string' || !claims.sub) return null;
    return { sub: claims.sub, exp: typeof claims.exp === 'number' ? claims.exp : null };
  } catch {
    return null;
  }
}

interface TUserProfileAnswer extends Omit<TSessionUser, 'userId'> {
  id: string;
}

/**
 * Takes over a session handed over by another application (/transfer): with a refresh token
 * the session is renewed from it (which also yields the user); with an access token alone the
 * user is read with it. Then permissions and the route tree of the chosen menu group load.
 */
export async function signInByTransfer(input: TTransferInput): Promise<void> {
  const store = useSessionStore.getState();
  store.clearSession();
  if (input.tenant?.trim()) store.setTenant(input.tenant.trim());
  const group = input.transfer === 'free' ? SMART_PORTAL_GROUP : undefined;
  writeString(PORTAL_STORAGE_KEYS.MENU_GROUP, group ?? null);
  try {
    if (input.refreshToken) {
      writeString(STORAGE_KEYS.TOKEN, input.token);
      writeString(STORAGE_KEYS.REFRESH_TOKEN, input.refreshToken);
      writeString(STORAGE_KEYS.EXPIRE_TIME, '0');
      store.syncTokensFromStorage();
      await refreshAccessToken({ force: true });
    } else {
      const claims = readTokenClaims(input.token);
      if (!claims) throw new Error('The hand-over token cannot be read');
      const expiration = claims.exp ? new Date(claims.exp * 1000).toISOString() : null;
      writeString(STORAGE_KEYS.TOKEN, input.token);
      writeString(STORAGE_KEYS.EXPIRE_TIME, claims.exp ? String(claims.exp * 1000) : null);
      store.syncTokensFromStorage();
      const profile = await http.get<TUserProfileAnswer>(
        `/authority/user/${encodeURIComponent(claims.sub)}`,
        undefined,
        {
          silent: true,
        },
      );
      useSessionStore
        .getState()
        .applyLogin({ ...profile, userId: profile.id, token: input.token, refreshToken: '', expiration });
    }
    if (!useSessionStore.getState().user?.mustChangePassword) await ensureSessionData({ force: true, group });
  } catch (error) {
    useSessionStore.getState().clearSession();
    throw error;
  }
}
