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
import { tenantColumns } from '../../platform/db/columns.ts';

/**
 * Members, policies and benefits (issue 16, decision 0036): the data the claims side rests on.
 * Insurers deliver it by import or by the batch API; every row carries the deliverer's external
 * id, so a delivery repeated finds its rows instead of adding them again. Money is numeric(14,2)
 * (read as strings, never floats); currencies are ISO 4217 codes.
 */

/** Money: 12 digits before the point, 2 after. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** An insurer or a group client (the spec's customerId / customId). */
export const customers = pgTable(
  'customers',
  {
    ...tenantColumns(),
    /** The insurer's own code for the customer (the spec's customerId). */
    customerId: varchar('customer_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    /** 01 insurer, 02 group client. */
    customerType: varchar('customer_type', { length: 2 }).notNull().default('02'),
    /** 01 active, 02 inactive. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
  },
  (t) => [uniqueIndex('customers_code_uq').on(t.tenantId, t.customerId)],
);

/** A group plan of a customer (grpPlanCode): the benefit schedule members are enrolled in. */
export const groupPlans = pgTable(
  'group_plans',
  {
    ...tenantColumns(),
    customerRef: uuid('customer_ref')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    grpPlanCode: varchar('grp_plan_code', { length: 64 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 2 }).notNull().default('01'),
  },
  (t) => [
    uniqueIndex('group_plans_code_uq').on(t.tenantId, t.grpPlanCode),
    index('group_plans_customer_idx').on(t.customerRef),
  ],
);

/** A person covered: an employee (relation 01) or a dependant of one (employeeId names the employee). */
export const members = pgTable(
  'members',
  {
    ...tenantColumns(),
    customerRef: uuid('customer_ref')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The insurer's member id, unique per tenant (the spec's memberId; the idempotency key). */
    memberId: varchar('member_id', { length: 64 }).notNull(),
    /** The employee's member id; equal to memberId for the employee. */
    employeeId: varchar('employee_id', { length: 64 }).notNull(),
    /** 01 employee, 02 spouse, 03 child, 04 parent, 05 other. */
    relation: varchar('relation', { length: 2 }).notNull().default('01'),
    name: varchar('name', { length: 100 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    /** 01 male, 02 female, otherwise not stated. */
    sex: varchar('sex', { length: 2 }).notNull().default(''),
    /** 01 resident ID card, 02 passport, 03 other. */
    idType: varchar('id_type', { length: 2 }).notNull().default('01'),
    idNumber: varchar('id_number', { length: 64 }).notNull().default(''),
    /** The membership card number printed on the member's card. */
    cardNumber: varchar('card_number', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 200 }).notNull().default(''),
    /** 01 active, 02 terminated. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
  },
  (t) => [
    uniqueIndex('members_member_id_uq').on(t.tenantId, t.memberId),
    index('members_name_birthday_idx').on(t.tenantId, t.name, t.birthday),
    index('members_name_en_birthday_idx').on(t.tenantId, t.nameEn, t.birthday),
    index('members_card_idx').on(t.tenantId, t.cardNumber),
    index('members_employee_idx').on(t.tenantId, t.employeeId),
  ],
);

/** A member's policy under a group plan, with its validity. */
export const policies = pgTable(
  'policies',
  {
    ...tenantColumns(),
    policyNo: varchar('policy_no', { length: 64 }).notNull(),
    memberRef: uuid('member_ref')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    planRef: uuid('plan_ref')
      .notNull()
      .references(() => groupPlans.id, { onDelete: 'restrict' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    /** 01 in force, 02 lapsed, 03 cancelled. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
  },
  (t) => [
    uniqueIndex('policies_no_uq').on(t.tenantId, t.policyNo, t.memberRef),
    index('policies_member_idx').on(t.memberRef),
    index('policies_plan_idx').on(t.planRef),
  ],
);

/**
 * A coverage of a policy in one currency (coverageCode: OP outpatient, IP inpatient, DT dental,
 * MT maternity, …) with its limits. A limit left null is unlimited.
 */
export const policyCoverages = pgTable(
  'policy_coverages',
  {
    ...tenantColumns(),
    policyRef: uuid('policy_ref')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    coverageCode: varchar('coverage_code', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    perVisitLimit: money('per_visit_limit'),
    annualLimit: money('annual_limit'),
    /** The member's share of each payable amount, in percent (0–100). */
    coPayPercent: numeric('co_pay_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    /** Paid by the member per policy year before the plan pays. */
    deductible: money('deductible').notNull().default('0'),
    /** Whether providers may bill the insurer directly for this coverage. */
    directBilling: boolean('direct_billing').notNull().default(true),
  },
  (t) => [uniqueIndex('policy_coverages_uq').on(t.policyRef, t.coverageCode, t.currency)],
);

/** Special rules of a policy (waiting periods, exclusions, pre-existing conditions…), in both languages. */
export const benefitSpecialRules = pgTable(
  'benefit_special_rules',
  {
    ...tenantColumns(),
    policyRef: uuid('policy_ref')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    ruleCode: varchar('rule_code', { length: 32 }).notNull(),
    /** The coverage the rule applies to; '' for the whole policy. */
    coverageCode: varchar('coverage_code', { length: 8 }).notNull().default(''),
    content: text('content').notNull(),
    enContent: text('en_content').notNull().default(''),
  },
  (t) => [uniqueIndex('benefit_special_rules_uq').on(t.policyRef, t.ruleCode)],
);

/** Riders added to a policy, with their own limit. */
export const benefitRiders = pgTable(
  'benefit_riders',
  {
    ...tenantColumns(),
    policyRef: uuid('policy_ref')
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    riderCode: varchar('rider_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameEn: varchar('name_en', { length: 200 }).notNull().default(''),
    coverageCode: varchar('coverage_code', { length: 8 }).notNull().default(''),
    currency: varchar('currency', { length: 3 }).notNull(),
    limitAmount: money('limit_amount'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('benefit_riders_uq').on(t.policyRef, t.riderCode)],
);

/**
 * What has been used of a coverage: one row per source (an imported history line, a
 * pre-authorisation's reservation, a claim line). Status pending (reserved by an approved
 * pre-authorisation), used (paid or payable by a claim), released (a reservation let go).
 */
export const benefitUsage = pgTable(
  'benefit_usage',
  {
    ...tenantColumns(),
    coverageRef: uuid('coverage_ref')
      .notNull()
      .references(() => policyCoverages.id, { onDelete: 'cascade' }),
    /** import | preauth | claim */
    sourceType: varchar('source_type', { length: 16 }).notNull(),
    /** The source row's id or the deliverer's external id. */
    sourceId: varchar('source_id', { length: 64 }).notNull(),
    providerId: varchar('provider_id', { length: 64 }).notNull().default(''),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    /** pending | used | released */
    status: varchar('status', { length: 10 }).notNull().default('used'),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    uniqueIndex('benefit_usage_source_uq').on(t.coverageRef, t.sourceType, t.sourceId),
    index('benefit_usage_coverage_idx').on(t.coverageRef, t.status, t.visitDate),
  ],
);

/** The network: which providers serve which plans, and whether they bill the insurer directly. */
export const planProviders = pgTable(
  'plan_providers',
  {
    ...tenantColumns(),
    planRef: uuid('plan_ref')
      .notNull()
      .references(() => groupPlans.id, { onDelete: 'cascade' }),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    directBilling: boolean('direct_billing').notNull().default(true),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('plan_providers_uq').on(t.tenantId, t.planRef, t.providerId),
    index('plan_providers_provider_idx').on(t.tenantId, t.providerId),
  ],
);
