import type { TProviderNoteRef } from '@portal/domain/hospital-audit/api';
import type { TProviderNoteAddBody, TProviderNoteEditBody } from '@portal/domain/hospital-audit/rules';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PROVIDER_NOTES_KEY, PROVIDER_RECORDS_KEY } from './keys.ts';

/** POST /drsystem/liproviderinfo/note: a new note about a provider. */
export function addNote(body: TProviderNoteAddBody): Promise<TProviderNoteRef> {
  return http.post<TProviderNoteRef>('/drsystem/liproviderinfo/note', body);
}

/** PUT /drsystem/liproviderinfo/note: edits a note's texts. */
export function editNote(body: TProviderNoteEditBody): Promise<TProviderNoteRef> {
  return http.put<TProviderNoteRef>('/drsystem/liproviderinfo/note', body);
}

/** The notes and the providers' note counts reload after a change. */
export function invalidateNotes(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: PROVIDER_NOTES_KEY }),
    client.invalidateQueries({ queryKey: PROVIDER_RECORDS_KEY }),
  ]);
}

/** Adds (no id) or edits (id) a note. */
export function useSaveNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TProviderNoteAddBody | TProviderNoteEditBody) =>
      'id' in body ? editNote(body) : addNote(body),
    onSuccess: () => invalidateNotes(client),
  });
}
