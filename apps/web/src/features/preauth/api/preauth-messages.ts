import type { TPreauthConversation, TPreauthMessageBody } from '@portal/domain/preauth/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PREAUTH_KEY, type TPreauthArea } from './preauth-list.ts';

/** GET /preauth/{area}/messages/{id}: the case's conversation; the other side's messages become read. */
export function getConversation(area: TPreauthArea, caseId: string): Promise<TPreauthConversation> {
  return http.get<TPreauthConversation>(`/preauth/${area}/messages/${caseId}`);
}

export function conversationQueryOptions(area: TPreauthArea, caseId: string) {
  return queryOptions({
    queryKey: [...PREAUTH_KEY, area, 'messages', caseId],
    queryFn: () => getConversation(area, caseId),
    enabled: caseId !== '',
    retry: false,
  });
}

export function useConversation(area: TPreauthArea, caseId: string) {
  return useQuery(conversationQueryOptions(area, caseId));
}

/** POST /preauth/{area}/message: leaves a message; answers the conversation. */
export function useLeaveMessage(area: TPreauthArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPreauthMessageBody) =>
      http.post<TPreauthConversation>(`/preauth/${area}/message`, body),
    onSuccess: (data) => client.setQueryData(conversationQueryOptions(area, data.caseId).queryKey, data),
  });
}
