import {
  LOG_RETENTION_MANAGE,
  LOGIN_LOG_VIEW,
  OPERATION_LOG_VIEW,
  ZLogCleanBody,
  ZLogCleanResult,
  ZLoginLogExportQuery,
  ZLoginLogPageBody,
  ZLogRetention,
  ZLogRetentionState,
  ZOperationLogExportQuery,
  ZOperationLogPage,
  ZOperationLogPageBody,
} from '@portal/domain/logs/rules';
import {
  SECURITY_EVENT_VIEW,
  ZSecurityEventExportQuery,
  ZSecurityEventPage,
} from '@portal/domain/security-events/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { exportLoginLog, exportOperationLogs, exportSecurityEvents } from './logs.exports.ts';
import {
  cleanLogNow,
  defineLogRetentionJob,
  getLogRetention,
  pageLoginLog,
  pageOperationLogs,
  setLogRetention,
} from './logs.service.ts';

const tags = ['logs'];
const ts = z.object({ ts: z.string().optional() });

/**
 * The operation log, the login log (a view of the security events), their exports and the
 * security events' export, and log cleaning: the tenant's retention, 'clean now' and the hourly
 * job (docs/decisions/0031-clients-and-logs.md).
 */
export function logsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    defineLogRetentionJob(p);

    app.post(
      '/authority/operationLog/page',
      {
        config: { access: access.permission(OPERATION_LOG_VIEW) },
        schema: {
          tags,
          summary:
            "A page of the tenant's operation log (who, when, action, object, before/after, request id), filtered and sorted by time",
          body: ZOperationLogPageBody,
          response: { 200: ZEnvelope(ZOperationLogPage) },
        },
      },
      async (request) => ok(await pageOperationLogs(p, { actor: actorOf(request), ...request.body })),
    );

    app.get(
      '/authority/operationLog/export',
      {
        config: { access: access.permission(OPERATION_LOG_VIEW) },
        schema: {
          tags,
          summary:
            'The operation log of the filter as .xlsx (blob, streamed newest first); errors as the JSON envelope',
          querystring: ZOperationLogExportQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          exportOperationLogs(p, { actor: actorOf(request), query: request.query, lang: request.lang }),
        ),
    );

    app.post(
      '/authority/loginLog/page',
      {
        config: { access: access.permission(LOGIN_LOG_VIEW) },
        schema: {
          tags,
          summary:
            "A page of the tenant's sign-ins, failed sign-ins and sign-outs (a filtered view of the security events)",
          body: ZLoginLogPageBody,
          response: { 200: ZEnvelope(ZSecurityEventPage) },
        },
      },
      async (request) => ok(await pageLoginLog(p, { actor: actorOf(request), ...request.body })),
    );

    app.get(
      '/authority/loginLog/export',
      {
        config: { access: access.permission(LOGIN_LOG_VIEW) },
        schema: {
          tags,
          summary: 'The login log of the filter as .xlsx (blob, streamed newest first)',
          querystring: ZLoginLogExportQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          exportLoginLog(p, { actor: actorOf(request), query: request.query, lang: request.lang }),
        ),
    );

    app.get(
      '/authority/securityEvent/export',
      {
        config: { access: access.permission(SECURITY_EVENT_VIEW) },
        schema: {
          tags: ['security-events'],
          summary: 'The security events of the filter as .xlsx (blob, streamed newest first)',
          querystring: ZSecurityEventExportQuery,
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          exportSecurityEvents(p, { actor: actorOf(request), query: request.query, lang: request.lang }),
        ),
    );

    app.get(
      '/authority/logRetention',
      {
        config: { access: access.permission(LOG_RETENTION_MANAGE) },
        schema: {
          tags,
          summary: "The tenant's log retention per log (the portal's LOG_RETENTION until chosen)",
          querystring: ts,
          response: { 200: ZEnvelope(ZLogRetentionState) },
        },
      },
      async (request) => ok(await getLogRetention(p, p.db, actorOf(request).tenantId)),
    );

    app.put(
      '/authority/logRetention',
      {
        config: { access: access.permission(LOG_RETENTION_MANAGE) },
        schema: {
          tags,
          summary: 'Chooses what the operation log and the security events keep (spec section 9 choices)',
          body: ZLogRetention,
          response: { 200: ZEnvelope(ZLogRetentionState) },
        },
      },
      async (request) =>
        ok(await setLogRetention(p, { actor: actorOf(request), requestId: request.id, input: request.body })),
    );

    app.post(
      '/authority/logRetention/clean',
      {
        config: { access: access.permission(LOG_RETENTION_MANAGE) },
        schema: {
          tags,
          summary: 'Cleans one log of the tenant now with its retention; answers how many rows were removed',
          body: ZLogCleanBody,
          response: { 200: ZEnvelope(ZLogCleanResult) },
        },
      },
      async (request) =>
        ok(await cleanLogNow(p, { actor: actorOf(request), requestId: request.id, log: request.body.log })),
    );
  };
}
