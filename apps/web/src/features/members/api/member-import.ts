import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { MEMBERS_KEY } from './member-search.ts';

export interface TImportRowError {
  sheet: string;
  row: number;
  key: string;
  field: string;
  msg: string;
  msg_en: string;
}

export interface TImportReport {
  total: number;
  members: number;
  policies: number;
  errorCount: number;
  errors: TImportRowError[];
}

/** Uploads take long for an insurer's whole file: 5 minutes, like the spec's batch uploads. */
const UPLOAD_TIMEOUT_MS = 300_000;

/** GET /member/import/template: the bilingual .xlsx template. */
export function downloadMemberTemplate() {
  return http.download('/member/import/template');
}

/** POST /member/import/preview: the row-level report of a file; nothing is saved. */
export function previewMemberImport(file: File): Promise<TImportReport> {
  return http.upload<TImportReport>('/member/import/preview', file, undefined, {
    fileName: file.name,
    timeout: UPLOAD_TIMEOUT_MS,
  });
}

/** POST /member/import: the checked file, all rows in one transaction or none. */
export function commitMemberImport(
  file: File,
): Promise<TImportReport & { created: number; updated: number }> {
  return http.upload<TImportReport & { created: number; updated: number }>(
    '/member/import',
    file,
    undefined,
    {
      fileName: file.name,
      timeout: UPLOAD_TIMEOUT_MS,
    },
  );
}

export function usePreviewMemberImport() {
  return useMutation({ mutationFn: previewMemberImport });
}

export function useCommitMemberImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commitMemberImport,
    onSuccess: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
}
