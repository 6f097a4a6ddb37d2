import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  checkFileName,
  contentMatchesExtension,
  contentTypeFor,
  fileExtension,
  fileIssueError,
  profileForBizType,
  remainingBytes,
  SNIFF_BYTES,
  type TFileIssue,
  type TFileProfile,
  type TFileProfileKey,
} from '@portal/domain/files/rules';
import { bilingual, parseBilingual } from '@portal/domain/i18n/bilingual';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { inspectUpload } from '../../platform/files/inspect.ts';
import { fileStoreOf } from '../../platform/files/storage.ts';
import { uniqueNames, zipStream } from '../../platform/files/zip.ts';
import { AppError, validationError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { loadActor } from '../session/session.service.ts';
import { files, type TFileRow } from './files.tables.ts';

/** Where a file is served inline (for <img src>): append ?token=&tenant= when headers cannot be sent. */
export const FILE_VIEW_PATH = '/saasapi/file/file/view';

const code = (label: string) =>
  z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{1,64}$/,
      bilingual(`${label}只能包含字母、数字、- 和 _`, `The ${label} may hold letters, digits, - and _ only`),
    );

/** Fields naming where an upload goes: a logical bucket and, optionally, its business object. */
export const uploadTargetShape = {
  bucket: code('bucket').optional(),
  bizType: code('bizType').optional(),
  bizId: code('bizId').optional(),
};

/** Where an upload goes; bizId needs bizType. */
export const ZUploadTarget = z.object(uploadTargetShape).refine((t) => !t.bizId || t.bizType, {
  message: bilingual('指定 bizId 时必须指定 bizType', 'A bizType is required with a bizId'),
  path: ['bizType'],
});
export type TUploadTarget = z.infer<typeof ZUploadTarget>;

/** A file as the web sees it: the spec's Attachment and upload response (both name styles). */
export interface TFileView {
  id: string;
  fileId: string;
  name: string;
  fileName: string;
  size: number;
  url: string;
  fileUrl: string;
  contentType: string;
  bizType: string | null;
  bizId: string | null;
  createdAt: string;
}

/** The view of a stored file. */
export function toFileView(row: TFileRow): TFileView {
  const url = `${FILE_VIEW_PATH}/${row.id}`;
  return {
    id: row.id,
    fileId: row.id,
    name: row.originalName,
    fileName: row.originalName,
    size: row.size,
    url,
    fileUrl: url,
    contentType: row.contentType,
    bizType: row.bizType,
    bizId: row.bizId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A new id for a business object that is not saved yet (its files can be uploaded first). */
export function generateId(): string {
  return randomUUID();
}

// ---------------------------------------------------------------------------------------
// Who may see a file

/**
 * Decides whether an actor may see the business object `bizId` of a type. Features register
 * one for their business types (e.g. hospital-tasks: a provider sees its own tasks), so
 * files attached to an object follow the object's visibility.
 */
export type TBizAccessRule = (p: TPlatform, input: { actor: TActor; bizId: string }) => Promise<boolean>;

const bizAccessRules = new Map<string, TBizAccessRule>();

/** Registers the visibility rule of a business type (call once, when the feature's routes load). */
export function registerBizAccess(bizType: string, rule: TBizAccessRule): void {
  bizAccessRules.set(bizType, rule);
}

/**
 * Tenant first, always. Operator staff (no providerId) see every file of their tenant.
 * Provider staff see files they or their provider uploaded, and files of business objects
 * whose registered rule lets them see the object.
 */
export async function canSeeFile(p: TPlatform, actor: TActor, row: TFileRow): Promise<boolean> {
  if (row.tenantId !== actor.tenantId || row.deleted) return false;
  if (!actor.providerId) return true;
  if (row.uploadedBy === actor.userId || row.uploaderProviderId === actor.providerId) return true;
  const rule = row.bizType && row.bizId ? bizAccessRules.get(row.bizType) : undefined;
  return rule ? rule(p, { actor, bizId: row.bizId as string }) : false;
}

/** Provider staff may only add files to business objects they can see (when the type has a rule). */
async function assertBizWritable(
  p: TPlatform,
  actor: TActor,
  bizType?: string | null,
  bizId?: string | null,
) {
  if (!actor.providerId || !bizType || !bizId) return;
  const rule = bizAccessRules.get(bizType);
  if (rule && !(await rule(p, { actor, bizId }))) throw new AppError('NOT_FOUND');
}

/** One live file the actor may see; 404 otherwise (other tenants' files do not exist for them). */
export async function getFileForActor(
  p: TPlatform,
  { actor, id }: { actor: TActor; id: string },
): Promise<TFileRow> {
  const rows = await p.db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, actor.tenantId), eq(files.id, id), eq(files.deleted, false)));
  const row = rows[0];
  if (!row || !(await canSeeFile(p, actor, row))) throw new AppError('NOT_FOUND');
  return row;
}

/** Several files in the order asked; 404 when any is missing or hidden from the actor. */
export async function getFilesForActor(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<TFileRow[]> {
  const unique = [...new Set(ids)];
  const rows = await p.db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, actor.tenantId), inArray(files.id, unique), eq(files.deleted, false)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const result: TFileRow[] = [];
  for (const id of unique) {
    const row = byId.get(id);
    if (!row || !(await canSeeFile(p, actor, row))) throw new AppError('NOT_FOUND');
    result.push(row);
  }
  return result;
}

/**
 * Live files of a business object, oldest first. With `actor`, only those the actor may see;
 * without, every file of the object in the tenant (for features that checked access already).
 */
export async function listFiles(
  p: TPlatform,
  {
    tenantId,
    bizType,
    bizId,
    actor,
    db = p.db,
  }: { tenantId: string; bizType: string; bizId: string; actor?: TActor; db?: TDbOrTx },
): Promise<TFileRow[]> {
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.tenantId, tenantId),
        eq(files.bizType, bizType),
        eq(files.bizId, bizId),
        eq(files.deleted, false),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
  if (!actor) return rows;
  const visible: TFileRow[] = [];
  for (const row of rows) if (await canSeeFile(p, actor, row)) visible.push(row);
  return visible;
}

async function liveTotal(db: TDbOrTx, tenantId: string, bizType: string, bizId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(
      and(
        eq(files.tenantId, tenantId),
        eq(files.bizType, bizType),
        eq(files.bizId, bizId),
        eq(files.deleted, false),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Bytes held by the live files of a business object (what counts toward its total). */
/** The live files of several objects of one business type, oldest first (one query for a list). */
export async function listFilesOfMany(
  p: TPlatform,
  { tenantId, bizType, bizIds }: { tenantId: string; bizType: string; bizIds: string[] },
): Promise<TFileRow[]> {
  if (bizIds.length === 0) return [];
  return p.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.tenantId, tenantId),
        eq(files.bizType, bizType),
        inArray(files.bizId, bizIds),
        eq(files.deleted, false),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id));
}

export async function usedBytes(
  p: TPlatform,
  { actor, bizType, bizId }: { actor: TActor; bizType: string; bizId: string },
): Promise<number> {
  await assertBizWritable(p, actor, bizType, bizId);
  return liveTotal(p.db, actor.tenantId, bizType, bizId);
}

/** Serialises writers of one business object's files (PostgreSQL and PGlite alike). */
async function lockBizObject(db: TDbOrTx, tenantId: string, bizType: string, bizId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${tenantId}:${bizType}:${bizId}`}))`);
}

/**
 * Attaches uploaded files to a business object (e.g. a hospital task's photos on save).
 * Files already attached to this object stay; files of another object, of another tenant,
 * deleted, hidden from `actor`, or uploaded under other rules (a photo as an attachment) are
 * refused with a field error on `field`. The attachment total is checked again. Pass `db`
 * to run inside the caller's transaction.
 */
export async function attachFiles(
  p: TPlatform,
  input: {
    tenantId: string;
    ids: string[];
    bizType: string;
    bizId: string;
    actor?: TActor;
    field?: string;
    db?: TDbOrTx;
  },
): Promise<TFileRow[]> {
  const { tenantId, bizType, bizId, actor, field = 'fileIds' } = input;
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return [];
  const profile = profileForBizType(bizType);
  const run = async (tx: TDbOrTx) => {
    await lockBizObject(tx, tenantId, bizType, bizId);
    const rows = await tx
      .select()
      .from(files)
      .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids), eq(files.deleted, false)));
    const refused = () =>
      validationError({
        [field]: {
          msg: '文件不存在或不能用于此处，请重新上传',
          msg_en: 'A file is missing or cannot be used here; upload it again',
        },
      });
    if (rows.length !== ids.length) throw refused();
    for (const row of rows) {
      const elsewhere = row.bizId !== null && (row.bizId !== bizId || row.bizType !== bizType);
      if (elsewhere || row.profile !== profile.key) throw refused();
      if (actor && !(await canSeeFile(p, actor, row))) throw refused();
    }
    const adding = rows.filter((r) => r.bizId === null);
    if (profile.maxTotalBytes !== null && adding.length > 0) {
      const total = (await liveTotal(tx, tenantId, bizType, bizId)) + adding.reduce((s, r) => s + r.size, 0);
      if (total > profile.maxTotalBytes) throw new AppError(fileIssueError(profile, 'total'));
    }
    if (adding.length > 0) {
      await tx
        .update(files)
        .set({ bizType, bizId, updatedAt: new Date(), updatedBy: actor?.userId ?? null })
        .where(
          and(
            eq(files.tenantId, tenantId),
            inArray(
              files.id,
              adding.map((r) => r.id),
            ),
            isNull(files.bizId),
          ),
        );
    }
    const byId = new Map(rows.map((r) => [r.id, { ...r, bizType, bizId }]));
    return ids.map((id) => byId.get(id) as TFileRow);
  };
  return input.db ? run(input.db) : p.db.transaction(run);
}

/**
 * Soft-deletes files. Provider staff may delete only what they or their provider uploaded;
 * operator staff any file of their tenant. The bytes stay until a purge removes deleted rows.
 */
export async function deleteFiles(
  p: TPlatform,
  { actor, ids }: { actor: TActor; ids: string[] },
): Promise<number> {
  const rows = await getFilesForActor(p, { actor, ids });
  for (const row of rows) {
    const own =
      row.uploadedBy === actor.userId ||
      (actor.providerId !== null && row.uploaderProviderId === actor.providerId);
    if (actor.providerId && !own) throw new AppError('NO_PERMISSION');
  }
  const updated = await p.db
    .update(files)
    .set({
      deleted: true,
      deletedAt: new Date(),
      deletedBy: actor.userId,
      updatedAt: new Date(),
      updatedBy: actor.userId,
    })
    .where(
      and(
        eq(files.tenantId, actor.tenantId),
        inArray(
          files.id,
          rows.map((r) => r.id),
        ),
        eq(files.deleted, false),
      ),
    )
    .returning({ id: files.id });
  return updated.length;
}

// ---------------------------------------------------------------------------------------
// Upload

/** One part of a multipart upload, as the route hands it over. */
export type TUploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; fieldName: string; fileName: string; stream: Readable };

/** Test hook: replaces numbers of a profile (e.g. a 1 KB attachment total). */
export type TProfileOverrides = Partial<
  Record<TFileProfileKey, Partial<Pick<TFileProfile, 'maxFileBytes' | 'maxTotalBytes'>>>
>;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The type read from a file's first bytes, in file-type's names ('png', 'cfb', 'zip', ...). */
export async function detectType(head: Buffer): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (found) return found.ext;
  // Office packages cut off after SNIFF_BYTES may not be classified; their magic numbers are enough.
  if (head.subarray(0, 8).equals(OLE_MAGIC)) return 'cfb';
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  return undefined;
}

/** The name as shown: no folder part, no control characters, trimmed. */
export function cleanFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

function profileWith(profile: TFileProfile, overrides?: TProfileOverrides): TFileProfile {
  const o = overrides?.[profile.key];
  return o ? { ...profile, ...o } : profile;
}

function storageKey(tenantId: string, bucket: string, id: string, extension: string): string {
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${tenantId}/${bucket}/${month}/${id}.${extension}`;
}

/** Streams one file to storage under the rules of its profile; returns the saved row. */
async function storeOne(
  p: TPlatform,
  input: {
    actor: TActor;
    target: TUploadTarget;
    fileName: string;
    stream: Readable;
    batch: TFileRow[];
    overrides?: TProfileOverrides;
  },
): Promise<TFileRow> {
  const { actor, target, stream, batch } = input;
  const bucket = target.bucket ?? 'default';
  const bizType = target.bizType ?? null;
  const bizId = target.bizId ?? null;
  const profile = profileWith(profileForBizType(bizType), input.overrides);
  const fail = (issue: TFileIssue) => new AppError(fileIssueError(profile, issue));

  const name = cleanFileName(input.fileName);
  const nameIssue = checkFileName(profile, name);
  if (nameIssue) throw fail(nameIssue);
  await assertBizWritable(p, actor, bizType, bizId);

  const extension = fileExtension(name);
  // What the business object already holds: its live files (this batch's are rows already)
  // or, for files not attached yet, the earlier files of this batch.
  const existing =
    bizType && bizId
      ? await liveTotal(p.db, actor.tenantId, bizType, bizId)
      : batch.filter((r) => r.bizId === null && r.profile === profile.key).reduce((s, r) => s + r.size, 0);
  const ruleBytes = remainingBytes(profile, existing);
  const overTotal =
    profile.maxFileBytes === null || (profile.maxTotalBytes !== null && ruleBytes < profile.maxFileBytes);
  // The uploader's 24-hour quota, checked before any byte is read and while streaming.
  const quotaBytes = quotaBytesLeft(p, await usedQuota(p.db, actor));
  const maxBytes = Math.min(ruleBytes, quotaBytes);

  const inspected = inspectUpload(stream, {
    maxBytes,
    sniffBytes: SNIFF_BYTES,
    tooLarge: () => (quotaBytes < ruleBytes ? quotaError(p) : fail(overTotal ? 'total' : 'size')),
    checkHead: async (head) => {
      if (!contentMatchesExtension(extension, await detectType(head))) throw fail('type');
    },
  });
  const id = randomUUID();
  const storedKey = storageKey(actor.tenantId, bucket, id, extension);
  const contentType = contentTypeFor(extension);
  const store = fileStoreOf(p);
  await store.put(storedKey, inspected.stream, { contentType });
  const { size, sha256, crc32 } = inspected.result();

  try {
    return await p.db.transaction(async (tx) => {
      // Parallel uploads of one user: the second to commit sees the first's row.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${actor.userId}`}))`);
      if (quotaBytesLeft(p, await usedQuota(tx, actor)) < size) throw quotaError(p);
      if (bizType && bizId && profile.maxTotalBytes !== null) {
        // Two uploads to one object at once: the second to commit sees the first's row.
        await lockBizObject(tx, actor.tenantId, bizType, bizId);
        if ((await liveTotal(tx, actor.tenantId, bizType, bizId)) + size > profile.maxTotalBytes)
          throw fail('total');
      }
      const [row] = await tx
        .insert(files)
        .values({
          id,
          tenantId: actor.tenantId,
          createdBy: actor.userId,
          updatedBy: actor.userId,
          bucket,
          bizType,
          bizId,
          profile: profile.key,
          originalName: name,
          extension,
          storedKey,
          contentType,
          size,
          sha256,
          crc32,
          uploadedBy: actor.userId,
          uploaderProviderId: actor.providerId,
        })
        .returning();
      return row;
    });
  } catch (error) {
    await store.delete(storedKey);
    throw error;
  }
}

const QUOTA_WINDOW = sql`now() - interval '24 hours'`;

/** Files and bytes the actor uploaded in the last 24 hours (deleted ones count too). */
async function usedQuota(db: TDbOrTx, actor: TActor): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${files.size}), 0)::bigint`,
    })
    .from(files)
    .where(
      and(
        eq(files.tenantId, actor.tenantId),
        eq(files.uploadedBy, actor.userId),
        gt(files.createdAt, QUOTA_WINDOW),
      ),
    );
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Bytes the actor may still upload (UPLOAD_DAILY_MAX_BYTES, UPLOAD_DAILY_MAX_FILES over 24
 * hours); throws the quota error when the count is used up. A limit of 0 is no limit.
 */
function quotaBytesLeft(p: TPlatform, used: { files: number; bytes: number }): number {
  const { dailyMaxFiles, dailyMaxBytes } = p.config.files;
  if (dailyMaxFiles > 0 && used.files >= dailyMaxFiles) throw quotaError(p);
  if (dailyMaxBytes === 0) return Number.POSITIVE_INFINITY;
  if (used.bytes >= dailyMaxBytes) throw quotaError(p);
  return dailyMaxBytes - used.bytes;
}

function quotaError(p: TPlatform): AppError {
  const { dailyMaxFiles, dailyMaxBytes } = p.config.files;
  return new AppError('UPLOAD_DAILY_QUOTA', {
    params: {
      files: dailyMaxFiles > 0 ? dailyMaxFiles : '∞',
      size: dailyMaxBytes > 0 ? formatBytes(dailyMaxBytes) : '∞',
    },
  });
}

/** 2147483648 -> '2 GB', 1536 -> '1.5 KB' (binary units, as the upload rules write 10M). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** Removes files saved earlier in a batch that then failed: rows and bytes. */
async function discardBatch(p: TPlatform, tenantId: string, rows: TFileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await p.db.delete(files).where(
    and(
      eq(files.tenantId, tenantId),
      inArray(
        files.id,
        rows.map((r) => r.id),
      ),
    ),
  );
  const store = fileStoreOf(p);
  await Promise.all(rows.map((r) => store.delete(r.storedKey)));
}

/**
 * Stores every `file` part of one multipart request. Fields named bucket, bizType and bizId
 * (before the files) override the query's. Limits are enforced while the bytes stream; the
 * batch is all or nothing: when one file is refused, the ones saved before it are removed.
 */
export async function uploadFiles(
  p: TPlatform,
  input: {
    actor: TActor;
    target: TUploadTarget;
    parts: AsyncIterable<TUploadPart>;
    overrides?: TProfileOverrides;
  },
): Promise<TFileRow[]> {
  const { actor } = input;
  const fields: Record<string, string | undefined> = { ...input.target };
  const batch: TFileRow[] = [];
  try {
    for await (const part of input.parts) {
      if (part.kind === 'field') {
        if (part.name === 'bucket' || part.name === 'bizType' || part.name === 'bizId')
          fields[part.name] = part.value || undefined;
        continue;
      }
      if (part.fieldName !== 'file') {
        part.stream.resume();
        continue;
      }
      const parsed = ZUploadTarget.safeParse(fields);
      if (!parsed.success) {
        part.stream.resume();
        const issue = parsed.error.issues[0];
        const text = parseBilingual(issue.message);
        throw validationError({ [issue.path.join('.') || 'file']: { msg: text.zh, msg_en: text.en } });
      }
      batch.push(
        await storeOne(p, {
          actor,
          target: parsed.data,
          fileName: part.fileName,
          stream: part.stream,
          batch,
          overrides: input.overrides,
        }),
      );
    }
  } catch (error) {
    await discardBatch(p, actor.tenantId, batch);
    throw error;
  }
  if (batch.length === 0) {
    throw new AppError('UPLOAD_FAILED', {
      zh: '上传失败：请选择文件（字段 file）',
      en: 'Upload failed: no file was sent (field file)',
    });
  }
  return batch;
}

// ---------------------------------------------------------------------------------------
// Download

/** The bytes of a file; 404 when the store has lost them. */
export async function openFile(p: TPlatform, row: TFileRow): Promise<Readable> {
  const stream = await fileStoreOf(p).get(row.storedKey);
  if (!stream) {
    p.log.error({ fileId: row.id, key: row.storedKey }, 'file bytes missing from the store');
    throw new AppError('NOT_FOUND');
  }
  return stream;
}

/** A store-only ZIP of the files, entry names made unique ('a.pdf', 'a (1).pdf'). */
export function zipFiles(p: TPlatform, rows: TFileRow[]): Readable {
  const names = uniqueNames(rows.map((r) => r.originalName));
  return zipStream(
    rows.map((row, i) => ({
      name: names[i],
      size: row.size,
      crc32: row.crc32,
      modified: row.createdAt,
      open: () => openFile(p, row),
    })),
  );
}

/**
 * The actor of an access token passed in the query string, for links where headers cannot
 * be sent (<a href>, <img src>). Same checks as the auth hook: signature, expiry, live
 * session; `tenantCode`, when given, must be the token's tenant.
 */
export async function actorFromToken(
  p: TPlatform,
  {
    token,
    tenantCode,
    ctx,
  }: { token?: string; tenantCode?: string; ctx?: { ip: string; requestId: string } },
): Promise<TActor> {
  const raw = token?.replace(/^Bearer\s+/i, '').trim();
  if (!raw) throw new AppError('TOKEN_MISSING');
  const actor = await loadActor(p, await p.tokens.verifyAccess(raw), ctx);
  if (tenantCode && tenantCode.trim() !== actor.tenantCode) throw new AppError('NOT_FOUND');
  return actor;
}
