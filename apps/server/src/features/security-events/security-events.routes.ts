import {
  SECURITY_EVENT_VIEW,
  ZSecurityEventPage,
  ZSecurityEventPageBody,
} from '@portal/domain/security-events/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { pageSecurityEvents } from './security-events.service.ts';

export function securityEventsRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/authority/securityEvent/page',
      {
        config: { access: access.permission(SECURITY_EVENT_VIEW) },
        schema: {
          tags: ['security-events'],
          summary:
            "A page of the tenant's security events (sign-in failures, brakes, refusals, token reuse, password and role changes, logouts, ended sessions), filtered and sorted by time",
          body: ZSecurityEventPageBody,
          response: { 200: ZEnvelope(ZSecurityEventPage) },
        },
      },
      async (request) => ok(await pageSecurityEvents(p, { actor: actorOf(request), ...request.body })),
    );
  };
}
