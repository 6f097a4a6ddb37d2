import type { TSymptomBonding } from '@portal/domain/knowledge/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const BONDING_SAVE = 'drsystem:symptom:bonding';

/** GET /drsystem/system/symptom/bondingdisease/{id}: the symptom and its bonded diseases. */
export function getBonding(id: string): Promise<TSymptomBonding> {
  return http.get<TSymptomBonding>(`/drsystem/system/symptom/bondingdisease/${id}`);
}

export function bondingQueryOptions(id: string) {
  return queryOptions({ queryKey: ['knowledge', 'bonding', id], queryFn: () => getBonding(id) });
}

export function useBonding(id: string) {
  return useQuery({ ...bondingQueryOptions(id), enabled: id !== '' });
}

/** POST /drsystem/system/symptom/bondingdisease/{id}: replaces the bonded diseases. */
export function useSaveBonding(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (diseaseIds: string[]) =>
      http.post<TSymptomBonding>(`/drsystem/system/symptom/bondingdisease/${id}`, { diseaseIds }),
    onSuccess: (data) => {
      client.setQueryData(bondingQueryOptions(id).queryKey, data);
      return client.invalidateQueries({ queryKey: ['knowledge', 'list'] });
    },
  });
}
