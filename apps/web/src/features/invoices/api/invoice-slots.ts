import type { TInvoicePage, TInvoicePageBody, TInvoiceSlotDetail } from '@portal/domain/invoices/calls';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const INVOICES_KEY = ['invoices'] as const;

/** POST /invoice/page: a page of one tab (1 to be uploaded, 2 uploaded) with both tabs' counts. */
export function getInvoicePage(body: TInvoicePageBody): Promise<TInvoicePage> {
  return http.post<TInvoicePage>('/invoice/page', body);
}

export function invoicePageQueryOptions(body: TInvoicePageBody) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'page', body],
    queryFn: () => getInvoicePage(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useInvoicePage(body: TInvoicePageBody, enabled = true) {
  return useQuery({ ...invoicePageQueryOptions(body), enabled });
}

/** GET /invoice/detail/{id}: one batch to invoice, its title and the invoices uploaded. */
export function getInvoiceSlot(id: string): Promise<TInvoiceSlotDetail> {
  return http.get<TInvoiceSlotDetail>(`/invoice/detail/${encodeURIComponent(id)}`);
}

export function invoiceSlotQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'detail', id],
    queryFn: () => getInvoiceSlot(id),
    staleTime: 0,
  });
}

/** The slots of a view: one, or several for a batch upload. */
export function useInvoiceSlots(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => invoiceSlotQueryOptions(id)) });
}
