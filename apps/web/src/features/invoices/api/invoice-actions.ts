import type {
  TInvoiceBatchUpload,
  TInvoiceBatchUploadResult,
  TInvoiceRecognition,
  TInvoiceSlotDetail,
  TInvoiceUpload,
} from '@portal/domain/invoices/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { INVOICES_KEY } from './invoice-slots.ts';

/** POST /invoice/recognize: the number, code, total and currency read from an uploaded file. */
export function recognizeInvoice(fileId: string): Promise<TInvoiceRecognition> {
  return http.post<TInvoiceRecognition>('/invoice/recognize', { fileId }, { silent: true });
}

/** POST /invoice/upload/{id}: the invoices of one batch; they must cover its payable total. */
function uploadInvoices(input: TInvoiceUpload & { id: string }): Promise<TInvoiceSlotDetail> {
  const { id, ...body } = input;
  return http.post<TInvoiceSlotDetail>(`/invoice/upload/${encodeURIComponent(id)}`, body, { silent: true });
}

/** POST /invoice/uploadBatch: the invoices of several batches, all saved or none. */
function uploadInvoiceBatch(input: TInvoiceBatchUpload): Promise<TInvoiceBatchUploadResult> {
  return http.post<TInvoiceBatchUploadResult>('/invoice/uploadBatch', input, { silent: true });
}

function useInvalidating<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}

export const useUploadInvoices = () => useInvalidating(uploadInvoices);
export const useUploadInvoiceBatch = () => useInvalidating(uploadInvoiceBatch);
