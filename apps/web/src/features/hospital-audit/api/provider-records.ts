import type { TProviderRecordItem } from '@portal/domain/hospital-audit/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PROVIDER_RECORDS_KEY } from './keys.ts';

export interface TProviderRecordPage {
  records: TProviderRecordItem[];
  current: number;
  size: number;
  total: number;
}

export interface TProviderRecordsBody {
  current: number;
  size: number;
  model: { keyword: string };
}

/** POST /drsystem/liproviderinfo/providerPage: approved provider records with their note counts. */
export function pageProviderRecords(body: TProviderRecordsBody): Promise<TProviderRecordPage> {
  return http.post<TProviderRecordPage>('/drsystem/liproviderinfo/providerPage', body);
}

export function providerRecordsQueryOptions(body: TProviderRecordsBody) {
  return queryOptions({
    queryKey: [...PROVIDER_RECORDS_KEY, body],
    queryFn: () => pageProviderRecords(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useProviderRecords(body: TProviderRecordsBody) {
  return useQuery(providerRecordsQueryOptions(body));
}
