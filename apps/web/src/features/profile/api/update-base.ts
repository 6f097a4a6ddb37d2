import type { TUserBase } from '@portal/domain/users/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { PROFILE_KEY, type TUserProfile } from './get-profile.ts';

/** PUT /authority/user/base: your own names and work description. */
export function updateBase(input: TUserBase): Promise<TUserProfile> {
  return http.put<TUserProfile>('/authority/user/base', input);
}

/** Saves the base info; the stored user (navbar name) follows. */
export function useUpdateBase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBase,
    onSuccess: (profile) => {
      client.setQueryData([...PROFILE_KEY, profile.id], profile);
      useSessionStore.getState().updateUser({
        name: profile.name,
        nameEn: profile.nameEn || null,
        workDescribe: profile.workDescribe || null,
      });
    },
  });
}
