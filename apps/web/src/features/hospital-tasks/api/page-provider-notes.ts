import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY, type TPageOf } from './keys.ts';

export interface TProviderNotesRequest {
  providerId: string;
  current: number;
  size: number;
}

/** POST /drsystem/liproviderinfo/pageProviderNotes: a page of a provider's notes (the form's notes table). */
export function pageProviderNotes({
  providerId,
  current,
  size,
}: TProviderNotesRequest): Promise<TPageOf<TProviderNote>> {
  return http.post<TPageOf<TProviderNote>>('/drsystem/liproviderinfo/pageProviderNotes', {
    model: { providerId },
    current,
    size,
  });
}

export function providerNotesQueryOptions(request: TProviderNotesRequest) {
  return queryOptions({
    queryKey: [...HOSPITAL_TASKS_KEY, 'provider-notes', request],
    queryFn: () => pageProviderNotes(request),
    placeholderData: keepPreviousData,
  });
}

export function useProviderNotes(request: TProviderNotesRequest, enabled = true) {
  return useQuery({ ...providerNotesQueryOptions(request), enabled: enabled && request.providerId !== '' });
}
