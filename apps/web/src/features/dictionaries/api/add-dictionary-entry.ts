import type { TDictionaryEntryInput, TDictionaryRecord } from '@portal/domain/dictionaries/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDictionaries } from './invalidate.ts';

/** POST /authority/dictionary: adds an entry (outpatients: a department). */
export function addDictionaryEntry(input: TDictionaryEntryInput): Promise<TDictionaryRecord> {
  return http.post<TDictionaryRecord>('/authority/dictionary', input);
}

export function useAddDictionaryEntry() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addDictionaryEntry, onSuccess: () => invalidateDictionaries(client) });
}
