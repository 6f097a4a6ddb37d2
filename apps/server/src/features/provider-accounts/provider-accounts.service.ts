/**
 * Provider accounts (docs/decisions/0027-provider-accounts.md): operators set each provider's
 * valid/invalid status, signed/unsigned status and function switches; provider staff read their
 * own provider's switches. Every change is one transaction with its operation-log row, then
 * reaches every instance's cached sessions of that provider's staff at once (decision 0018).
 */
import { PROVIDER_ACCOUNT_STATUS } from '@portal/domain/dictionaries/codes';
import { effectiveFunctions } from '@portal/domain/provider-accounts/codes';
import type {
  TProviderAbility,
  TProviderAccount,
  TProviderAccountPage,
  ZProviderAccountPageBody,
  ZProviderAccountUpdate,
} from '@portal/domain/provider-accounts/rules';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import { writeOperationLog } from '../../platform/audit-log/audit-log.service.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { revokeProviderSessions } from '../session/session.service.ts';
import { staffCountOf } from '../users/users.provider-staff.ts';
import { isProviderStaff, providerAccessColumns } from './provider-accounts.access.ts';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const accountColumns = {
  providerId: providers.providerId,
  providerCnName: providers.providerCnName,
  providerEnName: providers.providerEnName,
  ...providerAccessColumns,
  version: providers.accountVersion,
  updatedAt: providers.updatedAt,
  staffCount: staffCountOf(providers.providerId, providers.tenantId),
};

type TAccountRow = Omit<TProviderAccount, 'updatedAt'> & { updatedAt: Date };

const toAccount = (row: TAccountRow): TProviderAccount => ({
  ...row,
  staffCount: Number(row.staffCount),
  updatedAt: row.updatedAt.toISOString(),
});

/** The fields an operator sets, as the operation log records them before and after. */
const settingsOf = (
  a: Omit<TProviderAccount, 'updatedAt' | 'staffCount' | 'version' | 'providerCnName' | 'providerEnName'>,
) => ({
  providerId: a.providerId,
  status: a.status,
  signStatus: a.signStatus,
  invoiceEnabled: a.invoiceEnabled,
  investigationEnabled: a.investigationEnabled,
  appointmentEnabled: a.appointmentEnabled,
  medicalExpenseEnabled: a.medicalExpenseEnabled,
  medicalExpenseAutoConfirm: a.medicalExpenseAutoConfirm,
});

/** A page of the tenant's provider accounts, by provider id, filtered by id, name, status and signed. */
export async function pageProviderAccounts(
  p: TPlatform,
  { actor, current, size, model }: { actor: TActor } & z.output<typeof ZProviderAccountPageBody>,
): Promise<TProviderAccountPage> {
  const name = model.providerName ? `%${escapeLike(model.providerName)}%` : null;
  const where = and(
    eq(providers.tenantId, actor.tenantId),
    model.providerId ? ilike(providers.providerId, `%${escapeLike(model.providerId)}%`) : undefined,
    name ? or(ilike(providers.providerCnName, name), ilike(providers.providerEnName, name)) : undefined,
    model.status ? eq(providers.status, model.status) : undefined,
    model.signStatus ? eq(providers.signStatus, model.signStatus) : undefined,
  );
  const [rows, totals] = await Promise.all([
    p.db
      .select(accountColumns)
      .from(providers)
      .where(where)
      .orderBy(asc(providers.providerId))
      .limit(size)
      .offset((current - 1) * size),
    p.db.select({ n: count() }).from(providers).where(where),
  ]);
  return { records: rows.map(toAccount), current, size, total: Number(totals[0]?.n ?? 0) };
}

async function findAccount(db: TDbOrTx, { tenantId, providerId }: { tenantId: string; providerId: string }) {
  const rows = await db
    .select(accountColumns)
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  return rows[0] ?? null;
}

/** One provider's account; 404 when the tenant has no such provider. */
export async function getProviderAccount(
  p: TPlatform,
  { actor, providerId }: { actor: TActor; providerId: string },
): Promise<TProviderAccount> {
  const row = await findAccount(p.db, { tenantId: actor.tenantId, providerId });
  if (!row) throw new AppError('NOT_FOUND');
  return toAccount(row);
}

/**
 * Sets a provider's status, signed status and switches, if nobody changed them since `version`
 * was read (409 otherwise). Making a provider invalid ends its staff's sessions in the same
 * transaction; any change drops their cached sessions on every instance once committed.
 */
export async function updateProviderAccount(
  p: TPlatform,
  {
    actor,
    requestId,
    version,
    ...input
  }: { actor: TActor; requestId: string } & z.output<typeof ZProviderAccountUpdate>,
): Promise<TProviderAccount> {
  const { tenantId } = actor;
  const changed = await p.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: providers.id, ...accountColumns })
      .from(providers)
      .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, input.providerId)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== version) throw new AppError('PROVIDER_ACCOUNT_CHANGED');
    const before = settingsOf(current);
    const after = settingsOf(input);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    const { providerId: _id, ...set } = after;
    await tx
      .update(providers)
      .set({ ...set, accountVersion: version + 1, updatedAt: new Date(), updatedBy: actor.userId })
      .where(and(eq(providers.tenantId, tenantId), eq(providers.id, current.id)));
    await writeOperationLog(tx, {
      tenantId,
      userId: actor.userId,
      account: actor.account,
      action: 'update',
      targetTable: 'providers',
      targetId: input.providerId,
      before,
      after,
      requestId,
    });
    if (
      input.status === PROVIDER_ACCOUNT_STATUS.INVALID.code &&
      before.status !== PROVIDER_ACCOUNT_STATUS.INVALID.code
    ) {
      await revokeProviderSessions(tx, { tenantId, providerId: input.providerId });
    }
    return true;
  });
  if (changed) await p.authCache.invalidate({ tenantId, providerId: input.providerId });
  return getProviderAccount(p, { actor, providerId: input.providerId });
}

const ALL_OFF = {
  invoiceEnabled: false,
  investigationEnabled: false,
  appointmentEnabled: false,
  medicalExpenseEnabled: false,
  medicalExpenseAutoConfirm: false,
};

/**
 * GET /claim/providerExt/queryAbility: the caller's provider, its switches and the functions
 * the caller may use. Operator staff are not limited (functions null, no provider); provider
 * staff not yet linked to an approved provider may use none.
 */
export async function queryAbility(p: TPlatform, { actor }: { actor: TActor }): Promise<TProviderAbility> {
  if (!isProviderStaff(actor)) {
    return { providerId: null, status: null, signStatus: null, ...ALL_OFF, functions: null };
  }
  const row = actor.providerId
    ? await findAccount(p.db, { tenantId: actor.tenantId, providerId: actor.providerId })
    : null;
  if (!row) {
    return { providerId: actor.providerId, status: null, signStatus: null, ...ALL_OFF, functions: [] };
  }
  return {
    providerId: row.providerId,
    status: row.status,
    signStatus: row.signStatus,
    invoiceEnabled: row.invoiceEnabled,
    investigationEnabled: row.investigationEnabled,
    appointmentEnabled: row.appointmentEnabled,
    medicalExpenseEnabled: row.medicalExpenseEnabled,
    medicalExpenseAutoConfirm: row.medicalExpenseAutoConfirm,
    functions: effectiveFunctions(row),
  };
}
