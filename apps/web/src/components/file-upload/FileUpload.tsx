import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { checkFile, fileIssueMessage, profileForBizType, uploadDisplay } from '@portal/domain/files/rules';
import { Alert, Button, Image, Upload, type UploadFile } from 'antd';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { randomUuid } from '../../lib/browser.ts';
import { ApiError, http } from '../../lib/http.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { FileIcon } from './FileIcon.tsx';
import './file-upload.css';
import { fileViewUrl } from './file-urls.ts';
import {
  storedItem,
  type TUploadedFile,
  type TUploadItem,
  uploadedFiles,
  uploadReducer,
} from './upload-state.ts';

/** Upload target of the component: one file per request, multipart field `file`. */
export const UPLOAD_PATH = '/file/file/anyone/upload';
/** Photo and batch uploads may take 5 minutes (spec section 9). */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export interface FileUploadProps {
  /** The stored files (the form field's value). */
  value?: readonly TUploadedFile[];
  onChange?: (files: TUploadedFile[]) => void;
  bucket?: string;
  /** Picks the rules (types, sizes, count) of packages/domain/src/files/rules.ts. */
  bizType?: string;
  bizId?: string;
  disabled?: boolean;
  /** Pictures as cards (default) or a text list. */
  listType?: 'picture-card' | 'text';
  /** Called after the user removes a stored file (to delete it on the server, say). */
  onDelete?: (file: TUploadedFile) => void;
  /** Accessible name of the choose button. */
  label?: string;
  /** Told whether any file is still uploading (a form refuses to submit meanwhile). */
  onUploadingChange?: (uploading: boolean) => void;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const idsOf = (files: readonly TUploadedFile[] | undefined) => (files ?? []).map((f) => f.id).join('|');

function toAntFile(item: TUploadItem): UploadFile {
  const url = item.response ? fileViewUrl(item.response.id) : undefined;
  return {
    uid: item.uid,
    name: item.name,
    size: item.size,
    status: item.status === 'ready' ? 'uploading' : 'done',
    percent: item.percentage,
    url,
    thumbUrl: url && uploadDisplay(item.name) === 'image' ? url : undefined,
  };
}

/**
 * Multipart upload with thumbnails, preview and delete (spec section 2 "Reusable"). Files are
 * checked against the business type's rules before sending, then uploaded one per request:
 * ready -> success, or fail (removed from the list, its error shown under it). Only JPEG, JPG,
 * PNG and BMP show as pictures; other files show their type icon.
 */
export function FileUpload({
  value,
  onChange,
  bucket,
  bizType,
  bizId,
  disabled,
  listType = 'picture-card',
  onDelete,
  label,
  onUploadingChange,
}: FileUploadProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const profile = profileForBizType(bizType);
  const [state, dispatch] = useReducer(uploadReducer, value, (files) => ({
    items: (files ?? []).map(storedItem),
    errors: [],
  }));
  const [preview, setPreview] = useState<string | null>(null);
  const files = useMemo(() => uploadedFiles(state), [state]);
  const reported = useRef(idsOf(value));
  const itemsRef = useRef(state.items);
  itemsRef.current = state.items;
  const reserved = useRef({ count: 0, bytes: 0 });
  reserved.current = { count: 0, bytes: 0 };
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const ids = idsOf(files);
    if (ids === reported.current) return;
    reported.current = ids;
    onChangeRef.current?.(files);
  }, [files]);

  const uploading = state.items.some((i) => i.status === 'ready');
  const onUploadingRef = useRef(onUploadingChange);
  onUploadingRef.current = onUploadingChange;
  useEffect(() => onUploadingRef.current?.(uploading), [uploading]);

  // A value set from outside (form reset, loaded record) replaces the stored rows.
  useEffect(() => {
    const ids = idsOf(value);
    if (ids === reported.current) return;
    reported.current = ids;
    dispatch({ type: 'reset', files: value ?? [] });
  }, [value]);

  const start = (file: File) => {
    const uid = randomUuid();
    const existing = itemsRef.current;
    const issue = checkFile(profile, {
      name: file.name,
      size: file.size,
      existingCount: existing.length + reserved.current.count,
      existingTotal: existing.reduce((sum, i) => sum + i.size, 0) + reserved.current.bytes,
    });
    dispatch({ type: 'add', uid, name: file.name, size: file.size });
    if (issue) {
      dispatch({ type: 'fail', uid, name: file.name, message: fileIssueMessage(profile, issue) });
      return;
    }
    reserved.current.count += 1;
    reserved.current.bytes += file.size;
    http
      .upload<TUploadedFile>(UPLOAD_PATH, file, undefined, {
        params: { bucket, bizType, bizId },
        silent: true,
        timeout: UPLOAD_TIMEOUT_MS,
        fileName: file.name,
      })
      .then((response) => dispatch({ type: 'success', uid, response }))
      .catch((error: unknown) =>
        dispatch({
          type: 'fail',
          uid,
          name: file.name,
          message:
            error instanceof ApiError
              ? { zh: error.msg || error.msgEn, en: error.msgEn || error.msg }
              : { zh: t('upload.failed', { lng: 'zh' }), en: t('upload.failed', { lng: 'en' }) },
        }),
      );
  };

  const remove = (uid: string) => {
    const item = state.items.find((i) => i.uid === uid);
    if (!item || item.status === 'ready') return false;
    dispatch({ type: 'remove', uid });
    if (item.response) onDelete?.(item.response);
    return false;
  };

  const full = profile.maxCount !== null && state.items.length >= profile.maxCount;
  // The visible 'Choose file' first, then what the files are for (WCAG 2.5.3, label in name).
  const chooseLabel = label ? `${t('upload.choose')}: ${label}` : t('upload.choose');

  return (
    <div className="portal-upload">
      <Upload
        listType={listType}
        multiple={profile.maxCount !== 1}
        accept={profile.extensions.map((e) => `.${e}`).join(',')}
        fileList={state.items.map(toAntFile)}
        disabled={disabled}
        beforeUpload={(file) => {
          start(file);
          return false;
        }}
        onRemove={(file) => remove(file.uid)}
        onPreview={(file) => {
          if (!file.url) return;
          if (uploadDisplay(file.name) === 'image') setPreview(file.url);
          else window.open(file.url, '_blank', 'noopener');
        }}
        iconRender={(file) => <FileIcon name={file.name} />}
        isImageUrl={(file) => uploadDisplay(file.name) === 'image'}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled }}
      >
        {full || disabled ? null : listType === 'picture-card' ? (
          <button type="button" className="portal-upload-card" aria-label={chooseLabel}>
            <PlusOutlined aria-hidden />
            <span>{t('upload.choose')}</span>
          </button>
        ) : (
          <Button icon={<UploadOutlined />} aria-label={chooseLabel}>
            {t('upload.choose')}
          </Button>
        )}
      </Upload>
      <div className="portal-upload-hint">
        {[
          t('upload.hintTypes', { types: profile.extensions.join(', ') }),
          profile.maxFileBytes ? t('upload.hintSize', { size: megabytes(profile.maxFileBytes) }) : null,
          profile.maxTotalBytes ? t('upload.hintTotal', { size: megabytes(profile.maxTotalBytes) }) : null,
          profile.maxCount ? t('upload.hintCount', { count: profile.maxCount }) : null,
        ]
          .filter(Boolean)
          .join(t('upload.separator'))}
      </div>
      {state.errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          closable={{ onClose: () => dispatch({ type: 'dismissErrors' }), 'aria-label': t('upload.dismiss') }}
          title={t('upload.removed')}
          description={
            <ul className="portal-upload-errors">
              {state.errors.map((e) => (
                <li key={e.uid}>
                  {e.name}: {lang === 'en' ? e.message.en : e.message.zh}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt=""
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </div>
  );
}
