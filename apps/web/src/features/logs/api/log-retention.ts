import type {
  TCleanedLog,
  TLogCleanResult,
  TLogRetention,
  TLogRetentionState,
} from '@portal/domain/logs/rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /authority/logRetention: the tenant's retention per log (the portal default until chosen). */
export function getLogRetention(): Promise<TLogRetentionState> {
  return http.get<TLogRetentionState>('/authority/logRetention');
}

export function logRetentionQueryOptions() {
  return queryOptions({ queryKey: ['logs', 'retention'], queryFn: getLogRetention, staleTime: 0 });
}

export function useLogRetention() {
  return useQuery(logRetentionQueryOptions());
}

/** PUT /authority/logRetention: chooses what each log keeps. */
export function saveLogRetention(body: TLogRetention): Promise<TLogRetentionState> {
  return http.put<TLogRetentionState>('/authority/logRetention', body);
}

export function useSaveLogRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLogRetention,
    onSuccess: (state) => client.setQueryData(logRetentionQueryOptions().queryKey, state),
  });
}

/** POST /authority/logRetention/clean: cleans one log now; answers how many rows were removed. */
export function cleanLog(log: TCleanedLog): Promise<TLogCleanResult> {
  return http.post<TLogCleanResult>('/authority/logRetention/clean', { log });
}

export function useCleanLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cleanLog,
    onSuccess: () => client.invalidateQueries({ queryKey: ['logs'] }),
  });
}
