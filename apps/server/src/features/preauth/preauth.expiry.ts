/**
 * The expiry job (decision 0039): an approved case whose validity ended (China day) expires and
 * its reservation is released. Unsubmitted drafts are never expired. Tenant by tenant, each in
 * its own row-level-security scope and transaction.
 */
import { PREAUTH_STATUS } from '@portal/domain/preauth/rules';
import { and, eq, sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/db-scope.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { expireTenantCases } from './preauth.lifecycle.ts';
import { preauthCases } from './preauth.tables.ts';

export const PREAUTH_EXPIRY_JOB = 'preauth-expiry';
const EVERY_SECONDS = 3600;

/** One pass over every tenant with approvals past their validity; answers how many expired. */
export async function expirePreauths(p: TPlatform, now = new Date()): Promise<{ expired: number }> {
  const today = chinaDay(now);
  const due = await p.db
    .selectDistinct({ tenantId: preauthCases.tenantId })
    .from(preauthCases)
    .where(
      and(eq(preauthCases.status, PREAUTH_STATUS.APPROVED.code), sql`${preauthCases.validUntil} < ${today}`),
    );
  let expired = 0;
  for (const { tenantId } of due) {
    expired += await withTenant(tenantId, () => expireTenantCases(p.db, tenantId, today));
  }
  return { expired };
}

export function definePreauthExpiryJob(p: TPlatform): void {
  p.jobs.define({
    name: PREAUTH_EXPIRY_JOB,
    everySeconds: EVERY_SECONDS,
    run: async () => ({ ...(await expirePreauths(p)) }),
  });
}
