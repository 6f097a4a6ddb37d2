import type { Writable } from 'node:stream';
import { formatDate } from '@portal/domain/format/format';
import {
  OPERATION_ACTIONS,
  OPERATION_TARGETS,
  type ZLoginLogExportQuery,
  type ZOperationLogExportQuery,
} from '@portal/domain/logs/rules';
import { SECURITY_EVENT_REASONS, SECURITY_EVENTS } from '@portal/domain/security-events/codes';
import type { ZSecurityEventExportQuery } from '@portal/domain/security-events/rules';
import { and, eq, gte, like, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { TExportFile } from '../../platform/http/xlsx-export.ts';
import { XLSX_TYPE } from '../../platform/http/xlsx-export.ts';
import type { TPlatform } from '../../platform/platform.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
import { loginLogWhere, newestFirstBatches, operationLogWhere } from './logs.service.ts';

type TLang = 'zh' | 'en';
/** Rows read per query while an export streams. */
const BATCH = 500;
const HEADER_FILL = 'FFFDEBD3';

const label = (table: Record<string, { zh: string; en: string }>, code: string, lang: TLang) =>
  table[code]?.[lang] ?? code;
const json = (value: unknown) => (value ? JSON.stringify(value) : '');

/** Lets the answer drain before the next batch when the client reads slower than we write. */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * A one-sheet workbook streamed to `out`: a header row, then the rows of `batches` as they come
 * (ExcelJS's WorkbookWriter commits each row, so memory stays flat).
 */
async function streamSheet<T>(
  out: Writable,
  {
    actor,
    sheetName,
    columns,
    batches,
    toRow,
  }: {
    actor: TActor;
    sheetName: string;
    columns: { header: string; width: number }[];
    batches: AsyncGenerator<T[]>;
    toRow: (row: T) => (string | number)[];
  },
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = actor.name;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const header = sheet.getRow(1);
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
  });
  header.commit();
  for await (const rows of batches) {
    for (const r of rows) sheet.addRow(toRow(r)).commit();
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** The operation log of the filter, newest first, as .xlsx. */
export function exportOperationLogs(
  p: TPlatform,
  { actor, query, lang }: { actor: TActor; query: z.output<typeof ZOperationLogExportQuery>; lang: TLang },
): TExportFile {
  const where = operationLogWhere(actor.tenantId, query, { from: query.from, to: query.to });
  const zh = lang === 'zh';
  return {
    contentType: XLSX_TYPE,
    fileName: `${zh ? '操作日志' : 'operation-log'}-${stamp()}.xlsx`,
    write: (out) =>
      streamSheet(out, {
        actor,
        sheetName: zh ? '操作日志' : 'Operation log',
        columns: [
          { header: zh ? '时间' : 'Time', width: 20 },
          { header: zh ? '账号' : 'Account', width: 16 },
          { header: zh ? '操作' : 'Action', width: 16 },
          { header: zh ? '对象类型' : 'Object type', width: 20 },
          { header: zh ? '对象 ID' : 'Object ID', width: 38 },
          { header: zh ? '修改前' : 'Before', width: 50 },
          { header: zh ? '修改后' : 'After', width: 50 },
          { header: zh ? '请求 ID' : 'Request ID', width: 38 },
        ],
        batches: newestFirstBatches<typeof operationLogs.$inferSelect>(p.db, operationLogs, where, BATCH),
        toRow: (r) => [
          formatDate(r.createdAt.toISOString()),
          r.account,
          label(OPERATION_ACTIONS, r.action, lang),
          label(OPERATION_TARGETS, r.targetTable, lang),
          r.targetId,
          json(r.before),
          json(r.after),
          r.requestId,
        ],
      }),
  };
}

const eventColumns = (zh: boolean) => [
  { header: zh ? '时间' : 'Time', width: 20 },
  { header: zh ? '事件' : 'Event', width: 18 },
  { header: zh ? '账号' : 'Account', width: 16 },
  { header: zh ? '原因' : 'Reason', width: 30 },
  { header: zh ? 'IP 地址' : 'IP address', width: 18 },
  { header: zh ? '请求 ID' : 'Request ID', width: 38 },
  { header: zh ? '详情' : 'Details', width: 50 },
];
const eventRow = (lang: TLang) => (r: typeof securityEvents.$inferSelect) => [
  formatDate(r.createdAt.toISOString()),
  label(SECURITY_EVENTS, r.event, lang),
  r.account,
  label(SECURITY_EVENT_REASONS, r.reason, lang),
  r.ip,
  r.requestId,
  json(r.detail),
];

/** The login log of the filter, newest first, as .xlsx. */
export function exportLoginLog(
  p: TPlatform,
  { actor, query, lang }: { actor: TActor; query: z.output<typeof ZLoginLogExportQuery>; lang: TLang },
): TExportFile {
  const where = loginLogWhere(actor.tenantId, query, { from: query.from, to: query.to });
  const zh = lang === 'zh';
  return {
    contentType: XLSX_TYPE,
    fileName: `${zh ? '登录日志' : 'login-log'}-${stamp()}.xlsx`,
    write: (out) =>
      streamSheet(out, {
        actor,
        sheetName: zh ? '登录日志' : 'Login log',
        columns: eventColumns(zh),
        batches: newestFirstBatches<typeof securityEvents.$inferSelect>(p.db, securityEvents, where, BATCH),
        toRow: eventRow(lang),
      }),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The security events of the filter (same as the screen's), newest first, as .xlsx. */
export function exportSecurityEvents(
  p: TPlatform,
  { actor, query, lang }: { actor: TActor; query: z.output<typeof ZSecurityEventExportQuery>; lang: TLang },
): TExportFile {
  const where = and(
    eq(securityEvents.tenantId, actor.tenantId),
    query.event ? eq(securityEvents.event, query.event) : undefined,
    query.account ? sql`lower(${securityEvents.account}) = lower(${query.account})` : undefined,
    query.ip ? like(securityEvents.ip, `${escapeLike(query.ip)}%`) : undefined,
    query.from ? gte(securityEvents.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(securityEvents.createdAt, new Date(query.to)) : undefined,
  );
  const zh = lang === 'zh';
  return {
    contentType: XLSX_TYPE,
    fileName: `${zh ? '安全事件' : 'security-events'}-${stamp()}.xlsx`,
    write: (out) =>
      streamSheet(out, {
        actor,
        sheetName: zh ? '安全事件' : 'Security events',
        columns: eventColumns(zh),
        batches: newestFirstBatches<typeof securityEvents.$inferSelect>(p.db, securityEvents, where, BATCH),
        toRow: eventRow(lang),
      }),
  };
}
