import type { TClientWithSecret } from '@portal/domain/clients/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateClients } from './client-page.ts';

/** POST /authority/client/resetSecret: a new secret, shown this once; the old one stops at once. */
export function resetClientSecret(id: string): Promise<TClientWithSecret> {
  return http.post<TClientWithSecret>('/authority/client/resetSecret', { id });
}

export function useResetClientSecret() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetClientSecret, onSuccess: () => invalidateClients(client) });
}
