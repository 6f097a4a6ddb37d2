import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTenant } from '../../platform/db/db-scope.ts';
import { fileStoreOf } from '../../platform/files/storage.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { files } from './files.tables.ts';

export const FILES_PURGE_JOB = 'files-purge';
const FILES_PURGE_EVERY_SECONDS = 60 * 60;
/** Files looked at per tenant and run; the rest wait for the next run. */
const PURGE_BATCH = 500;

export interface TPurgeResult {
  /** Unattached uploads removed (bytes and row). */
  unattached: number;
  /** Soft-deleted files removed after their retention. */
  deleted: number;
  /** Files whose bytes could not be removed; their rows stay for the next run. */
  failed: number;
}

/**
 * The rows the purge may remove: uploads attached to no business object for longer than
 * FILES_UNATTACHED_HOURS, and files soft-deleted longer ago than FILES_DELETED_RETENTION_DAYS.
 */
function purgeable(p: TPlatform) {
  const { unattachedHours, deletedRetentionDays } = p.config.files;
  return or(
    and(
      isNull(files.bizId),
      eq(files.deleted, false),
      lt(files.createdAt, sql`now() - ${unattachedHours}::int * interval '1 hour'`),
    ),
    and(
      eq(files.deleted, true),
      lt(files.deletedAt, sql`now() - ${deletedRetentionDays}::int * interval '1 day'`),
    ),
  );
}

/**
 * Removes purgeable files, tenant by tenant, each pass in that tenant's row-level-security
 * scope, so a pass can only ever see and remove its own tenant's rows. Per file, in one
 * transaction: the row is locked and checked again (a file attached meanwhile stays), the bytes
 * are removed from the store, then the row. When the store fails, the row stays and the next
 * run tries again; a row whose key is outside its tenant's prefix is never acted on.
 */
export async function purgeFiles(p: TPlatform, log: FastifyBaseLogger = p.log): Promise<TPurgeResult> {
  const result: TPurgeResult = { unattached: 0, deleted: 0, failed: 0 };
  const all = await p.db.select({ id: tenants.id }).from(tenants);
  for (const tenant of all) {
    await withTenant(tenant.id, () => purgeTenant(p, tenant.id, result, log));
  }
  return result;
}

async function purgeTenant(p: TPlatform, tenantId: string, result: TPurgeResult, log: FastifyBaseLogger) {
  const store = fileStoreOf(p);
  const candidates = await p.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), purgeable(p)))
    .limit(PURGE_BATCH);
  for (const { id } of candidates) {
    try {
      await p.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: files.id, storedKey: files.storedKey, deleted: files.deleted })
          .from(files)
          .where(and(eq(files.tenantId, tenantId), eq(files.id, id), purgeable(p)))
          .for('update');
        if (!row) return;
        if (!row.storedKey.startsWith(`${tenantId}/`)) {
          throw new Error(`file ${row.id} has a key outside its tenant's prefix`);
        }
        await store.delete(row.storedKey);
        await tx.delete(files).where(and(eq(files.tenantId, tenantId), eq(files.id, row.id)));
        result[row.deleted ? 'deleted' : 'unattached'] += 1;
      });
    } catch (error) {
      result.failed += 1;
      log.error({ err: error, tenantId, fileId: id }, 'file purge failed');
    }
  }
}

/** Defines the purge on the platform's jobs runner (hourly; one instance runs a due run). */
export function defineFilesPurgeJob(p: TPlatform): void {
  p.jobs.define({
    name: FILES_PURGE_JOB,
    everySeconds: FILES_PURGE_EVERY_SECONDS,
    run: async ({ log }) => ({ ...(await purgeFiles(p, log)) }),
  });
}
