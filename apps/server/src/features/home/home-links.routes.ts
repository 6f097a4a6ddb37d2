import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getOnlineServiceUrl, getShellFooter } from './home-links.service.ts';

const ZTs = z.object({ ts: z.string().optional() });

/** Per-tenant links of the shell: benefits enquiry, operation guide and footer. */
export function homeLinksRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/drsystem/homePage/getOnlineServiceUrl',
      {
        config: { access: access.login() },
        schema: {
          tags: ['home'],
          summary:
            "The tenant's online benefits-enquiry URL ('' when not configured); user types 01 and 04 only, others 403",
          querystring: ZTs,
          response: { 200: ZEnvelope(z.object({ url: z.string() })) },
        },
      },
      async (request) => ok(await getOnlineServiceUrl(p, { actor: actorOf(request) })),
    );

    app.get(
      '/drsystem/homePage/getFooter',
      {
        // Client credentials only (no session): the login page shows the footer too.
        config: { access: access.client() },
        schema: {
          tags: ['home'],
          summary:
            'Footer of the tenant named by the tenant header (no session needed): privacy and licence links, filing numbers, fraud mailbox, operation guide',
          querystring: ZTs,
          response: {
            200: ZEnvelope(
              z.object({
                privacyUrl: z.string(),
                licenceUrl: z.string(),
                filingNumbers: z.array(z.string()),
                fraudMailbox: z.string(),
                operationGuideUrl: z.string(),
              }),
            ),
          },
        },
      },
      async (request) => ok(await getShellFooter(p, { tenantId: request.tenant?.id })),
    );
  };
}
