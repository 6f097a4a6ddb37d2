import { ZErrorLogPage, ZErrorLogPageBody, ZErrorReport } from '@portal/domain/error-logs/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { pageErrorLogs, recordErrorReport } from './error-logs.service.ts';

/** Reading the error-log store; only SUPER_ADMIN holds it (through '*'). */
const ERROR_LOG_VIEW = 'system:errorLog:view';

export function errorLogsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/authority/errorLog',
      {
        config: { access: access.login() },
        // A stack trace and 8 KB of info fit easily; anything bigger is not a report.
        bodyLimit: 64 * 1024,
        schema: {
          tags: ['error-logs'],
          summary:
            'Reports an unhandled front-end error (production builds); at most 30 per user and minute are kept',
          body: ZErrorReport,
          response: { 200: ZEnvelope(z.object({ stored: z.boolean() })) },
        },
      },
      async (request) =>
        ok(await recordErrorReport(p, { actor: actorOf(request), ip: request.ip, ...request.body })),
    );

    app.post(
      '/authority/errorLog/page',
      {
        config: { access: access.permission(ERROR_LOG_VIEW) },
        schema: {
          tags: ['error-logs'],
          summary: "A page of the tenant's front-end error reports, newest first",
          body: ZErrorLogPageBody,
          response: { 200: ZEnvelope(ZErrorLogPage) },
        },
      },
      async (request) => ok(await pageErrorLogs(p, { actor: actorOf(request), ...request.body })),
    );
  };
}
