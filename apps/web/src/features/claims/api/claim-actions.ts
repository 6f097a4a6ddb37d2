import type { TClaimBatch, TClaimDecide, TStatementReport } from '@portal/domain/claims/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { CLAIMS_KEY } from './claim-batches.ts';

export interface TSubmitInput {
  statementFileId?: string;
  imageFileIds: string[];
  id?: string;
  version?: number;
  remark?: string;
}

/** POST /claim/batch/check: the statement's row report; nothing is saved. */
export function checkStatement(statementFileId: string): Promise<TStatementReport> {
  return http.post<TStatementReport>('/claim/batch/check', { statementFileId }, { silent: true });
}

/** GET /claim/batch/template: the statement template, saved under the server's name. */
export function downloadStatementTemplate() {
  return http.download('/claim/batch/template');
}

const ACTIONS = {
  submit: (input: TSubmitInput) => http.post<TClaimBatch>('/claim/batch/submit', input, { silent: true }),
  withdraw: (input: { id: string; version: number }) =>
    http.post<TClaimBatch>('/claim/batch/withdraw', input),
  decide: (input: TClaimDecide) => http.post<TClaimBatch>('/claim/audit/decide', input),
};

function useAction<T>(fn: (input: T) => Promise<TClaimBatch>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: CLAIMS_KEY }),
  });
}

export const useSubmitClaimBatch = () => useAction(ACTIONS.submit);
export const useWithdrawClaimBatch = () => useAction(ACTIONS.withdraw);
export const useDecideClaimBatch = () => useAction(ACTIONS.decide);
