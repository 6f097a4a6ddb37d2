import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, tenantColumns } from '../../platform/db/columns.ts';

/**
 * Pre-authorisation cases (issue 17, decision 0039): a provider asks for approval before a
 * planned treatment; the operator approves an amount with a validity, rejects, or asks for
 * documents. Copies of the member, plan, policy and coverage codes as they were, plus refs.
 */
export const preauthCases = pgTable(
  'preauth_cases',
  {
    ...tenantColumns(),
    /** 'PA' + 10 digits from the preauth_no_seq sequence (migration preauth-row-level-security). */
    caseNo: varchar('case_no', { length: 32 }).notNull(),
    /** PREAUTH_STATUS code. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    /** The case was reopened after a cancellation; a rejection then means 'reopen rejected'. */
    reopened: boolean('reopened').notNull().default(false),
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
    /** PREAUTH_VISIT_TYPE code. */
    visitType: varchar('visit_type', { length: 2 }).notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    lengthOfStay: integer('length_of_stay').notNull().default(0),
    department: varchar('department', { length: 100 }).notNull().default(''),
    doctor: varchar('doctor', { length: 100 }).notNull().default(''),
    estimatedCost: numeric('estimated_cost', { precision: 14, scale: 2 }).notNull(),
    /** ICD-10 codes, upper case, in the order given. */
    icdCodes: text('icd_codes').array().notNull(),
    /** PREAUTH_CASE_HANDLER: 01 doctor, 02 msh. */
    caseHandler: varchar('case_handler', { length: 2 }).notNull(),
    remark: text('remark').notNull().default(''),
    /** The China day of the (last) submission: the visit window counts from it. */
    applyDate: date('apply_date', { mode: 'string' }),
    /** Who submitted last (maker-checker: nobody decides their own submission). */
    submittedBy: uuid('submitted_by'),
    submittedAt: at('submitted_at'),
    approvedAmount: numeric('approved_amount', { precision: 14, scale: 2 }),
    /** The last day the approval may be used; the expiry job moves it to expired afterwards. */
    validUntil: date('valid_until', { mode: 'string' }),
    /** The last decision's reason or note (rejection reason, documents asked for, approval note). */
    decisionRemark: text('decision_remark').notNull().default(''),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('preauth_cases_no_uq').on(t.tenantId, t.caseNo),
    index('preauth_cases_tenant_idx').on(t.tenantId, t.createdAt),
    index('preauth_cases_provider_idx').on(t.tenantId, t.providerId, t.status, t.createdAt),
    index('preauth_cases_member_idx').on(t.tenantId, t.memberId),
    index('preauth_cases_due_idx').on(t.status, t.validUntil),
  ],
);

/** The flow of a case: one row per transition, with who, when and a remark. */
export const preauthFlow = pgTable(
  'preauth_flow',
  {
    ...tenantColumns(),
    caseRef: uuid('case_ref')
      .notNull()
      .references(() => preauthCases.id, { onDelete: 'cascade' }),
    /** PREAUTH_ACTION code. */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 2 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 2 }).notNull(),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** The amount decided at this step (approvals), for the history. */
    amount: numeric('amount', { precision: 14, scale: 2 }),
  },
  (t) => [
    index('preauth_flow_tenant_idx').on(t.tenantId),
    index('preauth_flow_case_idx').on(t.caseRef, t.createdAt),
  ],
);

/**
 * Leave a message: the conversation of a case between its provider and the operator. `readAt`
 * is when the other side first opened the conversation after it was written (the unread mark).
 */
export const preauthMessages = pgTable(
  'preauth_messages',
  {
    ...tenantColumns(),
    caseRef: uuid('case_ref')
      .notNull()
      .references(() => preauthCases.id, { onDelete: 'cascade' }),
    /** PREAUTH_MSG_SIDE: provider or operator. */
    side: varchar('side', { length: 8 }).notNull(),
    authorId: uuid('author_id').notNull(),
    authorName: varchar('author_name', { length: 100 }).notNull().default(''),
    authorNameEn: varchar('author_name_en', { length: 100 }).notNull().default(''),
    content: text('content').notNull().default(''),
    readAt: at('read_at'),
  },
  (t) => [
    index('preauth_messages_tenant_idx').on(t.tenantId),
    index('preauth_messages_case_idx').on(t.caseRef, t.createdAt),
  ],
);
