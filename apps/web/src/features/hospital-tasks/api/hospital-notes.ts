import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_NOTES_KEY, type TPageOf } from './keys.ts';

export interface THospitalNotesRequest {
  providerId: string;
  current: number;
  size: number;
}

/** POST /drsystem/liproviderinfo/getHospitalNoteInfo: a page of the provider notes of the detail screen. */
export function getHospitalNoteInfo({
  providerId,
  current,
  size,
}: THospitalNotesRequest): Promise<TPageOf<TProviderNote>> {
  return http.post<TPageOf<TProviderNote>>('/drsystem/liproviderinfo/getHospitalNoteInfo', {
    model: { providerId },
    current,
    size,
  });
}

export function hospitalNotesQueryOptions(request: THospitalNotesRequest) {
  return queryOptions({
    queryKey: [...HOSPITAL_NOTES_KEY, request],
    queryFn: () => getHospitalNoteInfo(request),
    placeholderData: keepPreviousData,
  });
}

export function useHospitalNotes(request: THospitalNotesRequest) {
  return useQuery({ ...hospitalNotesQueryOptions(request), enabled: request.providerId !== '' });
}
