import type { TOrganisationCreate, TOrganisationEdit } from '@portal/domain/organisations/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ORGANISATIONS_KEY } from './organisation-tree.ts';

/** An organisation mutation; each refreshes every organisation query when done. */
function useOrganisationMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ORGANISATIONS_KEY }),
  });
}

/** POST /authority/org */
export const useCreateOrganisation = () =>
  useOrganisationMutation((body: TOrganisationCreate) =>
    http.post<{ id: string }>('/authority/org', body, { silent: true }),
  );

/** PUT /authority/org */
export const useEditOrganisation = () =>
  useOrganisationMutation((body: TOrganisationEdit) =>
    http.put<{ id: string; version: number }>('/authority/org', body, { silent: true }),
  );

/** DELETE /authority/org */
export const useDeleteOrganisation = () =>
  useOrganisationMutation((body: { id: string }) => http.delete<{ id: string }>('/authority/org', body));
