import type { TClientRecord, TClientUpdate } from '@portal/domain/clients/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateClients } from './client-page.ts';

/** PUT /authority/client: changes a client's fields (not its id or secret). */
export function updateClient(body: TClientUpdate): Promise<TClientRecord> {
  return http.put<TClientRecord>('/authority/client', body, { silent: true });
}

export function useUpdateClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateClient, onSuccess: () => invalidateClients(client) });
}
