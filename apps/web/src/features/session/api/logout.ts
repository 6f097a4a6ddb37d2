import { CLIENT_ID, http } from '../../../lib/http.ts';

/** POST /oauth/noToken/logout (form): revokes the session's access and refresh tokens. */
export function logoutRequest(input: { token: string | null; userId: string | null }): Promise<unknown> {
  return http.postForm(
    '/oauth/noToken/logout',
    { token: input.token, userId: input.userId, clientId: CLIENT_ID },
    { anonymous: true, silent: true },
  );
}
