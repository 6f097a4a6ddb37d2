import { describe, expect, it } from 'vitest';
import { resolvePage } from '../app/route-pages.ts';
import type { TMenuRoute } from '../lib/menu-tree.ts';
import { useOpenViewsStore } from './open-views-store.ts';
import {
  addCachedView,
  addVisitedView,
  affixHomePath,
  affixViewsFromTree,
  closeAllViews,
  closeOtherViews,
  closeVisitedView,
  type TVisitedView,
  viewOf,
} from './tags-view-rules.ts';

const view = (path: string, meta: TVisitedView['meta'] = {}, search = ''): TVisitedView => ({
  path,
  fullPath: `${path}${search}`,
  name: null,
  title: `页 ${path}`,
  titleEn: `Page ${path}`,
  meta,
});

describe('tags view rules', () => {
  it('keeps one tab per path: a second visit with another query updates the tab in place', () => {
    let views = addVisitedView([], view('/a'));
    views = addVisitedView(views, view('/b'));
    views = addVisitedView(views, view('/a', {}, '?page=3'));
    expect(views.map((v) => v.fullPath)).toEqual(['/a?page=3', '/b']);
    expect(addVisitedView(views, view('/b'))).toBe(views);
  });

  it('affix tabs cannot be closed and survive close-others and close-all', () => {
    const views = [view('/dashboard', { affix: true }), view('/a'), view('/b'), view('/c')];
    expect(closeVisitedView(views, '/dashboard').map((v) => v.path)).toEqual([
      '/dashboard',
      '/a',
      '/b',
      '/c',
    ]);
    expect(closeVisitedView(views, '/b').map((v) => v.path)).toEqual(['/dashboard', '/a', '/c']);
    expect(closeOtherViews(views, '/b').map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(closeAllViews(views).map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('does not keep noCache routes alive', () => {
    expect(addCachedView([], view('/task/detail/1', { noCache: true }))).toEqual([]);
    expect(addCachedView(['/a'], view('/b'))).toEqual(['/a', '/b']);
    expect(addCachedView(['/a'], view('/a'))).toEqual(['/a']);
  });

  it('gives no tab to the refresh route, the 404 catch-all or an untitled route', () => {
    const group = 'dashboard' as const;
    expect(viewOf({ pathname: '/redirect/a', handle: { titleKey: 'route.redirect' }, group })).toBeNull();
    expect(
      viewOf({ pathname: '/x', handle: { titleKey: 'route.notFound', catchAll: true }, group }),
    ).toBeNull();
    expect(viewOf({ pathname: '/x', handle: {}, group })).toBeNull();
    expect(
      viewOf({ pathname: '/profile/index', search: '?a=1', handle: { titleKey: 'route.profile' }, group }),
    ).toEqual({
      path: '/profile/index',
      fullPath: '/profile/index?a=1',
      name: null,
      title: '个人中心',
      titleEn: 'Personal centre',
      meta: { affix: false, noCache: false, home: false },
    });
  });

  it("titles the home tab with the user group's board in both languages", () => {
    const home = viewOf({ pathname: '/', handle: { home: true }, group: 'provider' });
    expect(home).toMatchObject({ title: '公告栏', titleEn: 'Bulletin Board' });
  });

  it('finds the affix pages of the route tree, and its home board', () => {
    const tree: TMenuRoute[] = [
      { path: '/dashboard', component: 'home/index', meta: { title: '首页', titleEn: 'Home', affix: true } },
      {
        path: '/system',
        component: 'Layout',
        meta: { title: '系统', titleEn: 'System' },
        children: [
          {
            path: 'area',
            component: 'system/area/index',
            meta: { title: '地区', titleEn: 'Areas', affix: true },
          },
          { path: 'unknown', component: 'no/such/page', meta: { title: '无', titleEn: 'None', affix: true } },
          {
            path: 'detail/:id',
            component: 'system/area/index',
            meta: { title: '详情', titleEn: 'Detail', affix: true },
          },
        ],
      },
    ];
    const affix = affixViewsFromTree(tree, resolvePage, 'dashboard');
    expect(affix.map((v) => [v.path, v.meta.home, v.titleEn])).toEqual([
      ['/dashboard', true, 'Dashboard'],
      ['/system/area', false, 'Areas'],
    ]);
    expect(affixHomePath(tree, resolvePage)).toBe('/dashboard');
    expect(affixHomePath([tree[1]], resolvePage)).toBeNull();
  });
});

describe('open-views store', () => {
  it('keeps visited views and cached paths in step', () => {
    const store = useOpenViewsStore.getState();
    store.reset();
    store.initAffix([view('/dashboard', { affix: true })]);
    store.addView(view('/a'));
    store.addView(view('/task', { noCache: true }));
    store.addView(view('/b'));
    expect(useOpenViewsStore.getState().visitedViews.map((v) => v.path)).toEqual([
      '/dashboard',
      '/a',
      '/task',
      '/b',
    ]);
    expect(useOpenViewsStore.getState().cachedViews).toEqual(['/a', '/b']);

    store.delCachedView('/a');
    expect(useOpenViewsStore.getState().cachedViews).toEqual(['/b']);
    expect(useOpenViewsStore.getState().visitedViews).toHaveLength(4);

    store.delOthers('/task');
    expect(useOpenViewsStore.getState().visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/task']);
    expect(useOpenViewsStore.getState().cachedViews).toEqual([]);

    store.addView(view('/c'));
    store.delAll();
    expect(useOpenViewsStore.getState().visitedViews.map((v) => v.path)).toEqual(['/dashboard']);
    expect(useOpenViewsStore.getState().cachedViews).toEqual([]);
  });
});
