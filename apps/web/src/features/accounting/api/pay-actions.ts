import type {
  TDispute,
  TPayBillConfirm,
  TPayBillSave,
  TPayDetail,
  TReconcile,
  TResolve,
} from '@portal/domain/accounting/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ACCOUNTING_KEY } from './pay-batches.ts';

const ACTIONS = {
  /** POST /claim/acc/payBill/save: a new batch, to be confirmed. */
  build: (input: TPayBillSave) => http.post<TPayDetail>('/claim/acc/payBill/save', input),
  cancel: (input: { payBatchNo: string; version: number; remark?: string }) =>
    http.post<TPayDetail>('/claim/acc/payBill/cancel', input),
  confirm: (input: TPayBillConfirm) => http.post<TPayDetail>('/claim/acc/payBill/confirm', input),
  reconcile: (input: TReconcile) => http.post<TPayDetail>('/claim/acc/reconciliation/reconcile', input),
  dispute: (input: TDispute) => http.post<TPayDetail>('/claim/acc/reconciliation/dispute', input),
  resolve: (input: TResolve) => http.post<TPayDetail>('/claim/acc/reconciliation/resolve', input),
};

function useAction<T>(fn: (input: T) => Promise<TPayDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTING_KEY }),
  });
}

export const useBuildPayBatch = () => useAction(ACTIONS.build);
export const useCancelPayBatch = () => useAction(ACTIONS.cancel);
export const useConfirmPayBatch = () => useAction(ACTIONS.confirm);
export const useReconcileItems = () => useAction(ACTIONS.reconcile);
export const useDisputeItem = () => useAction(ACTIONS.dispute);
export const useResolveDispute = () => useAction(ACTIONS.resolve);

/** GET /claim/acc/remittance/{pdf|xlsx}: the remittance advice of a batch, saved under the server's name. */
export function downloadRemittance(payBatchNo: string, format: 'pdf' | 'xlsx') {
  return http.download(`/claim/acc/remittance/${format}`, { params: { payBatchNo } });
}
