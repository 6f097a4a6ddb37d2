import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  DOWNLOAD_ZIP_NAME,
  FILE_PROFILE_KEYS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  profileForBizType,
  remainingBytes,
} from '@portal/domain/files/rules';
import { bilingual, parseBilingual } from '@portal/domain/i18n/bilingual';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf, type TActor } from '../../platform/auth/access.ts';
import { withTenant } from '../../platform/db/db-scope.ts';
import { AppError, validationError } from '../../platform/http/app-error.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { assertNoControlCharacters } from '../../platform/http/input-guard.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { defineFilesPurgeJob } from './files.purge.ts';
import {
  actorFromToken,
  deleteFiles,
  generateId,
  getFileForActor,
  getFilesForActor,
  listFiles,
  openFile,
  type TUploadPart,
  toFileView,
  uploadFiles,
  uploadTargetShape,
  usedBytes,
  zipFiles,
} from './files.service.ts';
import type { TFileRow } from './files.tables.ts';

const ZFileView = z.object({
  id: z.string(),
  fileId: z.string(),
  name: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  url: z.string().describe('inline view; add ?token=&tenant= for <img src>'),
  fileUrl: z.string(),
  contentType: z.string().describe('detected from the bytes'),
  bizType: z.string().nullable(),
  bizId: z.string().nullable(),
  createdAt: z.string(),
});

const ZUploadRules = z.object({
  profile: z.enum(FILE_PROFILE_KEYS),
  extensions: z.array(z.string()),
  accept: z.string().describe("for <input accept>, e.g. '.png,.jpg'"),
  maxFileBytes: z.number().int().nullable(),
  maxTotalBytes: z.number().int().nullable(),
  maxNameLength: z.number().int(),
  nameUnit: z.enum(['chars', 'bytes']),
  maxCount: z.number().int().nullable(),
  usedBytes: z.number().int().describe('live files of the business object (0 without bizId)'),
  remainingBytes: z.number().int().describe('largest next file'),
  uploadUrl: z.string(),
  fieldName: z.literal('file'),
});

const ZId = z.uuid(bilingual('文件编号格式不正确', 'Incorrect file id'));
const ZIds = z.array(ZId).min(1, bilingual('尚未选择数据', 'No data selected yet')).max(500);
const ZBizRef = z.object({
  bizType: uploadTargetShape.bizType.unwrap(),
  bizId: uploadTargetShape.bizId.unwrap(),
});
const ZLinkAuth = z.object({
  token: z.string().max(4000).optional().describe('access token, for links that cannot send headers'),
  tenant: z.string().max(32).optional(),
  ts: z.string().optional(),
});
const ts = { ts: z.string().optional() };

/** Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 name (Chinese names). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/bmp', 'image/gif', 'application/pdf']);

async function sendFile(p: TPlatform, reply: FastifyReply, row: TFileRow, kind: 'attachment' | 'inline') {
  const stream = await openFile(p, row);
  const disposition = kind === 'inline' && INLINE_TYPES.has(row.contentType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', row.contentType)
    .header('content-length', String(row.size))
    .header('content-disposition', contentDisposition(disposition, row.originalName))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

function sendZip(p: TPlatform, reply: FastifyReply, rows: TFileRow[]) {
  const stream: Readable = zipFiles(p, rows);
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition('attachment', DOWNLOAD_ZIP_NAME))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

async function bizFiles(p: TPlatform, actor: TActor, bizType: string, bizId: string) {
  const rows = await listFiles(p, { tenantId: actor.tenantId, bizType, bizId, actor });
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  return rows;
}

/** Token from the query (links) or, failing that, the usual header. */
function linkActor(p: TPlatform, request: FastifyRequest, query: z.infer<typeof ZLinkAuth>) {
  return actorFromToken(p, {
    token: query.token ?? (request.headers.token as string | undefined),
    tenantCode: query.tenant ?? (request.headers.tenant as string | undefined),
    ctx: { ip: request.ip, requestId: request.id },
  });
}

async function* partsOf(request: FastifyRequest): AsyncGenerator<TUploadPart> {
  for await (const part of request.parts()) {
    // The body hook sees no multipart parts: names, values and file names are checked here.
    assertNoControlCharacters({ [part.fieldname]: part.fieldname });
    assertNoControlCharacters(
      part.type === 'file' ? { file: part.filename } : { [part.fieldname]: String(part.value ?? '') },
    );
    if (part.type === 'file') {
      yield { kind: 'file', fieldName: part.fieldname, fileName: part.filename, stream: part.file };
    } else {
      yield { kind: 'field', name: part.fieldname, value: String(part.value ?? '') };
    }
  }
}

/**
 * Uploads, attachments, downloads (spec section 7 "files"). Upload limits are enforced while
 * the bytes stream (files.service.ts); the multipart parser's own limits are only a backstop.
 */
export function filesRoutes(p: TPlatform): FastifyPluginAsyncZod {
  defineFilesPurgeJob(p);
  return async (app) => {
    const options = {
      // Browsers send file names as raw UTF-8; busboy's default would read them as latin1.
      defParamCharset: 'utf8',
      throwFileSizeLimit: true,
      limits: {
        fileSize: MAX_ATTACHMENTS_TOTAL_BYTES + 1,
        files: 20,
        fields: 20,
        fieldSize: 1024,
        parts: 60,
        headerPairs: 100,
      },
    };
    await app.register(multipart, options);

    const uploadSchema = {
      tags: ['files'],
      consumes: ['multipart/form-data'],
      querystring: z.object({ ...uploadTargetShape, ...ts }),
    };
    const upload = async (
      request: FastifyRequest,
      query: { bucket?: string; bizType?: string; bizId?: string },
    ) => {
      const { bucket, bizType, bizId } = query;
      const rows = await uploadFiles(p, {
        actor: actorOf(request),
        target: { bucket, bizType, bizId },
        parts: partsOf(request),
      });
      return rows.map(toFileView);
    };

    app.post(
      '/file/file/anyone/uploadBatch',
      {
        config: { access: access.login() },
        schema: {
          ...uploadSchema,
          summary:
            'Upload one or more files (multipart, field file; bucket, bizType, bizId in the query or as fields before the files). Type read from the bytes; limits enforced while streaming; all or nothing',
          response: { 200: ZEnvelope(z.array(ZFileView)) },
        },
      },
      async (request) => ok(await upload(request, request.query)),
    );

    app.post(
      '/file/file/anyone/upload',
      {
        config: { access: access.login() },
        schema: {
          ...uploadSchema,
          summary:
            'Upload target of the upload component (one file per request): same rules as uploadBatch, answers the file',
          response: { 200: ZEnvelope(ZFileView) },
        },
      },
      async (request) => ok((await upload(request, request.query))[0]),
    );

    app.get(
      '/file/file/anyone/upload',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary:
            'The upload rules for a business type (types, sizes, name length) and, with bizId, the room left',
          querystring: z.object({ ...uploadTargetShape, ...ts }),
          response: { 200: ZEnvelope(ZUploadRules) },
        },
      },
      async (request) => {
        const { bizType, bizId } = request.query;
        const profile = profileForBizType(bizType);
        const actor = actorOf(request);
        const used = bizType && bizId ? await usedBytes(p, { actor, bizType, bizId }) : 0;
        return ok({
          profile: profile.key,
          extensions: [...profile.extensions],
          accept: profile.extensions.map((e) => `.${e}`).join(','),
          maxFileBytes: profile.maxFileBytes,
          maxTotalBytes: profile.maxTotalBytes,
          maxNameLength: profile.maxNameLength,
          nameUnit: profile.nameUnit,
          maxCount: profile.maxCount,
          usedBytes: used,
          remainingBytes: remainingBytes(profile, used),
          uploadUrl: '/saasapi/file/file/anyone/uploadBatch',
          fieldName: 'file' as const,
        });
      },
    );

    app.post(
      '/file/file/download',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary: `Download files by id: one file as itself, several as '${DOWNLOAD_ZIP_NAME}' (blob; errors as the envelope)`,
          body: z.object({ ids: ZIds }),
        },
      },
      async (request, reply) => {
        const rows = await getFilesForActor(p, { actor: actorOf(request), ids: request.body.ids });
        return rows.length === 1 ? sendFile(p, reply, rows[0], 'attachment') : sendZip(p, reply, rows);
      },
    );

    app.get(
      '/file/attachment',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary: 'Attachments of a business object the caller may see, oldest first',
          querystring: ZBizRef.extend(ts),
          response: { 200: ZEnvelope(z.array(ZFileView)) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const { bizType, bizId } = request.query;
        return ok((await listFiles(p, { tenantId: actor.tenantId, bizType, bizId, actor })).map(toFileView));
      },
    );

    app.delete(
      '/file/attachment',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary:
            "Delete files (soft): ids in the body {ids} or the query (ids=a,b); provider staff only their provider's uploads",
          querystring: z.object({
            ids: z.union([z.string().max(20_000), z.array(z.string())]).optional(),
            ...ts,
          }),
          body: z.object({ ids: ZIds }).nullish(),
          response: { 200: ZEnvelope(z.object({ deleted: z.number().int() })) },
        },
      },
      async (request) => {
        const fromQuery = [request.query.ids ?? []]
          .flat()
          .flatMap((v) => v.split(','))
          .map((v) => v.trim())
          .filter(Boolean);
        const ids = ZIds.safeParse(request.body?.ids ?? fromQuery);
        if (!ids.success) {
          const text = parseBilingual(ids.error.issues[0].message);
          throw validationError({ ids: { msg: text.zh, msg_en: text.en } });
        }
        return ok({ deleted: await deleteFiles(p, { actor: actorOf(request), ids: ids.data }) });
      },
    );

    app.get(
      '/file/attachment/download',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary: 'Download one attachment (blob)',
          querystring: z.object({ id: ZId, ...ts }),
        },
      },
      async (request, reply) => {
        const row = await getFileForActor(p, { actor: actorOf(request), id: request.query.id });
        return sendFile(p, reply, row, 'attachment');
      },
    );

    app.get(
      '/file/attachment/download/biz',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary: `All attachments of a business object as '${DOWNLOAD_ZIP_NAME}' (blob)`,
          querystring: ZBizRef.extend(ts),
        },
      },
      async (request, reply) => {
        const { bizType, bizId } = request.query;
        return sendZip(p, reply, await bizFiles(p, actorOf(request), bizType, bizId));
      },
    );

    app.get(
      '/file/attachment/download/:bizType/:bizId',
      {
        // Links (<a href>) cannot send headers: the access token comes in the query and is
        // checked here exactly as the auth hook would (signature, expiry, live session).
        config: { access: access.public() },
        schema: {
          tags: ['files'],
          summary: `All attachments of a business object as '${DOWNLOAD_ZIP_NAME}', for links: ?token=<access token>&tenant=<code>`,
          params: ZBizRef,
          querystring: ZLinkAuth,
        },
      },
      async (request, reply) => {
        const actor = await linkActor(p, request, request.query);
        const rows = await withTenant(actor.tenantId, () =>
          bizFiles(p, actor, request.params.bizType, request.params.bizId),
        );
        return sendZip(p, reply, rows);
      },
    );

    app.get(
      '/file/file/view/:id',
      {
        config: { access: access.public() },
        schema: {
          tags: ['files'],
          summary:
            'One file inline (pictures, PDF) for <img src> and previews: ?token=<access token>&tenant=<code>',
          params: z.object({ id: ZId }),
          querystring: ZLinkAuth,
        },
      },
      async (request, reply) => {
        const actor = await linkActor(p, request, request.query);
        const file = await withTenant(actor.tenantId, () =>
          getFileForActor(p, { actor, id: request.params.id }),
        );
        return sendFile(p, reply, file, 'inline');
      },
    );

    app.get(
      '/authority/common/generateId',
      {
        config: { access: access.login() },
        schema: {
          tags: ['files'],
          summary: 'A new id for a business object not saved yet (so its files can be uploaded first)',
          querystring: z.object(ts),
          response: { 200: ZEnvelope(z.string()) },
        },
      },
      async () => ok(generateId()),
    );
  };
}
