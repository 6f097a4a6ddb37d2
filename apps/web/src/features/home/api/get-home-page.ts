import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

export interface TTaskCount {
  /** Hospital/doctor change task status code (01, 03, 04, 06, 07, 08). */
  status: string;
  count: number;
}

export interface THomePage {
  group: 'provider' | 'netView' | 'dashboard';
  user: { name: string; nameEn: string | null; lastLoginAt: string | null };
  tenant: { code: string; name: string; nameEn: string | null };
  provider: { providerId: string; cnName: string | null; enName: string | null } | null;
  taskCounts: TTaskCount[];
  stats?: { users: number; roles: number; menus: number } | null;
}

/** GET /drsystem/homePage/getHomePage: the home board's data for the signed-in user. */
export function getHomePage(): Promise<THomePage> {
  return http.get<THomePage>('/drsystem/homePage/getHomePage');
}

export function homePageQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: ['home', 'home-page', userId], queryFn: getHomePage });
}

/** The home board's data; not asked for when `enabled` is false (no permission to view it). */
export function useHomePage(enabled = true) {
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  return useQuery({ ...homePageQueryOptions(userId), enabled: enabled && userId !== null });
}
