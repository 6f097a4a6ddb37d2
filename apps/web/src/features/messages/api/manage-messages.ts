import {
  PERSONS_IN_CHARGE_MAX,
  type TMsgEditView,
  type TMsgManagePage,
  type TMsgManagePageBody,
  type TMsgPreview,
  type TMsgSaveBody,
  type TMsgStats,
  type TPersonInCharge,
} from '@portal/domain/messages/compose';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chosenFirst } from '../../../components/search-select/chosen-first.ts';
import { http } from '../../../lib/http.ts';
import { MESSAGES_KEY } from './keys.ts';

/** Permissions of the sending side (granted by msg:msg:*). */
export const MSG_MANAGE = {
  page: 'msg:msg:page',
  save: 'msg:msg:save',
  delete: 'msg:msg:delete',
  export: 'msg:msg:export',
  import: 'msg:msg:import',
};

const MANAGE_KEY = [...MESSAGES_KEY, 'manage'] as const;

/** POST /msg/msg/page: the operator's messages. */
export function manageQueryOptions(body: TMsgManagePageBody) {
  return queryOptions({
    queryKey: [...MANAGE_KEY, 'page', body],
    queryFn: () => http.post<TMsgManagePage>('/msg/msg/page', body),
    placeholderData: keepPreviousData,
  });
}
export const useManagePage = (body: TMsgManagePageBody) => useQuery(manageQueryOptions(body));

/** GET /msg/msg/{id}/edit: a message with its recipient criteria. */
export const useEditView = (id: string | null) =>
  useQuery({
    queryKey: [...MANAGE_KEY, 'edit', id],
    queryFn: () => http.get<TMsgEditView>(`/msg/msg/${id}/edit`),
    enabled: Boolean(id),
  });

/** POST /msg/msg/{id}/stats: read statistics by provider. */
export const useMessageStats = (id: string | null, current: number) =>
  useQuery({
    queryKey: [...MANAGE_KEY, 'stats', id, current],
    queryFn: () => http.post<TMsgStats>(`/msg/msg/${id}/stats`, { current, size: 10 }),
    enabled: Boolean(id),
  });

/** POST /msg/msg: save a draft or send. */
export function useSaveMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TMsgSaveBody) =>
      http.post<{ id: string; status: string; recipients: number }>('/msg/msg', body),
    onSuccess: () => client.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** DELETE /msg/msg: delete drafts, withdraw sent messages. */
export function useDeleteMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => http.delete<{ deleted: number; withdrawn: number }>('/msg/msg', { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** POST /msg/msg/preview. */
export const previewMessage = (body: TMsgSaveBody) => http.post<TMsgPreview>('/msg/msg/preview', body);

/** POST /msg/msg/export (blob). */
export const exportMessages = (body: TMsgManagePageBody) =>
  http.download('/msg/msg/export', { method: 'POST', body });

/**
 * GET /msg/msg/personsInCharge?keyword=&ids=&limit=: the operators `ids` (a picker's values), then
 * up to `limit` others whose account or names contain the keyword, each with their provider count.
 */
export const getPersonsInCharge = (
  keyword = '',
  ids: readonly string[] = [],
  limit = PERSONS_IN_CHARGE_MAX,
) =>
  http.get<TPersonInCharge[]>('/msg/msg/personsInCharge', {
    ...(keyword ? { keyword } : {}),
    ...(ids.length > 0 ? { ids: ids.join(',') } : {}),
    limit,
  });

/**
 * The persons in charge a picker offers for a keyword, with its chosen ones: one more than shown
 * is asked, so `more` tells that more operators match than the picker lists.
 */
export function usePersonsInCharge(keyword: string, ids: readonly string[], enabled = true) {
  const query = useQuery({
    queryKey: [...MANAGE_KEY, 'persons', keyword, ids.join(',')],
    queryFn: () => getPersonsInCharge(keyword, ids, PERSONS_IN_CHARGE_MAX + 1),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
  const { items, more } = chosenFirst(query.data ?? [], ids, (u) => u.id, PERSONS_IN_CHARGE_MAX);
  return { persons: items, more, isFetching: query.isFetching };
}

export interface TProviderOption {
  providerId: string;
  providerCnName: string;
  providerEnName: string;
}
export const useProviderSearch = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: [...MANAGE_KEY, 'providers', keyword],
    queryFn: () => http.post<TProviderOption[]>('/msg/msg/providers', { keyword }),
    enabled,
    placeholderData: keepPreviousData,
  });
