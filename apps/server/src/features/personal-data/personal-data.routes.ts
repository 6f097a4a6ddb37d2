import { PERSONAL_DATA_REVEAL, ZRevealBody, ZRevealResult } from '@portal/domain/personal-data/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { logReveal } from './personal-data.service.ts';

export function personalDataRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/authority/personalData/reveal',
      {
        config: { access: access.permission(PERSONAL_DATA_REVEAL) },
        schema: {
          tags: ['personal-data'],
          summary:
            'Records in the operation log that the user revealed a masked personal field of an object; the screen shows the value only after this succeeds. For members and appointments, whose answers carry personal data masked, the answer holds the value',
          body: ZRevealBody,
          response: { 200: ZEnvelope(ZRevealResult) },
        },
      },
      async (request) =>
        ok(await logReveal(p, { actor: actorOf(request), requestId: request.id, ...request.body })),
    );
  };
}
