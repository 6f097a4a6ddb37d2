import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDictionaries } from './invalidate.ts';

/** DELETE /authority/dictionary/type: deletes empty dictionary types by id. */
export function deleteDictionaryTypes(ids: string[]): Promise<{ deleted: number }> {
  return http.delete<{ deleted: number }>('/authority/dictionary/type', ids);
}

export function useDeleteDictionaryTypes() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteDictionaryTypes, onSuccess: () => invalidateDictionaries(client) });
}
