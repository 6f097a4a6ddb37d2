import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** The exports of the logs: the screen's filter as query parameters (time range as from, to). */
export const LOG_EXPORTS = {
  operation: '/authority/operationLog/export',
  login: '/authority/loginLog/export',
  security: '/authority/securityEvent/export',
} as const;
export type TLogExport = keyof typeof LOG_EXPORTS;

/** GET .../export (blob): the .xlsx of the filter, saved under the server's file name. */
export function exportLog({
  log,
  params,
}: {
  log: TLogExport;
  params: Record<string, string | undefined>;
}): Promise<{ blob: Blob; fileName: string }> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v));
  return http.download(LOG_EXPORTS[log], { params: query });
}

export function useExportLog() {
  return useMutation({ mutationFn: exportLog });
}
