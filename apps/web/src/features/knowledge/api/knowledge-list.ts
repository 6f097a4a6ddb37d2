import type { TKnowledgeItem } from '@portal/domain/knowledge/api';
import type { TKnowledgeKind } from '@portal/domain/knowledge/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const KNOWLEDGE_LIST = 'drsystem:knowledge:list';

export interface TKnowledgePage {
  records: TKnowledgeItem[];
  current: number;
  size: number;
  total: number;
}
export interface TKnowledgeListBody {
  current: number;
  size: number;
  model: { kind: TKnowledgeKind; keyword?: string; parentCode?: string; level?: number };
}

/** POST /drsystem/system/knowledge/list: a page of one knowledge base in tree order. */
export function listKnowledge(body: TKnowledgeListBody): Promise<TKnowledgePage> {
  return http.post<TKnowledgePage>('/drsystem/system/knowledge/list', body);
}

export function knowledgeListQueryOptions(body: TKnowledgeListBody) {
  return queryOptions({
    queryKey: ['knowledge', 'list', body],
    queryFn: () => listKnowledge(body),
    placeholderData: keepPreviousData,
  });
}

export function useKnowledgeList(body: TKnowledgeListBody, enabled = true) {
  return useQuery({ ...knowledgeListQueryOptions(body), enabled });
}
