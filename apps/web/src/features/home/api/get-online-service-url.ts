import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

/** User types that get the online benefits-enquiry link (spec section 6). */
export const BENEFITS_ENQUIRY_USER_TYPES: readonly string[] = ['01', '04'];

/** GET /drsystem/homePage/getOnlineServiceUrl: the benefits-enquiry address ('' hides the link). */
export async function getOnlineServiceUrl(): Promise<string> {
  const answer = await http.get<{ url: string }>('/drsystem/homePage/getOnlineServiceUrl', undefined, {
    silent: true,
  });
  return answer?.url ?? '';
}

export function onlineServiceUrlQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['home', 'online-service-url', userId],
    queryFn: getOnlineServiceUrl,
    staleTime: 10 * 60_000,
  });
}

/** The link for user types 01 and 04 only (the server answers 403 to the others, so they never ask). */
export function useOnlineServiceUrl() {
  const user = useSessionStore((s) => s.user);
  const allowed = Boolean(user?.userType && BENEFITS_ENQUIRY_USER_TYPES.includes(user.userType));
  return useQuery({ ...onlineServiceUrlQueryOptions(user?.userId ?? null), enabled: allowed });
}
