/**
 * Workflow per task type and tenant (issue 14; decision 0030): which role audits a task type
 * and after how many idle days its tasks close as overdue. Shared by the server and the web.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual } from '../i18n/bilingual.ts';

/** Permission codes of the workflow screen (SUPER_ADMIN holds them through '*'). */
export const WORKFLOW_PERMISSIONS = {
  VIEW: 'system:workflow:view',
  EDIT: 'system:workflow:edit',
} as const;

/**
 * The task types a workflow is kept for: one per kind of audited task. A later kind
 * (pre-authorisations, claims, appeals) adds its entry here and reads its setting through the
 * server's workflow service.
 */
export const WORKFLOW_TASK_TYPES = {
  hospital: { zh: '医院任务（新增、修改医院）', en: 'Hospital tasks (add and update hospital)' },
  doctor: { zh: '医生任务（新增、修改医生）', en: 'Doctor tasks (add and update doctor)' },
  preauth: { zh: '预授权（审核预授权申请）', en: 'Pre-authorisations (audit requests)' },
  claim: { zh: '理赔（审核理赔批次）', en: 'Claims (audit claim batches)' },
  payment: {
    zh: '理赔付款（确认付款、处理对账争议）',
    en: 'Claim payments (confirm payments, resolve disputes)',
  },
} as const;
export type TWorkflowTaskType = keyof typeof WORKFLOW_TASK_TYPES;
export const WORKFLOW_TASK_TYPE_CODES = Object.keys(WORKFLOW_TASK_TYPES) as [
  TWorkflowTaskType,
  ...TWorkflowTaskType[],
];

/** Bounds of the overdue period, in days (the same as TASK_OVERDUE_DAYS). */
export const OVERDUE_DAYS_MIN = 1;
export const OVERDUE_DAYS_MAX = 3650;
export const OVERDUE_DAYS_MESSAGE = bilingual(
  `超期天数须为 ${OVERDUE_DAYS_MIN} 到 ${OVERDUE_DAYS_MAX} 的整数`,
  `The overdue period is a whole number of days from ${OVERDUE_DAYS_MIN} to ${OVERDUE_DAYS_MAX}`,
);

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);

/** PUT /authority/workflow: one task type's auditor role and overdue period. */
export const ZWorkflowEdit = z.object({
  taskType: z.enum(WORKFLOW_TASK_TYPE_CODES, { error: FORMAT }),
  /** The role whose holders audit this task type; null: the audit permissions alone decide. */
  auditorRoleCode: z
    .string({ error: FORMAT })
    .trim()
    .max(64, FORMAT)
    .nullable()
    .transform((v) => (v ? v : null)),
  overdueDays: z
    .number({ error: OVERDUE_DAYS_MESSAGE })
    .int(OVERDUE_DAYS_MESSAGE)
    .min(OVERDUE_DAYS_MIN, OVERDUE_DAYS_MESSAGE)
    .max(OVERDUE_DAYS_MAX, OVERDUE_DAYS_MESSAGE),
});
export type TWorkflowEdit = z.input<typeof ZWorkflowEdit>;

/** One task type's workflow as the screen shows it. */
export interface TWorkflowSetting {
  taskType: TWorkflowTaskType;
  auditorRoleCode: string | null;
  overdueDays: number;
  /** False while the portal's defaults apply (nothing saved yet). */
  configured: boolean;
}

/** GET /authority/workflow: every task type, and the roles that can be chosen. */
export interface TWorkflowState {
  settings: TWorkflowSetting[];
  defaultOverdueDays: number;
  roles: { code: string; name: string; nameEn: string; enabled: boolean }[];
}
