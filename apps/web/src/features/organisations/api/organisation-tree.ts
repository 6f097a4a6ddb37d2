import type { TOrganisationNode } from '@portal/domain/organisations/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** The query key every organisation query lives under; changes invalidate it. */
export const ORGANISATIONS_KEY = ['organisations'] as const;

/** GET /authority/org/tree: the tenant's organisations as a tree. */
export const organisationTreeQuery = () =>
  queryOptions({
    queryKey: [...ORGANISATIONS_KEY, 'tree'],
    queryFn: () => http.get<TOrganisationNode[]>('/authority/org/tree'),
    staleTime: 30_000,
  });

export const useOrganisationTree = (enabled = true) => useQuery({ ...organisationTreeQuery(), enabled });

/** The name of every organisation of the tenant by id, in the language shown (list columns). */
export function useOrganisationNames(lang: 'zh' | 'en'): Map<string, string> {
  const tree = useOrganisationTree();
  const names = new Map<string, string>();
  const walk = (nodes: TOrganisationNode[]) => {
    for (const n of nodes) {
      names.set(n.id, lang === 'en' ? n.nameEn : n.name);
      walk(n.children);
    }
  };
  walk(tree.data ?? []);
  return names;
}
