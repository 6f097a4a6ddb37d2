import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export interface TCheckEditResult {
  providerId: string;
  canEdit: true;
}

/**
 * GET /drsystem/providerTask/checkEdit?providerId=: whether a change of the approved record may
 * start. Refused with 409 (40910, naming the unfinished task) while another change is auditing
 * or pending, and 40082 without an approved record. Silent: callers show the reason in place.
 */
export function checkEdit(providerId: string): Promise<TCheckEditResult> {
  return http.get<TCheckEditResult>('/drsystem/providerTask/checkEdit', { providerId }, { silent: true });
}

export function checkEditQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: [...HOSPITAL_TASKS_KEY, 'check-edit', providerId],
    queryFn: () => checkEdit(providerId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCheckEdit(providerId: string, enabled = true) {
  return useQuery({ ...checkEditQueryOptions(providerId), enabled: enabled && providerId !== '' });
}
