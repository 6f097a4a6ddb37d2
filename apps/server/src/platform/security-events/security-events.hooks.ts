import { ERRORS } from '@portal/domain/errors/catalogue';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import type { TSecurityEventWriter } from './security-events.ts';

/**
 * Records every 403 refusal of a signed-in user (a route's permission or a service's own rule)
 * as a `forbidden` security event: the refused permission, or the path when a service refused.
 * A failure to store it is logged and does not change the answer.
 */
export function installSecurityEventHooks(
  app: FastifyInstance,
  { db, securityEvent }: { db: TDb; securityEvent: TSecurityEventWriter },
): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || error.code !== ERRORS.NO_PERMISSION.code || !request.actor) return;
    const rule = request.routeOptions.config?.access;
    const permission = rule?.kind === 'permission' ? rule.permission : '';
    const path = request.routeOptions.url ?? request.url.split('?')[0];
    try {
      await securityEvent(db, {
        tenantId: request.actor.tenantId,
        userId: request.actor.userId,
        account: request.actor.account,
        ip: request.ip,
        requestId: request.id,
        event: 'forbidden',
        reason: permission || `${request.method} ${path}`,
        detail: { method: request.method, path, ...(permission ? { permission } : {}) },
      });
    } catch (failure) {
      request.log.error({ err: failure }, 'security event not stored: forbidden');
    }
  });
}
