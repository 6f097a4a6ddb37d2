/**
 * What a kind of change task (hospital, doctor, later a contract or a bank account) gives the
 * engine: its tables, its task-number prefix, and the steps that depend on its form: how a form
 * becomes columns, which approved record it changes and how it compares with it, which files it
 * attaches, and how an approval is applied (docs/decisions/0023-change-task-engine.md).
 */

import type { TOldDataEntry, TTaskNoPrefix } from '@portal/domain/change-tasks/lifecycle';
import type { TErrorKey } from '@portal/domain/errors/catalogue';
import type { SQL } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, pgTable } from 'drizzle-orm/pg-core';
import type { TActor } from '../../platform/auth/access.ts';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { tenantColumns } from '../../platform/db/columns.ts';
import type { TPlatform } from '../../platform/platform.ts';
import {
  changeTaskColumns,
  type TDecisionChange,
  taskDecisionColumns,
  type taskFlowsTable,
  type taskSequencesTable,
} from './change-tasks.columns.ts';

// Never created: these give the engine the types of the rows every kind's tables share.
const taskShape = pgTable(String('change_task_shape'), { ...tenantColumns(), ...changeTaskColumns() });
const decisionShape = pgTable(String('change_task_decision_shape'), {
  ...taskDecisionColumns(),
  providerId: changeTaskColumns().providerId,
});

/** The columns every kind's task row has. */
export type TChangeTaskRow = typeof taskShape.$inferSelect;
/** The columns every kind's decision row has. */
export type TTaskDecisionRow = typeof decisionShape.$inferSelect;

type TColumnsOf<TRow> = PgTable & { [K in keyof TRow]: AnyPgColumn };

/** A kind's tables: tasks (its fields plus changeTaskColumns), flows, decisions, number counters. */
export interface TChangeTaskTables {
  tasks: TColumnsOf<TChangeTaskRow>;
  flows: ReturnType<typeof taskFlowsTable>;
  decisions: TColumnsOf<TTaskDecisionRow>;
  sequences: ReturnType<typeof taskSequencesTable>;
}

/** The compare of a change task with the approved record. */
export interface TCompared {
  compareResult: string | null;
  oldData: Record<string, TOldDataEntry> | null;
  changed: readonly string[];
}

/** What an approval wrote: the approved record's id, its changed fields, a user to link. */
export interface TApplied {
  /** The provider the decision is recorded under (the record's provider id). */
  providerId: string;
  changes: TDecisionChange[];
  /** A provider user linked to the provider by the approval: their session cache is dropped. */
  linkedUserId?: string | null;
}

/** The context of a save: the task being saved (null for a new one) and its type. */
export interface TSaveContext<TForm, TRow extends TChangeTaskRow = TChangeTaskRow> {
  actor: TActor;
  form: TForm;
  taskType: string;
  task: TRow | null;
}

export interface TChangeTaskKind<TForm, TRecord, TRow extends TChangeTaskRow = TChangeTaskRow> {
  /** Names the kind in lock keys and its overdue job ('hospital' gives 'hospital-tasks.overdue'). */
  name: string;
  prefix: TTaskNoPrefix;
  tables: TChangeTaskTables;
  /** Task types that change an approved record: they need it, compare with it, and block a second change. */
  changeTypes: readonly string[];
  /** Task types the unfinished-change guard applies to (default: changeTypes). */
  guardedTypes?: readonly string[];
  /** Errors of the kind: a second unfinished change, a change with nothing changed, a missing record. */
  errors: { unfinished: TErrorKey; noChanges: TErrorKey; recordMissing: TErrorKey };
  /** The key that serialises saves and approvals of one subject (provider, doctor). */
  lockKey(input: { tenantId: string; form: TForm; task: TRow | null; taskType: string }): string;
  /** Normalises the form and checks its codes against the tenant's reference data (outside the transaction). */
  prepare(p: TPlatform, ctx: { actor: TActor; form: TForm; task: TRow | null }): Promise<TForm>;
  /** Refuses (throws) a form that does not belong to the task or the actor (another provider, another subject). */
  assertSubject(ctx: TSaveContext<TForm, TRow>): void;
  /** The approved record a save compares with; null for a new subject. */
  loadApproved(tx: TDbOrTx, ctx: TSaveContext<TForm, TRow>): Promise<TRecord | null>;
  /** The filter of the kind's tasks that are the same subject's change (for the unfinished guard). */
  sameSubject(ctx: TSaveContext<TForm, TRow>): SQL;
  compare(ctx: TSaveContext<TForm, TRow>, approved: TRecord | null): TCompared;
  /** Documents attached to the form: a change with documents but no field change may be submitted. */
  hasDocuments(form: TForm): boolean;
  /** The kind's columns of a task row from the form. */
  toColumns(form: TForm): Record<string, unknown>;
  /** Attaches the form's files to the task (inside the saving transaction). */
  attachFiles(
    p: TPlatform,
    tx: TDbOrTx,
    input: { actor: TActor; taskId: string; form: TForm; approved: TRecord | null },
  ): Promise<void>;
  /** Writes an approved task into the approved record (inside the approval's transaction). */
  apply(tx: TDbOrTx, input: { task: TRow; now: Date; actor: TActor }): Promise<TApplied>;
  /** The kind's own columns of a decision row (the names of its subject). */
  decisionColumns(task: TRow, providerId: string): Record<string, unknown>;
}

/** A kind whose form and record types do not matter to the caller (lists, jobs). */
// biome-ignore lint/suspicious/noExplicitAny: the engine's generic functions take any kind
export type TAnyChangeTaskKind = TChangeTaskKind<any, any, any>;
