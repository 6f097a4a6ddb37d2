import type { TClientCreate, TClientWithSecret } from '@portal/domain/clients/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateClients } from './client-page.ts';

/** POST /authority/client: registers a client; the answer holds its secret, this once. */
export function createClient(body: TClientCreate): Promise<TClientWithSecret> {
  return http.post<TClientWithSecret>('/authority/client', body, { silent: true });
}

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createClient, onSuccess: () => invalidateClients(client) });
}
