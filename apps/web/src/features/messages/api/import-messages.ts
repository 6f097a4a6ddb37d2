import type { TMsgImportReport } from '@portal/domain/messages/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { MESSAGES_KEY } from './keys.ts';

/** GET /msg/msg/import/template: the bilingual .xlsx template, saved under the server's name. */
export const downloadMessageImportTemplate = () => http.download('/msg/msg/import/template');

/**
 * POST /msg/msg/import: with dryRun the row-level report (nothing saved); without, every row sent
 * or nothing (40135 carries the report in `data`, so the caller shows it instead of a toast).
 */
export function useImportMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      http.upload<TMsgImportReport>('/msg/msg/import', file, undefined, {
        fileName: file.name,
        params: dryRun ? { dryRun: 'true' } : undefined,
        silent: !dryRun,
      }),
    onSuccess: (_report, { dryRun }) => {
      if (!dryRun) void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
