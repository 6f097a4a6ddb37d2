import type {
  THandMonthBillPage,
  THandMonthItems,
  TMonthBillBody,
  TPayMonthBillPage,
  TPayMonthItems,
} from '@portal/domain/accounting/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ACCOUNTING_KEY } from './pay-batches.ts';

export type TBillKind = 'hand' | 'pay';

/** POST /claim/acc/handMonth/bill or /payMonth/bill: a page of monthly bills with the filter's sums. */
export function useMonthBills<K extends TBillKind>(kind: K, body: TMonthBillBody) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'bills', kind, body],
    queryFn: () =>
      http.post<K extends 'hand' ? THandMonthBillPage : TPayMonthBillPage>(
        `/claim/acc/${kind}Month/bill`,
        body,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface TBillKey {
  month: string;
  providerId: string;
  invoiceCurrency: string;
}

/** GET /claim/acc/handMonthItem/bill or /payMonthItem/bill: one bill and a page of its items. */
export function useBillItems<K extends TBillKind>(
  kind: K,
  key: TBillKey | null,
  paging: { current: number; size: number },
) {
  return useQuery({
    queryKey: [...ACCOUNTING_KEY, 'billItems', kind, key, paging],
    queryFn: () =>
      http.get<K extends 'hand' ? THandMonthItems : TPayMonthItems>(`/claim/acc/${kind}MonthItem/bill`, {
        [kind === 'hand' ? 'handMonth' : 'paidMoth']: key?.month ?? '',
        providerId: key?.providerId ?? '',
        invoiceCurrency: key?.invoiceCurrency ?? '',
        current: paging.current,
        size: paging.size,
      }),
    enabled: key !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /claim/acc/{kind}Month/bill/export: the items of the filter for the finance system. */
export function exportMonthBills(kind: TBillKind, model: TMonthBillBody['model'], format: 'xlsx' | 'csv') {
  return http.download(`/claim/acc/${kind}Month/bill/export`, { method: 'POST', body: { model, format } });
}
