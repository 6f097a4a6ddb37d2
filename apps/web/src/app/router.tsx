/**
 * The data router. Static routes: the public /login, /transfer, /forceUpdatePwd, /privacy,
 * /404, /error/404, and the frame at '/' with the home page, the shell's own pages (/redirect,
 * /profile, /resources) and a catch-all. The server's route tree is patched under the frame the first
 * time a navigation needs it (react-router's patchRoutesOnNavigation re-runs the match, so
 * the navigation that triggered the load lands on the new route). The frame's loader sends a
 * visitor without a session to /login?redirect=<path> and waits for permissions and the
 * route tree, so the catch-all's 404 never shows before the menu has loaded.
 */
import {
  createBrowserRouter,
  type DataRouter,
  type DOMRouterOpts,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { prefetchLoginCaptcha } from '../features/session/api/captcha.ts';
import { LoginPage } from '../features/session/pages/LoginPage.tsx';
import { ensureSessionData } from '../features/session/session-actions.ts';
import { ApiError, loginUrl } from '../lib/http.ts';
import { loadFeatureLocales } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { safeRedirectPath } from '../lib/redirect.ts';
import { DEFAULT_TENANT, hasSession, useSessionStore } from '../lib/session-store.ts';
import { FullPageLoading } from '../shell/PageLoading.tsx';
import { RouteErrorPage } from '../shell/RouteErrorPage.tsx';
import type { TRouteHandle } from '../shell/route-handle.ts';
import { prefetchCodeLabels } from './prefetch.ts';
import { RootLayout } from './RootLayout.tsx';

/**
 * What turns the server's route tree into routes (the page registry, the menu-route builder,
 * the home-board rule): only a signed-in user needs it, so the login page loads without it.
 */
const loadMenuRouting = async () => {
  const [{ buildMenuRoutes }, { resolvePage }, { affixHomePath }] = await Promise.all([
    import('./menu-routes.ts'),
    import('./route-pages.ts'),
    import('../shell/tags-view-rules.ts'),
  ]);
  return { buildMenuRoutes, resolvePage, affixHomePath };
};

export const APP_ROUTE_ID = 'app';

/** Paths the app defines itself; the server's tree cannot take them over. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/login',
  '/404',
  '/error/404',
  '/transfer',
  '/forceUpdatePwd',
  '/privacy',
  '/profile',
  '/profile/index',
  '/resources',
  '/resources/msg',
  '/resources/msg/edit',
  '/resources/sendMessage',
  '/resources/messageCenter',
]);

/** Where a user whose password must change goes before anything else. */
export const FORCE_UPDATE_PASSWORD_PATH = '/forceUpdatePwd';

/** The frame's guard: a session is required, and its permissions and route tree are loaded once. */
export async function appLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (!hasSession()) {
    // Stored login data is cleared when bounced (spec section 4).
    useSessionStore.getState().clearSession();
    throw redirect(loginUrl(back));
  }
  if (useSessionStore.getState().user?.mustChangePassword) throw redirect(FORCE_UPDATE_PASSWORD_PATH);
  // The features' texts load beside the session data (the login page did not need them); a
  // failure to load them is a route error, not a reason to sign out.
  const locales = loadFeatureLocales();
  try {
    await ensureSessionData();
  } catch (error) {
    // A session failure already shows the 'remind' dialog, which reloads on the login page.
    if (error instanceof ApiError && error.kind === 'session') return null;
    useSessionStore.getState().clearSession();
    throw redirect(loginUrl(back));
  }
  // With the session (after sign-in, or on start with a stored one) the code labels load ahead.
  void prefetchCodeLabels().catch(() => undefined);
  await locales;
  return null;
}

/**
 * '/' opens the route tree's home board when the tree has one flagged affix ('/dashboard'), so
 * the menu, the tab and the address agree; otherwise the frame's own home page shows.
 */
export async function homeLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // The frame's loader sends a user whose password must change away first (40072 otherwise).
  if (!hasSession() || useSessionStore.getState().user?.mustChangePassword) return null;
  let home: string | null = null;
  try {
    const [tree, { affixHomePath, resolvePage }] = await Promise.all([
      ensureSessionData(),
      loadMenuRouting(),
    ]);
    home = affixHomePath(tree, resolvePage);
  } catch {
    // The frame's loader handles a failed load.
    return null;
  }
  if (home && home !== '/') throw redirect(`${home}${new URL(request.url).search}`);
  return null;
}

/** The login page is for visitors; a signed-in user goes on to the redirect target. */
export function loginLoader({ request }: LoaderFunctionArgs): Response | null {
  if (!hasSession()) {
    prefetchLoginCaptcha(queryClient, useSessionStore.getState().tenant || DEFAULT_TENANT);
    return null;
  }
  const target = new URL(request.url).searchParams.get('redirect');
  throw redirect(safeRedirectPath(target));
}

const handle = (value: TRouteHandle) => value;

/** A page module together with the features' texts (the login page alone goes without them). */
async function withFeatureLocales<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadFeatureLocales()]);
  return module;
}

// The 404 pages (antd's Result and its illustrations) load when needed, not with the first page.
const loadStandaloneNotFound = async () => ({
  Component: (await import('../shell/NotFoundPage.tsx')).StandaloneNotFoundPage,
});

export function createAppRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: FullPageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          path: 'login',
          loader: loginLoader,
          handle: handle({ titleKey: 'route.login' }),
          // Not split: the page a new visitor meets first renders without a second round trip.
          Component: LoginPage,
        },
        {
          path: 'transfer',
          handle: handle({ titleKey: 'route.transfer' }),
          lazy: async () => ({
            Component: (await withFeatureLocales(import('../features/session/pages/TransferPage.tsx')))
              .TransferPage,
          }),
        },
        {
          path: 'forceUpdatePwd',
          handle: handle({ titleKey: 'route.forceUpdatePwd' }),
          lazy: async () => ({
            Component: (
              await withFeatureLocales(import('../features/profile/pages/ForceUpdatePasswordPage.tsx'))
            ).ForceUpdatePasswordPage,
          }),
        },
        {
          path: 'privacy',
          handle: handle({ titleKey: 'route.privacy' }),
          lazy: async () => ({
            Component: (await withFeatureLocales(import('../features/legal/pages/PrivacyPage.tsx')))
              .PrivacyPage,
          }),
        },
        {
          path: '404',
          handle: handle({ titleKey: 'route.notFound' }),
          lazy: loadStandaloneNotFound,
        },
        {
          path: 'error/404',
          handle: handle({ titleKey: 'route.notFound' }),
          lazy: loadStandaloneNotFound,
        },
        {
          id: APP_ROUTE_ID,
          path: '/',
          loader: appLoader,
          lazy: async () => ({ Component: (await import('../shell/AppLayout.tsx')).AppLayout }),
          children: [
            {
              index: true,
              loader: homeLoader,
              handle: handle({ home: true, affix: true }),
              lazy: async () => ({
                Component: (await import('../features/home/pages/HomePage.tsx')).HomePage,
              }),
            },
            ...shellRoutes(),
            {
              path: '*',
              handle: handle({ titleKey: 'route.notFound', catchAll: true }),
              lazy: async () => ({ Component: (await import('../shell/NotFoundPage.tsx')).CatchAllPage }),
            },
          ],
        },
      ],
    },
  ];
}

/** The frame's own pages (spec section 2 "Route conventions"); task and detail pages are not cached. */
function shellRoutes(): RouteObject[] {
  return [
    {
      path: 'redirect/*',
      handle: handle({ titleKey: 'route.redirect', noCache: true }),
      lazy: async () => ({ Component: (await import('../shell/RedirectPage.tsx')).RedirectPage }),
    },
    { path: 'profile', loader: () => redirect('/profile/index') },
    {
      path: 'profile/index',
      handle: handle({ titleKey: 'route.profile', name: 'profile' }),
      lazy: async () => ({
        Component: (await import('../features/profile/pages/ProfilePage.tsx')).ProfilePage,
      }),
    },
    { path: 'resources', loader: () => redirect('/resources/msg') },
    {
      path: 'resources/msg',
      handle: handle({ titleKey: 'route.messages', name: 'msg' }),
      lazy: async () => ({
        Component: (await import('../features/messages/pages/MessageListPage.tsx')).MessageListPage,
      }),
    },
    {
      path: 'resources/msg/edit',
      handle: handle({
        titleKey: 'route.sendMessage',
        name: 'msgEdit',
        noCache: true,
        crumbs: [{ titleKey: 'route.messages', path: '/resources/msg' }],
      }),
      lazy: async () => ({
        Component: (await import('../features/messages/pages/MessageViewPage.tsx')).MessageViewPage,
      }),
    },
    {
      path: 'resources/sendMessage',
      handle: handle({
        titleKey: 'route.sendMessage',
        name: 'sendMessage',
        noCache: true,
        // The spec's path of the send screen; the menu's entry is /resources/msg/edit.
        activeMenu: '/resources/msg/edit',
        crumbs: [{ titleKey: 'route.messages', path: '/resources/msg' }],
      }),
      lazy: async () => ({
        Component: (await import('../features/messages/pages/MessageViewPage.tsx')).MessageViewPage,
      }),
    },
    {
      path: 'resources/messageCenter/:code?',
      handle: handle({ titleKey: 'route.messageCenter', name: 'messageCenter', noCache: true }),
      lazy: async () => ({
        Component: (await import('../features/messages/pages/MessageCenterPage.tsx')).MessageCenterPage,
      }),
    },
  ];
}

type TRouterFactory = (routes: RouteObject[], opts: DOMRouterOpts) => DataRouter;

/** Creates the app's router; tests pass createMemoryRouter with their initial entries. */
export function createAppRouter(create: TRouterFactory = createBrowserRouter): DataRouter {
  let patched = false;
  return create(createAppRoutes(), {
    async patchRoutesOnNavigation({ patch }) {
      if (patched || !hasSession()) return;
      let tree: Awaited<ReturnType<typeof ensureSessionData>>;
      let routing: Awaited<ReturnType<typeof loadMenuRouting>>;
      try {
        [tree, routing] = await Promise.all([ensureSessionData(), loadMenuRouting()]);
      } catch {
        // The frame's loader handles a failed load (logout or the 'remind' dialog).
        return;
      }
      if (patched) return;
      patch(APP_ROUTE_ID, routing.buildMenuRoutes(tree, routing.resolvePage, RESERVED_PATHS));
      patched = true;
    },
  });
}
