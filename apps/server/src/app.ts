import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountingRoutes } from './features/accounting/accounting.routes.ts';
import { appealsRoutes } from './features/appeals/appeals.routes.ts';
import { appointmentsRoutes } from './features/appointments/appointments.routes.ts';
import { calendarRoutes } from './features/calendar/calendar.routes.ts';
import { claimsRoutes } from './features/claims/claims.routes.ts';
import { clientsRoutes } from './features/clients/clients.routes.ts';
import { costControlRoutes } from './features/cost-control/cost-control.routes.ts';
import { dictionariesRoutes } from './features/dictionaries/dictionaries.routes.ts';
import { doctorsRoutes } from './features/doctors/doctors.routes.ts';
import { errorLogsRoutes } from './features/error-logs/error-logs.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { homeRoutes } from './features/home/home.routes.ts';
import { homeLinksRoutes } from './features/home/home-links.routes.ts';
import { hospitalAuditRoutes } from './features/hospital-audit/hospital-audit.routes.ts';
import { hospitalTasksRoutes } from './features/hospital-tasks/hospital-tasks.routes.ts';
import { investigationsRoutes } from './features/investigations/investigations.routes.ts';
import { invoicesRoutes } from './features/invoices/invoices.routes.ts';
import { knowledgeRoutes } from './features/knowledge/knowledge.routes.ts';
import { logsRoutes } from './features/logs/logs.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import { menusAdminRoutes } from './features/menus/menus.admin.routes.ts';
import { menusRoutes } from './features/menus/menus.routes.ts';
import { messagesManageRoutes } from './features/messages/messages.manage.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { organisationsRoutes } from './features/organisations/organisations.routes.ts';
import { personalDataRoutes } from './features/personal-data/personal-data.routes.ts';
import { preauthRoutes } from './features/preauth/preauth.routes.ts';
import { providerAccountsRoutes } from './features/provider-accounts/provider-accounts.routes.ts';
import { rolesAdminRoutes } from './features/roles/roles.admin.routes.ts';
import { securityEventsRoutes } from './features/security-events/security-events.routes.ts';
import { sessionRoutes } from './features/session/session.routes.ts';
import { actorInMemory, loadActor, verifyClient } from './features/session/session.service.ts';
import { smsRoutes } from './features/sms/sms.routes.ts';
import { usersAdminRoutes } from './features/users/users.admin.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { workflowRoutes } from './features/workflow/workflow.routes.ts';
import { access } from './platform/auth/access.ts';
import { installAuth } from './platform/auth/auth.hooks.ts';
import { clientKey, createAuthCache } from './platform/auth/auth-cache.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import type { TConfig } from './platform/config.ts';
import { openDatabase, type TOpenDatabaseOptions } from './platform/db/client.ts';
import { safeErrorForLog } from './platform/db/db-errors.ts';
import { analyzeSoon, defineDatabaseMaintenanceJob } from './platform/db/maintenance.ts';
import { installErrorHandler, shuttingDownBody } from './platform/http/error-handler.ts';
import { serverOptions, wrongMethodAnswer } from './platform/http/hardening.ts';
import { installInputGuard } from './platform/http/input-guard.ts';
import { requestIds } from './platform/http/request-ids.ts';
import { installSecurityHeaders, PORTAL_SECURITY_HEADERS } from './platform/http/security-headers.ts';
import { compiledSerializerCompiler } from './platform/http/serializer.ts';
import { installWebApp } from './platform/http/web-app.ts';
import { createJobRunner } from './platform/jobs/jobs.ts';
import { createDbKv, createRedisKv } from './platform/kv/kv.ts';
import type { TPlatform } from './platform/platform.ts';
import { installSecurityEventHooks } from './platform/security-events/security-events.hooks.ts';
import { createSecurityEventWriter } from './platform/security-events/security-events.ts';
import { findTenantByCode } from './platform/tenancy/tenancy.service.ts';
import { seedDatabase } from './seed/seed.ts';

export const API_PREFIX = '/saasapi';

/**
 * One structured access line per request, written when it completes (method, url, status,
 * time, request id), instead of Fastify's two ('incoming request' and 'request completed').
 */
class AccessLineLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** Builds the whole application: platform, every feature's routes, and the web app. */
export async function buildApp(
  config: TConfig,
  options: TOpenDatabaseOptions = {},
): Promise<{ app: FastifyInstance; platform: TPlatform }> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Link downloads carry the access token in the query: never write it to the log.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: req.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]'),
                remoteAddress: req.ip,
              }),
              // Database failures are logged with their query text, never its parameter values.
              err: (error) => safeErrorForLog(error),
            },
          },
    genReqId: requestIds(),
    logController: new AccessLineLogController(),
    bodyLimit: 10 * 1024 * 1024,
    // Requests that arrive while the instance shuts down get the bilingual 503 envelope from the
    // app's own hook below; Fastify's built-in answer to them is English-only and no envelope.
    return503OnClosing: false,
    ...serverOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses are written by code compiled from each route's schema; tests also check them
  // against the zod schema, so a handler returning the wrong shape fails there.
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: config.env === 'test' }));

  const database = await openDatabase(config, options);
  const securityEvent = createSecurityEventWriter(app.log);
  await seedDatabase(database.db, config, { securityEvent });
  const kv = config.redisUrl
    ? createRedisKv(config.redisUrl, config.redisKeyPrefix)
    : createDbKv(database.db);
  const platform: TPlatform = {
    config,
    database,
    db: database.db,
    kv,
    tokens: createTokenService(config.jwtSecret, config.accessTokenTtl, config.tokenParties),
    authCache: createAuthCache({
      kv,
      log: app.log,
      ttlSeconds: config.authCache.ttlSeconds,
      maxEntries: config.authCache.maxEntries,
    }),
    log: app.log,
    securityEvent,
    jobs: createJobRunner({ db: database.db, log: app.log, pollSeconds: config.jobsPollSeconds }),
  };
  // The embedded database's ANALYZE (no autovacuum there): hourly, and due at once after the seed.
  defineDatabaseMaintenanceJob(platform);
  // Jobs start once every feature has defined its own, and stop before the database closes.
  if (config.jobsEnabled)
    app.addHook('onReady', async () => {
      await analyzeSoon(platform);
      await platform.jobs.start();
    });
  app.addHook('preClose', () => platform.jobs.stop());
  // Graceful shutdown: close() stops new connections at once, but requests already running
  // must finish before the database goes away. A count, not a set of ids (a set's rehashing as
  // it grows and shrinks was a measurable part of a cached lookup). Each counted request is let
  // go when its response closes: once, after it was sent or when the client went away first.
  // (Not on the request's own 'close': a request without a body emits none, see hardening.ts.)
  let inFlight = 0;
  const letGo = () => {
    inFlight -= 1;
  };
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request, and an async hook costs a promise.
  app.addHook('onRequest', (_request, reply, done) => {
    if (closing) {
      // Requests that arrive on kept-alive connections after shutdown began are refused.
      reply.status(503).header('connection', 'close').send(shuttingDownBody());
      return;
    }
    inFlight += 1;
    reply.raw.on('close', letGo);
    done();
  });
  app.addHook('onClose', async () => {
    const deadline = Date.now() + 20_000;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await kv.close();
    await database.close();
  });

  // Set as each answer is sent, refusals of the hooks below included.
  installSecurityHeaders(app, PORTAL_SECURITY_HEADERS);
  installErrorHandler(app);
  installSecurityEventHooks(app, { db: platform.db, securityEvent });
  const wrongMethod = wrongMethodAnswer(app);
  installInputGuard(app);
  installAuth(app, {
    tokens: platform.tokens,
    findTenant: async (code) => {
      const tenant = await findTenantByCode(platform.db, code);
      return tenant ? { id: tenant.id, code: tenant.code } : null;
    },
    verifyClient: (clientId, secret) => verifyClient(platform, clientId, secret),
    loadActor: (claims, ctx) => loadActor(platform, claims, ctx),
    knownClient: (key) => platform.authCache.knownClient(key),
    clientKey,
    actorInMemory: (claims) => actorInMemory(platform, claims),
  });

  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Provider network portal API',
        description:
          'Every answer is the envelope {isSuccess, code, msg, msg_en, data}. Headers: Authorization (Basic client), token (Bearer), tenant, language.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          config: { access: access.public() },
          schema: {
            tags: ['platform'],
            summary: 'Liveness and database reachability',
            response: {
              200: z.object({ status: z.literal('ok'), database: z.literal('up'), kind: z.string() }),
              503: z.object({ status: z.literal('degraded'), database: z.literal('down'), kind: z.string() }),
            },
          },
        },
        async (_request, reply) => {
          const up = await database.ping();
          return up
            ? { status: 'ok' as const, database: 'up' as const, kind: database.kind }
            : reply
                .status(503)
                .send({ status: 'degraded' as const, database: 'down' as const, kind: database.kind });
        },
      );
      await api.register(sessionRoutes(platform));
      await api.register(menusRoutes(platform));
      await api.register(menusAdminRoutes(platform));
      await api.register(workflowRoutes(platform));
      await api.register(homeRoutes(platform));
      await api.register(filesRoutes(platform));
      await api.register(homeLinksRoutes(platform));
      await api.register(messagesRoutes(platform));
      await api.register(messagesManageRoutes(platform));
      await api.register(usersRoutes(platform));
      await api.register(usersAdminRoutes(platform));
      await api.register(rolesAdminRoutes(platform));
      await api.register(organisationsRoutes(platform));
      await api.register(errorLogsRoutes(platform));
      await api.register(securityEventsRoutes(platform));
      await api.register(clientsRoutes(platform));
      await api.register(logsRoutes(platform));
      await api.register(dictionariesRoutes(platform));
      await api.register(hospitalTasksRoutes(platform));
      await api.register(hospitalAuditRoutes(platform));
      await api.register(doctorsRoutes(platform));
      await api.register(knowledgeRoutes(platform));
      await api.register(personalDataRoutes(platform));
      await api.register(providerAccountsRoutes(platform));
      await api.register(smsRoutes(platform));
      await api.register(membersRoutes(platform));
      await api.register(appointmentsRoutes(platform));
      await api.register(preauthRoutes(platform));
      await api.register(invoicesRoutes(platform));
      await api.register(calendarRoutes(platform));
      await api.register(claimsRoutes(platform));
      await api.register(investigationsRoutes(platform));
      await api.register(costControlRoutes(platform));
      await api.register(accountingRoutes(platform));
      await api.register(appealsRoutes(platform));
    },
    { prefix: API_PREFIX },
  );

  await installWebApp(app, { webDist: config.webDist, apiPrefix: API_PREFIX, wrongMethod });

  return { app, platform };
}
