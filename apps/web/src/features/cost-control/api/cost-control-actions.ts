import type { TCostMeasure, TCostPropose } from '@portal/domain/cost-control/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { COST_CONTROL_KEY } from './cost-control.ts';

type TAction = { id: string; version: number; remark?: string };

/** The changes of a measure; each answers the measure and refreshes every cost-control query. */
const ACTIONS = {
  propose: (input: TCostPropose) => http.post<TCostMeasure>('/claim/controlAudit/propose', input),
  withdraw: (input: TAction) => http.post<TCostMeasure>('/claim/controlAudit/withdraw', input),
  accept: (input: TAction) => http.post<TCostMeasure>('/claim/control/accept', input),
  disagree: (input: { id: string; version: number; reason: string }) =>
    http.post<TCostMeasure>('/claim/control/disagree', input),
};

function useAction<T>(fn: (input: T) => Promise<TCostMeasure>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Not awaited: the process page leaves for the detail at once, before its own query shows the new status.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: COST_CONTROL_KEY });
    },
  });
}

export const useProposeMeasure = () => useAction(ACTIONS.propose);
export const useWithdrawMeasure = () => useAction(ACTIONS.withdraw);
export const useAcceptMeasure = () => useAction(ACTIONS.accept);
export const useDisagreeMeasure = () => useAction(ACTIONS.disagree);
