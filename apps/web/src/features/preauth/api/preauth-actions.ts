import type { TPreauthCase } from '@portal/domain/preauth/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PREAUTH_KEY } from './preauth-list.ts';

type TAction = { id: string; version: number; remark?: string };

/** The changes of a case; each answers the case and refreshes every pre-authorisation query. */
const ACTIONS = {
  save: (input: Record<string, unknown>) => http.post<TPreauthCase>('/preauth/case/save', input),
  submit: (input: TAction) => http.post<TPreauthCase>('/preauth/case/submit', input),
  cancel: (input: TAction) => http.post<TPreauthCase>('/preauth/case/cancel', input),
  reopen: (input: TAction) => http.post<TPreauthCase>('/preauth/case/reopen', input),
  supplement: (input: TAction & { fileIds: string[] }) =>
    http.post<TPreauthCase>('/preauth/case/supplement', input),
  approve: (input: TAction & { approvedAmount: string; validUntil: string }) =>
    http.post<TPreauthCase>('/preauth/audit/approve', input),
  reject: (input: TAction) => http.post<TPreauthCase>('/preauth/audit/reject', input),
  requestDocuments: (input: TAction) => http.post<TPreauthCase>('/preauth/audit/requestDocuments', input),
};

function useAction<T>(fn: (input: T) => Promise<TPreauthCase>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: PREAUTH_KEY }),
  });
}

export const useSavePreauth = () => useAction(ACTIONS.save);
export const useSubmitPreauth = () => useAction(ACTIONS.submit);
export const useCancelPreauth = () => useAction(ACTIONS.cancel);
export const useReopenPreauth = () => useAction(ACTIONS.reopen);
export const useSupplementPreauth = () => useAction(ACTIONS.supplement);
export const useApprovePreauth = () => useAction(ACTIONS.approve);
export const useRejectPreauth = () => useAction(ACTIONS.reject);
export const useRequestDocuments = () => useAction(ACTIONS.requestDocuments);
