/**
 * Front-end error reports (spec section 8: unhandled errors in production go to an error-log
 * store), shared by the server route and the web's reporter.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';

/** Largest `info` object accepted, as JSON text. */
export const ERROR_LOG_INFO_MAX = 8 * 1024;

const tooLong = (n: number) => bilingual(`最多 ${n} 个字符`, `At most ${n} characters`);

/** POST /authority/errorLog: what the web sends for one unhandled error. */
export const ZErrorReport = z.object({
  message: z
    .string()
    .trim()
    .min(1, bilingual('请提供错误信息', 'The error message is required'))
    .max(2000, tooLong(2000)),
  stack: z.string().max(16_000, tooLong(16_000)).default(''),
  url: z.string().max(2000, tooLong(2000)),
  userAgent: z.string().max(500, tooLong(500)).default(''),
  info: z
    .record(z.string(), z.unknown())
    .refine((v) => JSON.stringify(v).length <= ERROR_LOG_INFO_MAX, {
      error: bilingual('附加信息不能超过 8KB', 'The info must be at most 8 KB of JSON'),
    })
    .optional(),
});
export type TErrorReport = z.input<typeof ZErrorReport>;

/** POST /authority/errorLog/page: the generic list request of spec section 3. */
export const ZErrorLogPageBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  model: z
    .object({
      account: z.string().trim().max(30).optional(),
      keyword: z.string().trim().max(200).optional().describe('part of the message or the URL'),
    })
    .default({}),
  timeRange: z
    .tuple([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true })])
    .optional()
    .describe('[from, to] as ISO-8601 instants, inclusive'),
});
export type TErrorLogPageBody = z.input<typeof ZErrorLogPageBody>;

export const ZErrorLogRecord = z.object({
  id: z.string(),
  createdAt: z.string(),
  userId: z.string().nullable(),
  account: z.string(),
  message: z.string(),
  stack: z.string(),
  url: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  info: z.record(z.string(), z.unknown()).nullable(),
});
export type TErrorLogRecord = z.infer<typeof ZErrorLogRecord>;

export const ZErrorLogPage = z.object({
  records: z.array(ZErrorLogRecord),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
