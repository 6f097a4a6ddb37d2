import type { TDictionaryPageBody, TDictionaryRecord, TPage } from '@portal/domain/dictionaries/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const DICTIONARY_ADMIN_KEY = ['dictionaries', 'admin'] as const;

/** POST /authority/dictionary/page: entries by code type, code and name. */
export function pageDictionaryEntries(body: TDictionaryPageBody): Promise<TPage<TDictionaryRecord>> {
  return http.post<TPage<TDictionaryRecord>>('/authority/dictionary/page', body);
}

export function dictionaryPageQueryOptions(body: TDictionaryPageBody) {
  return queryOptions({
    queryKey: [...DICTIONARY_ADMIN_KEY, 'entries', body],
    queryFn: () => pageDictionaryEntries(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDictionaryPage(body: TDictionaryPageBody) {
  return useQuery(dictionaryPageQueryOptions(body));
}
