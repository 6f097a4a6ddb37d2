import { randomBytes } from 'node:crypto';
import {
  BUILT_IN_CLIENT_ID,
  type TClientRecord,
  type TClientWithSecret,
  type ZClientCreate,
  type ZClientPageBody,
  type ZClientUpdate,
} from '@portal/domain/clients/rules';
import { and, count, desc, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { crossTenant } from '../../platform/db/db-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { clientApps } from '../session/session.tables.ts';

type TClientRow = typeof clientApps.$inferSelect;

/** The operation log's object type of a client. */
export const CLIENT_TARGET = 'client_apps';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A new client secret: 32 random bytes, base64url (43 characters). */
const newSecret = () => randomBytes(32).toString('base64url');

function toRecord(row: TClientRow): TClientRecord {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    confidential: row.confidential,
    captchaExempt: row.captchaExempt,
    grantTypes: row.grantTypes,
    accessTokenSeconds: row.accessTokenSeconds,
    refreshTokenSeconds: row.refreshTokenSeconds,
    enabled: row.enabled,
    builtIn: row.tenantId === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** What the operation log keeps of a client: everything but the secret's hash. */
function snapshot(row: TClientRow) {
  const { secretHash: _hidden, ...rest } = row;
  return rest;
}

/**
 * A page of the clients the actor's tenant sees: its own, and the shared ones (the built-in web
 * client) marked built-in; filtered by client id or name (any part) and enabled state.
 */
export async function pageClients(
  p: TPlatform,
  { actor, current, size, model }: { actor: TActor } & z.output<typeof ZClientPageBody>,
): Promise<{ records: TClientRecord[]; current: number; size: number; total: number }> {
  const where = and(
    or(eq(clientApps.tenantId, actor.tenantId), isNull(clientApps.tenantId)),
    model.clientId
      ? like(sql`lower(${clientApps.clientId})`, `%${escapeLike(model.clientId.toLowerCase())}%`)
      : undefined,
    model.name
      ? like(sql`lower(${clientApps.name})`, `%${escapeLike(model.name.toLowerCase())}%`)
      : undefined,
    model.enabled === undefined ? undefined : eq(clientApps.enabled, model.enabled),
  );
  const [rows, totals] = await Promise.all([
    p.db
      .select()
      .from(clientApps)
      .where(where)
      .orderBy(desc(clientApps.createdAt), desc(clientApps.id))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(clientApps).where(where),
  ]);
  return { records: rows.map(toRecord), current, size, total: Number(totals[0]?.n ?? 0) };
}

/** Client `id` as the actor's tenant sees it (its own or a shared one), locked for the change; 404 otherwise. */
async function findClient(db: TDbOrTx, tenantId: string, id: string): Promise<TClientRow> {
  const [row] = await db
    .select()
    .from(clientApps)
    .where(and(eq(clientApps.id, id), or(eq(clientApps.tenantId, tenantId), isNull(clientApps.tenantId))));
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

/** Shared clients (the built-in web client) are not the tenant's to change. */
function refuseShared(row: TClientRow): void {
  if (row.tenantId === null) throw new AppError('CLIENT_BUILT_IN');
}

/**
 * Registers a client of the actor's tenant with a generated secret, answered this once (only
 * its sha256 is stored). Client ids are unique across tenants: 'clientId already exists'.
 */
export async function createClient(
  p: TPlatform,
  { actor, requestId, input }: { actor: TActor; requestId: string; input: z.output<typeof ZClientCreate> },
): Promise<TClientWithSecret> {
  // Other tenants' clients are invisible under row-level security; the id is unique across them.
  const taken = await crossTenant('client id uniqueness across tenants', () =>
    p.db
      .select({ id: clientApps.id })
      .from(clientApps)
      .where(sql`lower(${clientApps.clientId}) = lower(${input.clientId})`),
  );
  if (taken.length > 0 || input.clientId.toLowerCase() === BUILT_IN_CLIENT_ID) {
    throw new AppError('CLIENT_ID_EXISTS');
  }
  const secret = newSecret();
  const row = await p.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(clientApps)
      .values({
        tenantId: actor.tenantId,
        clientId: input.clientId,
        secretHash: sha256(secret),
        name: input.name,
        confidential: input.confidential,
        captchaExempt: input.captchaExempt,
        grantTypes: input.grantTypes,
        accessTokenSeconds: input.accessTokenSeconds,
        refreshTokenSeconds: input.refreshTokenSeconds,
        enabled: input.enabled,
        createdBy: actor.userId,
      })
      .onConflictDoNothing({ target: clientApps.clientId })
      .returning();
    // Registered by someone else between the check and the insert.
    if (!created) throw new AppError('CLIENT_ID_EXISTS');
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'create',
      targetTable: CLIENT_TARGET,
      targetId: created.id,
      after: snapshot(created),
      requestId,
    });
    return created;
  });
  return { client: toRecord(row), clientSecret: secret };
}

/** Changes a client's fields (not its id or secret); takes effect at once on every instance. */
export async function updateClient(
  p: TPlatform,
  { actor, requestId, input }: { actor: TActor; requestId: string; input: z.output<typeof ZClientUpdate> },
): Promise<TClientRecord> {
  const row = await p.db.transaction(async (tx) => {
    const before = await findClient(tx, actor.tenantId, input.id);
    refuseShared(before);
    const [after] = await tx
      .update(clientApps)
      .set({
        name: input.name,
        confidential: input.confidential,
        captchaExempt: input.captchaExempt,
        grantTypes: input.grantTypes,
        accessTokenSeconds: input.accessTokenSeconds,
        refreshTokenSeconds: input.refreshTokenSeconds,
        enabled: input.enabled,
        updatedAt: new Date(),
        updatedBy: actor.userId,
      })
      .where(and(eq(clientApps.id, before.id), eq(clientApps.tenantId, actor.tenantId)))
      .returning();
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'update',
      targetTable: CLIENT_TARGET,
      targetId: after.id,
      before: snapshot(before),
      after: snapshot(after),
      requestId,
    });
    return after;
  });
  await p.authCache.invalidate({ clientId: row.clientId });
  return toRecord(row);
}

/** Enables or disables a client; a disabled client is refused (40000) at once on every instance. */
export async function setClientEnabled(
  p: TPlatform,
  { actor, requestId, id, enabled }: { actor: TActor; requestId: string; id: string; enabled: boolean },
): Promise<TClientRecord> {
  const row = await p.db.transaction(async (tx) => {
    const before = await findClient(tx, actor.tenantId, id);
    refuseShared(before);
    const [after] = await tx
      .update(clientApps)
      .set({ enabled, updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(clientApps.id, before.id), eq(clientApps.tenantId, actor.tenantId)))
      .returning();
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: enabled ? 'enable' : 'disable',
      targetTable: CLIENT_TARGET,
      targetId: after.id,
      before: { enabled: before.enabled },
      after: { enabled: after.enabled },
      requestId,
    });
    return after;
  });
  await p.authCache.invalidate({ clientId: row.clientId });
  return toRecord(row);
}

/** Deletes a client; its credentials stop working at once on every instance. */
export async function deleteClient(
  p: TPlatform,
  { actor, requestId, id }: { actor: TActor; requestId: string; id: string },
): Promise<void> {
  const row = await p.db.transaction(async (tx) => {
    const before = await findClient(tx, actor.tenantId, id);
    refuseShared(before);
    await tx
      .delete(clientApps)
      .where(and(eq(clientApps.id, before.id), eq(clientApps.tenantId, actor.tenantId)));
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'delete',
      targetTable: CLIENT_TARGET,
      targetId: before.id,
      before: snapshot(before),
      requestId,
    });
    return before;
  });
  await p.authCache.invalidate({ clientId: row.clientId });
}

/** Replaces a client's secret with a new generated one, answered this once; the old one stops at once. */
export async function resetClientSecret(
  p: TPlatform,
  { actor, requestId, id }: { actor: TActor; requestId: string; id: string },
): Promise<TClientWithSecret> {
  const secret = newSecret();
  const row = await p.db.transaction(async (tx) => {
    const before = await findClient(tx, actor.tenantId, id);
    refuseShared(before);
    const [after] = await tx
      .update(clientApps)
      .set({ secretHash: sha256(secret), updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(clientApps.id, before.id), eq(clientApps.tenantId, actor.tenantId)))
      .returning();
    await writeOperationLog(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'reset-secret',
      targetTable: CLIENT_TARGET,
      targetId: after.id,
      after: { clientId: after.clientId, secret: 'replaced' },
      requestId,
    });
    return after;
  });
  await p.authCache.invalidate({ clientId: row.clientId });
  return { client: toRecord(row), clientSecret: secret };
}
