import {
  boolean,
  date,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/**
 * Appointments and registered visits (issue 16, decision 0038). A row keeps copies of what was
 * true when it was made (member name, birthday, plan and policy codes), so the list filters and
 * the printed forms read one table; the refs point at the members feature's rows.
 */
export const appointments = pgTable(
  'appointments',
  {
    ...tenantColumns(),
    /** 'AP' + 10 digits from the appointment_no_seq sequence (migration appointments-row-level-security). */
    appointNo: varchar('appoint_no', { length: 32 }).notNull(),
    /** APPOINTMENT_STATUS: 01 to be treated, 02 confirmed, 03 cancelled, 04 expired, 05 finished. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    /** 01 booked (saveAppointMentInfo), 02 registered at the desk (visitRegistration). */
    source: varchar('source', { length: 2 }).notNull().default('01'),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    memberRef: uuid('member_ref').notNull(),
    memberId: varchar('member_id', { length: 64 }).notNull(),
    memberName: varchar('member_name', { length: 100 }).notNull(),
    memberNameEn: varchar('member_name_en', { length: 200 }).notNull().default(''),
    patientBirthday: date('patient_birthday', { mode: 'string' }).notNull(),
    customerId: varchar('customer_id', { length: 64 }).notNull(),
    planRef: uuid('plan_ref').notNull(),
    grpPlanCode: varchar('grp_plan_code', { length: 64 }).notNull(),
    policyRef: uuid('policy_ref').notNull(),
    policyNo: varchar('policy_no', { length: 64 }).notNull(),
    coverageRef: uuid('coverage_ref').notNull(),
    coverageCode: varchar('coverage_code', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    /** HH:mm, or '' when only the day is known. */
    visitTime: varchar('visit_time', { length: 5 }).notNull().default(''),
    department: varchar('department', { length: 100 }).notNull(),
    doctor: varchar('doctor', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** The provider has read the appointment (haveReadMessage). */
    haveRead: boolean('have_read').notNull().default(false),
    diagnosis: text('diagnosis').notNull().default(''),
    /** The visit's bill as confirmed, in the coverage's currency. */
    billAmount: numeric('bill_amount', { precision: 14, scale: 2 }),
    confirmRemark: text('confirm_remark').notNull().default(''),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [
    uniqueIndex('appointments_no_uq').on(t.tenantId, t.appointNo),
    index('appointments_tenant_idx').on(t.tenantId, t.createdAt),
    index('appointments_provider_idx').on(t.tenantId, t.providerId, t.status, t.createdAt),
    index('appointments_member_idx').on(t.tenantId, t.memberId),
    index('appointments_due_idx').on(t.status, t.visitDate),
  ],
);

/** The process history of an appointment: one row per transition, with who, when and a remark. */
export const appointmentProcess = pgTable(
  'appointment_process',
  {
    ...tenantColumns(),
    appointmentRef: uuid('appointment_ref')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** APPOINTMENT_ACTION code. */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 2 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 2 }).notNull(),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('appointment_process_tenant_idx').on(t.tenantId),
    index('appointment_process_appointment_idx').on(t.appointmentRef, t.createdAt),
  ],
);
