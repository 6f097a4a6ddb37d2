/**
 * Pages the server's route tree can name by its `component` key. A key the web does not know
 * yet gets no route (its path falls to the 404 catch-all); later features add their pages here.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';

export type TPageLoader = LazyRouteFunction<RouteObject>;

export interface TPage {
  load: TPageLoader;
  /** The home board: the breadcrumb and title show the user group's board. */
  home?: boolean;
}

const homePage: TPage = {
  load: async () => ({ Component: (await import('../features/home/pages/HomePage.tsx')).HomePage }),
  home: true,
};
const notFoundPage: TPage = { load: async () => ({ Component: NotFoundPage }) };
const dictionaryPage: TPage = {
  load: async () => ({
    Component: (await import('../features/dictionaries/pages/DictionaryPage.tsx')).DictionaryPage,
  }),
};
const areaPage: TPage = {
  load: async () => ({ Component: (await import('../features/dictionaries/pages/AreaPage.tsx')).AreaPage }),
};

export const PAGE_COMPONENTS: Readonly<Record<string, TPage>> = {
  'home/index': homePage,
  'dashboard/index': homePage,
  'error-page/404': notFoundPage,
  'error/404': notFoundPage,
  '404': notFoundPage,
  'system/dictionary/index': dictionaryPage,
  'system/area/index': areaPage,
};

/** The page of a component key ('home/index', '/home/index.vue', 'home' alike), or null. */
export function resolvePage(componentKey: string | null | undefined): TPage | null {
  if (!componentKey) return null;
  const key = componentKey
    .trim()
    .replace(/^@?\/?(views\/)?/, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/, '')
    .replace(/^\/+|\/+$/g, '');
  return PAGE_COMPONENTS[key] ?? PAGE_COMPONENTS[`${key}/index`] ?? null;
}
