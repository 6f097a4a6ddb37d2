import type { TMsgDetail } from '@portal/domain/messages/rules';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { collectQueryKey } from './collect-unread.ts';
import { invalidateMessageViews } from './have-read.ts';
import { MESSAGES_KEY } from './keys.ts';

/**
 * POST /msg/anyone/myMsg/mark: marks one received message read and returns it. Silent (spec
 * section 8: mark-read shows no toast); a failure shows on the viewer instead.
 */
export function markMessage(id: string): Promise<TMsgDetail> {
  return http.post<TMsgDetail>('/msg/anyone/myMsg/mark', { id }, { silent: true });
}

export function viewedMessageQueryOptions(userId: string | null, id: string) {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, 'viewed', userId, id],
    queryFn: () => markMessage(id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * Views a message: marks it read, shows it, then reloads the counts and lists (spec section 4:
 * viewing a message marks it read then reloads the list).
 */
export function useViewMessage(id: string | null) {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const query = useQuery({
    ...viewedMessageQueryOptions(userId, id ?? ''),
    enabled: Boolean(id) && userId !== null,
  });
  const markedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!markedAt) return;
    void client.invalidateQueries({ queryKey: collectQueryKey(userId) });
    void invalidateMessageViews(client);
  }, [markedAt, client, userId]);
  return query;
}
