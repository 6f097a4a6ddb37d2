import type { TArea, TAreaUpdate } from '@portal/domain/dictionaries/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateAreas } from './invalidate.ts';

/** PUT /authority/area: renames an area or changes its order. */
export function updateArea(input: TAreaUpdate): Promise<TArea> {
  return http.put<TArea>('/authority/area', input);
}

export function useUpdateArea() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateArea, onSuccess: () => invalidateAreas(client) });
}
