import type { TArea, TPage } from '@portal/domain/dictionaries/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DICTIONARY_ADMIN_KEY } from './dictionary-page.ts';

export interface TAreaPageBody {
  current: number;
  size: number;
  model: { keyword: string; level: '' | '01' | '02' | '03' | '04' | '05' };
}

/** POST /authority/area/page: areas by code prefix or name, and level. */
export function pageAreas(body: TAreaPageBody): Promise<TPage<TArea>> {
  return http.post<TPage<TArea>>('/authority/area/page', body);
}

export function areaPageQueryOptions(body: TAreaPageBody) {
  return queryOptions({
    queryKey: [...DICTIONARY_ADMIN_KEY, 'areas', body],
    queryFn: () => pageAreas(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The search results; nothing is asked while the keyword is empty. */
export function useAreaPage(body: TAreaPageBody) {
  return useQuery({ ...areaPageQueryOptions(body), enabled: body.model.keyword.trim() !== '' });
}
