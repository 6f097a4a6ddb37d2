/**
 * Workflow per task type and tenant (issue 14, decision 0030): who audits a task type and its
 * overdue period. The change-task engine asks `assertWorkflowAuditor` before a decision and
 * `overdueDaysOf` in the overdue job. A tenant's settings are cached in each instance and
 * dropped on every instance when an administrator changes them (KV broadcast, as the
 * dictionaries do), with a short age limit as the safety net.
 */
import { randomUUID } from 'node:crypto';
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
import type { TPlatform } from '../../platform/platform.ts';
import { roles } from '../roles/roles.tables.ts';
import { workflowSettings } from './workflow.tables.ts';

/** The broadcast channel of invalidations (Redis pub/sub when REDIS_URL is set). */
export const WORKFLOW_INVALIDATE_CHANNEL = 'workflow:invalidate';
/** A safety net: a tenant's settings are read again after this long even if a broadcast was lost. */
const MAX_AGE_MS = 60 * 1000;

type TSettings = ReadonlyMap<string, { auditorRoleCode: string | null; overdueDays: number }>;

interface TWorkflowCache {
  get(tenantId: string, load: () => Promise<TSettings>): Promise<TSettings>;
  invalidate(tenantId: string): Promise<void>;
}

const caches = new WeakMap<TPlatform['kv'], TWorkflowCache>();

/** The in-process cache of one app instance (keyed by its KV). */
function workflowCache({ kv, log }: Pick<TPlatform, 'kv' | 'log'>): TWorkflowCache {
  const known = caches.get(kv);
  if (known) return known;
  const instanceId = randomUUID();
  const slots = new Map<string, { value: Promise<TSettings>; loadedAt: number }>();
  const ready = kv.subscribe(WORKFLOW_INVALIDATE_CHANNEL, (message) => {
    try {
      const { origin, tenantId } = JSON.parse(message) as { origin: string; tenantId: string };
      if (origin !== instanceId && typeof tenantId === 'string') slots.delete(tenantId);
    } catch {
      // a message that is not ours: nothing to drop
    }
  });
  ready.catch(() => caches.delete(kv));
  const cache: TWorkflowCache = {
    async get(tenantId, load) {
      await ready;
      const slot = slots.get(tenantId);
      if (slot && Date.now() - slot.loadedAt < MAX_AGE_MS) return slot.value;
      const fresh = { value: load(), loadedAt: Date.now() };
      slots.set(tenantId, fresh);
      fresh.value.catch(() => {
        if (slots.get(tenantId) === fresh) slots.delete(tenantId);
      });
      return fresh.value;
    },
    async invalidate(tenantId) {
      slots.delete(tenantId);
      await kv
        .publish(WORKFLOW_INVALIDATE_CHANNEL, JSON.stringify({ origin: instanceId, tenantId }))
        .catch((error: unknown) => log.error({ err: error, tenantId }, 'workflow cache broadcast failed'));
    },
  };
  caches.set(kv, cache);
  return cache;
}

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
