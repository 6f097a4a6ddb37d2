import type { TArea, TAreaInput } from '@portal/domain/dictionaries/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateAreas } from './invalidate.ts';

/** POST /authority/area: adds an area under upCode ('0' for a continent). */
export function addArea(input: TAreaInput): Promise<TArea> {
  return http.post<TArea>('/authority/area', input);
}

export function useAddArea() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addArea, onSuccess: () => invalidateAreas(client) });
}
