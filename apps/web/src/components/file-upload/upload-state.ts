/**
 * The upload list's state machine (spec section 4 "Upload file"): a chosen file is `ready`
 * while it uploads, then `success`, or `fail` — a failed file is removed from the list and
 * its error is kept to be shown.
 */
import type { TBilingual } from '@portal/domain/i18n/bilingual';

export type TUploadStatus = 'ready' | 'success' | 'fail';

/** A stored file as POST /file/file/anyone/upload answers it. */
export interface TUploadedFile {
  id: string;
  fileId?: string;
  name: string;
  fileName?: string;
  size: number;
  url?: string;
  fileUrl?: string;
  contentType?: string;
}

/** One row of the upload list (spec section 3 "Uploaded file"). */
export interface TUploadItem {
  uid: string;
  name: string;
  size: number;
  status: TUploadStatus;
  percentage: number;
  response?: TUploadedFile;
}

export interface TUploadError {
  uid: string;
  name: string;
  message: TBilingual;
}

export interface TUploadState {
  items: TUploadItem[];
  /** Errors of files that failed (newest last); they are no longer in `items`. */
  errors: TUploadError[];
}

export type TUploadAction =
  | { type: 'add'; uid: string; name: string; size: number }
  | { type: 'success'; uid: string; response: TUploadedFile }
  | { type: 'fail'; uid: string; name: string; message: TBilingual }
  | { type: 'remove'; uid: string }
  | { type: 'reset'; files: readonly TUploadedFile[] }
  | { type: 'dismissErrors' };

export const EMPTY_UPLOAD_STATE: TUploadState = { items: [], errors: [] };

/** A success row for a file that is already stored (the field's value). */
export function storedItem(file: TUploadedFile): TUploadItem {
  return {
    uid: `stored-${file.id}`,
    name: file.name || file.fileName || file.id,
    size: file.size,
    status: 'success',
    percentage: 100,
    response: file,
  };
}

export function uploadReducer(state: TUploadState, action: TUploadAction): TUploadState {
  switch (action.type) {
    case 'add':
      if (state.items.some((i) => i.uid === action.uid)) return state;
      return {
        ...state,
        items: [
          ...state.items,
          { uid: action.uid, name: action.name, size: action.size, status: 'ready', percentage: 0 },
        ],
      };
    case 'success': {
      const item = state.items.find((i) => i.uid === action.uid);
      if (item?.status !== 'ready') return state;
      return {
        ...state,
        items: state.items.map((i) =>
          i.uid === action.uid ? { ...i, status: 'success', percentage: 100, response: action.response } : i,
        ),
      };
    }
    case 'fail':
      return {
        items: state.items.filter((i) => i.uid !== action.uid),
        errors: [...state.errors, { uid: action.uid, name: action.name, message: action.message }].slice(-5),
      };
    case 'remove':
      return { ...state, items: state.items.filter((i) => i.uid !== action.uid) };
    case 'reset':
      return {
        ...state,
        items: [...action.files.map(storedItem), ...state.items.filter((i) => i.status === 'ready')],
      };
    case 'dismissErrors':
      return { ...state, errors: [] };
  }
}

/** The stored files of the list, in order (what the field's value becomes). */
export function uploadedFiles(state: TUploadState): TUploadedFile[] {
  return state.items.flatMap((i) => (i.status === 'success' && i.response ? [i.response] : []));
}
