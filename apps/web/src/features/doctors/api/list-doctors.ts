import type { TDoctorListItem } from '@portal/domain/doctors/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { TPageOf } from '../../hospital-tasks/api/keys.ts';
import { DOCTOR_LIST_KEY } from './keys.ts';

export interface TDoctorListRequest {
  current: number;
  size: number;
  model: { keyword: string };
}

/** POST /drsystem/management/list: the doctors practising at the user's provider. */
export function listDoctors(request: TDoctorListRequest): Promise<TPageOf<TDoctorListItem>> {
  return http.post<TPageOf<TDoctorListItem>>('/drsystem/management/list', request);
}

export function doctorListQueryOptions(request: TDoctorListRequest) {
  return queryOptions({
    queryKey: [...DOCTOR_LIST_KEY, request],
    queryFn: () => listDoctors(request),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDoctorList(request: TDoctorListRequest) {
  return useQuery(doctorListQueryOptions(request));
}
