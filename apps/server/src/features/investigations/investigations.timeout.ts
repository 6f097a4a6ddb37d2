/**
 * The time-out job (decision 0046): a processing investigation whose upload closed (00:00 China
 * time after its last upload day) becomes expired: 'Case timed out and terminated'. Tenant by
 * tenant, each in its own row-level-security scope and transaction; the notices are announced
 * after the commit.
 */
import { INVESTIGATION_STATUS } from '@portal/domain/investigations/rules';
import { and, eq, lte } from 'drizzle-orm';
import { withTenant } from '../../platform/db/db-scope.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { timeOutTenantCases } from './investigations.lifecycle.ts';
import { announceInvestigationNotices } from './investigations.notices.ts';
import { investigations } from './investigations.tables.ts';

export const INVESTIGATION_TIMEOUT_JOB = 'investigation-timeout';
/** Upload closes at midnight; a run every 5 minutes ends a case within 5 minutes of it. */
const EVERY_SECONDS = 300;

/** One pass over every tenant with cases past their closing instant; answers how many terminated. */
export async function timeOutInvestigations(p: TPlatform, now = new Date()): Promise<{ terminated: number }> {
  const due = await p.db
    .selectDistinct({ tenantId: investigations.tenantId })
    .from(investigations)
    .where(
      and(eq(investigations.status, INVESTIGATION_STATUS.PROCESSING.code), lte(investigations.closesAt, now)),
    );
  let terminated = 0;
  for (const { tenantId } of due) {
    const notices = await withTenant(tenantId, () => timeOutTenantCases(p.db, tenantId, now));
    terminated += notices.length / 2;
    await announceInvestigationNotices(p, tenantId, notices);
  }
  return { terminated };
}

export function defineInvestigationTimeoutJob(p: TPlatform): void {
  p.jobs.define({
    name: INVESTIGATION_TIMEOUT_JOB,
    everySeconds: EVERY_SECONDS,
    run: async () => ({ ...(await timeOutInvestigations(p)) }),
  });
}
