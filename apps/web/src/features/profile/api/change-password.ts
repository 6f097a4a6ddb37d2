import type { TPasswordChange } from '@portal/domain/users/rules';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Business codes of PUT /authority/user/password. */
export const PASSWORD_MISMATCH_CODE = 40017;
export const OLD_PASSWORD_INCORRECT_CODE = 40018;

/** PUT /authority/user/password: your other sessions end; answers how many. */
export function changePassword(input: TPasswordChange): Promise<{ revokedSessions: number }> {
  return http.put<{ revokedSessions: number }>('/authority/user/password', input, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
