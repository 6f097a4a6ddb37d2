import { MSG_CENTER_CODES } from '@portal/domain/messages/codes';
import type { TMsgCollectResult } from '@portal/domain/messages/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { MESSAGES_KEY, MSG_CENTER_VIEW } from './keys.ts';

/** POST /msg/msg/center/collect: unread counts of the six message-centre codes and their total. */
export function collectUnread(): Promise<TMsgCollectResult> {
  return http.post<TMsgCollectResult>(
    '/msg/msg/center/collect',
    { codes: [...MSG_CENTER_CODES] },
    { silent: true },
  );
}

export function collectQueryKey(userId: string | null) {
  return [...MESSAGES_KEY, 'collect', userId] as const;
}

export function collectQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: collectQueryKey(userId), queryFn: collectUnread, staleTime: 10_000 });
}

/** Unread counts of the signed-in user (the navbar badge and the list tabs). */
export function useUnreadCounts(options: { refetchInterval?: number | false } = {}) {
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const allowed = usePermission().has(MSG_CENTER_VIEW);
  return useQuery({
    ...collectQueryOptions(userId),
    enabled: allowed && userId !== null,
    refetchInterval: options.refetchInterval,
  });
}
