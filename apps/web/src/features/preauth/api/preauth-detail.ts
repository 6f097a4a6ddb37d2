import type { TPreauthDetail } from '@portal/domain/preauth/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PREAUTH_KEY, type TPreauthArea } from './preauth-list.ts';

/** GET /preauth/{area}/detail/{id}: the case, its flow, attachments and the benefit beside it. */
export function getPreauthDetail(area: TPreauthArea, id: string): Promise<TPreauthDetail> {
  return http.get<TPreauthDetail>(`/preauth/${area}/detail/${id}`);
}

export function preauthDetailQueryOptions(area: TPreauthArea, id: string) {
  return queryOptions({
    queryKey: [...PREAUTH_KEY, area, 'detail', id],
    queryFn: () => getPreauthDetail(area, id),
    enabled: id !== '',
    retry: false,
  });
}

export function usePreauthDetail(area: TPreauthArea, id: string) {
  return useQuery(preauthDetailQueryOptions(area, id));
}
