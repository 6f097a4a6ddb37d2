import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDictionaries } from './invalidate.ts';

/** DELETE /authority/dictionary: deletes entries by id (never code-table entries). */
export function deleteDictionaryEntries(ids: string[]): Promise<{ deleted: number }> {
  return http.delete<{ deleted: number }>('/authority/dictionary', ids);
}

export function useDeleteDictionaryEntries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDictionaryEntries,
    onSuccess: () => invalidateDictionaries(client),
  });
}
