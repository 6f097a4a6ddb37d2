import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateClients } from './client-page.ts';

/** DELETE /authority/client: deletes a client; its credentials stop working at once. */
export function deleteClient(id: string): Promise<null> {
  return http.delete<null>('/authority/client', { id });
}

export function useDeleteClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteClient, onSuccess: () => invalidateClients(client) });
}
