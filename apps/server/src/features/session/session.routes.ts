import { ZRequiredText } from '@portal/domain/text/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, sendWritten, writeOk, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { logout, refreshSession, type TLoginResult, visibleAnswer } from './session.service.ts';
import { createCaptcha, loginWithCaptcha, loginWithPassword } from './session.sign-in.ts';

const ZLoginResult = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiration: z.string().describe('ISO-8601 instant when the access token expires'),
  expiresIn: z.number().int().describe('access token lifetime in seconds'),
  userId: z.string(),
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  avatar: z.string(),
  workDescribe: z.string(),
  providerId: z.string().nullable(),
  userType: z.string(),
  tenant: z.string(),
  mustChangePassword: z.boolean(),
});

const ZOAuthResult = ZLoginResult.extend({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});

const oauth = (r: TLoginResult) => ({
  ...r,
  access_token: r.token,
  refresh_token: r.refreshToken,
  expires_in: r.expiresIn,
  token_type: 'Bearer' as const,
});

const text = (max: number) => ZRequiredText(max);

export function sessionRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/oauth/anno/captcha',
      {
        config: { access: access.public() },
        schema: {
          tags: ['session'],
          summary:
            'Captcha image (SVG) for a client-chosen key; the answer is single-use and expires in 5 minutes',
          querystring: z.object({ key: z.string().min(8).max(64), ts: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const svg = await createCaptcha(p, { key: request.query.key, ip: request.ip });
        return reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
      },
    );

    app.post(
      '/oauth/noToken/login',
      {
        config: { access: access.client() },
        schema: {
          tags: ['session'],
          summary: 'Sign in with tenant (header), account, password and captcha; JSON or form body',
          body: z.object({
            account: text(30),
            password: z.string().min(1).max(64),
            key: z.string().min(1).max(64),
            code: z.string().min(1).max(8),
          }),
          response: { 200: ZEnvelope(ZLoginResult) },
        },
      },
      async (request) => {
        const result = await loginWithCaptcha(p, {
          tenantCode: request.headers.tenant as string | undefined,
          ...request.body,
          clientId: request.clientId!,
          ip: request.ip,
          requestId: request.id,
          userAgent: request.headers['user-agent'] ?? '',
        });
        return ok(result);
      },
    );

    app.post(
      '/authority/anno/login',
      {
        config: { access: access.client() },
        schema: {
          tags: ['session'],
          summary:
            'OAuth-style token endpoint: grant_type password (username, password, captcha key and code; captcha-exempt confidential clients may omit them) or refresh_token',
          body: z.discriminatedUnion('grant_type', [
            z.object({
              grant_type: z.literal('password'),
              username: text(30),
              password: z.string().min(1).max(64),
              key: z.string().max(64).optional(),
              code: z.string().max(8).optional(),
            }),
            z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1).max(200) }),
          ]),
          response: { 200: ZEnvelope(ZOAuthResult) },
        },
      },
      async (request) => {
        const body = request.body;
        const result =
          body.grant_type === 'password'
            ? await loginWithPassword(p, {
                tenantCode: request.headers.tenant as string | undefined,
                account: body.username,
                password: body.password,
                key: body.key,
                code: body.code,
                clientId: request.clientId!,
                ip: request.ip,
                requestId: request.id,
                userAgent: request.headers['user-agent'] ?? '',
              })
            : await refreshSession(p, {
                refreshToken: body.refresh_token,
                clientId: request.clientId!,
                ctx: { ip: request.ip, requestId: request.id },
              });
        return ok(oauth(result));
      },
    );

    app.post(
      '/oauth/noToken/logout',
      {
        config: { access: access.client() },
        schema: {
          tags: ['session'],
          summary: 'Sign out: the session of the given access token is revoked',
          body: z.object({
            token: z.string().max(4000).optional(),
            userId: z.string().max(64).optional(),
            clientId: z.string().max(64).optional(),
          }),
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        const token = request.body.token ?? (request.headers.token as string | undefined);
        if (token) await logout(p, { token, ctx: { ip: request.ip, requestId: request.id } });
        return ok(null);
      },
    );

    app.get(
      '/oauth/resource/visible',
      {
        config: { access: access.login() },
        schema: {
          tags: ['session'],
          summary: 'Permission codes and roles of the signed-in user',
          response: {
            200: ZEnvelope(
              z.object({
                enabled: z.boolean(),
                caseSensitive: z.boolean(),
                resourceList: z.array(z.string()),
                roleList: z.array(z.string()),
              }),
            ),
          },
        },
      },
      // Written once per cached actor (visibleAnswer), then sent as is.
      (request, reply) => {
        sendWritten(
          reply,
          visibleAnswer(actorOf(request), (visible) => writeOk(reply, visible)),
        );
      },
    );
  };
}
