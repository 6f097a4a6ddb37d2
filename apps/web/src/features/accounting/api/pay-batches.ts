import {
  ACC_PROVIDER_OPTIONS_MAX,
  type TAccOption,
  type TPayable,
  type TPayableQuery,
  type TPayBatchPage,
  type TPayBillListBody,
  type TPayDetail,
} from '@portal/domain/accounting/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chosenFirst } from '../../../components/search-select/chosen-first.ts';
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
 * GET /claim/acc/getByType?type=provider&keyword=&codes=&limit=: the providers named by `codes`
 * (a picker's values), then up to `limit` others whose id or name contains the keyword.
 */
export function getAccProviders(
  keyword = '',
  codes: readonly string[] = [],
  limit = ACC_PROVIDER_OPTIONS_MAX,
): Promise<TAccOption[]> {
  return http.get<TAccOption[]>(
    '/claim/acc/getByType',
    {
      type: 'provider',
      ...(keyword ? { keyword } : {}),
      ...(codes.length > 0 ? { codes: codes.join(',') } : {}),
      limit,
    },
    { silent: true },
  );
}

/**
 * The providers a finance picker offers for a keyword, with its chosen ones: one more than shown
 * is asked, so `more` tells that more providers match than the picker lists.
 */
export function useAccProviderOptions(keyword: string, codes: readonly string[]) {
  const query = useQuery({
    queryKey: [...ACCOUNTING_KEY, 'options', 'provider', keyword, codes.join(',')],
    queryFn: () => getAccProviders(keyword, codes, ACC_PROVIDER_OPTIONS_MAX + 1),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const { items, more } = chosenFirst(query.data ?? [], codes, (o) => o.code, ACC_PROVIDER_OPTIONS_MAX);
  return { providers: items, more, isFetching: query.isFetching };
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
