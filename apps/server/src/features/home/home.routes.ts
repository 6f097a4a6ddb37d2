import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getHomePage } from './home.service.ts';

export function homeRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/drsystem/homePage/getHomePage',
      {
        config: { access: access.permission('drsystem:homePage:view') },
        schema: {
          tags: ['home'],
          summary: "The signed-in user's home page: Bulletin Board, Task Board or Dashboard content",
          response: {
            200: ZEnvelope(
              z.object({
                group: z.enum(['provider', 'netView', 'dashboard']),
                user: z.object({ name: z.string(), nameEn: z.string(), lastLoginAt: z.string().nullable() }),
                tenant: z.object({ code: z.string(), name: z.string(), nameEn: z.string() }),
                provider: z
                  .object({
                    providerId: z.string(),
                    cnName: z.string().nullable(),
                    enName: z.string().nullable(),
                  })
                  .nullable(),
                taskCounts: z
                  .array(z.object({ status: z.string(), count: z.number().int() }))
                  .describe(
                    'hospital change tasks by status: own provider for provider staff, whole tenant otherwise',
                  ),
                stats: z
                  .object({
                    users: z.number().int(),
                    roles: z.number().int(),
                    menus: z.number().int(),
                  })
                  .nullable()
                  .describe(
                    "the tenant's users, roles and menus: on the Dashboard only, null on the other boards",
                  ),
              }),
            ),
          },
        },
      },
      async (request) => ok(await getHomePage(p, { actor: actorOf(request) })),
    );
  };
}
