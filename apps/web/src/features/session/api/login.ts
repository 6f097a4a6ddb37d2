import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { TLoginResult } from '../../../lib/session-store.ts';

export interface TLoginInput {
  tenant: string;
  account: string;
  password: string;
  /** The captcha key the image was fetched with. */
  key: string;
  /** The captcha answer. */
  code: string;
}

/**
 * POST /oauth/noToken/login. Anonymous and silent: a wrong password (40006, a session code)
 * is shown on the login form, not as the 'remind' dialog.
 */
export function login({ tenant, ...body }: TLoginInput): Promise<TLoginResult> {
  return http.post<TLoginResult>('/oauth/noToken/login', body, { anonymous: true, silent: true, tenant });
}

export function useLoginMutation() {
  return useMutation({ mutationKey: ['session', 'login'], mutationFn: login });
}
