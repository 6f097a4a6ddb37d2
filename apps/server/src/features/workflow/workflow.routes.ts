import { PROVIDER_USER_TYPE } from '@portal/domain/users/rules';
import { WORKFLOW_PERMISSIONS, WORKFLOW_TASK_TYPE_CODES, ZWorkflowEdit } from '@portal/domain/workflow/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actorOf } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok, ZEnvelope } from '../../platform/http/envelope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { getWorkflow, setWorkflow } from './workflow.service.ts';

const ZWorkflowState = z.object({
  settings: z.array(
    z.object({
      taskType: z.enum(WORKFLOW_TASK_TYPE_CODES),
      auditorRoleCode: z.string().nullable(),
      overdueDays: z.number().int(),
      configured: z.boolean(),
    }),
  ),
  defaultOverdueDays: z.number().int(),
  roles: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string(), enabled: z.boolean() })),
});

/** The workflow per task type (issue 14, decision 0030). Operator staff only. */
export function workflowRoutes(p: TPlatform): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = (request: Parameters<typeof actorOf>[0]) => {
      const actor = actorOf(request);
      if (actor.userType === PROVIDER_USER_TYPE) throw new AppError('NO_PERMISSION');
      return actor;
    };

    app.get(
      '/authority/workflow',
      {
        config: { access: access.permission(WORKFLOW_PERMISSIONS.VIEW) },
        schema: {
          tags: ['workflow'],
          summary:
            "Each task type's auditor role and overdue period in the tenant, and the roles to choose from",
          querystring: z.object({ ts: z.string().optional() }),
          response: { 200: ZEnvelope(ZWorkflowState) },
        },
      },
      async (request) => ok(await getWorkflow(p, p.db, operator(request).tenantId)),
    );

    app.put(
      '/authority/workflow',
      {
        config: { access: access.permission(WORKFLOW_PERMISSIONS.EDIT) },
        schema: {
          tags: ['workflow'],
          summary:
            "One task type's auditor role (null: the audit permissions alone) and overdue period in days (1-3650)",
          body: ZWorkflowEdit,
          response: { 200: ZEnvelope(ZWorkflowState) },
        },
      },
      async (request) =>
        ok(await setWorkflow(p, { actor: operator(request), requestId: request.id, input: request.body })),
    );
  };
}
