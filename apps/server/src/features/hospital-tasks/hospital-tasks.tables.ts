import type { TFlatContact, TOldData, TServiceTimeRow } from '@portal/domain/hospital-tasks/rules';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';
import {
  changeTaskColumns,
  taskDecisionColumns,
  taskFlowsTable,
  taskSequencesTable,
} from '../change-tasks/change-tasks.columns.ts';

/**
 * The hospital fields of spec section 3, shared by the approved record and by tasks. Lists,
 * contacts (the flat server form) and service times (rows AM, PM, OTHER) are jsonb: they are
 * always read and written with the record, never queried inside (decision 0006).
 */
const hospitalColumns = () => ({
  providerId: varchar('provider_id', { length: 64 }).notNull(),
  providerEnName: varchar('provider_en_name', { length: 200 }).notNull().default(''),
  providerCnName: varchar('provider_cn_name', { length: 100 }).notNull().default(''),
  medicalType: varchar('medical_type', { length: 32 }).notNull().default(''),
  providerPro: varchar('provider_pro', { length: 32 }).notNull().default(''),
  providerLeval: varchar('provider_leval', { length: 32 }).notNull().default(''),
  proDeptCategory: varchar('pro_dept_category', { length: 32 }).notNull().default(''),
  socialSecurity: varchar('social_security', { length: 32 }).notNull().default(''),
  directPayType: varchar('direct_pay_type', { length: 32 }).notNull().default(''),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  invoiceType: varchar('invoice_type', { length: 32 }).notNull().default(''),
  providerIntroduceCn: text('provider_introduce_cn').notNull().default(''),
  providerIntroduceEn: text('provider_introduce_en').notNull().default(''),
  deptListCn: text('dept_list_cn').notNull().default(''),
  deptListEn: text('dept_list_en').notNull().default(''),
  outPatients: jsonb('out_patients').$type<string[]>().notNull().default([]),
  currency: varchar('currency', { length: 32 }).notNull().default(''),
  bankCode: varchar('bank_code', { length: 32 }).notNull().default(''),
  bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
  bank: varchar('bank', { length: 200 }).notNull().default(''),
  accountName: varchar('account_name', { length: 200 }).notNull().default(''),
  accountNo: varchar('account_no', { length: 40 }).notNull().default(''),
  countryCode: varchar('country_code', { length: 32 }).notNull().default(''),
  bankAddress: varchar('bank_address', { length: 500 }).notNull().default(''),
  hospitalCAddress: varchar('hospital_c_address', { length: 500 }).notNull().default(''),
  hospitalEAddress: varchar('hospital_e_address', { length: 500 }).notNull().default(''),
  webAddr: varchar('web_addr', { length: 300 }).notNull().default(''),
  continent: varchar('continent', { length: 32 }).notNull().default(''),
  country: varchar('country', { length: 32 }).notNull().default(''),
  province: varchar('province', { length: 32 }).notNull().default(''),
  city: varchar('city', { length: 32 }).notNull().default(''),
  district: varchar('district', { length: 32 }).notNull().default(''),
  longitude: varchar('longitude', { length: 20 }).notNull().default(''),
  latitude: varchar('latitude', { length: 20 }).notNull().default(''),
  dbFlag: varchar('db_flag', { length: 2 }).notNull().default(''),
  notesC: text('notes_c').notNull().default(''),
  notesE: text('notes_e').notNull().default(''),
  /** File ids of the promo photos (bucket drsystem, bizType PROVIDER_TASK_SAVE), in display order. */
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  contacts: jsonb('contacts').$type<TFlatContact[]>().notNull().default([]),
  serviceTimes: jsonb('service_times').$type<TServiceTimeRow[]>().notNull().default([]),
});

/** The approved master record of a provider (hospital): what tasks change once approved. */
export const providers = pgTable(
  'providers',
  {
    ...tenantColumns(),
    ...hospitalColumns(),
    /** Provider record status (dictionaries PROVIDER_ACCOUNT_STATUS: 01 valid, 02 invalid). */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    // The provider's account, set by operators (features/provider-accounts, decision 0027).
    /** PROVIDER_SIGN_STATUS: 01 signed (contracted), 02 unsigned. */
    signStatus: varchar('sign_status', { length: 2 }).notNull().default('01'),
    invoiceEnabled: boolean('invoice_enabled').notNull().default(true),
    investigationEnabled: boolean('investigation_enabled').notNull().default(true),
    appointmentEnabled: boolean('appointment_enabled').notNull().default(true),
    medicalExpenseEnabled: boolean('medical_expense_enabled').notNull().default(true),
    medicalExpenseAutoConfirm: boolean('medical_expense_auto_confirm').notNull().default(false),
    /** Optimistic version of the account settings (task approvals move `version`, not this). */
    accountVersion: integer('account_version').notNull().default(0),
    /** The task whose approval last changed the record; null for records loaded otherwise. */
    lastTaskNo: varchar('last_task_no', { length: 32 }),
    approvedAt: at('approved_at'),
  },
  (t) => [
    index('providers_tenant_idx').on(t.tenantId),
    uniqueIndex('providers_tenant_provider_uq').on(t.tenantId, t.providerId),
  ],
);

/** Hospital change tasks: 03 add hospital, 04 update hospital (spec sections 3 and 4). */
export const hospitalTasks = pgTable(
  'hospital_tasks',
  {
    ...tenantColumns(),
    ...hospitalColumns(),
    ...changeTaskColumns(),
    /** Per compared field: changed flag and the approved value. */
    oldData: jsonb('old_data').$type<TOldData>(),
  },
  (t) => [
    index('hospital_tasks_tenant_idx').on(t.tenantId),
    uniqueIndex('hospital_tasks_tenant_task_no_uq').on(t.tenantId, t.taskNo),
    index('hospital_tasks_tenant_provider_idx').on(t.tenantId, t.providerId, t.status),
    // The lists' default orders (paged by ids read from these, platform/db/paging.ts): a
    // provider's tasks newest first, and the audit list by submit date, whole or by status.
    index('hospital_tasks_provider_created_idx').on(
      t.tenantId,
      t.providerId,
      t.createdAt.desc().nullsLast(),
      t.id.desc().nullsLast(),
    ),
    index('hospital_tasks_tenant_commit_idx').on(
      t.tenantId,
      t.commitDate.desc().nullsLast(),
      t.createdAt.desc().nullsLast(),
      t.id.desc().nullsLast(),
    ),
    // The task number's substring filter: a trigram index led by the tenant (pg_trgm and
    // btree_gin, loaded in PGlite too), so the owner-run lookup of an ILIKE '%…%' of three
    // characters or more intersects the tenant's entries with the pattern's trigrams (decision
    // 0022, tenant-led trigram amendment; migration 0049). Without fastupdate (migration 0052):
    // a pending list of not yet merged entries, which every search reads whole, cost 5.7 ms per
    // lookup after 3,000 updates. The provider id and names go through
    // hospital_task_name_suffixes (migration 0052), which replaced their trigram indexes.
    index('hospital_tasks_tenant_task_no_trgm_idx')
      .using('gin', t.tenantId, t.taskNo.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The tasks of one name, for the lookup through hospital_task_name_suffixes (migration 0052).
    index('hospital_tasks_tenant_cn_name_idx').on(t.tenantId, t.providerCnName),
    index('hospital_tasks_tenant_en_name_idx').on(t.tenantId, t.providerEnName),
    // Also hospital_tasks_search_idx, (tenant, provider) INCLUDE (task number, both names), made
    // by migration 0039 (drizzle has no INCLUDE): the substring filters' capped counts read it
    // alone (decision 0022, text-search amendment).
    // Counts of the audit list filtered by task type and status: an index-only scan.
    index('hospital_tasks_tenant_type_status_idx').on(t.tenantId, t.taskType, t.status),
    index('hospital_tasks_tenant_status_idx').on(
      t.tenantId,
      t.status,
      t.commitDate.desc().nullsLast(),
      t.createdAt.desc().nullsLast(),
      t.id.desc().nullsLast(),
    ),
  ],
);

/**
 * The distinct provider ids ('i'), Chinese names ('c') and English names ('e') of a tenant's
 * hospital tasks, added by a trigger on hospital_tasks (migration 0052) and never removed: a few
 * per provider however many tasks it has. A value is added once, with its suffixes below.
 */
export const hospitalTaskNameValues = pgTable(
  'hospital_task_name_values',
  {
    tenantId: uuid('tenant_id').notNull(),
    /** Which column: i provider id, c Chinese name, e English name. */
    col: varchar('col', { length: 1 }).notNull(),
    value: varchar('value', { length: 200 }).notNull(),
  },
  (t) => [primaryKey({ name: 'hospital_task_name_values_pk', columns: [t.tenantId, t.col, t.value] })],
);

/**
 * Every suffix of three characters or more of each lower-cased value of
 * hospital_task_name_values, cut to 64 characters. A value contains a text exactly when one of
 * its suffixes starts with it, so the owner-run substring lookup finds the values containing a
 * text of three characters or more in one range of the pattern index (its first 64 characters;
 * the value itself is matched past them), however common its words, and then reads their tasks
 * by (tenant, value) (decision 0022, suffix amendment). A value no task carries any more finds
 * nothing.
 */
export const hospitalTaskNameSuffixes = pgTable(
  'hospital_task_name_suffixes',
  {
    tenantId: uuid('tenant_id').notNull(),
    suffix: text('suffix').notNull(),
    col: varchar('col', { length: 1 }).notNull(),
    value: varchar('value', { length: 200 }).notNull(),
  },
  (t) => [
    uniqueIndex('hospital_task_name_suffixes_uq').on(
      t.tenantId,
      t.suffix.op('text_pattern_ops'),
      t.col,
      t.value,
    ),
  ],
);

/** Operation records (audit flows) of a task: one row per transition. */
export const hospitalTaskFlows = taskFlowsTable('hospital_task_flows');

/** Notes about a provider written by operator staff; provider staff read them. */
export const providerNotes = pgTable(
  'provider_notes',
  {
    ...tenantColumns(),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    notesC: text('notes_c').notNull().default(''),
    notesE: text('notes_e').notNull().default(''),
    createdByName: varchar('created_by_name', { length: 100 }).notNull().default(''),
    createdByNameEn: varchar('created_by_name_en', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('provider_notes_tenant_idx').on(t.tenantId),
    index('provider_notes_provider_idx').on(t.tenantId, t.providerId, t.createdAt),
  ],
);

/** Daily counters of hospital task numbers (HT...) per tenant. */
export const hospitalTaskSequences = taskSequencesTable('hospital_task_sequences');

export type TProviderRow = typeof providers.$inferSelect;
export type THospitalTaskRow = typeof hospitalTasks.$inferSelect;
export type THospitalTaskFlowRow = typeof hospitalTaskFlows.$inferSelect;
export type TProviderNoteRow = typeof providerNotes.$inferSelect;

/**
 * Audit decisions on hospital tasks (the engine's decision columns): one row per approve,
 * return or overdue cancel, with what the decision wrote (provider id, changed fields with old
 * and new values), so the newsletter and the announcement are built from what was approved,
 * not from a record that changed since.
 */
export const hospitalTaskAudits = pgTable(
  'hospital_task_audits',
  {
    ...taskDecisionColumns(),
    /** The provider record the approval created or updated; the task's provider otherwise. */
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    /** The provider the task was submitted for (differs from providerId when an add created a new id). */
    taskProviderId: varchar('task_provider_id', { length: 64 }).notNull(),
    providerCnName: varchar('provider_cn_name', { length: 100 }).notNull().default(''),
    providerEnName: varchar('provider_en_name', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('hospital_task_audits_tenant_idx').on(t.tenantId),
    index('hospital_task_audits_task_idx').on(t.tenantId, t.taskId, t.auditedAt),
    index('hospital_task_audits_audited_idx').on(t.tenantId, t.conclusion, t.auditedAt),
  ],
);

export type THospitalTaskAuditRow = typeof hospitalTaskAudits.$inferSelect;
