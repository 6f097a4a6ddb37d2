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
 * Cost-control measures (issue 20, decision 0047; the spec's controlManageProportionId is the
 * id): a deduction proportion for a provider with its basis and period, proposed by the
 * operator and accepted or disputed by the provider, round by round.
 */
export const costControlMeasures = pgTable(
  'cost_control_measures',
  {
    ...tenantColumns(),
    /** 'CM' + 10 digits from the cost_control_no_seq sequence. */
    measureNo: varchar('measure_no', { length: 32 }).notNull(),
    /** COST_CONTROL_STATUS code. */
    status: varchar('status', { length: 2 }).notNull().default('01'),
    providerId: varchar('provider_id', { length: 64 }).notNull(),
    /** Percent of the claimed amount suggested as a deduction. */
    proportion: numeric('proportion', { precision: 5, scale: 2 }).notNull(),
    basis: text('basis').notNull(),
    /** The visits the measure covers, both days included. */
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    round: integer('round').notNull().default(1),
    proposedBy: uuid('proposed_by').notNull(),
    proposedAt: at('proposed_at').notNull().defaultNow(),
    /** The provider's last disagreement reason. */
    reason: text('reason').notNull().default(''),
    answeredBy: uuid('answered_by'),
    answeredAt: at('answered_at'),
    /** Accepted by the provider's auto-confirm setting rather than by its staff. */
    autoConfirmed: boolean('auto_confirmed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('cost_control_measures_no_uq').on(t.tenantId, t.measureNo),
    index('cost_control_measures_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    index('cost_control_measures_provider_idx').on(t.tenantId, t.providerId, t.status, t.validFrom),
  ],
);

/** The flow of a measure: one row per transition, with the terms of that round and the reason. */
export const costControlFlow = pgTable(
  'cost_control_flow',
  {
    ...tenantColumns(),
    measureRef: uuid('measure_ref')
      .notNull()
      .references(() => costControlMeasures.id, { onDelete: 'cascade' }),
    /** COST_CONTROL_ACTION code. */
    action: varchar('action', { length: 24 }).notNull(),
    fromStatus: varchar('from_status', { length: 2 }).notNull().default(''),
    toStatus: varchar('to_status', { length: 2 }).notNull(),
    proportion: numeric('proportion', { precision: 5, scale: 2 }),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    operatorId: uuid('operator_id'),
    operatorName: varchar('operator_name', { length: 100 }).notNull().default(''),
    operatorNameEn: varchar('operator_name_en', { length: 100 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    index('cost_control_flow_tenant_idx').on(t.tenantId),
    index('cost_control_flow_measure_idx').on(t.measureRef, t.createdAt),
  ],
);
