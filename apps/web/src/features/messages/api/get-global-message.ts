import type { TGlobalMsg } from '@portal/domain/messages/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { MESSAGES_KEY, MSG_CENTER_VIEW } from './keys.ts';

/** GET /msg/msg/center/global: the scrolling notice and the unread pop-up notices (oldest first). */
export function getGlobalMessage(): Promise<TGlobalMsg> {
  return http.get<TGlobalMsg>('/msg/msg/center/global', undefined, { silent: true });
}

export function globalMessageQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, 'global', userId],
    queryFn: getGlobalMessage,
    staleTime: 60_000,
  });
}

/** The global message of the signed-in user; nothing is asked without msg:center:view. */
export function useGlobalMessage(options: { refetchInterval?: number | false } = {}) {
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const allowed = usePermission().has(MSG_CENTER_VIEW);
  return useQuery({
    ...globalMessageQueryOptions(userId),
    enabled: allowed && userId !== null,
    refetchInterval: options.refetchInterval,
  });
}
