import { describe, expect, it } from 'vitest';
import {
  hasAnyPermission,
  hasAnyRole,
  hasNoPermission,
  hasNoRole,
  hasPermission,
  hasRole,
  implies,
  isPermitted,
  PermissionFormatError,
  parsePermission,
  type TAuthorityResource,
} from './permissions.ts';

const auth = (resourceList: string[], extra: Partial<TAuthorityResource> = {}): TAuthorityResource => ({
  enabled: true,
  caseSensitive: false,
  resourceList,
  roleList: [],
  ...extra,
});

describe('parsePermission', () => {
  it.each(['', '   ', ':', '::,,::,:', ',', ' : , '])('rejects %j', (value) => {
    expect(() => parsePermission(value)).toThrow(PermissionFormatError);
  });
  it('splits parts on ":" and alternatives on ","', () => {
    const parts = parsePermission('user:add,edit:1');
    expect(parts.map((p) => [...p])).toEqual([['user'], ['add', 'edit'], ['1']]);
  });
  it('keeps a parse per text and case mode, and refuses a bad string every time', () => {
    expect(parsePermission('Doc:View')).toBe(parsePermission('Doc:View'));
    expect(parsePermission('Doc:View', true).map((p) => [...p])).toEqual([['Doc'], ['View']]);
    expect(parsePermission('Doc:View').map((p) => [...p])).toEqual([['doc'], ['view']]);
    expect(() => parsePermission(' : ')).toThrow(PermissionFormatError);
    expect(() => parsePermission(' : ')).toThrow(PermissionFormatError);
  });
});

describe('implies', () => {
  it('matches identical strings', () => {
    expect(implies('user:add', 'user:add')).toBe(true);
    expect(implies('user:add', 'user:edit')).toBe(false);
  });
  it('treats * as a wildcard in any part', () => {
    expect(implies('*', 'user:add')).toBe(true);
    expect(implies('user:*', 'user:add')).toBe(true);
    expect(implies('*:add', 'user:add')).toBe(true);
    expect(implies('*:add', 'user:edit')).toBe(false);
  });
  it('lets a longer grant imply a shorter requirement', () => {
    expect(implies('drsystem:providerTask:commit', 'drsystem:providerTask')).toBe(true);
    expect(implies('drsystem:providerTask:commit', 'drsystem')).toBe(true);
    expect(implies('drsystem:other:commit', 'drsystem:providerTask')).toBe(false);
  });
  it('lets a shorter grant imply everything below it', () => {
    expect(implies('drsystem', 'drsystem:providerTask:commit')).toBe(true);
    expect(implies('claim', 'drsystem:providerTask')).toBe(false);
  });
  it('needs every required alternative to be granted', () => {
    expect(implies('user:add,edit', 'user:add')).toBe(true);
    expect(implies('user:add,edit', 'user:add,edit')).toBe(true);
    expect(implies('user:add', 'user:add,edit')).toBe(false);
  });
  it('ignores case unless caseSensitive', () => {
    expect(implies('User:ADD', 'user:add')).toBe(true);
    expect(implies('User:ADD', 'user:add', true)).toBe(false);
    expect(implies('user:add', 'user:add', true)).toBe(true);
  });
  it('rejects an empty requirement', () => {
    expect(() => implies('a', '')).toThrow(PermissionFormatError);
    expect(() => isPermitted(['a'], '::')).toThrow(PermissionFormatError);
  });
});

describe('guards', () => {
  const a = auth(['drsystem:providerTask:*', 'msg:center:list'], { roleList: ['SMART_PORTAL'] });
  it('hasPermission needs all', () => {
    expect(hasPermission(a, ['drsystem:providerTask:commit', 'msg:center:list'])).toBe(true);
    expect(hasPermission(a, ['drsystem:providerTask:commit', 'authority:user:add'])).toBe(false);
  });
  it('hasAnyPermission needs one', () => {
    expect(hasAnyPermission(a, ['authority:user:add', 'msg:center:list'])).toBe(true);
    expect(hasAnyPermission(a, ['authority:user:add'])).toBe(false);
  });
  it('hasNoPermission is true only when none is implied', () => {
    expect(hasNoPermission(a, ['authority:user:add'])).toBe(true);
    expect(hasNoPermission(a, ['msg:center:list'])).toBe(false);
  });
  it('role checks', () => {
    expect(hasRole(a, ['smart_portal'])).toBe(true);
    expect(hasRole(a, ['SMART_PORTAL', 'SUPER_ADMIN'])).toBe(false);
    expect(hasAnyRole(a, ['SMART_PORTAL', 'SUPER_ADMIN'])).toBe(true);
    expect(hasNoRole(a, ['SUPER_ADMIN'])).toBe(true);
    expect(hasNoRole(a, ['SMART_PORTAL'])).toBe(false);
    expect(hasRole({ ...a, caseSensitive: true }, ['smart_portal'])).toBe(false);
  });
  it('with enabled off positive checks pass everything', () => {
    const off = auth([], { enabled: false });
    expect(hasPermission(off, ['anything:at:all'])).toBe(true);
    expect(hasAnyPermission(off, ['x'])).toBe(true);
    expect(hasRole(off, ['SUPER_ADMIN'])).toBe(true);
    expect(hasAnyRole(off, ['SUPER_ADMIN'])).toBe(true);
    expect(hasNoPermission(off, ['x'])).toBe(false);
    expect(hasNoRole(off, ['x'])).toBe(false);
  });
});
