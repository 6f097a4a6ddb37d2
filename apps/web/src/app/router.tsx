/**
 * The data router. Static routes: /login, /404, /error/404 and the frame at '/' with the
 * home page and a catch-all. The server's route tree is patched under the frame the first
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
import { ensureSessionData } from '../features/session/session-actions.ts';
import { ApiError, loginUrl } from '../lib/http.ts';
import { safeRedirectPath } from '../lib/redirect.ts';
import { hasSession, useSessionStore } from '../lib/session-store.ts';
import { CatchAllPage, StandaloneNotFoundPage } from '../shell/NotFoundPage.tsx';
import { FullPageLoading } from '../shell/PageLoading.tsx';
import { RouteErrorPage } from '../shell/RouteErrorPage.tsx';
import type { TRouteHandle } from '../shell/route-handle.ts';
import { buildMenuRoutes } from './menu-routes.ts';
import { RootLayout } from './RootLayout.tsx';
import { resolvePage } from './route-pages.ts';

export const APP_ROUTE_ID = 'app';

/** Paths the app defines itself; the server's tree cannot take them over. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set(['/', '/login', '/404', '/error/404']);

/** The frame's guard: a session is required, and its permissions and route tree are loaded once. */
export async function appLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (!hasSession()) {
    // Stored login data is cleared when bounced (spec section 4).
    useSessionStore.getState().clearSession();
    throw redirect(loginUrl(back));
  }
  try {
    await ensureSessionData();
  } catch (error) {
    // A session failure already shows the 'remind' dialog, which reloads on the login page.
    if (error instanceof ApiError && error.kind === 'session') return null;
    useSessionStore.getState().clearSession();
    throw redirect(loginUrl(back));
  }
  return null;
}

/** The login page is for visitors; a signed-in user goes on to the redirect target. */
export function loginLoader({ request }: LoaderFunctionArgs): Response | null {
  if (!hasSession()) return null;
  const target = new URL(request.url).searchParams.get('redirect');
  throw redirect(safeRedirectPath(target));
}

const handle = (value: TRouteHandle) => value;

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
          lazy: async () => ({
            Component: (await import('../features/session/pages/LoginPage.tsx')).LoginPage,
          }),
        },
        {
          path: '404',
          handle: handle({ titleKey: 'route.notFound' }),
          Component: StandaloneNotFoundPage,
        },
        {
          path: 'error/404',
          handle: handle({ titleKey: 'route.notFound' }),
          Component: StandaloneNotFoundPage,
        },
        {
          id: APP_ROUTE_ID,
          path: '/',
          loader: appLoader,
          lazy: async () => ({ Component: (await import('../shell/AppLayout.tsx')).AppLayout }),
          children: [
            {
              index: true,
              handle: handle({ home: true, affix: true }),
              lazy: async () => ({
                Component: (await import('../features/home/pages/HomePage.tsx')).HomePage,
              }),
            },
            {
              path: '*',
              handle: handle({ titleKey: 'route.notFound', catchAll: true }),
              Component: CatchAllPage,
            },
          ],
        },
      ],
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
      try {
        tree = await ensureSessionData();
      } catch {
        // The frame's loader handles a failed load (logout or the 'remind' dialog).
        return;
      }
      if (patched) return;
      patch(APP_ROUTE_ID, buildMenuRoutes(tree, resolvePage, RESERVED_PATHS));
      patched = true;
    },
  });
}
