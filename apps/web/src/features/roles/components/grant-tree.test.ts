import type { TMenuTreeNode } from '@portal/domain/roles/rules';
import { describe, expect, it } from 'vitest';
import { checkedKeysFor, grantsFor, otherGrants } from './grant-tree.ts';

const node = (id: string, over: Partial<TMenuTreeNode> = {}): TMenuTreeNode => ({
  id,
  name: id,
  title: id,
  titleEn: id,
  hidden: false,
  children: [],
  resources: [],
  ...over,
});
const res = (code: string) => ({ id: code, code, name: code, nameEn: code });

const TREE: TMenuTreeNode[] = [
  node('home'),
  node('audit', {
    children: [
      node('auditList', {
        resources: [res('drsystem:providerTaskMsh:list'), res('drsystem:providerTaskMsh:approval')],
      }),
      node('notes', { resources: [res('drsystem:liproviderinfo:edit')] }),
    ],
  }),
];

describe('the grant tree model', () => {
  it('checks leaf menus and the resources the grants imply, wildcards included', () => {
    expect(
      checkedKeysFor(TREE, {
        menuIds: ['home', 'audit', 'auditList'],
        permissions: ['drsystem:providerTaskMsh:*'],
      }),
    ).toEqual(['m:home', 'r:drsystem:providerTaskMsh:list', 'r:drsystem:providerTaskMsh:approval']);
  });

  it('grants a menu when anything under it is checked, and only the checked resources', () => {
    expect(grantsFor(TREE, ['r:drsystem:providerTaskMsh:list'], [])).toEqual({
      menuIds: ['audit', 'auditList'],
      permissions: ['drsystem:providerTaskMsh:list'],
    });
    expect(grantsFor(TREE, [], [])).toEqual({ menuIds: [], permissions: [] });
  });

  it('keeps the grants that are not on any page', () => {
    const kept = otherGrants(TREE, ['msg:center:*', 'drsystem:providerTaskMsh:list']);
    expect(kept).toEqual(['msg:center:*']);
    expect(grantsFor(TREE, ['m:home'], kept)).toEqual({ menuIds: ['home'], permissions: ['msg:center:*'] });
  });
});
