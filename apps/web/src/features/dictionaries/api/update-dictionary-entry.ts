import type { TDictionaryEntryUpdate, TDictionaryRecord } from '@portal/domain/dictionaries/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDictionaries } from './invalidate.ts';

/** PUT /authority/dictionary: edits an entry (code-table entries keep their code). */
export function updateDictionaryEntry(input: TDictionaryEntryUpdate): Promise<TDictionaryRecord> {
  return http.put<TDictionaryRecord>('/authority/dictionary', input);
}

export function useUpdateDictionaryEntry() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateDictionaryEntry, onSuccess: () => invalidateDictionaries(client) });
}
