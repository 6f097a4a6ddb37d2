/**
 * The change-task engine's rules, shared by every kind of change task (hospital, doctor) on
 * both sides: the status machine, the flow types of operation records, task numbers and the
 * maker-checker rule (docs/decisions/0023-change-task-engine.md).
 */
import { CLOSE_FLOW_TYPE, HOSPITAL_TASK_STATUS, type TCodeEntry } from '../dictionaries/codes.ts';

const S = HOSPITAL_TASK_STATUS;

/** One transition of the status machine: the statuses it starts from and the status it ends in. */
export interface TTransition {
  readonly from: readonly string[];
  /** null: the status is kept (saving a draft or a returned task). */
  readonly to: string | null;
  /** For closes (07): who closed the task, which the operation record's flowType says. */
  readonly closedBy?: 'hospital' | 'overdue';
}

/**
 * The status machine of change tasks (spec section 4; decision 0006 fixed what the spec leaves
 * open). A new task starts in 08 (save) or 01 (submit). 03, 06 and 07 are final.
 */
export const TASK_TRANSITIONS = {
  /** Save a draft (08) or a returned task (04); the status is kept. */
  save: { from: [S.PENDING.code, S.REJECTED.code], to: null },
  /** Submit a draft or a returned task for audit. */
  submit: { from: [S.PENDING.code, S.REJECTED.code], to: S.AUDITING.code },
  /** The provider takes a submitted task back. */
  withdraw: { from: [S.AUDITING.code], to: S.WITHDRAWN.code },
  /** The provider closes a draft or a returned task. */
  close: { from: [S.PENDING.code, S.REJECTED.code], to: S.CLOSED.code, closedBy: 'hospital' },
  /** An auditor approves a submitted task. */
  approve: { from: [S.AUDITING.code], to: S.APPROVED.code },
  /** An auditor returns a submitted task to the provider (with a reason). */
  return: { from: [S.AUDITING.code], to: S.REJECTED.code },
  /** The system closes a task nobody touched for the overdue period. */
  overdue: {
    from: [S.PENDING.code, S.REJECTED.code, S.AUDITING.code],
    to: S.CLOSED.code,
    closedBy: 'overdue',
  },
} as const satisfies Record<string, TTransition>;

export type TTaskAction = keyof typeof TASK_TRANSITIONS;

/** Whether `action` may start from a task in `status`. */
export function canTransition(action: TTaskAction, status: string | null | undefined): boolean {
  return !!status && (TASK_TRANSITIONS[action].from as readonly string[]).includes(status);
}

/**
 * flowType of an operation record: the status itself, except for closes (07), where it says
 * who closed the task (06 the hospital, 07 overdue).
 */
export function flowTypeFor(status: string, closedBy: 'hospital' | 'overdue' = 'hospital'): string {
  if (status !== S.CLOSED.code) return status;
  return closedBy === 'hospital' ? CLOSE_FLOW_TYPE.BY_HOSPITAL.code : CLOSE_FLOW_TYPE.OVERDUE.code;
}

/** The flowType of the operation record an action writes. */
export function flowTypeOf(action: Exclude<TTaskAction, 'save'>): string {
  const t: TTransition = TASK_TRANSITIONS[action];
  return flowTypeFor(t.to ?? '', t.closedBy);
}

/** Statuses in which the provider may edit and resubmit a task (draft, returned). */
export const EDITABLE_STATUSES: readonly string[] = TASK_TRANSITIONS.save.from;
/** Statuses the provider may close (a draft or a returned task). */
export const CLOSABLE_STATUSES: readonly string[] = TASK_TRANSITIONS.close.from;
/** Statuses the provider may withdraw (submitted, under audit). */
export const WITHDRAWABLE_STATUSES: readonly string[] = TASK_TRANSITIONS.withdraw.from;
/** Statuses an auditor may approve or return: only a submitted task (01). */
export const AUDITABLE_STATUSES: readonly string[] = TASK_TRANSITIONS.approve.from;
/** Statuses a task can go overdue in: waiting for the provider (08, 04) or for the operator (01). */
export const OVERDUE_STATUSES: readonly string[] = TASK_TRANSITIONS.overdue.from;
/** Statuses of an unfinished change, which blocks starting another change of the same subject. */
export const UNFINISHED_STATUSES: readonly string[] = [S.AUDITING.code, S.PENDING.code];

/** Whether an auditor may act (initTask, approval) on a task in this status. */
export const canAudit = (status: string | null | undefined): boolean => canTransition('approve', status);

/**
 * Maker-checker: nobody decides (approves or returns) a task they submitted, in this round or
 * an earlier one, whatever their roles (a super administrator included).
 */
export function isOwnSubmission(deciderId: string, submitterIds: readonly (string | null)[]): boolean {
  return submitterIds.some((id) => id === deciderId);
}

/**
 * The task statuses in the order every screen lists them (filters, boards): work waiting first
 * (draft, submitted, returned), then the outcomes.
 */
export const TASK_STATUS_ORDER: readonly TCodeEntry[] = [
  S.PENDING,
  S.AUDITING,
  S.REJECTED,
  S.APPROVED,
  S.WITHDRAWN,
  S.CLOSED,
];

/** The name of a task status in a language, or null for an unknown code. */
export function taskStatusName(status: string | null | undefined, lang: 'zh' | 'en'): string | null {
  const entry = TASK_STATUS_ORDER.find((e) => e.code === status);
  return entry ? entry[lang] : null;
}

/** Task number prefixes, one per kind of change task: prefix + yyyymmdd (China time) + a daily sequence. */
export const TASK_NO_PREFIX = { hospital: 'HT', doctor: 'DT' } as const;
export type TTaskNoPrefix = (typeof TASK_NO_PREFIX)[keyof typeof TASK_NO_PREFIX];

/** The task number pattern of a kind: its prefix, the date yyyymmdd and at least four digits. */
export const taskNoPattern = (prefix: TTaskNoPrefix): RegExp => new RegExp(`^${prefix}\\d{8}\\d{4,}$`);

/** Per field of oldData: whether the task changes it, and the approved value. */
export interface TOldDataEntry {
  flag: boolean;
  oldValue: unknown;
}

/**
 * The compare of a change task with the approved record: `changed` in the order of `fields`,
 * compareResult (the JSON text of the changed field names) and oldData (every compared field
 * with its flag and approved value). `comparable` gives the form of a value two values are
 * compared in (sets sorted, ids dropped).
 */
export function compareRecords<F extends string>(
  fields: readonly F[],
  approved: Record<F, unknown>,
  task: Record<F, unknown>,
  comparable: (field: F, value: unknown) => string,
): { changed: F[]; compareResult: string; oldData: Partial<Record<F, TOldDataEntry>> } {
  const changed: F[] = [];
  const oldData: Partial<Record<F, TOldDataEntry>> = {};
  for (const field of fields) {
    const flag = comparable(field, approved[field]) !== comparable(field, task[field]);
    if (flag) changed.push(field);
    oldData[field] = { flag, oldValue: approved[field] };
  }
  return { changed, compareResult: JSON.stringify(changed), oldData };
}

/** The changed fields read back from a compareResult text, only those of `fields` ([] when unreadable). */
export function parseCompareFields<F extends string>(
  fields: readonly F[],
  text: string | null | undefined,
): F[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((f): f is F => (fields as readonly string[]).includes(f)) : [];
  } catch {
    return [];
  }
}
