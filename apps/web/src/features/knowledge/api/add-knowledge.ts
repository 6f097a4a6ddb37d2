import type { TKnowledgeItem } from '@portal/domain/knowledge/api';
import type { TKnowledgeAddBody, TKnowledgeKind } from '@portal/domain/knowledge/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const ADD_PERMISSION = {
  symptom: 'drsystem:info:addSymptom',
  disease: 'drsystem:info:addDisease',
  treatment: 'drsystem:info:addTreatment',
} as const;

/** POST /drsystem/info/add/symptom, /add/disease or /add/treatment. */
export function addKnowledge(
  kind: TKnowledgeKind,
  body: Partial<TKnowledgeAddBody>,
): Promise<TKnowledgeItem> {
  return http.post<TKnowledgeItem>(`/drsystem/info/add/${kind}`, body);
}

export function useAddKnowledge(kind: TKnowledgeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TKnowledgeAddBody>) => addKnowledge(kind, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['knowledge', 'list'] }),
  });
}
