import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http.ts';
import { PROVIDER_DETAIL_KEY } from './keys.ts';

/**
 * GET /drsystem/providerTask/providerDetail/{providerId}: the approved record, with the
 * compareResult and oldData of the change that last updated it. Silent: a provider without an
 * approved record (404) is a state the screens show, not an error.
 */
export function getProviderDetail(providerId: string): Promise<THospitalTaskView> {
  return http.get<THospitalTaskView>(
    `/drsystem/providerTask/providerDetail/${encodeURIComponent(providerId)}`,
    undefined,
    { silent: true },
  );
}

export function providerDetailQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: [...PROVIDER_DETAIL_KEY, providerId],
    queryFn: () => getProviderDetail(providerId),
    staleTime: 0,
  });
}

export function useProviderDetail(providerId: string | null | undefined) {
  return useQuery({ ...providerDetailQueryOptions(providerId ?? ''), enabled: Boolean(providerId) });
}

/** The provider has no approved record yet (the answer was 'not found'). */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
