/**
 * The expiry job (decision 0038): an appointment still to be treated after its visit day (China
 * time) becomes expired, with a history row by 'System'. It runs tenant by tenant, each in its
 * own row-level-security scope and transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/db-scope.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { expireTenant } from './appointments.lifecycle.ts';
import { appointments } from './appointments.tables.ts';

export const APPOINTMENT_EXPIRY_JOB = 'appointment-expiry';
/** Hourly: an appointment expires within an hour of its visit day ending. */
const EVERY_SECONDS = 3600;

/** One pass over every tenant with appointments due to expire; answers how many expired. */
export async function expireAppointments(p: TPlatform, now = new Date()): Promise<{ expired: number }> {
  const today = chinaDay(now);
  const due = await p.db
    .selectDistinct({ tenantId: appointments.tenantId })
    .from(appointments)
    .where(and(eq(appointments.status, '01'), sql`${appointments.visitDate} < ${today}`));
  let expired = 0;
  for (const { tenantId } of due) {
    expired += await withTenant(tenantId, () => expireTenant(p.db, tenantId, today));
  }
  return { expired };
}

export function defineAppointmentExpiryJob(p: TPlatform): void {
  p.jobs.define({
    name: APPOINTMENT_EXPIRY_JOB,
    everySeconds: EVERY_SECONDS,
    run: async () => ({ ...(await expireAppointments(p)) }),
  });
}
