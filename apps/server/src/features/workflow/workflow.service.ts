/**
 * Workflow per task type and tenant (issue 14, decision 0030): who audits a task type and its
 * overdue period. The change-task engine asks `assertWorkflowAuditor` before a decision and
 * `overdueDaysOf` in the overdue job. A tenant's settings are cached in each instance and
 * dropped on every instance when an administrator changes them (KV broadcast, as the
 * dictionaries do), with a short age limit as the safety net.
 */
import {
  OVERDUE_DAYS_MAX,
  OVERDUE_DAYS_MIN,
  type TWorkflowSetting,
  type TWorkflowState,
  type TWorkflowTaskType,
  WORKFLOW_TASK_TYPE_CODES,
  WORKFLOW_TASK_TYPES,
  type ZWorkflowEdit,
} from '@portal/domain/workflow/rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type TTenantCache, tenantCache } from '../../platform/kv/tenant-cache.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { roles } from '../roles/roles.tables.ts';
import { workflowSettings } from './workflow.tables.ts';

/** The broadcast channel of invalidations (Redis pub/sub when REDIS_URL is set). */
export const WORKFLOW_INVALIDATE_CHANNEL = 'workflow:invalidate';
/** A safety net: a tenant's settings are read again after this long even if a broadcast was lost. */
const MAX_AGE_MS = 60 * 1000;

type TSettings = ReadonlyMap<string, { auditorRoleCode: string | null; overdueDays: number }>;

/** The tenant's settings, kept until a change or MAX_AGE_MS (platform/kv/tenant-cache.ts). */
const workflowCache = (p: Pick<TPlatform, 'kv' | 'log'>): TTenantCache<TSettings> =>
  tenantCache(p, { channel: WORKFLOW_INVALIDATE_CHANNEL, maxAgeMs: MAX_AGE_MS });

async function loadSettings(db: TDbOrTx, tenantId: string): Promise<TSettings> {
  const rows = await db.select().from(workflowSettings).where(eq(workflowSettings.tenantId, tenantId));
  return new Map(
    rows.map((r) => [r.taskType, { auditorRoleCode: r.auditorRoleCode, overdueDays: r.overdueDays }]),
  );
}

const settingsOf = (p: TPlatform, tenantId: string) =>
  workflowCache(p).get(tenantId, () => loadSettings(p.db, tenantId));

/** The overdue period of a task type in a tenant: its setting, else the portal's TASK_OVERDUE_DAYS. */
export async function overdueDaysOf(p: TPlatform, tenantId: string, taskType: string): Promise<number> {
  return (await settingsOf(p, tenantId)).get(taskType)?.overdueDays ?? p.config.taskOverdueDays;
}

/**
 * Refuses a decision (approve or return) on a task type to a user without the type's auditor
 * role: with a role configured, the user must hold it (enabled) besides the audit permissions;
 * with none configured the permissions alone decide. SUPER_ADMIN passes, as with every grant.
 */
export async function assertWorkflowAuditor(p: TPlatform, actor: TActor, taskType: string): Promise<void> {
  if (actor.isSuperAdmin) return;
  const roleCode = (await settingsOf(p, actor.tenantId)).get(taskType)?.auditorRoleCode;
  if (!roleCode) return;
  const held = actor.roles.some((code) => code.toUpperCase() === roleCode.toUpperCase());
  if (held) return;
  const [role] = await p.db
    .select({ name: roles.name, nameEn: roles.nameEn })
    .from(roles)
    .where(and(eq(roles.tenantId, actor.tenantId), eq(roles.code, roleCode)));
  const label = WORKFLOW_TASK_TYPES[taskType as TWorkflowTaskType] ?? { zh: taskType, en: taskType };
  const zhType = label.zh.replace(/（.*$/, '');
  const enType = label.en.replace(/ \(.*$/, '').toLowerCase();
  const base = new AppError('WORKFLOW_AUDITOR_ROLE', {
    params: { role: role?.name ?? roleCode, taskType: zhType },
  });
  throw new AppError('WORKFLOW_AUDITOR_ROLE', {
    zh: base.msgZh,
    en: new AppError('WORKFLOW_AUDITOR_ROLE', {
      params: { role: role?.nameEn || roleCode, taskType: enType },
    }).msgEn,
  });
}

/** Every task type's workflow in the tenant, and the roles an administrator can choose. */
export async function getWorkflow(p: TPlatform, db: TDbOrTx, tenantId: string): Promise<TWorkflowState> {
  const saved = await loadSettings(db, tenantId);
  const settings: TWorkflowSetting[] = WORKFLOW_TASK_TYPE_CODES.map((taskType) => {
    const row = saved.get(taskType);
    return {
      taskType,
      auditorRoleCode: row?.auditorRoleCode ?? null,
      overdueDays: row?.overdueDays ?? p.config.taskOverdueDays,
      configured: row !== undefined,
    };
  });
  const roleRows = await db
    .select({ code: roles.code, name: roles.name, nameEn: roles.nameEn, enabled: roles.enabled })
    .from(roles)
    .where(eq(roles.tenantId, tenantId))
    .orderBy(asc(roles.code));
  return {
    settings,
    defaultOverdueDays: Math.min(Math.max(p.config.taskOverdueDays, OVERDUE_DAYS_MIN), OVERDUE_DAYS_MAX),
    roles: roleRows,
  };
}

/**
 * Saves one task type's auditor role and overdue period with an operation-log row in one
 * transaction, then drops the tenant's cached settings on every instance.
 */
export async function setWorkflow(
  p: TPlatform,
  { actor, requestId, input }: { actor: TActor; requestId: string; input: z.output<typeof ZWorkflowEdit> },
): Promise<TWorkflowState> {
  const tenantId = actor.tenantId;
  const state = await p.db.transaction(async (tx) => {
    if (input.auditorRoleCode) {
      const [role] = await tx
        .select({ code: roles.code, enabled: roles.enabled })
        .from(roles)
        .where(
          and(eq(roles.tenantId, tenantId), sql`upper(${roles.code}) = upper(${input.auditorRoleCode})`),
        );
      if (!role?.enabled)
        throw new AppError('WORKFLOW_ROLE_UNKNOWN', {
          params: { code: input.auditorRoleCode },
          data: {
            fieldErrors: {
              auditorRoleCode: {
                msg: new AppError('WORKFLOW_ROLE_UNKNOWN', { params: { code: input.auditorRoleCode } }).msgZh,
                msg_en: new AppError('WORKFLOW_ROLE_UNKNOWN', { params: { code: input.auditorRoleCode } })
                  .msgEn,
              },
            },
          },
        });
      input = { ...input, auditorRoleCode: role.code };
    }
    const before = (await loadSettings(tx, tenantId)).get(input.taskType) ?? null;
    const [row] = await tx
      .insert(workflowSettings)
      .values({
        tenantId,
        taskType: input.taskType,
        auditorRoleCode: input.auditorRoleCode,
        overdueDays: input.overdueDays,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .onConflictDoUpdate({
        target: [workflowSettings.tenantId, workflowSettings.taskType],
        set: {
          auditorRoleCode: input.auditorRoleCode,
          overdueDays: input.overdueDays,
          updatedAt: new Date(),
          updatedBy: actor.userId,
          version: sql`${workflowSettings.version} + 1`,
        },
      })
      .returning();
    await writeOperationLog(tx, {
      tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'update',
      targetTable: 'workflow_settings',
      targetId: row.id,
      before: before ? { taskType: input.taskType, ...before } : null,
      after: { taskType: input.taskType, auditorRoleCode: row.auditorRoleCode, overdueDays: row.overdueDays },
      requestId,
    });
    return getWorkflow(p, tx, tenantId);
  });
  await workflowCache(p).invalidate(tenantId);
  return state;
}
