import { describe, expect, it } from 'vitest';
import { TEST_ROUTE_TREE } from '../test/route-tree.fixture.ts';
import { buildMenuRoutes } from './menu-routes.ts';
import type { TPage, TPageLoader } from './route-pages.ts';
import { RESERVED_PATHS } from './router.tsx';

const page: TPageLoader = async () => ({});
const known = new Set(['drsystem/management/list', 'drsystem/management/detail']);
const resolve = (key: string): TPage | null =>
  key === 'home/index' ? { load: page, home: true } : known.has(key) ? { load: page } : null;

describe('buildMenuRoutes', () => {
  const routes = buildMenuRoutes(TEST_ROUTE_TREE, resolve, RESERVED_PATHS);
  const byPath = new Map(routes.map((r) => [r.path, r]));

  it('makes one flat route per known page with its full path, hidden ones included', () => {
    expect(byPath.get('/drsystem/management/list')?.lazy).toBe(page);
    expect(byPath.get('/drsystem/management/detail/:id')?.lazy).toBe(page);
    expect(byPath.get('/welcome/home')?.lazy).toBe(page);
  });

  it('skips unknown components and external links instead of rendering placeholders', () => {
    expect(byPath.has('/drsystem/management/tasks')).toBe(false);
    expect(byPath.has('/drsystem/secret')).toBe(false);
    expect([...byPath.keys()].some((p) => p?.includes('example.org'))).toBe(false);
  });

  it('marks a server route of the home page as home (breadcrumb and title show the board)', () => {
    expect(byPath.get('/welcome/home')?.handle).toMatchObject({ home: true, title: '欢迎页' });
    expect(byPath.get('/drsystem/management/list')?.handle).not.toHaveProperty('home');
  });

  it('carries titles, ancestry and flags in the handle', () => {
    expect(byPath.get('/drsystem/management/detail/:id')?.handle).toMatchObject({
      title: '医生详情',
      titleEn: 'Doctor Detail',
      activeMenu: '/drsystem/management/list',
      crumbs: [
        { title: '医生系统', titleEn: 'Doctor System', path: '/drsystem' },
        { title: '医生管理', titleEn: 'Doctor Management', path: '/drsystem/management' },
      ],
    });
  });

  it('sends a group path to its redirect or its first page', async () => {
    const welcome = byPath.get('/welcome');
    const management = byPath.get('/drsystem/management');
    expect(welcome?.loader).toBeTypeOf('function');
    const runLoader = async (loader: unknown) =>
      (await (loader as () => Response | Promise<Response>)()) as Response;
    const answer = await runLoader(welcome?.loader);
    expect(answer.headers.get('Location')).toBe('/welcome/home');
    const managementAnswer = await runLoader(management?.loader);
    expect(managementAnswer.headers.get('Location')).toBe('/drsystem/management/list');
  });

  it('never takes over the paths the app defines itself', () => {
    const routesWithRoot = buildMenuRoutes(
      [
        {
          path: '/',
          component: 'Layout',
          redirect: '/dashboard',
          children: [{ path: 'dashboard', component: 'home/index' }],
        },
        { path: '/404', component: 'home/index' },
      ],
      resolve,
      RESERVED_PATHS,
    );
    expect(routesWithRoot.map((r) => r.path)).toEqual(['/dashboard']);
  });
});
