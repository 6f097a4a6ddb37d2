/**
 * The operation log, the login log and log cleaning (docs/decisions/0031-clients-and-logs.md),
 * shared by the server routes and the web screens.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';

/** Who may read the operation log, the login log, and choose and run log cleaning. */
export const OPERATION_LOG_VIEW = 'system:operationLog:view';
export const LOGIN_LOG_VIEW = 'system:loginLog:view';
export const LOG_RETENTION_MANAGE = 'system:logRetention:manage';

/** Log retention choices (spec, second document, section 9): months, a year, or the latest entries. */
export const LOG_RETENTIONS = {
  '1m': { zh: '保留 1 个月', en: 'Keep 1 month' },
  '3m': { zh: '保留 3 个月', en: 'Keep 3 months' },
  '6m': { zh: '保留 6 个月', en: 'Keep 6 months' },
  '1y': { zh: '保留 1 年', en: 'Keep 1 year' },
  '1000': { zh: '保留最近 1,000 条', en: 'Keep the latest 1,000 entries' },
  '10000': { zh: '保留最近 10,000 条', en: 'Keep the latest 10,000 entries' },
  '30000': { zh: '保留最近 30,000 条', en: 'Keep the latest 30,000 entries' },
  '100000': { zh: '保留最近 100,000 条', en: 'Keep the latest 100,000 entries' },
} as const;
export type TLogRetentionChoice = keyof typeof LOG_RETENTIONS;
export const LOG_RETENTION_CODES = Object.keys(LOG_RETENTIONS) as [
  TLogRetentionChoice,
  ...TLogRetentionChoice[],
];

/** The logs that are cleaned: the operation log, and the security events (the login log is a view of them). */
export const CLEANED_LOGS = {
  operation: { zh: '操作日志', en: 'Operation log' },
  security: { zh: '登录日志与安全事件', en: 'Login log and security events' },
  error: { zh: '前端错误日志', en: 'Front-end error log' },
} as const;
export type TCleanedLog = keyof typeof CLEANED_LOGS;
export const CLEANED_LOG_CODES = Object.keys(CLEANED_LOGS) as [TCleanedLog, ...TCleanedLog[]];

/** Labels of the operation log's known actions; a feature's own verb shows as it is. */
export const OPERATION_ACTIONS = {
  create: { zh: '新增', en: 'Create' },
  update: { zh: '修改', en: 'Update' },
  delete: { zh: '删除', en: 'Delete' },
  enable: { zh: '启用', en: 'Enable' },
  disable: { zh: '停用', en: 'Disable' },
  'reset-secret': { zh: '重置密钥', en: 'Reset secret' },
  reveal: { zh: '查看个人信息', en: 'Reveal personal data' },
  'retention-change': { zh: '修改日志保留策略', en: 'Change log retention' },
  clean: { zh: '清理日志', en: 'Clean log' },
  reorder: { zh: '调整排序', en: 'Reorder' },
  'payment-build': { zh: '生成付款批次', en: 'Build payment batch' },
  'payment-cancel': { zh: '作废付款批次', en: 'Cancel payment batch' },
  'payment-confirm': { zh: '确认付款', en: 'Confirm payment' },
  'payment-reconcile': { zh: '对账确认', en: 'Reconcile payment lines' },
  'payment-dispute': { zh: '提出对账争议', en: 'Dispute a payment line' },
  'payment-resolve': { zh: '处理对账争议', en: 'Resolve a payment dispute' },
} as const;

/** Labels of the operation log's object types; others show as they are. */
export const OPERATION_TARGETS = {
  client_apps: { zh: '客户端', en: 'Client' },
  log_retention_settings: { zh: '日志保留策略', en: 'Log retention' },
  menus: { zh: '菜单', en: 'Menu entry' },
  resources: { zh: '权限', en: 'Permission' },
  workflow_settings: { zh: '流程配置', en: 'Workflow' },
  dictionary_entries: { zh: '字典项', en: 'Dictionary entry' },
  dictionary_types: { zh: '字典类型', en: 'Dictionary type' },
  departments: { zh: '科室', en: 'Department' },
  areas: { zh: '地区', en: 'Area' },
  knowledge_terms: { zh: '知识库条目', en: 'Knowledge term' },
  symptom_disease_bonds: { zh: '症状与疾病关联', en: 'Symptom and disease bond' },
  provider: { zh: '医院', en: 'Hospital' },
  providerTask: { zh: '医院任务', en: 'Hospital task' },
  payment_batches: { zh: '付款批次', en: 'Payment batch' },
} as const;

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .optional();
const ZTimeRange = z
  .tuple([z.iso.datetime({ offset: true, error: FORMAT }), z.iso.datetime({ offset: true, error: FORMAT })], {
    error: FORMAT,
  })
  .optional()
  .describe('[from, to] as ISO-8601 instants, inclusive');
const ZOrder = z
  .enum(['ascending', 'descending', 'asc', 'desc'], { error: FORMAT })
  .default('descending')
  .transform((v) => (v === 'ascending' || v === 'asc' ? 'asc' : 'desc'));

/** The operation log's filters: account (exact, any case), action, object type and id (exact). */
export const ZOperationLogFilter = z.object({
  account: text(30),
  action: text(32),
  targetTable: text(64),
  targetId: text(64),
});

/** POST /authority/operationLog/page. */
export const ZOperationLogPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  order: ZOrder,
  model: ZOperationLogFilter.default({}),
  timeRange: ZTimeRange,
});
export type TOperationLogPageBody = z.input<typeof ZOperationLogPageBody>;

/** GET /authority/operationLog/export: the same filters as query parameters (from, to). */
export const ZOperationLogExportQuery = ZOperationLogFilter.extend({
  from: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  to: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  ts: z.string().optional(),
});
export type TOperationLogExportQuery = z.input<typeof ZOperationLogExportQuery>;

export const ZOperationLogRecord = z.object({
  id: z.string(),
  createdAt: z.string(),
  userId: z.string().nullable(),
  account: z.string(),
  action: z.string(),
  targetTable: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string(),
});
export type TOperationLogRecord = z.infer<typeof ZOperationLogRecord>;

export const ZOperationLogPage = z.object({
  records: z.array(ZOperationLogRecord),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TOperationLogPage = z.infer<typeof ZOperationLogPage>;

/** Sign-in outcomes of the login log, a view of the security events. */
export const LOGIN_RESULTS = {
  success: { zh: '成功', en: 'Success' },
  failure: { zh: '失败', en: 'Failure' },
} as const;
export type TLoginResult = keyof typeof LOGIN_RESULTS;
/** The security events the login log shows. */
export const LOGIN_LOG_EVENTS = ['sign-in', 'sign-in-failed', 'logout'] as const;

export const ZLoginLogFilter = z.object({
  account: text(30),
  ip: text(64),
  result: z.enum(['success', 'failure'], { error: FORMAT }).optional(),
});

/** POST /authority/loginLog/page. */
export const ZLoginLogPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  order: ZOrder,
  model: ZLoginLogFilter.default({}),
  timeRange: ZTimeRange,
});
export type TLoginLogPageBody = z.input<typeof ZLoginLogPageBody>;

export const ZLoginLogExportQuery = ZLoginLogFilter.extend({
  from: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  to: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  ts: z.string().optional(),
});
export type TLoginLogExportQuery = z.input<typeof ZLoginLogExportQuery>;

/** The tenant's log retention (GET and PUT /authority/logRetention). */
export const ZLogRetention = z.object({
  operation: z.enum(LOG_RETENTION_CODES, { error: FORMAT }),
  security: z.enum(LOG_RETENTION_CODES, { error: FORMAT }),
  /** The front-end error log (issue 14); left out: unchanged. */
  error: z.enum(LOG_RETENTION_CODES, { error: FORMAT }).optional(),
});
export type TLogRetention = z.infer<typeof ZLogRetention>;

export const ZLogRetentionState = ZLogRetention.extend({
  error: z.enum(LOG_RETENTION_CODES),
  /** The portal's default (LOG_RETENTION), used until an administrator chooses. */
  defaultRetention: z.string(),
  /** False while the tenant follows the default. */
  chosen: z.boolean(),
});
export type TLogRetentionState = z.infer<typeof ZLogRetentionState>;

/** POST /authority/logRetention/clean: cleans one log now with the tenant's choice. */
export const ZLogCleanBody = z.object({ log: z.enum(CLEANED_LOG_CODES, { error: FORMAT }) });
export const ZLogCleanResult = z.object({
  log: z.string(),
  retention: z.string(),
  deleted: z.number().int(),
});
export type TLogCleanResult = z.infer<typeof ZLogCleanResult>;
