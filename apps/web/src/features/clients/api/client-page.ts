import type { TClientPage, TClientPageBody } from '@portal/domain/clients/rules';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /authority/client/page: the tenant's clients and the shared built-in one. */
export function pageClients(body: TClientPageBody): Promise<TClientPage> {
  return http.post<TClientPage>('/authority/client/page', body);
}

export function clientPageQueryOptions(body: TClientPageBody) {
  return queryOptions({
    queryKey: ['clients', 'page', body],
    queryFn: () => pageClients(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useClientPage(body: TClientPageBody) {
  return useQuery(clientPageQueryOptions(body));
}

/** After any change to a client: every page of the list is read again. */
export function invalidateClients(client: QueryClient) {
  return client.invalidateQueries({ queryKey: ['clients'] });
}
