/**
 * The operator's list of security events (docs/decisions/0021-security-events.md), shared by
 * the server route and the web screen.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';
import { SECURITY_EVENT_CODES } from './codes.ts';

/** Who may read the security events (SUPER_ADMIN through '*'; grant it to a log reader role). */
export const SECURITY_EVENT_VIEW = 'system:securityEvent:view';

const FORMAT = bilingual('格式不正确', 'Incorrect Format');

/** POST /authority/securityEvent/page: the generic list request of spec section 3. */
export const ZSecurityEventPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  /** Only the time sorts; newest first unless asked. */
  sort: z.literal('createdAt', { error: FORMAT }).default('createdAt'),
  order: z
    .enum(['ascending', 'descending', 'asc', 'desc'], { error: FORMAT })
    .default('descending')
    .transform((v) => (v === 'ascending' || v === 'asc' ? 'asc' : 'desc')),
  model: z
    .object({
      event: z.enum(SECURITY_EVENT_CODES, { error: FORMAT }).optional(),
      account: z.string().trim().max(30, bilingual('最多 30 个字符', 'At most 30 characters')).optional(),
      ip: z.string().trim().max(64, bilingual('最多 64 个字符', 'At most 64 characters')).optional(),
    })
    .default({}),
  timeRange: z
    .tuple([z.iso.datetime({ offset: true, error: FORMAT }), z.iso.datetime({ offset: true, error: FORMAT })])
    .optional()
    .describe('[from, to] as ISO-8601 instants, inclusive'),
});
export type TSecurityEventPageBody = z.input<typeof ZSecurityEventPageBody>;

/** GET /authority/securityEvent/export: the screen's filters as query parameters (from, to). */
export const ZSecurityEventExportQuery = z.object({
  event: z.enum(SECURITY_EVENT_CODES, { error: FORMAT }).optional(),
  account: z.string().trim().max(30, bilingual('最多 30 个字符', 'At most 30 characters')).optional(),
  ip: z.string().trim().max(64, bilingual('最多 64 个字符', 'At most 64 characters')).optional(),
  from: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  to: z.iso.datetime({ offset: true, error: FORMAT }).optional(),
  ts: z.string().optional(),
});
export type TSecurityEventExportQuery = z.input<typeof ZSecurityEventExportQuery>;

export const ZSecurityEventRecord = z.object({
  id: z.string(),
  createdAt: z.string(),
  userId: z.string().nullable(),
  account: z.string(),
  ip: z.string(),
  event: z.string(),
  reason: z.string(),
  requestId: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type TSecurityEventRecord = z.infer<typeof ZSecurityEventRecord>;

export const ZSecurityEventPage = z.object({
  records: z.array(ZSecurityEventRecord),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TSecurityEventPage = z.infer<typeof ZSecurityEventPage>;
