/** Test helpers: render inside the app's providers and a memory data router. */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { FeedbackProvider } from '../app/FeedbackProvider.tsx';
import { AppProviders } from '../app/providers.tsx';
import type { TRouteHandle } from '../shell/route-handle.ts';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders one element at `path` (matched by a catch-all route carrying `handle`). */
export function renderAt(element: ReactElement, options: { path?: string; handle?: TRouteHandle } = {}) {
  return renderRoutes([{ path: '*', element, handle: options.handle }], options.path ?? '/');
}

/** Renders a route table in a memory router. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={testQueryClient()}>
      {/* In the app the frame provides it; components under test may call App.useApp(). */}
      <FeedbackProvider>
        <RouterProvider router={router} />
      </FeedbackProvider>
    </AppProviders>,
  );
  return { ...view, router };
}
