import type { TPlanNetworkSaveBody } from '@portal/domain/members/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PLAN_NETWORK_KEY } from './plan-network-page.ts';

/** POST /member/planNetwork: a provider serves a plan (added or changed). */
export function savePlanNetwork(body: TPlanNetworkSaveBody): Promise<{ id: string }> {
  return http.post<{ id: string }>('/member/planNetwork', body);
}

/** DELETE /member/planNetwork/{id}: the provider no longer serves the plan. */
export function deletePlanNetwork(id: string): Promise<{ id: string }> {
  return http.delete<{ id: string }>(`/member/planNetwork/${id}`);
}

export function useSavePlanNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePlanNetwork,
    onSuccess: () => client.invalidateQueries({ queryKey: PLAN_NETWORK_KEY }),
  });
}

export function useDeletePlanNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlanNetwork,
    onSuccess: () => client.invalidateQueries({ queryKey: PLAN_NETWORK_KEY }),
  });
}
