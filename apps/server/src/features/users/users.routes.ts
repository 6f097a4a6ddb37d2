import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, ZPasswordChangeFields, ZUserBase } from '@portal/domain/users/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { AppError, validationError } from '../../platform/http/app-error.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  changeOwnPassword,
  getProfile,
  readAvatarFile,
  saveAvatarFile,
  updateOwnAvatar,
  updateOwnBase,
} from './users.service.ts';

const tags = ['users'];

const ZUserProfile = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  avatar: z.string().describe("'' or the avatar URL (GET it with the session headers)"),
  workDescribe: z.string(),
  email: z.string(),
  mobile: z.string(),
  userType: z.string(),
  providerId: z.string().nullable(),
  enabled: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The personal centre: own profile, avatar and password. */
export function usersRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only in this plugin's scope (avatar upload); the files platform has its own.
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(multipart, {
        limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      });
    }

    app.get(
      '/authority/user/:id',
      {
        config: { access: access.login(), duringPasswordChange: true },
        schema: {
          tags,
          summary: 'A user profile: your own, or any user of your tenant with authority:user:view',
          params: z.object({ id: z.uuid() }),
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZUserProfile) },
        },
      },
      async (request) => ok(await getProfile(p, { actor: actorOf(request), userId: request.params.id })),
    );

    app.put(
      '/authority/user/base',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary: 'Updates your own name, English name and work description',
          body: ZUserBase,
          response: { 200: ZEnvelope(ZUserProfile) },
        },
      },
      async (request) => ok(await updateOwnBase(p, { actor: actorOf(request), ...request.body })),
    );

    app.post(
      '/authority/user/avatar/upload',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary:
            'Uploads an avatar image (multipart field file; jpg or png by content, at most 10 MB); then PUT /authority/user/avatar',
          consumes: ['multipart/form-data'],
          response: {
            200: ZEnvelope(
              z.object({ id: z.string(), url: z.string(), size: z.number().int(), contentType: z.string() }),
            ),
          },
        },
      },
      async (request) => {
        const noFile = () =>
          validationError({
            file: { msg: '请选择要上传的头像图片', msg_en: 'Choose an avatar image to upload' },
          });
        if (!request.isMultipart()) throw noFile();
        const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
        if (part?.fieldname !== 'file') throw noFile();
        const bytes = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
          throw error;
        });
        return ok(await saveAvatarFile(p, { actor: actorOf(request), bytes }));
      },
    );

    app.get(
      '/authority/user/avatar/:fileId',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary:
            "An avatar image of your tenant (image/png or image/jpeg); another tenant's id is not found",
          params: z.object({ fileId: z.string().max(64) }),
          querystring: z.object({ ts: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const file = await readAvatarFile(p, { actor: actorOf(request), fileId: request.params.fileId });
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );

    app.put(
      '/authority/user/avatar',
      {
        config: { access: access.login() },
        schema: {
          tags,
          summary:
            "Sets your avatar to an uploaded image (its id or url from the upload), or clears it with ''",
          body: z.object({ avatar: z.string().trim().max(200) }),
          response: { 200: ZEnvelope(ZUserProfile) },
        },
      },
      async (request) =>
        ok(await updateOwnAvatar(p, { actor: actorOf(request), avatar: request.body.avatar })),
    );

    app.put(
      '/authority/user/password',
      {
        config: { access: access.login(), duringPasswordChange: true },
        schema: {
          tags,
          summary:
            'Changes your password (also /forceUpdatePwd): 8-15 characters, no spaces, a letter and a number, none of @ _ - . #; other sessions end',
          body: ZPasswordChangeFields,
          response: { 200: ZEnvelope(z.object({ revokedSessions: z.number().int() })) },
        },
      },
      async (request) =>
        ok(
          await changeOwnPassword(p, {
            actor: actorOf(request),
            ...request.body,
            ctx: { ip: request.ip, requestId: request.id },
          }),
        ),
    );
  };
}
