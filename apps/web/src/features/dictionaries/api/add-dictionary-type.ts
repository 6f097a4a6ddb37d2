import type { TDictionaryTypeInput, TDictionaryTypeRecord } from '@portal/domain/dictionaries/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDictionaries } from './invalidate.ts';

/** POST /authority/dictionary/type: adds a code type. */
export function addDictionaryType(input: TDictionaryTypeInput): Promise<TDictionaryTypeRecord> {
  return http.post<TDictionaryTypeRecord>('/authority/dictionary/type', input);
}

export function useAddDictionaryType() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addDictionaryType, onSuccess: () => invalidateDictionaries(client) });
}
