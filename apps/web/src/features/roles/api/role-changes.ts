import type { TAdminRoleDetail, TRoleCreate, TRoleEdit } from '@portal/domain/roles/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ROLES_KEY } from './roles-page.ts';

/** A role mutation; each refreshes every role query when done. */
function useRoleMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}

/** POST /authority/role */
export const useCreateRole = () =>
  useRoleMutation((body: TRoleCreate) =>
    http.post<TAdminRoleDetail>('/authority/role', body, { silent: true }),
  );

/** PUT /authority/role */
export const useEditRole = () =>
  useRoleMutation((body: TRoleEdit) => http.put<TAdminRoleDetail>('/authority/role', body, { silent: true }));

/** PUT /authority/role/enabled */
export const useSetRoleEnabled = () =>
  useRoleMutation((body: { id: string; enabled: boolean }) =>
    http.put<TAdminRoleDetail>('/authority/role/enabled', body),
  );

/** DELETE /authority/role */
export const useDeleteRoles = () =>
  useRoleMutation((body: { ids: string[]; removeFromUsers: boolean }) =>
    http.delete<{ deleted: number; removedFromUsers: number }>('/authority/role', body),
  );
