/**
 * The grant picker's model (decision 0033): menus and their resources as one tree with
 * tri-state checkboxes. Keys: `m:<menu id>` and `r:<permission code>`. A menu is granted when
 * it or anything under it is checked (checked or half-checked); a resource when it is checked.
 */
import { isPermitted } from '@portal/domain/permissions';
import type { TMenuTreeNode } from '@portal/domain/roles/rules';

export const menuKey = (id: string) => `m:${id}`;
export const resourceKey = (code: string) => `r:${code}`;

/** Every resource code of the tree. */
export function resourceCodes(tree: TMenuTreeNode[]): Set<string> {
  const codes = new Set<string>();
  const walk = (nodes: TMenuTreeNode[]) => {
    for (const node of nodes) {
      for (const r of node.resources) codes.add(r.code);
      walk(node.children);
    }
  };
  walk(tree);
  return codes;
}

/** The role's grants that are not resources of the tree (the seed's wildcards, for example). */
export function otherGrants(tree: TMenuTreeNode[], permissions: string[]): string[] {
  const codes = resourceCodes(tree);
  return permissions.filter((p) => !codes.has(p)).sort();
}

/**
 * The checked keys for a role: its leaf menus (menus without children or resources) and the
 * resources its permissions grant (directly or through a wildcard); parents follow.
 */
export function checkedKeysFor(
  tree: TMenuTreeNode[],
  grants: { menuIds: string[]; permissions: string[] },
): string[] {
  const menus = new Set(grants.menuIds);
  const keys: string[] = [];
  const walk = (nodes: TMenuTreeNode[]) => {
    for (const node of nodes) {
      const leaf = node.children.length === 0 && node.resources.length === 0;
      if (leaf && menus.has(node.id)) keys.push(menuKey(node.id));
      for (const r of node.resources)
        if (isPermitted(grants.permissions, r.code)) keys.push(resourceKey(r.code));
      walk(node.children);
    }
  };
  walk(tree);
  return keys;
}

/** The grants the checked keys give: menus with anything checked under them, and checked resources. */
export function grantsFor(
  tree: TMenuTreeNode[],
  checked: string[],
  kept: string[],
): { menuIds: string[]; permissions: string[] } {
  const set = new Set(checked);
  const menuIds: string[] = [];
  const permissions = new Set(kept);
  const walk = (nodes: TMenuTreeNode[]): boolean =>
    nodes
      .map((node) => {
        const ownResources = node.resources.filter((r) => set.has(resourceKey(r.code)));
        for (const r of ownResources) permissions.add(r.code);
        const childGranted = walk(node.children);
        const granted = set.has(menuKey(node.id)) || ownResources.length > 0 || childGranted;
        if (granted) menuIds.push(node.id);
        return granted;
      })
      .some(Boolean);
  walk(tree);
  return { menuIds: menuIds.sort(), permissions: [...permissions].sort() };
}
