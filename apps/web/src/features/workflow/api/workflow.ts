import type { TWorkflowEdit, TWorkflowState } from '@portal/domain/workflow/rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /authority/workflow: each task type's auditor role and overdue period, and the roles. */
export function getWorkflow(): Promise<TWorkflowState> {
  return http.get<TWorkflowState>('/authority/workflow');
}

export function workflowQueryOptions() {
  return queryOptions({ queryKey: ['workflow'], queryFn: getWorkflow, staleTime: 0 });
}

export function useWorkflow() {
  return useQuery(workflowQueryOptions());
}

/** PUT /authority/workflow: one task type's auditor role and overdue period. */
export function saveWorkflow(body: TWorkflowEdit): Promise<TWorkflowState> {
  return http.put<TWorkflowState>('/authority/workflow', body, { silent: true });
}

export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflow,
    onSuccess: (state) => client.setQueryData(workflowQueryOptions().queryKey, state),
  });
}
