import type { TAuthorityResource } from '@portal/domain/permissions';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { EMPTY_AUTHORITY, type TLoginResult, useSessionStore } from '../lib/session-store.ts';
import { renderAt } from '../test/render.tsx';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import type { TRouteHandle } from './route-handle.ts';

function sessionOf(user: Partial<TLoginResult>, authority: Partial<TAuthorityResource>) {
  const store = useSessionStore.getState();
  store.applyLogin({
    token: 't',
    refreshToken: 'r',
    expiresIn: 3600,
    userId: '1',
    account: 'someone',
    name: '某人',
    providerId: null,
    userType: '01',
    ...user,
  });
  store.applyAuthority({ ...EMPTY_AUTHORITY, ...authority });
}

function crumbs(): string[] {
  const nav = screen.getByRole('navigation', { name: /面包屑|Breadcrumb/ });
  return Array.from(nav.querySelectorAll('li'))
    .map((li) => li.textContent?.replace('/', '').trim() ?? '')
    .filter(Boolean);
}

const home: TRouteHandle = { home: true };

describe('<AppBreadcrumb> first crumb per user group', () => {
  it('is the Bulletin Board for provider staff (user type 02)', () => {
    sessionOf({ userType: '02', providerId: null }, { roleList: ['SMART_PORTAL'] });
    renderAt(<AppBreadcrumb />, { handle: home });
    expect(crumbs()).toEqual(['公告栏']);
  });

  it('is the Bulletin Board for a user with a providerId whatever the type', () => {
    sessionOf({ userType: '01', providerId: 'P0001' }, {});
    renderAt(<AppBreadcrumb />, { handle: home });
    expect(crumbs()).toEqual(['公告栏']);
  });

  it('is the Task Board for network-view users without SUPER_ADMIN', () => {
    sessionOf({}, { resourceList: ['drsystem:homePage:netView'], roleList: ['NET_VIEW'] });
    renderAt(<AppBreadcrumb />, { handle: home });
    expect(crumbs()).toEqual(['任务看板']);
  });

  it('is the Dashboard for network-view users who are SUPER_ADMIN', () => {
    sessionOf({}, { resourceList: ['drsystem:homePage:netView'], roleList: ['SUPER_ADMIN'] });
    renderAt(<AppBreadcrumb />, { handle: home });
    expect(crumbs()).toEqual(['首页']);
  });

  it('is the Dashboard for other operator staff, in English when switched', async () => {
    sessionOf({}, { resourceList: ['authority:user:view'], roleList: ['AUDITOR'] });
    await i18n.changeLanguage('en');
    renderAt(<AppBreadcrumb />, { handle: home });
    expect(crumbs()).toEqual(['Dashboard']);
  });

  it('links the first crumb home and follows it with the menu ancestry and the page', async () => {
    sessionOf({ userType: '02', providerId: 'P0001' }, {});
    renderAt(<AppBreadcrumb />, {
      path: '/drsystem/management/list',
      handle: {
        title: '医生列表',
        titleEn: 'Doctor List',
        crumbs: [
          { title: '医生系统', titleEn: 'Doctor System', path: '/drsystem' },
          { title: '医生管理', titleEn: 'Doctor Management', path: '/drsystem/management' },
        ],
      },
    });
    expect(crumbs()).toEqual(['公告栏', '医生系统', '医生管理', '医生列表']);
    expect(screen.getByRole('link', { name: '公告栏' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('医生列表').getAttribute('aria-current')).toBe('page');
  });
});
