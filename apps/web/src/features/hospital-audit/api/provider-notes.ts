import type { TProviderNote } from '@portal/domain/hospital-tasks/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PROVIDER_NOTES_KEY } from './keys.ts';

export interface TProviderNotePage {
  records: TProviderNote[];
  current: number;
  size: number;
  total: number;
}

/** POST /drsystem/liproviderinfo/pageProviderNotes: a provider's notes, newest first. */
export function pageProviderNotes(body: {
  providerId: string;
  current: number;
  size: number;
}): Promise<TProviderNotePage> {
  const { providerId, current, size } = body;
  return http.post<TProviderNotePage>('/drsystem/liproviderinfo/pageProviderNotes', {
    model: { providerId },
    current,
    size,
  });
}

export function providerNotesQueryOptions(body: { providerId: string; current: number; size: number }) {
  return queryOptions({
    queryKey: [...PROVIDER_NOTES_KEY, body],
    queryFn: () => pageProviderNotes(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useProviderNotes(body: { providerId: string; current: number; size: number }) {
  return useQuery({ ...providerNotesQueryOptions(body), enabled: body.providerId !== '' });
}
