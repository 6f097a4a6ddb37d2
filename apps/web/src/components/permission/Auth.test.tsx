import type { TAuthorityResource } from '@portal/domain/permissions';
import { act, render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_AUTHORITY, useSessionStore } from '../../lib/session-store.ts';
import { Auth } from './Auth.tsx';
import { usePermission } from './use-permission.ts';

const grant = (authority: Partial<TAuthorityResource>) =>
  useSessionStore.getState().applyAuthority({ ...EMPTY_AUTHORITY, ...authority });

const shown = (text: string) => screen.queryByText(text) !== null;

describe('<Auth>', () => {
  beforeEach(() => {
    grant({
      enabled: true,
      resourceList: ['drsystem:providerTask:*', 'authority:user:view'],
      roleList: ['AUDITOR', 'CLAIM_ADMIN'],
    });
  });

  it('renders children when every listed permission is implied, removes them otherwise', () => {
    render(
      <>
        <Auth has={['drsystem:providerTask:commit', 'authority:user:view']}>
          <span>granted</span>
        </Auth>
        <Auth has={['drsystem:providerTask:commit', 'authority:user:delete']}>
          <span>denied</span>
        </Auth>
      </>,
    );
    expect(shown('granted')).toBe(true);
    expect(shown('denied')).toBe(false);
  });

  it('hasAny passes with one implied permission; hasNo passes only when none is', () => {
    render(
      <>
        <Auth hasAny={['authority:role:view', 'authority:user:view']}>
          <span>any-yes</span>
        </Auth>
        <Auth hasAny={['authority:role:view']}>
          <span>any-no</span>
        </Auth>
        <Auth hasNo={['authority:role:view']}>
          <span>no-yes</span>
        </Auth>
        <Auth hasNo={['authority:role:view', 'drsystem:providerTask:list']}>
          <span>no-no</span>
        </Auth>
      </>,
    );
    expect(shown('any-yes')).toBe(true);
    expect(shown('any-no')).toBe(false);
    expect(shown('no-yes')).toBe(true);
    expect(shown('no-no')).toBe(false);
  });

  it('checks roles: all, any and none, ignoring case', () => {
    render(
      <>
        <Auth role={['auditor', 'claim_admin']}>
          <span>role-yes</span>
        </Auth>
        <Auth role={['AUDITOR', 'SUPER_ADMIN']}>
          <span>role-no</span>
        </Auth>
        <Auth anyRole={['SUPER_ADMIN', 'AUDITOR']}>
          <span>any-role-yes</span>
        </Auth>
        <Auth anyRole={['SUPER_ADMIN']}>
          <span>any-role-no</span>
        </Auth>
        <Auth noRole={['SUPER_ADMIN']}>
          <span>no-role-yes</span>
        </Auth>
        <Auth noRole={['AUDITOR']}>
          <span>no-role-no</span>
        </Auth>
      </>,
    );
    expect(shown('role-yes')).toBe(true);
    expect(shown('role-no')).toBe(false);
    expect(shown('any-role-yes')).toBe(true);
    expect(shown('any-role-no')).toBe(false);
    expect(shown('no-role-yes')).toBe(true);
    expect(shown('no-role-no')).toBe(false);
  });

  it('requires every given check when several are combined', () => {
    render(
      <>
        <Auth has="authority:user:view" noRole="SUPER_ADMIN">
          <span>both-pass</span>
        </Auth>
        <Auth has="authority:user:view" anyRole="SUPER_ADMIN">
          <span>one-fails</span>
        </Auth>
      </>,
    );
    expect(shown('both-pass')).toBe(true);
    expect(shown('one-fails')).toBe(false);
  });

  it('with enabled off, positive checks pass everything and negative checks fail', () => {
    grant({ enabled: false, resourceList: [], roleList: [] });
    render(
      <>
        <Auth has="anything:at:all">
          <span>has</span>
        </Auth>
        <Auth role="SUPER_ADMIN">
          <span>role</span>
        </Auth>
        <Auth hasNo="anything">
          <span>has-no</span>
        </Auth>
      </>,
    );
    expect(shown('has')).toBe(true);
    expect(shown('role')).toBe(true);
    expect(shown('has-no')).toBe(false);
  });

  it('follows a change of the stored permissions', () => {
    render(
      <Auth has="authority:role:view">
        <span>late</span>
      </Auth>,
    );
    expect(shown('late')).toBe(false);
    act(() => grant({ resourceList: ['authority:role:*'] }));
    expect(shown('late')).toBe(true);
  });
});

describe('usePermission', () => {
  it('returns the checks of the signed-in user', () => {
    grant({ resourceList: ['drsystem:homePage:netView'], roleList: ['NET_VIEW'] });
    const { result } = renderHook(() => usePermission());
    expect(result.current.has('drsystem:homePage:netView')).toBe(true);
    expect(result.current.has(['drsystem:homePage:netView', 'authority:user:view'])).toBe(false);
    expect(result.current.hasAny(['authority:user:view', 'drsystem:homePage'])).toBe(true);
    expect(result.current.hasNo('authority:user:view')).toBe(true);
    expect(result.current.hasRole('net_view')).toBe(true);
    expect(result.current.hasAnyRole(['SUPER_ADMIN'])).toBe(false);
    expect(result.current.hasNoRole('SUPER_ADMIN')).toBe(true);
  });
});
