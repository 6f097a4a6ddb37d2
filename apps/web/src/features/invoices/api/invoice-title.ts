import type { TInvoiceTitle, TInvoiceTitleBody } from '@portal/domain/invoices/title';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { INVOICES_KEY } from './invoice-slots.ts';

/** GET /invoice/title: the tenant's invoice title and how many batches wait for one. */
export function getInvoiceTitle(): Promise<TInvoiceTitle> {
  return http.get<TInvoiceTitle>('/invoice/title');
}

export function invoiceTitleQueryOptions() {
  return queryOptions({ queryKey: [...INVOICES_KEY, 'title'], queryFn: getInvoiceTitle, staleTime: 0 });
}

export function useInvoiceTitle(enabled = true) {
  return useQuery({ ...invoiceTitleQueryOptions(), enabled });
}

function useTitleAction<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}

/** PUT /invoice/title: the tenant's taxpayer number. */
export const useSetInvoiceTitle = () =>
  useTitleAction((body: TInvoiceTitleBody) =>
    http.put<TInvoiceTitle>('/invoice/title', body, { silent: true }),
  );

/** POST /invoice/title/generate: the title onto every batch to be uploaded that has none. */
export const useGenerateInvoiceTitles = () =>
  useTitleAction(() => http.post<{ generated: number }>('/invoice/title/generate', {}));
