import type { TUserCreate, TUserEdit } from '@portal/domain/users/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { type TAdminUser, USERS_KEY } from './users-page.ts';

/** The user mutations of the screen; each refreshes the lists when done. */
function useUserMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** POST /authority/user */
export const useCreateUser = () =>
  useUserMutation((body: TUserCreate) => http.post<TAdminUser>('/authority/user', body, { silent: true }));

/** PUT /authority/user */
export const useEditUser = () =>
  useUserMutation((body: TUserEdit) => http.put<TAdminUser>('/authority/user', body, { silent: true }));

/** PUT /authority/user/enabled */
export const useSetUsersEnabled = () =>
  useUserMutation((body: { ids: string[]; enabled: boolean }) =>
    http.put<{ changed: number }>('/authority/user/enabled', body),
  );

/** DELETE /authority/user */
export const useDeleteUsers = () =>
  useUserMutation((body: { ids: string[] }) => http.delete<{ deleted: number }>('/authority/user', body));

/** POST /authority/user/reset: the one-time password comes back once. */
export const useResetPassword = () =>
  useUserMutation((userId: string) =>
    http.postForm<{ userId: string; account: string; password: string }>('/authority/user/reset', { userId }),
  );

/** POST /authority/user/reload (form userId) */
export const useReloadUser = () =>
  useMutation({
    mutationFn: (userId: string) => http.postForm<{ userId: string }>('/authority/user/reload', { userId }),
  });
