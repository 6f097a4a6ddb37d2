import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateNotes } from './save-note.ts';

/** DELETE /drsystem/liproviderinfo/note: deletes notes by id. */
export function deleteNotes(ids: string[]): Promise<{ deleted: number }> {
  return http.delete<{ deleted: number }>('/drsystem/liproviderinfo/note', { ids });
}

export function useDeleteNotes() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteNotes, onSuccess: () => invalidateNotes(client) });
}
