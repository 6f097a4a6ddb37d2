import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface TAnnounceParams {
  taskNo?: string;
  providerId?: string;
  startDate?: string;
  endDate?: string;
}

/** GET /drsystem/providerTaskMsh/downloadAnnounce (blob): the .xlsx announcement of approved hospitals, saved. */
export function downloadAnnounce(params: TAnnounceParams = {}): Promise<{ blob: Blob; fileName: string }> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v));
  return http.download('/drsystem/providerTaskMsh/downloadAnnounce', { params: query });
}

export function useDownloadAnnounce() {
  return useMutation({ mutationFn: downloadAnnounce });
}
