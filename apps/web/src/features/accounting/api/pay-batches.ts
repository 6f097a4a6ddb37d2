import type {
  TAccOption,
  TPayable,
  TPayBatchPage,
  TPayBillListBody,
  TPayDetail,
} from '@portal/domain/accounting/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const ACCOUNTING_KEY = ['accounting'] as const;

/** POST /claim/acc/payBill: a filtered page of payment batches, newest first. */
export function getPayBatches(body: TPayBillListBody): Promise<TPayBatchPage> {
  return http.post<TPayBatchPage>('/claim/acc/payBill', body);
}

export function usePayBatches(body: TPayBillListBody) {
  return useQuery(
    queryOptions({
      queryKey: [...ACCOUNTING_KEY, 'payBill', body],
      queryFn: () => getPayBatches(body),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** GET /claim/acc/reconciliation?payBatchNo=: one batch with its lines and history. */
export function getPayDetail(payBatchNo: string): Promise<TPayDetail> {
  return http.get<TPayDetail>('/claim/acc/reconciliation', { payBatchNo });
}

export function payDetailQueryOptions(payBatchNo: string) {
  return queryOptions({
    queryKey: [...ACCOUNTING_KEY, 'detail', payBatchNo],
    queryFn: () => getPayDetail(payBatchNo),
    staleTime: 0,
  });
}

export function usePayDetail(payBatchNo: string | null) {
  return useQuery({ ...payDetailQueryOptions(payBatchNo ?? ''), enabled: Boolean(payBatchNo) });
}

/** GET /claim/acc/getByType?type=: the options of a finance filter (lookups fail silently). */
export function useAccOptions(type: 'provider' | 'currency' | 'disputeReason') {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'options', type],
    queryFn: () => http.get<TAccOption[]>('/claim/acc/getByType', { type }, { silent: true }),
    staleTime: 60_000,
  });
}

/** GET /claim/acc/payable?providerId=: what a new batch of the provider may take. */
export function usePayable(providerId: string | null) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'payable', providerId],
    queryFn: () => http.get<TPayable>('/claim/acc/payable', { providerId: providerId ?? '' }),
    enabled: Boolean(providerId),
    staleTime: 0,
  });
}
