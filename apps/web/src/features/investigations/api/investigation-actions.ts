import type {
  TInvestigation,
  TInvestigationOpen,
  TInvestigationReply,
} from '@portal/domain/investigations/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { INVESTIGATIONS_KEY } from './investigations.ts';

type TDecision = { id: string; version: number; remark?: string };

/** The changes of an investigation; each answers the case and refreshes every investigation query. */
const ACTIONS = {
  open: (input: TInvestigationOpen) => http.post<TInvestigation>('/claim/medicalAudit/open', input),
  reply: (input: TInvestigationReply) =>
    http.post<TInvestigation>('/claim/medical/reply', input, { silent: true }),
  complete: (input: TDecision) => http.post<TInvestigation>('/claim/medicalAudit/complete', input),
  cancel: (input: TDecision) => http.post<TInvestigation>('/claim/medicalAudit/cancel', input),
};

function useAction<T>(fn: (input: T) => Promise<TInvestigation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: INVESTIGATIONS_KEY }),
  });
}

export const useOpenInvestigation = () => useAction(ACTIONS.open);
export const useReplyInvestigation = () => useAction(ACTIONS.reply);
export const useCompleteInvestigation = () => useAction(ACTIONS.complete);
export const useCancelInvestigation = () => useAction(ACTIONS.cancel);
