import type { TMsgCategoryCode } from '@portal/domain/messages/codes';
import { applyRead, type TMsgCollectResult, type TMsgHaveReadResult } from '@portal/domain/messages/rules';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { collectQueryKey } from './collect-unread.ts';
import { MESSAGES_KEY } from './keys.ts';

/** POST /msg/msg/center/haveRead: marks messages read; answers the new unread counts. */
export function haveRead(ids: readonly string[]): Promise<TMsgHaveReadResult> {
  return http.post<TMsgHaveReadResult>('/msg/msg/center/haveRead', { ids: [...ids] });
}

/** Unread messages being marked, by code (so the counts can drop before the server answers). */
export interface THaveReadInput {
  ids: readonly string[];
  /** The codes of the unread messages among `ids` (one entry per message). */
  unreadCodes?: readonly TMsgCategoryCode[];
}

/** Lowers the held counts by the messages read: the total and each code's count by N (spec section 4). */
export function lowerCounts(
  counts: TMsgCollectResult,
  codes: readonly TMsgCategoryCode[],
): TMsgCollectResult {
  const byCode = new Map<TMsgCategoryCode, number>();
  for (const code of codes) byCode.set(code, (byCode.get(code) ?? 0) + 1);
  let next = counts;
  for (const [code, n] of byCode) next = applyRead(next, code, n);
  return next;
}

/** Lists and notices show read state again after a change (counts are set directly; viewed messages stay). */
export function invalidateMessageViews(client: QueryClient) {
  return client.invalidateQueries({
    queryKey: MESSAGES_KEY,
    predicate: (query) => query.queryKey[1] === 'list' || query.queryKey[1] === 'global',
  });
}

/** Marks messages read: counts drop at once, then take the server's recount; lists reload. */
export function useHaveRead() {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.user?.userId ?? null);
  const key = collectQueryKey(userId);
  return useMutation({
    mutationFn: (input: THaveReadInput) => haveRead(input.ids),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<TMsgCollectResult>(key);
      if (before && input.unreadCodes?.length)
        client.setQueryData(key, lowerCounts(before, input.unreadCodes));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      client.setQueryData<TMsgCollectResult>(key, {
        count: answer.count,
        statisticsList: answer.statisticsList,
      });
    },
    onSettled: () => invalidateMessageViews(client),
  });
}
