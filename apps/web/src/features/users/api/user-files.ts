import type { TImportPreview, TUserFilter, TUserImportCommit } from '@portal/domain/users/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { USERS_KEY } from './users-page.ts';

/** POST /authority/user/export: the filtered list as .xlsx, saved under the server's name. */
export function exportUsers(model: TUserFilter) {
  return http.download('/authority/user/export', { method: 'POST', body: { model } });
}

/** GET /authority/user/import/template */
export function downloadImportTemplate() {
  return http.download('/authority/user/import/template');
}

/** POST /authority/user/preview: checks a file, nothing is saved. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (file: File) =>
      http.upload<TImportPreview>('/authority/user/preview', file, undefined, { fileName: file.name }),
  });

export interface TImportResult {
  created: number;
  skipped: number;
  errors: TImportPreview['errors'];
}

/** POST /authority/user/import: commits a preview. */
export const useCommitImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUserImportCommit) =>
      http.post<TImportResult>('/authority/user/import', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_KEY }),
  });
};
