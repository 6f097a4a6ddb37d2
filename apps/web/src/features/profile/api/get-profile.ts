import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

/** A user's profile as GET /authority/user/{id} answers it. */
export interface TUserProfile {
  id: string;
  account: string;
  name: string;
  nameEn: string;
  /** '' or the avatar's URL (fetched with the session headers). */
  avatar: string;
  workDescribe: string;
  email: string;
  mobile: string;
  userType: string;
  providerId: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export const PROFILE_KEY = ['profile'] as const;

/** GET /authority/user/{id}. */
export function getProfile(id: string): Promise<TUserProfile> {
  return http.get<TUserProfile>(`/authority/user/${encodeURIComponent(id)}`);
}

export function profileQueryOptions(id: string) {
  return queryOptions({ queryKey: [...PROFILE_KEY, id], queryFn: () => getProfile(id) });
}

/** The signed-in user's own profile. */
export function useOwnProfile() {
  const userId = useSessionStore((s) => s.user?.userId ?? '');
  return useQuery({ ...profileQueryOptions(userId), enabled: userId !== '' });
}
