import type {
  TAccOption,
  TPayable,
  TPayableQuery,
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

/**
 * GET /claim/acc/getByType?type=provider&keyword=&code=: providers whose id or name contains the
 * keyword (at most 50), with the provider `code` whatever the keyword.
 */
export function useAccProviders(keyword: string, code?: string) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'options', 'provider', keyword, code ?? ''],
    queryFn: () =>
      http.get<TAccOption[]>(
        '/claim/acc/getByType',
        { type: 'provider', keyword, ...(code ? { code } : {}) },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /claim/acc/getByType?type=: the options of a finance filter (lookups fail silently). */
export function useAccOptions(type: 'currency' | 'disputeReason') {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'options', type],
    queryFn: () => http.get<TAccOption[]>('/claim/acc/getByType', { type }, { silent: true }),
    staleTime: 60_000,
  });
}

/** GET /claim/acc/payable?providerId=&current=&size=: a page of what a new batch of the provider may take. */
export function usePayable(query: TPayableQuery | null) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'payable', query],
    queryFn: () => http.get<TPayable>('/claim/acc/payable', query ?? {}),
    enabled: Boolean(query?.providerId),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
