import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';
import {
  changeTaskColumns,
  taskDecisionColumns,
  taskFlowsTable,
  taskSequencesTable,
} from '../change-tasks/change-tasks.columns.ts';

/** The doctor's own fields (modelled once per tenant, whatever the providers they practise at). */
const doctorColumns = () => ({
  certificateNo: varchar('certificate_no', { length: 32 }).notNull(),
  cnLastName: varchar('cn_last_name', { length: 20 }).notNull().default(''),
  cnFirstName: varchar('cn_first_name', { length: 20 }).notNull().default(''),
  enLastName: varchar('en_last_name', { length: 50 }).notNull().default(''),
  enFirstName: varchar('en_first_name', { length: 50 }).notNull().default(''),
  /** 0 unknown, 1 male, 2 female. */
  gender: varchar('gender', { length: 1 }).notNull().default(''),
  /** 01 yes, 02 no: the doctor practises at several providers. */
  multiPractice: varchar('multi_practice', { length: 2 }).notNull().default(''),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  professionalLevel: varchar('professional_level', { length: 2 }).notNull().default(''),
  expertiseCn: text('expertise_cn').notNull().default(''),
  expertiseEn: text('expertise_en').notNull().default(''),
  serviceOverviewCn: text('service_overview_cn').notNull().default(''),
  serviceOverviewEn: text('service_overview_en').notNull().default(''),
  /** File id of the photo (bizType DOCTOR_PHOTO), or ''. */
  photo: varchar('photo', { length: 64 }).notNull().default(''),
});

/** The practice's fields: what is particular to the doctor at one provider. */
const practiceColumns = () => ({
  /** 01 shown to patients and the network, 02 not. */
  externalDisplay: varchar('external_display', { length: 2 }).notNull().default(''),
  /** Department codes (dictionary outpatients). */
  departments: jsonb('departments').$type<string[]>().notNull().default([]),
  /** YYYY-MM-DD or ''. */
  practiceEndDate: varchar('practice_end_date', { length: 10 }).notNull().default(''),
  collectors: jsonb('collectors').$type<string[]>().notNull().default([]),
});

/** Approved doctors of a tenant, one row per doctor (certificate number unique per tenant). */
export const doctors = pgTable(
  'doctors',
  {
    ...tenantColumns(),
    ...doctorColumns(),
    /** Operator-only: internal recommendation rating 1 to 5 and its note; never shown to providers. */
    recommendRating: integer('recommend_rating'),
    recommendNote: varchar('recommend_note', { length: 1000 }).notNull().default(''),
    /** Soft delete: 0 valid, 1 invalid. */
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
  },
  (t) => [
    index('doctors_tenant_idx').on(t.tenantId),
    uniqueIndex('doctors_tenant_certificate_uq').on(t.tenantId, t.certificateNo),
  ],
);

/** A doctor's practice at a provider (multi-practice: several rows per doctor). */
export const doctorPractices = pgTable(
  'doctor_practices',
  {
    ...tenantColumns(),
    doctorId: uuid('doctor_id').notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    ...practiceColumns(),
    /** Soft delete: 0 valid, 1 invalid. */
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    /** The task whose approval last changed the doctor here. */
    lastTaskNo: varchar('last_task_no', { length: 32 }),
    approvedAt: at('approved_at'),
  },
  (t) => [
    index('doctor_practices_tenant_idx').on(t.tenantId),
    uniqueIndex('doctor_practices_doctor_provider_uq').on(t.tenantId, t.doctorId, t.providerId),
    index('doctor_practices_provider_idx').on(t.tenantId, t.providerId),
  ],
);

/** Doctor change tasks: 01 add doctor, 02 update doctor (DT + yyyymmdd + sequence). */
export const doctorTasks = pgTable(
  'doctor_tasks',
  {
    ...tenantColumns(),
    ...changeTaskColumns(),
    /** The doctor an update task changes; set on an add task by its approval. */
    doctorId: uuid('doctor_id'),
    ...doctorColumns(),
    ...practiceColumns(),
  },
  (t) => [
    index('doctor_tasks_tenant_idx').on(t.tenantId),
    uniqueIndex('doctor_tasks_tenant_task_no_uq').on(t.tenantId, t.taskNo),
    index('doctor_tasks_tenant_provider_idx').on(t.tenantId, t.providerId, t.status),
    index('doctor_tasks_tenant_certificate_idx').on(t.tenantId, t.providerId, t.certificateNo),
  ],
);

export const doctorTaskFlows = taskFlowsTable('doctor_task_flows');
export const doctorTaskSequences = taskSequencesTable('doctor_task_sequences');

/** Audit decisions on doctor tasks (the engine's decision columns plus the doctor). */
export const doctorTaskAudits = pgTable(
  'doctor_task_audits',
  {
    ...taskDecisionColumns(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    doctorId: uuid('doctor_id'),
    certificateNo: varchar('certificate_no', { length: 32 }).notNull().default(''),
  },
  (t) => [
    index('doctor_task_audits_tenant_idx').on(t.tenantId),
    index('doctor_task_audits_task_idx').on(t.tenantId, t.taskId, t.auditedAt),
  ],
);

export type TDoctorRow = typeof doctors.$inferSelect;
export type TDoctorPracticeRow = typeof doctorPractices.$inferSelect;
export type TDoctorTaskRow = typeof doctorTasks.$inferSelect;
