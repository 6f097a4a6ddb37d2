import type {
  TDictionaryTypePageBody,
  TDictionaryTypeRecord,
  TPage,
} from '@portal/domain/dictionaries/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DICTIONARY_ADMIN_KEY } from './dictionary-page.ts';

/** POST /authority/dictionary/type/page: code types with their entry counts. */
export function pageDictionaryTypes(body: TDictionaryTypePageBody): Promise<TPage<TDictionaryTypeRecord>> {
  return http.post<TPage<TDictionaryTypeRecord>>('/authority/dictionary/type/page', body);
}

export function dictionaryTypePageQueryOptions(body: TDictionaryTypePageBody) {
  return queryOptions({
    queryKey: [...DICTIONARY_ADMIN_KEY, 'types', body],
    queryFn: () => pageDictionaryTypes(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDictionaryTypePage(body: TDictionaryTypePageBody) {
  return useQuery(dictionaryTypePageQueryOptions(body));
}
