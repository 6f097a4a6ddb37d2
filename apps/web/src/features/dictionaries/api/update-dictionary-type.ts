import type { TDictionaryTypeRecord, TDictionaryTypeUpdate } from '@portal/domain/dictionaries/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDictionaries } from './invalidate.ts';

/** PUT /authority/dictionary/type: edits a code type's names, kind and order. */
export function updateDictionaryType(input: TDictionaryTypeUpdate): Promise<TDictionaryTypeRecord> {
  return http.put<TDictionaryTypeRecord>('/authority/dictionary/type', input);
}

export function useUpdateDictionaryType() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateDictionaryType, onSuccess: () => invalidateDictionaries(client) });
}
