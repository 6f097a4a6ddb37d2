/**
 * Shapes of the operator's hospital-task answers (providerTaskMsh and provider-note management
 * calls), shared by the server's response schemas and the web's fetchers.
 */
import { z } from 'zod';
import { ZHospitalTaskListItem, ZHospitalTaskView } from '../hospital-tasks/api.ts';

const ZBilingualText = z.object({ zh: z.string(), en: z.string() });
const instant = () => z.string().nullable().describe('ISO-8601 instant');

/** A row of the audit task list: the provider's list columns plus who has the task. */
export const ZAuditTaskListItem = ZHospitalTaskListItem.extend({
  personInCharge: z.string().nullable(),
  auditResult: z.string().nullable(),
});
export type TAuditTaskListItem = z.infer<typeof ZAuditTaskListItem>;

/** One changed field of a change task: label, the approved value and the task's value. */
export const ZCompareRow = z.object({
  field: z.string(),
  label: ZBilingualText,
  oldValue: z.unknown(),
  newValue: z.unknown(),
});
export type TCompareRow = z.infer<typeof ZCompareRow>;

/** One audit decision of a task (approve, return, or the system's cancel when overdue). */
export const ZAuditDecision = z.object({
  auditResult: z.string().nullable(),
  /** Approval conclusion: 01 approved, 02 rejected, 03 cancelled. */
  conclusion: z.string(),
  returnReason: z.string().nullable(),
  providerId: z.string(),
  auditDate: z.string(),
  auditMember: z.string(),
  auditMemberEn: z.string(),
  operatorKind: z.enum(['O', 'S']),
});
export type TAuditDecision = z.infer<typeof ZAuditDecision>;

/**
 * GET /drsystem/providerTaskMsh/detail/{id}: the provider's detail view of the task, plus the
 * compare view (changed fields labelled, old and new values), the approval conclusion, the
 * provider id the approval created or updated, and every decision taken on the task.
 */
export const ZAuditTaskView = ZHospitalTaskView.extend({
  compareView: z.array(ZCompareRow),
  approvalConclusion: z.string().nullable(),
  approvedProviderId: z.string().nullable(),
  decisions: z.array(ZAuditDecision),
  /** Whether the task may be approved or returned now (status 01). */
  auditable: z.boolean(),
});
export type TAuditTaskView = z.infer<typeof ZAuditTaskView>;

/** initTask's answer: the task's state and who has it. */
export const ZInitTaskResult = z.object({
  id: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  status: z.string(),
  version: z.number().int(),
  personInCharge: z.string().nullable(),
  /** True when the caller (or the assignee) now has the task. */
  assigned: z.boolean(),
});
export type TInitTaskResult = z.infer<typeof ZInitTaskResult>;

/** approval's answer: the task's new state and, when approved, the provider record it wrote. */
export const ZApprovalResult = z.object({
  id: z.string(),
  taskNo: z.string(),
  taskType: z.string(),
  status: z.string(),
  version: z.number().int(),
  auditResult: z.string(),
  approvalConclusion: z.string(),
  auditDate: z.string(),
  publicityDate: instant(),
  /** The provider record created (add hospital) or updated (update hospital); null when returned. */
  providerId: z.string().nullable(),
  /** The fields written to the record (every field for a new record). */
  appliedFields: z.array(z.string()),
});
export type TApprovalResult = z.infer<typeof ZApprovalResult>;

/** A provider record row of the notes-management screen. */
export const ZProviderRecordItem = z.object({
  id: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  status: z.string(),
  approvedAt: instant(),
  noteCount: z.number().int(),
});
export type TProviderRecordItem = z.infer<typeof ZProviderRecordItem>;

/** What a note add or edit answers. */
export const ZProviderNoteRef = z.object({
  id: z.string(),
  providerId: z.string(),
  notesC: z.string(),
  notesE: z.string(),
  version: z.number().int(),
});
export type TProviderNoteRef = z.infer<typeof ZProviderNoteRef>;
