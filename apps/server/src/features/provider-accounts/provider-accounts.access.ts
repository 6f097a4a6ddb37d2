/**
 * What a provider's account lets its staff do (decision 0027), read with the session so the
 * request path needs no query of its own. Lower than provider-accounts.service: the session
 * feature imports this file, and the service imports the session's revocation.
 */
import { PROVIDER_ACCOUNT_STATUS, USER_TYPE } from '@portal/domain/dictionaries/codes';
import { effectiveFunctions, type TProviderFunction } from '@portal/domain/provider-accounts/codes';
import { and, type Column, eq, type SQL } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';

/** The provider columns the actor needs; join with `providerOfUser`. */
export const providerAccessColumns = {
  status: providers.status,
  signStatus: providers.signStatus,
  invoiceEnabled: providers.invoiceEnabled,
  investigationEnabled: providers.investigationEnabled,
  appointmentEnabled: providers.appointmentEnabled,
  medicalExpenseEnabled: providers.medicalExpenseEnabled,
  medicalExpenseAutoConfirm: providers.medicalExpenseAutoConfirm,
};

export type TProviderAccess = {
  [K in keyof typeof providerAccessColumns]: (typeof providerAccessColumns)[K]['_']['data'];
};

/** Join condition: the provider record of a user's `provider_id` in the user's tenant. */
export function providerOfUser(providerId: Column, tenantId: Column): SQL {
  return and(eq(providers.providerId, providerId), eq(providers.tenantId, tenantId)) as SQL;
}

/** True for users the provider switches limit: provider staff. */
export const isProviderStaff = (user: { userType: string }) => user.userType === USER_TYPE.PROVIDER.code;

/**
 * The actor's provider functions: null for users who are not provider staff; none for provider
 * staff not yet linked to an approved provider; throws 40150 when the provider is invalid.
 */
export function actorProviderFunctions(
  user: { userType: string; providerId: string | null },
  provider: TProviderAccess | null,
): TProviderFunction[] | null {
  if (!isProviderStaff(user)) return null;
  if (!user.providerId || !provider) return [];
  if (provider.status === PROVIDER_ACCOUNT_STATUS.INVALID.code)
    throw new AppError('PROVIDER_ACCOUNT_INVALID');
  return effectiveFunctions(provider);
}

/** Refuses the sign-in of provider staff whose provider is invalid (40150). */
export async function checkProviderMaySignIn(
  db: TDbOrTx,
  user: { tenantId: string; userType: string; providerId: string | null },
): Promise<void> {
  if (!isProviderStaff(user) || !user.providerId) return;
  const rows = await db
    .select(providerAccessColumns)
    .from(providers)
    .where(and(eq(providers.tenantId, user.tenantId), eq(providers.providerId, user.providerId)));
  actorProviderFunctions(user, rows[0] ?? null);
}
