import type { TClientRecord } from '@portal/domain/clients/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateClients } from './client-page.ts';

/** PUT /authority/client/enabled: enables or disables a client, at once. */
export function setClientEnabled(body: { id: string; enabled: boolean }): Promise<TClientRecord> {
  return http.put<TClientRecord>('/authority/client/enabled', body);
}

export function useSetClientEnabled() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setClientEnabled, onSuccess: () => invalidateClients(client) });
}
