/**
 * Upload rules shared by the server (enforced while the bytes stream in) and the web upload
 * component (checked before sending): spec sections 5 "Hospital form" and "Other rules".
 */
import { ERRORS, type TErrorKey } from '../errors/catalogue.ts';
import type { TBilingual } from '../i18n/bilingual.ts';
import { INVOICE_BIZ_TYPE, INVOICE_EXTENSIONS, INVOICE_MAX_BYTES } from '../invoices/rules.ts';

/** 10 MB: hospital promo photos and generic images (10485760 bytes). */
export const MAX_PHOTO_BYTES = 10_485_760;
export const MAX_IMAGE_BYTES = 10_485_760;
/** 200 MB: all attachments of one business object together (209715200 bytes). */
export const MAX_ATTACHMENTS_TOTAL_BYTES = 209_715_200;
/** File names: 100 characters (photos, images) or 100 UTF-8 bytes (attachments). */
export const MAX_FILE_NAME = 100;
/** A hospital has exactly this many promo photos. */
export const PHOTO_COUNT = 4;

/** The photo upload of the hospital form (spec section 7). */
export const PHOTO_BUCKET = 'drsystem';
export const PHOTO_BIZ_TYPE = 'PROVIDER_TASK_SAVE';
/** Attachments of a hospital change task. */
export const PROVIDER_TASK_ATTACH_BIZ_TYPE = 'PROVIDER_TASK_ATTACH';

/** Name of the archive when several files are downloaded at once. */
export const DOWNLOAD_ZIP_NAME = 'download file.zip';

/** How many bytes the server reads before deciding the real type of a file. */
export const SNIFF_BYTES = 4100;

export const FILE_PROFILE_KEYS = [
  'photo',
  'attachment',
  'image',
  'preauth',
  'invoice',
  'claimStatement',
  'claimImage',
  'investigation',
  'appeal',
] as const;
export type TFileProfileKey = (typeof FILE_PROFILE_KEYS)[number];

export interface TFileProfile {
  key: TFileProfileKey;
  label: TBilingual;
  /** Lower-case extensions without the dot. */
  extensions: readonly string[];
  /** Largest single file, or null when only the total counts. */
  maxFileBytes: number | null;
  /** Largest sum of the live files of one business object (bizType + bizId), or null. */
  maxTotalBytes: number | null;
  maxNameLength: number;
  /** Whether the name limit counts characters or UTF-8 bytes. */
  nameUnit: 'chars' | 'bytes';
  /** Most files one business object may hold, or null. */
  maxCount: number | null;
}

export const FILE_PROFILES = {
  photo: {
    key: 'photo',
    label: { zh: '医院宣传照片', en: 'hospital promo photo' },
    extensions: ['png', 'jpg', 'jpeg', 'bmp'],
    maxFileBytes: MAX_PHOTO_BYTES,
    maxTotalBytes: null,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: PHOTO_COUNT,
  },
  attachment: {
    key: 'attachment',
    label: { zh: '附件', en: 'attachment' },
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpeg', 'jpg', 'png'],
    maxFileBytes: null,
    maxTotalBytes: MAX_ATTACHMENTS_TOTAL_BYTES,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'bytes',
    maxCount: null,
  },
  image: {
    key: 'image',
    label: { zh: '图片', en: 'image' },
    extensions: ['jpg', 'jpeg', 'png'],
    maxFileBytes: MAX_IMAGE_BYTES,
    maxTotalBytes: null,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: null,
  },
  /** Pre-authorisation attachments (spec section 5): 100 MB a file, 500 MB a case. */
  preauth: {
    key: 'preauth',
    label: { zh: '预授权附件', en: 'pre-authorisation attachment' },
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpeg', 'jpg', 'png'],
    maxFileBytes: 104_857_600,
    maxTotalBytes: 524_288_000,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'bytes',
    maxCount: null,
  },
  /** Invoices (spec section 5, decision 0041): jpg, jpeg, png, pdf under 4 MB. */
  invoice: {
    key: 'invoice',
    label: { zh: '发票', en: 'invoice' },
    extensions: INVOICE_EXTENSIONS,
    maxFileBytes: INVOICE_MAX_BYTES,
    maxTotalBytes: null,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: null,
  },
  /** A claim batch's statement (decision 0040): one .xlsx of at most 20 MB. */
  claimStatement: {
    key: 'claimStatement',
    label: { zh: '理赔对账单', en: 'claim statement' },
    extensions: ['xlsx'],
    maxFileBytes: 20_971_520,
    maxTotalBytes: null,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: null,
  },
  /** A claim batch's images (decision 0040): PDFs, 100 MB a file, 500 MB a batch. */
  claimImage: {
    key: 'claimImage',
    label: { zh: '理赔影像', en: 'claim image' },
    extensions: ['pdf'],
    maxFileBytes: 104_857_600,
    maxTotalBytes: 524_288_000,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: null,
  },
  /**
   * The medical records of a claim investigation (spec sections 5 and 9, decision 0046): names of
   * at most 100 characters, 200 MB for all files of one investigation.
   */
  investigation: {
    key: 'investigation',
    label: { zh: '理赔调查资料', en: 'investigation record' },
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpeg', 'jpg', 'png'],
    maxFileBytes: null,
    maxTotalBytes: MAX_ATTACHMENTS_TOTAL_BYTES,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: null,
  },
  /**
   * The attachments of a claim appeal (spec sections 5 and 9, decision 0049): names of at most
   * 100 characters, 200 MB for all files of one appeal.
   */
  appeal: {
    key: 'appeal',
    label: { zh: '申诉附件', en: 'appeal attachment' },
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpeg', 'jpg', 'png'],
    maxFileBytes: null,
    maxTotalBytes: MAX_ATTACHMENTS_TOTAL_BYTES,
    maxNameLength: MAX_FILE_NAME,
    nameUnit: 'chars',
    maxCount: null,
  },
} as const satisfies Record<TFileProfileKey, TFileProfile>;

/**
 * Which rules apply to an upload, by its business type. Unknown or absent business types get
 * the attachment rules (documents and pictures, 200 MB per business object).
 */
export const BIZ_TYPE_PROFILES: Readonly<Record<string, TFileProfileKey>> = {
  [PHOTO_BIZ_TYPE]: 'photo',
  [PROVIDER_TASK_ATTACH_BIZ_TYPE]: 'attachment',
  USER_AVATAR: 'image',
  DOCTOR_PHOTO: 'image',
  IMAGE: 'image',
  PREAUTH_ATTACH: 'preauth',
  [INVOICE_BIZ_TYPE]: 'invoice',
  PREAUTH_MSG: 'preauth',
  CLAIM_STATEMENT: 'claimStatement',
  CLAIM_IMAGE: 'claimImage',
  INVESTIGATION_FILE: 'investigation',
  APPEAL_FILE: 'appeal',
};

/** The upload rules for a business type. */
export function profileForBizType(bizType: string | null | undefined): TFileProfile {
  const key = bizType ? BIZ_TYPE_PROFILES[bizType] : undefined;
  return FILE_PROFILES[key ?? 'attachment'];
}

/** Lower-case extension after the last dot, '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** UTF-8 length of a string in bytes (a Chinese character is 3). */
export function utf8ByteLength(value: string): number {
  return new TextEncoder().encode(value).length;
}

/** Length of a file name in the unit the profile counts. */
export function fileNameLength(profile: TFileProfile, name: string): number {
  return profile.nameUnit === 'bytes' ? utf8ByteLength(name) : Array.from(name).length;
}

/** What is wrong with a file against a profile. */
export type TFileIssue = 'type' | 'name' | 'size' | 'total' | 'count';

/** Checks a file name (length, then extension); null when it passes. */
export function checkFileName(profile: TFileProfile, name: string): TFileIssue | null {
  if (name.trim() === '' || fileNameLength(profile, name) > profile.maxNameLength) return 'name';
  if (!profile.extensions.includes(fileExtension(name))) return 'type';
  return null;
}

/**
 * Checks a size against the profile: `existingTotal` is what the business object already
 * holds (live files), `existingCount` how many files it holds.
 */
export function checkFileSize(
  profile: TFileProfile,
  {
    size,
    existingTotal = 0,
    existingCount = 0,
  }: { size: number; existingTotal?: number; existingCount?: number },
): TFileIssue | null {
  if (profile.maxCount !== null && existingCount + 1 > profile.maxCount) return 'count';
  if (profile.maxFileBytes !== null && size > profile.maxFileBytes) return 'size';
  if (profile.maxTotalBytes !== null && existingTotal + size > profile.maxTotalBytes) return 'total';
  return null;
}

/** Name, type and size checks in the order the web shows them; null when the file passes. */
export function checkFile(
  profile: TFileProfile,
  file: { name: string; size: number; existingTotal?: number; existingCount?: number },
): TFileIssue | null {
  return checkFileName(profile, file.name) ?? checkFileSize(profile, file);
}

/**
 * The largest number of bytes the next file may have, given what the business object already
 * holds; what the server's streaming counter stops at.
 */
export function remainingBytes(profile: TFileProfile, existingTotal = 0): number {
  const perFile = profile.maxFileBytes ?? Number.POSITIVE_INFINITY;
  const total =
    profile.maxTotalBytes === null ? Number.POSITIVE_INFINITY : profile.maxTotalBytes - existingTotal;
  return Math.max(0, Math.min(perFile, total));
}

/** The catalogue error for an issue: photo problems all give the 'hospital promo' message. */
export function fileIssueError(profile: TFileProfile, issue: TFileIssue): TErrorKey {
  if (issue === 'count') return 'PHOTO_COUNT_EXCEEDED';
  if (profile.key === 'photo') return 'HOSPITAL_PROMO';
  if (issue === 'type') return profile.key === 'invoice' ? 'INVOICE_FILE_TYPE' : 'FILE_TYPE';
  if (issue === 'name') return 'FILE_NAME_TOO_LONG';
  if (profile.key === 'attachment') return 'ATTACHMENTS_TOTAL_EXCEEDED';
  if (profile.key === 'invoice') return 'INVOICE_FILE_TOO_LARGE';
  if (profile.key === 'preauth')
    return issue === 'total' ? 'PREAUTH_FILES_TOTAL_EXCEEDED' : 'PREAUTH_FILE_TOO_LARGE';
  if (profile.key === 'investigation') return 'INVESTIGATION_FILES_TOTAL_EXCEEDED';
  if (profile.key === 'appeal') return 'APPEAL_FILES_TOTAL_EXCEEDED';
  if (profile.key === 'claimStatement' || profile.key === 'claimImage')
    return issue === 'total' ? 'CLAIM_FILES_TOTAL_EXCEEDED' : 'CLAIM_FILE_TOO_LARGE';
  return profile.key === 'image' ? 'IMAGE_TOO_LARGE' : 'FILE_TOO_LARGE';
}

/** Both languages of the message for an issue (what the web upload list shows). */
export function fileIssueMessage(profile: TFileProfile, issue: TFileIssue): TBilingual {
  const entry = ERRORS[fileIssueError(profile, issue)];
  const max = String(profile.maxCount ?? '');
  return { zh: entry.zh.replace('{max}', max), en: entry.en.replace('{max}', max) };
}

/**
 * Types detected from a file's first bytes (file-type names) that each extension accepts.
 * Old Office files are OLE compound files ('cfb'); docx and xlsx are zip packages.
 */
export const DETECTED_TYPES_BY_EXTENSION: Readonly<Record<string, readonly string[]>> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
};

/** True when the detected content type fits the name's extension. */
export function contentMatchesExtension(extension: string, detected: string | undefined): boolean {
  return detected !== undefined && (DETECTED_TYPES_BY_EXTENSION[extension] ?? []).includes(detected);
}

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The content type served for a file of this extension. */
export function contentTypeFor(extension: string): string {
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Only these show as pictures in the upload list; the rest show a type icon. */
export const UPLOAD_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'bmp'] as const;
export const UPLOAD_ICON_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'rar', 'zip', '7z'] as const;

/** File-extension groups for the type icons (spec: pdf; images; archives; word; excel). */
export const FILE_ICON_GROUPS = {
  pdf: ['pdf'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'bmp'],
  archive: ['rar', 'rar4', 'zip', '7z'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
} as const;
export type TFileIconGroup = keyof typeof FILE_ICON_GROUPS;

/** How the upload list shows a file: as a picture or with a type icon. */
export function uploadDisplay(name: string): 'image' | 'icon' {
  return (UPLOAD_IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name)) ? 'image' : 'icon';
}

/** The icon group of a file name, or null for other types. */
export function fileIconGroup(name: string): TFileIconGroup | null {
  const extension = fileExtension(name);
  for (const [group, list] of Object.entries(FILE_ICON_GROUPS)) {
    if ((list as readonly string[]).includes(extension)) return group as TFileIconGroup;
  }
  return null;
}
