import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { sendWritten, writeOk, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { routeTreeAnswer, type TRoute } from './menus.service.ts';

const ZRoute: z.ZodType<TRoute> = z.lazy(() =>
  z.object({
    path: z.string(),
    component: z.string(),
    name: z.string(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    redirect: z.string().optional(),
    meta: z.object({
      title: z.string(),
      titleEn: z.string(),
      icon: z.string().optional(),
      noCache: z.boolean(),
      affix: z.boolean(),
      activeMenu: z.string().optional(),
    }),
    children: z.array(ZRoute).optional(),
  }),
);

export function menusRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/oauth/menu/router',
      {
        config: { access: access.login() },
        schema: {
          tags: ['menus'],
          summary: "The route tree the user's roles grant (group=smartPortal for the customer-portal group)",
          querystring: z.object({ group: z.enum(['smartPortal']).optional(), ts: z.string().optional() }),
          response: { 200: ZEnvelope(z.array(ZRoute)) },
        },
      },
      async (request, reply) => {
        const group = request.query.group ?? 'default';
        // Written once per roles and menus (routeTreeAnswer), then sent as is.
        const answer = await routeTreeAnswer(p, { actor: actorOf(request), group }, (routes) =>
          writeOk(reply, routes),
        );
        return sendWritten(reply, answer);
      },
    );
  };
}
