import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /drsystem/info/query/infoDetail: the approved record of a search result's hospital. */
export function getInfoDetail(providerId: string): Promise<THospitalTaskView> {
  return http.get<THospitalTaskView>('/drsystem/info/query/infoDetail', { providerId });
}

export function infoDetailQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: ['knowledge', 'infoDetail', providerId],
    queryFn: () => getInfoDetail(providerId),
  });
}

export function useInfoDetail(providerId: string) {
  return useQuery({ ...infoDetailQueryOptions(providerId), enabled: providerId !== '' });
}
