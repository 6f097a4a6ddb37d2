import type { TMsgListBody, TMsgPage } from '@portal/domain/messages/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usePermission } from '../../../components/permission/use-permission.ts';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { MESSAGES_KEY, MSG_CENTER_VIEW } from './keys.ts';

/** POST /msg/msg/center/list: a page of the user's messages, newest first. */
export function listMessages(body: TMsgListBody): Promise<TMsgPage> {
  return http.post<TMsgPage>('/msg/msg/center/list', body);
}

export function messageListQueryOptions(userId: string | null, body: TMsgListBody) {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', userId, body],
    queryFn: () => listMessages(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMessageList(body: TMsgListBody, options: { refetchInterval?: number | false } = {}) {
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const allowed = usePermission().has(MSG_CENTER_VIEW);
  return useQuery({
    ...messageListQueryOptions(userId, body),
    enabled: allowed && userId !== null,
    refetchInterval: options.refetchInterval,
  });
}
